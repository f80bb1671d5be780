import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { PROMO_COOLDOWN_MS, promoMachine, type RestoredPromo } from '../../machines/promo.ts';

/** The promo with the app's parts faked: what is restored, the claim call, what is remembered. */
async function start(restored: Partial<RestoredPromo> = {}, claim: () => Promise<{ amount: number }> = async () => ({ amount: 240 })) {
  const claims = vi.fn(claim);
  const remembered: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    promoMachine.provide({
      actors: {
        restore: fromPromise(async () => ({ sinceLastClaimMs: null, balanceLimit: null, ...restored })),
        claim: fromPromise(() => claims()),
      },
      actions: { rememberClaim: (_, { kind }) => remembered.push(kind) },
    }),
    { input: { kind: 'discount' }, clock },
  ).start();
  await waitFor(actor, (s) => !s.matches('restoring'));
  return { actor, claims, remembered, clock };
}

describe('promo machine', () => {
  it('claims once, ignores clicks while requesting, then cools down for 30 s', async () => {
    let release: (v: { amount: number }) => void = () => {};
    const { actor, claims, remembered, clock } = await start({}, () => new Promise((r) => (release = r)));
    actor.send({ type: 'user.claim' });
    actor.send({ type: 'user.claim' });
    expect(claims).toHaveBeenCalledTimes(1);
    expect(remembered).toEqual(['discount']);
    release({ amount: 240 });
    await waitFor(actor, (s) => s.matches('coolingDown'));
    expect(actor.getSnapshot().context.granted).toBe(240);
    actor.send({ type: 'user.claim' });
    expect(actor.getSnapshot().context.notice).toBe('tooSoon');
    clock.increment(PROMO_COOLDOWN_MS - 1);
    expect(actor.getSnapshot().matches('coolingDown')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('the window kept on this device survives a reload: only what is left of it remains', async () => {
    const { actor, claims, clock } = await start({ sinceLastClaimMs: 10_000 });
    expect(actor.getSnapshot().matches('coolingDown')).toBe(true);
    actor.send({ type: 'user.claim' });
    expect(claims).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.notice).toBe('tooSoon');
    clock.increment(20_000);
    actor.send({ type: 'user.claim' });
    expect(claims).toHaveBeenCalledTimes(1);
  });

  it('an old claim, or one from a clock set back, leaves the button free', async () => {
    expect((await start({ sinceLastClaimMs: PROMO_COOLDOWN_MS })).actor.getSnapshot().value).toBe('idle');
    expect((await start({ sinceLastClaimMs: -5_000 })).actor.getSnapshot().value).toBe('idle');
  });

  it('refuses a discount locally when the balance is at or above the limit the app restored', async () => {
    const { actor, claims } = await start({ balanceLimit: 10_000 });
    expect(actor.getSnapshot().context.balanceLimit).toBe(10_000);
    // The balance follows the wallet (the walletFeed child sends it), not the click.
    actor.send({ type: 'wallet.balance', balance: 10_000 });
    actor.send({ type: 'user.claim' });
    expect(actor.getSnapshot().context.notice).toBe('balanceTooHigh');
    expect(actor.getSnapshot().context.notices).toBe(1);
    actor.send({ type: 'wallet.balance', balance: 9_999 });
    actor.send({ type: 'user.claim' });
    expect(claims).toHaveBeenCalledTimes(1);
  });

  it('a refused claim shows the failure, and the window still runs from the claim', async () => {
    const { actor, claims } = await start({}, async () => {
      throw { code: 60013, message: 'nothing', params: {} };
    });
    actor.send({ type: 'user.claim' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.code).toBe(60013);
    expect(actor.getSnapshot().matches('coolingDown')).toBe(true);
    actor.send({ type: 'user.claim' });
    expect(claims).toHaveBeenCalledTimes(1);
  });
});
