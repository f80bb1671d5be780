import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { registerMachine, type RegisterOutcome, type Registration } from '../../machines/register.ts';

const values: Registration = { username: 'newcomer', password: 'long-enough', email: 'new@reelside.test', name: 'New' };

/** A register call the test settles by hand; startSession records the token it was handed. */
function start() {
  let settle: { resolve: (outcome: RegisterOutcome) => void; reject: (error: unknown) => void } | null = null;
  const register = vi.fn(
    (_values: Registration) =>
      new Promise<RegisterOutcome>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  const startSession = vi.fn();
  const actor = createActor(
    registerMachine.provide({
      actors: { register: fromPromise(({ input }) => register(input)) },
      actions: { startSession: (_, params) => startSession(params) },
    }),
  ).start();
  const answer = (outcome: RegisterOutcome) => settle?.resolve(outcome);
  const fail = (error: unknown) => settle?.reject(error);
  return { actor, register, startSession, answer, fail };
}

describe('register', () => {
  it('starts idle and sends the values once; a second submit while sending is not taken', () => {
    const { actor, register } = start();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'user.submit', values });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(register).toHaveBeenCalledWith(values);
    expect(actor.getSnapshot().can({ type: 'user.submit', values })).toBe(false);
    actor.send({ type: 'user.submit', values });
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('refuses a registration with a required field left blank', () => {
    const { actor, register } = start();
    for (const blank of ['username', 'email', 'name'] as const) {
      expect(actor.getSnapshot().can({ type: 'user.submit', values: { ...values, [blank]: '  ' } })).toBe(false);
    }
    actor.send({ type: 'user.submit', values: { ...values, password: '' } });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(register).not.toHaveBeenCalled();
  });

  it('registered: the new token is handed to the app (startSession) and the machine is done', async () => {
    const { actor, startSession, answer } = start();
    actor.send({ type: 'user.submit', values });
    answer({ kind: 'registered', token: 'new-token', username: 'newcomer' });
    const s = await waitFor(actor, (snap) => snap.matches('registered'));
    expect(s.status).toBe('done');
    expect(s.context.username).toBe('newcomer');
    expect(startSession).toHaveBeenCalledExactlyOnceWith({ token: 'new-token' });
  });

  it('a taken username is a refusal by field; the next submit clears it and tries again', async () => {
    const { actor, register, startSession, answer } = start();
    actor.send({ type: 'user.submit', values });
    answer({ kind: 'refused', fields: { username: 'The username is already taken' } });
    let s = await waitFor(actor, (snap) => snap.matches('failed'));
    expect(s.context.refusals).toEqual({ username: 'The username is already taken' });
    expect(s.context.failure).toBeNull();
    expect(startSession).not.toHaveBeenCalled();

    actor.send({ type: 'user.submit', values: { ...values, username: 'newcomer2' } });
    s = actor.getSnapshot();
    expect(s.matches('submitting')).toBe(true);
    expect(s.context.refusals).toEqual({});
    expect(register).toHaveBeenLastCalledWith({ ...values, username: 'newcomer2' });
    answer({ kind: 'registered', token: 't2', username: 'newcomer2' });
    await waitFor(actor, (snap) => snap.matches('registered'));
    expect(startSession).toHaveBeenCalledExactlyOnceWith({ token: 't2' });
  });

  it('a failed call keeps the failure by code; the next submit clears it', async () => {
    const { actor, fail } = start();
    actor.send({ type: 'user.submit', values });
    fail({ code: 10703, message: 'ip not permitted', params: { country: 'FR' } });
    const s = await waitFor(actor, (snap) => snap.matches('failed'));
    expect(s.context.failure).toEqual({ code: 10703, message: 'ip not permitted', params: { country: 'FR' } });
    expect(s.context.refusals).toEqual({});
    actor.send({ type: 'user.submit', values });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('no answer at all is a failure without a code', async () => {
    const { actor, fail } = start();
    actor.send({ type: 'user.submit', values });
    fail(new Error('Failed to fetch'));
    const s = await waitFor(actor, (snap) => snap.matches('failed'));
    expect(s.context.failure?.code).toBeNull();
  });
});
