import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { MAX_WRONG_PINS, idleLockMachine, type RestoredLock } from '../../machines/idleLock.ts';
import { SECRET_ATTEMPTS } from '../../protocol/auth.ts';

/** A stand-in pin_code: the real derivation is tested in tests/simulator/pin.test.ts. */
const code = (pin: string) => `pin:${pin}`;

function start(restore: Partial<RestoredLock> = {}, pinCode: string | null = code('1234')) {
  const flags: boolean[] = [];
  const stored: number[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    idleLockMachine.provide({
      actors: {
        restoreLock: fromPromise(async () => ({ pinCheck: true, locked: false, attempts: 0, ...restore })),
        verifyPin: fromPromise(async ({ input }) => {
          if (input.pinCode === 'refused') throw new Error('pin_code refused');
          return input.pinCode === code(input.pin);
        }),
      },
      actions: {
        storeLockFlag: (_, locked) => flags.push(locked),
        storeAttempts: (_, attempts) => stored.push(attempts),
      },
    }),
    { input: { pinCode }, clock },
  ).start();
  return { actor, clock, flags, stored };
}

async function lock(restore: Partial<RestoredLock> = {}, pinCode: string | null = code('1234')) {
  const started = start(restore, pinCode);
  await waitFor(started.actor, (s) => s.matches('active'));
  started.clock.increment(60_000);
  return started;
}

async function wrongPin(actor: ReturnType<typeof start>['actor'], times = 1) {
  for (let i = 0; i < times; i += 1) {
    const before = actor.getSnapshot().context.attempts;
    actor.send({ type: 'user.unlock', pin: '9999' });
    await waitFor(actor, (s) => s.status === 'done' || (s.matches({ locked: 'idle' }) && s.context.attempts === before + 1));
  }
}

describe('idleLock machine', () => {
  it('allows as many wrong PINs as the server allows wrong passwords (one attempt policy)', () => {
    expect(MAX_WRONG_PINS).toBe(SECRET_ATTEMPTS.max);
  });

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

  it('a wrong PIN stays locked and says so; the right PIN unlocks', async () => {
    const { actor, flags, stored } = await lock();
    actor.send({ type: 'user.unlock', pin: '9999' });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }) && s.context.wrongPin);
    expect(actor.getSnapshot().context.attempts).toBe(1);
    actor.send({ type: 'user.activity' });
    expect(actor.getSnapshot().matches('locked')).toBe(true);
    actor.send({ type: 'user.unlock', pin: '1234' });
    await waitFor(actor, (s) => s.matches('active'));
    expect(flags).toEqual([true, false]);
    expect(stored).toEqual([1, 0]);
    expect(actor.getSnapshot().context).toMatchObject({ wrongPin: false, attempts: 0 });
  });

  it('counts wrong PINs in a row and stores each count; the right PIN resets the count', async () => {
    const { actor, clock, stored } = await lock();
    await wrongPin(actor, MAX_WRONG_PINS - 1);
    expect(actor.getSnapshot().context.attempts).toBe(4);
    expect(stored).toEqual([1, 2, 3, 4]);
    actor.send({ type: 'user.unlock', pin: '1234' });
    await waitFor(actor, (s) => s.matches('active'));
    expect(actor.getSnapshot().context.attempts).toBe(0);
    expect(stored.at(-1)).toBe(0);

    // A fresh lock starts a fresh count: four more wrong PINs still do not log out.
    clock.increment(60_000);
    await wrongPin(actor, MAX_WRONG_PINS - 1);
    expect(actor.getSnapshot().matches({ locked: 'idle' })).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('the fifth wrong PIN in a row ends the lock with tooManyWrongPins, the flag kept for the logout', async () => {
    const { actor, flags, stored } = await lock();
    await wrongPin(actor, MAX_WRONG_PINS - 1);
    expect(actor.getSnapshot().status).toBe('active');
    await wrongPin(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.value).toBe('lockedOut');
    expect(snapshot.output).toEqual({ reason: 'tooManyWrongPins' });
    expect(stored).toEqual([1, 2, 3, 4, 5]);
    // Not cleared here: a reload before the logout finishes finds the lock and the count.
    expect(flags).toEqual([true]);
  });

  it('a reload keeps the count: wrong PINs before it count towards the five', async () => {
    const { actor } = start({ locked: true, attempts: 3 });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }));
    expect(actor.getSnapshot().context.attempts).toBe(3);
    await wrongPin(actor);
    expect(actor.getSnapshot().status).toBe('active');
    await wrongPin(actor);
    expect(actor.getSnapshot().output).toEqual({ reason: 'tooManyWrongPins' });
  });

  it('a reload after the fifth wrong PIN logs out at once', async () => {
    const { actor } = start({ locked: true, attempts: MAX_WRONG_PINS });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ reason: 'tooManyWrongPins' });
  });

  it('after a PIN change the new PIN unlocks and the old one no longer does', async () => {
    const { actor, clock } = start();
    await waitFor(actor, (s) => s.matches('active'));
    actor.send({ type: 'pin.changed', pinCode: code('5678') });
    clock.increment(60_000);
    actor.send({ type: 'user.unlock', pin: '1234' });
    await waitFor(actor, (s) => s.matches({ locked: 'idle' }) && s.context.wrongPin);
    actor.send({ type: 'user.unlock', pin: '5678' });
    await waitFor(actor, (s) => s.matches('active'));
  });

  it('without a pin_code the lock cannot be opened: only logging out is left', async () => {
    const { actor } = await lock({}, null);
    expect(actor.getSnapshot().matches({ locked: 'cannotUnlock' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.unlock', pin: '1234' })).toBe(false);
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().output).toEqual({ reason: 'playerLoggedOut' });
  });

  it('a pin_code src/app refuses (weak or malformed) cannot unlock, before any PIN is tried', async () => {
    const started = createActor(
      idleLockMachine.provide({
        actors: { restoreLock: fromPromise(async (): Promise<RestoredLock> => ({ pinCheck: true, locked: true, attempts: 0 })) },
        guards: { pinCodeUsable: ({ context }) => context.pinCode !== 'pbkdf2-sha256$1000$weak$weak' },
      }),
      { input: { pinCode: 'pbkdf2-sha256$1000$weak$weak' } },
    ).start();
    await waitFor(started, (s) => s.matches({ locked: 'cannotUnlock' }));
  });

  it('a pin_code the check refuses cannot unlock either, and costs no attempt', async () => {
    const { actor } = await lock({}, 'refused');
    actor.send({ type: 'user.unlock', pin: '1234' });
    await waitFor(actor, (s) => s.matches({ locked: 'cannotUnlock' }));
    expect(actor.getSnapshot().context.attempts).toBe(0);
  });

  it('restores the lock on load when PIN_CHECK is on and the flag is set', async () => {
    const { actor } = start({ pinCheck: true, locked: true });
    await waitFor(actor, (s) => s.matches('locked'));
  });

  it('never locks with PIN_CHECK off', async () => {
    const { actor, clock } = start({ pinCheck: false, locked: true, attempts: MAX_WRONG_PINS });
    await waitFor(actor, (s) => s.matches('off'));
    clock.increment(600_000);
    expect(actor.getSnapshot().matches('off')).toBe(true);
  });

  it('the dialog logout ends the lock so the parent logs out (the flag is cleared with the login)', async () => {
    const { actor, flags } = await lock();
    await wrongPin(actor, 2);
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ reason: 'playerLoggedOut' });
    expect(flags).toEqual([true]);
  });
});
