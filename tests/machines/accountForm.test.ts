import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { passwordChangeMachine, passwordForm, pinChangeMachine, pinForm, type PinValues } from '../../machines/accountForm.ts';
import { accountProfileMachine, type AccountProfile } from '../../machines/accountProfile.ts';

const refusal = (code: number) => ({ code, message: `refused ${code}`, params: {} });

function passwordActor(submit: (values: unknown) => Promise<void>) {
  const calls = vi.fn(submit);
  const actor = createActor(
    passwordChangeMachine.provide({ actors: { submit: fromPromise(({ input }) => calls(input.values)) } }),
  ).start();
  return { actor, calls };
}

describe('accountForm machine: change password', () => {
  it('cannot be sent until both fields are filled', () => {
    const { actor, calls } = passwordActor(async () => {});
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.change', field: 'oldPassword', value: 'demo1234' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.submit' });
    expect(calls).not.toHaveBeenCalled();
    // The length is the server's call (40101): a short new password may be sent.
    actor.send({ type: 'user.change', field: 'newPassword', value: 'abc' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
  });

  it('sends the values, clears them on success and emits saved', async () => {
    const { actor, calls } = passwordActor(async () => {});
    const saved = vi.fn();
    actor.on('saved', saved);
    actor.send({ type: 'user.change', field: 'oldPassword', value: 'demo1234' });
    actor.send({ type: 'user.change', field: 'newPassword', value: 'longer-secret' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    // What is being sent stays as it is.
    actor.send({ type: 'user.change', field: 'newPassword', value: 'changed-meanwhile' });
    expect(actor.getSnapshot().context.values.newPassword).toBe('longer-secret');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls).toHaveBeenCalledWith({ oldPassword: 'demo1234', newPassword: 'longer-secret' });
    expect(actor.getSnapshot().context.values).toEqual({ oldPassword: '', newPassword: '' });
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('puts 40001 on the old password and 40101 on the new one; editing that field clears it', async () => {
    let code = 40001;
    const { actor } = passwordActor(async () => {
      throw refusal(code);
    });
    actor.send({ type: 'user.change', field: 'oldPassword', value: 'wrong' });
    actor.send({ type: 'user.change', field: 'newPassword', value: 'longer-secret' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ failureField: 'oldPassword', failure: { code: 40001 } });
    // The values stay for a correction.
    expect(actor.getSnapshot().context.values.newPassword).toBe('longer-secret');
    actor.send({ type: 'user.change', field: 'newPassword', value: 'longer-secret!' });
    expect(actor.getSnapshot().context.failureField).toBe('oldPassword');
    actor.send({ type: 'user.change', field: 'oldPassword', value: 'right' });
    expect(actor.getSnapshot().context).toMatchObject({ failureField: null, failure: null });

    code = 40101;
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().context.failureField).toBe('newPassword');
  });

  it('a failure that belongs to no field (or no answer) goes on the form', async () => {
    expect(passwordForm.fieldOf(50100)).toBe('form');
    expect(passwordForm.fieldOf(null)).toBe('form');
    const { actor } = passwordActor(async () => {
      throw new Error('network down');
    });
    actor.send({ type: 'user.change', field: 'oldPassword', value: 'a' });
    actor.send({ type: 'user.change', field: 'newPassword', value: 'b' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ failureField: 'form', failure: { code: null } });
  });
});

describe('accountForm machine: change PIN', () => {
  it('needs the password and 4 to 6 digits', () => {
    expect(pinForm.check({ password: 'x', pin: '123' }).pin).toBe('pinFormat');
    expect(pinForm.check({ password: 'x', pin: '1234567' }).pin).toBe('pinFormat');
    expect(pinForm.check({ password: 'x', pin: '12a4' }).pin).toBe('pinFormat');
    expect(pinForm.check({ password: 'x', pin: '' }).pin).toBe('required');
    expect(pinForm.check({ password: '', pin: '1234' })).toEqual({ password: 'required', pin: undefined });
    expect(pinForm.check({ password: 'x', pin: '123456' })).toEqual({ password: undefined, pin: undefined });
  });

  it('hands the new PIN hash to announceSaved and the saved event', async () => {
    const announced = vi.fn();
    const actor = createActor(
      pinChangeMachine.provide({
        actors: { submit: fromPromise(async () => ({ pinCode: 'abc123' })) },
        actions: { announceSaved: (_, { output }) => announced(output) },
      }),
    ).start();
    const saved = vi.fn();
    actor.on('saved', saved);
    actor.send({ type: 'user.change', field: 'password', value: 'demo1234' });
    actor.send({ type: 'user.change', field: 'pin', value: '12' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.change', field: 'pin', value: '4321' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.values.pin === '');
    expect(announced).toHaveBeenCalledWith({ pinCode: 'abc123' });
    expect(saved).toHaveBeenCalledWith({ type: 'saved', output: { pinCode: 'abc123' } });
  });

  it('a wrong password (40001) shows on the password field', async () => {
    const actor = createActor(
      pinChangeMachine.provide({
        actors: {
          submit: fromPromise<{ pinCode: string }, { values: PinValues }>(async () => {
            throw refusal(40001);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'user.change', field: 'password', value: 'nope' });
    actor.send({ type: 'user.change', field: 'pin', value: '4321' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().context.failureField).toBe('password');
  });
});

describe('accountProfile machine', () => {
  const profile: AccountProfile = {
    id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'demo@reelside.test',
    balance: 100000, lastLogon: null, lastLogonIp: null, ip: '127.0.0.1',
  };

  it('loads the profile, fails with the code, retries and refreshes', async () => {
    let fail = true;
    const fetchProfile = vi.fn(async () => {
      if (fail) throw refusal(50100);
      return profile;
    });
    const actor = createActor(accountProfileMachine.provide({ actors: { fetchProfile: fromPromise(() => fetchProfile()) } })).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure?.code).toBe(50100);
    fail = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ profile, failure: null });
    actor.send({ type: 'user.refresh' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetchProfile).toHaveBeenCalledTimes(3);
  });
});
