import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { walletMachine } from '../../machines/wallet.ts';

describe('wallet machine', () => {
  it('loads the balance in minor units and follows balance notifications, telling each to its followers', async () => {
    const actor = createActor(walletMachine.provide({ actors: { fetchBalance: fromPromise(async () => 100000) } }));
    const told: number[] = [];
    actor.on('balance', (event) => told.push(event.balance));
    actor.start();
    expect(actor.getSnapshot().context.balance).toBeNull();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.balance).toBe(100000);
    actor.send({ type: 'server.balance', balance: 99950 });
    expect(actor.getSnapshot().context.balance).toBe(99950);
    expect(told).toEqual([100000, 99950]);
  });

  it('a failed fetch ends in failed, and the next balance notification recovers it', async () => {
    const actor = createActor(walletMachine.provide({
      actors: { fetchBalance: fromPromise<number, void>(async () => { throw new Error('down'); }) },
    })).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure?.message).toBe('down');
    actor.send({ type: 'server.balance', balance: 5 });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ balance: 5, failure: null });
  });
});
