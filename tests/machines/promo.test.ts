import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { promoMachine, type PromoInput } from '../../machines/promo.ts';

function start(input: Partial<PromoInput> = {}, claim: () => Promise<{ amount: number }> = async () => ({ amount: 240 })) {
  const claims = vi.fn(claim);
  const remembered: number[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    promoMachine.provide({
      actors: { claim: fromPromise(() => claims()) },
      actions: { rememberClaim: (_, { at }) => remembered.push(at) },
    }),
    { input: { kind: 'discount', lastClaimAt: null, cooldownMs: 30_000, balanceLimit: null, ...input }, clock },
  ).start();
  return { actor, claims, remembered, clock };
}

describe('promo machine', () => {
  it('claims once, ignores clicks while requesting, then cools down for 30 s', async () => {
    let release: (v: { amount: number }) => void = () => {};
    const { actor, claims, remembered, clock } = start({}, () => new Promise((r) => (release = r)));
    actor.send({ type: 'user.claim', now: 1000, balance: 5000 });
    actor.send({ type: 'user.claim', now: 1001, balance: 5000 });
    expect(claims).toHaveBeenCalledTimes(1);
    expect(remembered).toEqual([1000]);
    release({ amount: 240 });
    await waitFor(actor, (s) => s.matches('coolingDown'));
    expect(actor.getSnapshot().context.granted).toBe(240);
    actor.send({ type: 'user.claim', now: 2000, balance: 5000 });
    expect(actor.getSnapshot().context.notice).toBe('tooSoon');
    clock.increment(30_000);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('the stored window survives a reload: a click inside it says too soon without a request', () => {
    const { actor, claims } = start({ lastClaimAt: 100_000 });
    actor.send({ type: 'user.claim', now: 110_000, balance: 0 });
    expect(claims).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.notice).toBe('tooSoon');
    actor.send({ type: 'user.claim', now: 130_001, balance: 0 });
    expect(claims).toHaveBeenCalledTimes(1);
  });

  it('refuses a discount locally when the balance is at or above the limit', () => {
    const { actor, claims } = start({ balanceLimit: 10_000 });
    actor.send({ type: 'user.claim', now: 1, balance: 10_000 });
    expect(actor.getSnapshot().context.notice).toBe('balanceTooHigh');
    expect(actor.getSnapshot().context.notices).toBe(1);
    actor.send({ type: 'user.claim', now: 2, balance: 9_999 });
    expect(claims).toHaveBeenCalledTimes(1);
  });

  it('a refused claim goes back to idle with the failure', async () => {
    const { actor } = start({}, async () => {
      throw { code: 60013, message: 'nothing', params: {} };
    });
    actor.send({ type: 'user.claim', now: 1, balance: 0 });
    await waitFor(actor, (s) => s.matches('idle') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.code).toBe(60013);
  });
});
