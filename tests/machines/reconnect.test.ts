import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { reconnectMachine, reconnectVariant } from '../../machines/reconnect.ts';

const open = (machineId = 7, machineStatus = 'waiting') =>
  ({ type: 'server.session', status: 'open', machineId, machineName: 'Lucky Sevens 03', machineStatus, credits: 2500 }) as const;

function start(options: { cancel?: (input: { machineId: number }) => Promise<void>; kick?: (input: { machineId: number }) => Promise<void> } = {}) {
  const rejoined: Array<{ machineId: number; machineName: string }> = [];
  const cancel = vi.fn(options.cancel ?? (async (_input: { machineId: number }) => {}));
  const kick = vi.fn(options.kick ?? (async (_input: { machineId: number }) => {}));
  const actor = createActor(
    reconnectMachine.provide({
      actors: { cancelSession: fromPromise(({ input }) => cancel(input)), kickConnection: fromPromise(({ input }) => kick(input)) },
      actions: { rejoin: (_, params) => rejoined.push(params) },
    }),
  ).start();
  return { actor, rejoined, cancel, kick };
}

describe('reconnect machine', () => {
  it('maps the seven status texts of SPEC §4', () => {
    expect(['inBonus', 'waiting', 'tryingCashout', 'playing', 'error', 'malfunction', 'offline', 'weird'].map(reconnectVariant)).toEqual([
      'inBonus', 'waiting', 'tryingCashout', 'playing', 'technical', 'technical', 'offline', 'unknown',
    ]);
  });

  it('shows for an open session and Continue rejoins that machine', () => {
    const { actor, rejoined } = start();
    actor.send(open());
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    actor.send({ type: 'user.continue' });
    expect(rejoined).toEqual([{ machineId: 7, machineName: 'Lucky Sevens 03' }]);
    expect(actor.getSnapshot().matches('continuing')).toBe(true);
    actor.send({ type: 'game.entered', machineId: 7 });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
  });

  it('is not shown for the machine being played', () => {
    const { actor } = start();
    actor.send({ type: 'game.entered', machineId: 7 });
    actor.send(open(7));
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    actor.send({ type: 'game.left' });
    actor.send(open(7));
    expect(actor.getSnapshot().matches('shown')).toBe(true);
  });

  it('is not shown for a machine the player chose to keep on leaving, until they play again', () => {
    const { actor } = start();
    actor.send({ type: 'game.entered', machineId: 7 });
    actor.send({ type: 'game.kept', machineId: 7 });
    actor.send({ type: 'game.left' });
    actor.send(open(7));
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    // Another machine's open session still shows; so does this one after another visit.
    actor.send(open(8));
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    actor.send({ type: 'game.entered', machineId: 9 });
    actor.send({ type: 'game.left' });
    actor.send(open(7));
    expect(actor.getSnapshot().matches('shown')).toBe(true);
  });

  it('Cashout posts cancel and closes; a failure keeps the dialog with it', async () => {
    const ok = start();
    ok.actor.send(open());
    ok.actor.send({ type: 'user.cashout' });
    await waitFor(ok.actor, (s) => s.matches('hidden'));
    expect(ok.cancel).toHaveBeenCalledWith({ machineId: 7 });

    const bad = start({ cancel: async () => { throw { code: 60007, message: 'no session', params: {} }; } });
    bad.actor.send(open());
    bad.actor.send({ type: 'user.cashout' });
    await waitFor(bad.actor, (s) => s.matches('shown') && s.context.failure !== null);
    expect(bad.actor.getSnapshot().context.failure?.code).toBe(60007);
  });

  it('Kick posts kick and keeps the dialog open for Continue; clicks while busy are ignored', async () => {
    let release: () => void = () => {};
    const { actor, kick } = start({ kick: () => new Promise<void>((r) => (release = r)) });
    actor.send(open(7, 'playing'));
    actor.send({ type: 'user.kick' });
    actor.send({ type: 'user.cashout' });
    actor.send({ type: 'user.kick' });
    expect(kick).toHaveBeenCalledTimes(1);
    // The kick's effect arrives on the notification socket before the HTTP answer.
    actor.send(open(7, 'waiting'));
    release();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.session?.machineStatus).toBe('waiting');
  });

  it('a closed session hides the dialog', () => {
    const { actor } = start();
    actor.send(open());
    actor.send({ ...open(), status: 'closed' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
  });
});
