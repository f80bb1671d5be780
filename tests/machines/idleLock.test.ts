import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { idleLockMachine } from '../../machines/idleLock.ts';
import { pinHashInput } from '../../src/protocol/auth.ts';

const hash = (username: string, pin: string) => createHash('sha256').update(pinHashInput(username, pin)).digest('hex');

function start(restore: { pinCheck: boolean; locked: boolean } = { pinCheck: true, locked: false }) {
  const flags: boolean[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    idleLockMachine.provide({
      actors: {
        restoreLock: fromPromise(async () => restore),
        hashPin: fromPromise(async ({ input }) => hash(input.username, input.pin)),
      },
      actions: { storeLockFlag: (_, locked) => flags.push(locked) },
    }),
    { input: { username: 'demo', pinCode: hash('demo', '1234') }, clock },
  ).start();
  return { actor, clock, flags };
}

describe('idleLock machine', () => {
  it('locks after 60000 ms without activity; activity restarts the wait', async () => {
    const { actor, clock, flags } = start();
    await waitFor(actor, (s) => s.matches('active'));
    clock.increment(59_999);
    actor.send({ type: 'user.activity' });
    clock.increment(59_999);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('locked')).toBe(true);
    expect(flags).toEqual([true]);
  });

  it('a wrong PIN stays locked and says so; the PIN whose hash matches unlocks', async () => {
    const { actor, clock, flags } = start();
    await waitFor(actor, (s) => s.matches('active'));
    clock.increment(60_000);
    actor.send({ type: 'user.unlock', pin: '9999' });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }) && s.context.wrongPin);
    expect(actor.getSnapshot().context.attempts).toBe(1);
    actor.send({ type: 'user.activity' });
    expect(actor.getSnapshot().matches('locked')).toBe(true);
    actor.send({ type: 'user.unlock', pin: '1234' });
    await waitFor(actor, (s) => s.matches('active'));
    expect(flags).toEqual([true, false]);
    expect(actor.getSnapshot().context.wrongPin).toBe(false);
  });

  it('after a PIN change the new PIN unlocks and the old one no longer does', async () => {
    const { actor, clock } = start();
    await waitFor(actor, (s) => s.matches('active'));
    actor.send({ type: 'pin.changed', pinCode: hash('demo', '5678') });
    clock.increment(60_000);
    actor.send({ type: 'user.unlock', pin: '1234' });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }) && s.context.wrongPin);
    actor.send({ type: 'user.unlock', pin: '5678' });
    await waitFor(actor, (s) => s.matches('active'));
  });

  it('restores the lock on load when PIN_CHECK is on and the flag is set', async () => {
    const { actor } = start({ pinCheck: true, locked: true });
    await waitFor(actor, (s) => s.matches('locked'));
  });

  it('never locks with PIN_CHECK off', async () => {
    const { actor, clock } = start({ pinCheck: false, locked: true });
    await waitFor(actor, (s) => s.matches('off'));
    clock.increment(600_000);
    expect(actor.getSnapshot().matches('off')).toBe(true);
  });

  it('the dialog logout ends the lock (flag cleared) so the parent logs out', async () => {
    const { actor, clock, flags } = start();
    await waitFor(actor, (s) => s.matches('active'));
    clock.increment(60_000);
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(flags).toEqual([true, false]);
  });
});
