import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { joinability, lobbyMachine, reservedMachines, type LobbyData, type LobbyMachine } from '../../machines/lobby.ts';

const tile = (id: number, patch: Partial<LobbyMachine> = {}): LobbyMachine => ({
  id, name: `M${id}`, brand: 'Golden Reels', brandId: 1, status: 'free', image: '/i.svg', reservation: null, videoType: 'screen', minBet: 20, ...patch,
});
const data = (machines: LobbyMachine[]): LobbyData => ({ brands: [{ id: 1, name: 'Golden Reels', jackpots: ['1523.45'], machineCount: machines.length }], machines });

function start(fetch: (input: { brandId: number | null }) => Promise<LobbyData>, brandId: number | null = null) {
  const fetchLobby = vi.fn(fetch);
  const clock = new SimulatedClock();
  const actor = createActor(lobbyMachine.provide({ actors: { fetchLobby: fromPromise(({ input }) => fetchLobby(input)) } }), {
    input: { showLobby: true, refreshSeconds: 10, brandId },
    clock,
  }).start();
  return { actor, fetchLobby, clock };
}

describe('lobby machine', () => {
  it('loads the selected brand, refreshes every lobby update, and keeps unchanged tiles', async () => {
    let version = 0;
    const { actor, fetchLobby, clock } = start(async () => data([tile(1), tile(2, { status: version++ > 0 ? 'playing' : 'free' })]), 1);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetchLobby).toHaveBeenCalledWith({ brandId: 1, showLobby: true });
    const first = actor.getSnapshot().context.machines;
    clock.increment(10_000);
    await waitFor(actor, (s) => s.matches('ready') && s.context.machines[1]?.status === 'playing');
    const second = actor.getSnapshot().context.machines;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(fetchLobby).toHaveBeenCalledTimes(2);
  });

  it('patches a live status change into that machine only', async () => {
    const { actor } = start(async () => data([tile(1), tile(2)]));
    await waitFor(actor, (s) => s.matches('ready'));
    const before = actor.getSnapshot().context.machines;
    actor.send({ type: 'server.machine', id: 2, status: 'offline' });
    const after = actor.getSnapshot().context.machines;
    expect(after[1]?.status).toBe('offline');
    expect(after[0]).toBe(before[0]);
  });

  it('a batch of live changes is applied in one pass, the last status of each machine winning', async () => {
    const { actor } = start(async () => data([tile(1), tile(2), tile(3)]));
    await waitFor(actor, (s) => s.matches('ready'));
    const before = actor.getSnapshot().context.machines;
    actor.send({ type: 'server.machines', changes: [{ id: 1, status: 'playing' }, { id: 3, status: 'offline' }, { id: 3, status: 'error' }] });
    const after = actor.getSnapshot().context.machines;
    expect(after.map((m) => m.status)).toEqual(['playing', 'free', 'error']);
    expect(after[1]).toBe(before[1]);
  });

  it('a refresh keeps a machine whose reservation changed from looking the same', async () => {
    let reserved = false;
    const { actor, clock } = start(async () => data([tile(1, { reservation: reserved ? { mine: true, until: 5 } : null })]));
    await waitFor(actor, (s) => s.matches('ready'));
    const first = actor.getSnapshot().context.machines[0];
    reserved = true;
    clock.increment(10_000);
    await waitFor(actor, (s) => s.matches('ready') && s.context.machines[0]?.reservation !== null);
    expect(actor.getSnapshot().context.machines[0]).not.toBe(first);
  });

  it('a route change loads the other brand; a failure can be retried', async () => {
    let fail = true;
    const { actor, fetchLobby } = start(async (input) => {
      if (fail) throw new Error('down');
      return data([tile(input.brandId ?? 9)]);
    });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'route.brand', brandId: 3 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.selectedBrand === 3);
    expect(fetchLobby).toHaveBeenLastCalledWith({ brandId: 3, showLobby: true });
    expect(actor.getSnapshot().context.machines.map((m) => m.id)).toEqual([3]);
  });

  it('says why a machine cannot be joined, and honours ALLOW_0_BALANCE_TO_PLAY', () => {
    const rich = { balance: 1000, allowZeroBalance: true };
    expect(joinability(tile(1), rich)).toBe('ok');
    expect(joinability(tile(1, { status: 'playing' }), rich)).toBe('busy');
    expect(joinability(tile(1, { status: 'malfunction' }), rich)).toBe('outOfService');
    expect(joinability(tile(1, { status: 'waiting', reservation: { mine: false, until: 1 } }), rich)).toBe('reserved');
    expect(joinability(tile(1, { status: 'waiting', reservation: { mine: true, until: 1 } }), rich)).toBe('ok');
    expect(joinability(tile(1), { balance: 0, allowZeroBalance: true })).toBe('ok');
    expect(joinability(tile(1), { balance: 0, allowZeroBalance: false })).toBe('noBalance');
    expect(reservedMachines([tile(1), tile(2, { reservation: { mine: false, until: 5 } })]).map((m) => m.id)).toEqual([2]);
  });
});
