import { describe, expect, it, vi } from 'vitest';
import { createActor, emit, fromCallback, fromPromise, setup, SimulatedClock, waitFor } from 'xstate';
import type { AuthEmitted } from '../../machines/auth.types.ts';
import { selectMyReservedIds } from '../../machines/lobby.selectors.ts';
import { walletMachine } from '../../machines/wallet.ts';
import { joinability, LOBBY_TRIES, lobbyMachine, reservedMachines, type LobbyData, type LobbyMachine, type LobbyMachineStatus } from '../../machines/lobby.ts';

const tile = (id: number, patch: Partial<LobbyMachine> = {}): LobbyMachine => ({
  id, name: `M${id}`, brand: 'Golden Reels', brandId: 1, status: 'free', image: '/i.svg', reservation: null, videoType: 'screen', minBet: 20, ...patch,
});
const data = (machines: LobbyMachine[]): LobbyData => ({ brands: [{ id: 1, name: 'Golden Reels', jackpots: [152_345], machineCount: machines.length }], machines });

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
    actor.send({ type: 'server.statuses', changes: [{ id: 2, status: 'offline' }] });
    const after = actor.getSnapshot().context.machines;
    expect(after[1]?.status).toBe('offline');
    expect(after[0]).toBe(before[0]);
  });

  it('a batch of live changes is applied in one pass, the last status of each machine winning', async () => {
    const { actor } = start(async () => data([tile(1), tile(2), tile(3)]));
    await waitFor(actor, (s) => s.matches('ready'));
    const before = actor.getSnapshot().context.machines;
    actor.send({ type: 'server.statuses', changes: [{ id: 1, status: 'playing' }, { id: 3, status: 'offline' }, { id: 3, status: 'error' }] });
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

  it('a failing lobby is asked again with the backoff, LOBBY_TRIES times in all, then only on Retry', async () => {
    const { actor, fetchLobby, clock } = start(async () => {
      throw new Error('down');
    });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(fetchLobby).toHaveBeenCalledTimes(1);
    // The first retry waits at least half of the first ceiling (1 s): not at once, not at 10 s.
    clock.increment(499);
    await settled();
    expect(fetchLobby).toHaveBeenCalledTimes(1);
    for (let call = 2; call <= LOBBY_TRIES; call += 1) {
      clock.increment(8_000);
      await settled();
      expect(fetchLobby).toHaveBeenCalledTimes(call);
    }
    // Bounded: a minute later it has not asked again, and the failure is still shown.
    clock.increment(60_000);
    await settled();
    expect(fetchLobby).toHaveBeenCalledTimes(LOBBY_TRIES);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    // Retry starts a fresh round of tries.
    actor.send({ type: 'user.retry' });
    await settled();
    expect(fetchLobby).toHaveBeenCalledTimes(LOBBY_TRIES + 1);
    clock.increment(8_000);
    await settled();
    expect(fetchLobby).toHaveBeenCalledTimes(LOBBY_TRIES + 2);
  });

  it('a brand tile asks for its address, the selected one again for the whole lobby (SPEC §3), and the balance follows the wallet', async () => {
    const { actor } = start(async (input) => data([tile(input.brandId ?? 9)]), 1);
    await waitFor(actor, (s) => s.matches('ready'));
    const shown: unknown[] = [];
    actor.on('brand.show', (event) => shown.push(event.brand));
    actor.send({ type: 'user.selectBrand', brandId: 2, name: 'Lucky Sevens' });
    actor.send({ type: 'user.selectBrand', brandId: 1, name: 'Golden Reels' });
    expect(shown).toEqual([{ id: 2, name: 'Lucky Sevens' }, null]);
    // Asking is not choosing: the route (route.brand) changes what is selected.
    expect(actor.getSnapshot().context.selectedBrand).toBe(1);
    expect(actor.getSnapshot().context.balance).toBeNull();
    actor.send({ type: 'wallet.balance', balance: 1250 });
    expect(actor.getSnapshot().context.balance).toBe(1250);
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

  it("the player's own session changing loads the lobby again, a load already under way begun again (it may hold the floor from before)", async () => {
    // The server: machine 1 is played, until the player leaves keeping it (then it is reserved for them).
    let kept = false;
    const answers: Array<(data: LobbyData) => void> = [];
    const { actor, fetchLobby } = start(() => new Promise<LobbyData>((resolve) => answers.push(resolve)));
    const floor = () => data([tile(1, kept ? { status: 'waiting', reservation: { mine: true, until: 5 } } : { status: 'playing' })]);
    // A load asked before the change, answered after the player kept the machine: that answer is stale.
    kept = true;
    actor.send({ type: 'server.session', machineId: 1, status: 'open' });
    expect(fetchLobby).toHaveBeenCalledTimes(2);
    kept = false;
    answers[0]?.(floor());
    kept = true;
    answers[1]?.(floor());
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectMyReservedIds(actor.getSnapshot())).toEqual([1]);

    // Ready: the reservation ends (session closed) and the lobby asks again without waiting for its refresh.
    kept = false;
    actor.send({ type: 'server.session', machineId: 1, status: 'closed' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    answers[2]?.(floor());
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectMyReservedIds(actor.getSnapshot())).toEqual([]);
    expect(fetchLobby).toHaveBeenCalledTimes(3);
  });

  it("the lobby leads with the player's own reservations only: another's is a status on its tile", () => {
    const machines = [tile(1, { status: 'waiting', reservation: { mine: false, until: 5 } }), tile(2), tile(3, { status: 'waiting', reservation: { mine: true, until: 5 } })];
    const snapshot = { context: { machines } } as unknown as Parameters<typeof selectMyReservedIds>[0];
    expect(selectMyReservedIds(snapshot)).toEqual([3]);
  });
});

describe('live statuses in the lobby', () => {
  /** A ready lobby whose liveStatuses child is the test's hand on the notification socket. */
  async function liveLobby() {
    let live: (event: { type: 'server.statuses'; changes: Array<{ id: number; status: LobbyMachineStatus }> }) => void = () => {};
    let listening = false;
    const clock = new SimulatedClock();
    const actor = createActor(
      lobbyMachine.provide({
        actors: {
          fetchLobby: fromPromise(async () => data([tile(1), tile(2), tile(3)])),
          liveStatuses: fromCallback(({ sendBack }) => {
            listening = true;
            live = sendBack;
            return () => {
              listening = false;
            };
          }),
        },
      }),
      { input: { showLobby: false, refreshSeconds: 600, brandId: null }, clock },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const statuses = () => actor.getSnapshot().context.machines.map((m) => m.status);
    return { actor, clock, live, statuses, listening: () => listening };
  }

  it('applies each batch the socket hands on at once (the socket gathers them), keeping unchanged machines as they were', async () => {
    const t = await liveLobby();
    const untouched = t.actor.getSnapshot().context.machines[2];
    t.live({ type: 'server.statuses', changes: [{ id: 1, status: 'playing' }] });
    expect(t.statuses()).toEqual(['playing', 'free', 'free']);
    t.live({ type: 'server.statuses', changes: [{ id: 2, status: 'offline' }, { id: 1, status: 'waiting' }] });
    expect(t.statuses()).toEqual(['waiting', 'offline', 'free']);
    // A tile that did not change keeps its object (its render is skipped).
    expect(t.actor.getSnapshot().context.machines[2]).toBe(untouched);
  });

  it('listens only while the lobby runs', async () => {
    const t = await liveLobby();
    expect(t.listening()).toBe(true);
    t.actor.stop();
    expect(t.listening()).toBe(false);
  });
});

describe('the lobby talks to the login’s actors it is handed in its input', () => {
  it('hears the floor’s news from the login (auth emits it) and follows the login’s wallet, only while it runs', async () => {
    // An actor that emits what it is sent, as auth emits the notification socket's news.
    const login = createActor(
      setup({ types: { events: {} as AuthEmitted, emitted: {} as AuthEmitted } }).createMachine({ on: { '*': { actions: emit(({ event }) => event) } } }),
    ).start();
    const wallet = createActor(walletMachine.provide({ actors: { fetchBalance: fromPromise(async () => 1_000) } })).start();
    await waitFor(wallet, (s) => s.matches('loaded'));
    // Who listens to the login and to the wallet, as their `on` counts it.
    const listeners = { login: 0, wallet: 0 };
    for (const [name, actor] of [['login', login], ['wallet', wallet]] as const) {
      const on = actor.on.bind(actor) as (type: string, handler: (event: never) => void) => { unsubscribe(): void };
      vi.spyOn(actor, 'on').mockImplementation(((type: string, handler: (event: never) => void) => {
        const subscription = on(type, handler);
        listeners[name] += 1;
        return { unsubscribe: () => ((listeners[name] -= 1), subscription.unsubscribe()) };
      }) as never);
    }
    let fetches = 0;
    const actor = createActor(
      lobbyMachine.provide({ actors: { fetchLobby: fromPromise(async () => (fetches++, data([tile(1), tile(2)]))) } }),
      { input: { showLobby: false, refreshSeconds: 600, brandId: null, wallet, news: login } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(listeners).toEqual({ login: 2, wallet: 1 });
    // The wallet's balance now, and each one after.
    expect(actor.getSnapshot().context.balance).toBe(1_000);
    wallet.send({ type: 'server.balance', balance: 250 });
    expect(actor.getSnapshot().context.balance).toBe(250);
    // A status batch is patched in; the player's own session change asks the floor again.
    login.send({ type: 'machines', changes: [{ id: 2, status: 'playing' }] });
    expect(actor.getSnapshot().context.machines.map((m) => m.status)).toEqual(['free', 'playing']);
    login.send({ type: 'session', machineId: 1, status: 'open' });
    await waitFor(actor, (s) => fetches === 2 && s.matches('ready'));
    login.send({ type: 'machines', changes: [{ id: 1, status: 'waiting' }] });
    // Stopped, it listens to neither.
    actor.stop();
    expect(listeners).toEqual({ login: 0, wallet: 0 });
  });
});
