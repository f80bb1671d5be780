/**
 * The client's notification socket (machines/notificationSocket.ts with the real WebSocket of
 * src/services/notificationSocket.ts) against the real simulator: live machine statuses reach
 * auth gathered into batches, the last status of each machine winning, instead of one event per
 * status; a login elsewhere ends it with the code.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type AnyEventObject } from 'xstate';
import { notificationSocketMachine } from '../../machines/notificationSocket.ts';
import { MACHINE_BATCH_MS } from '../../src/services/notificationLink.ts';
import { notificationSocketLogic } from '../../src/services/notificationSocket.ts';
import { LINK_DEAD_MS, LINK_PING_MS } from '../../src/services/sockets.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ now: Date.now });
  // The socket address is resolved against the page's; here the page is the simulator's.
  (globalThis as { window?: unknown }).window = { location: { href: `${t.url}/lobby` } };
});
afterAll(async () => {
  delete (globalThis as { window?: unknown }).window;
  await t.close();
});

const waitFor = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** The socket machine under a stand-in for auth that records what it hears. */
function openSocket(token: string, playerId = '1') {
  const socket = notificationSocketMachine.provide({ actors: { socket: notificationSocketLogic('/ws/notification') } });
  const auth = setup({ types: { context: {} as { heard: AnyEventObject[] } }, actors: { socket } }).createMachine({
    context: { heard: [] },
    invoke: { id: 'socket', src: 'socket', input: { token, playerId } },
    on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
  });
  const actor = createActor(auth).start();
  const heard = (type: string) => actor.getSnapshot().context.heard.filter((event) => event.type === type);
  const link = () => actor.getSnapshot().children.socket!.getSnapshot().value as unknown;
  return { heard, link, close: () => actor.stop() };
}

it('hands machine statuses on in batches, the last status of each machine winning', async () => {
  const token = await loginToken(t);
  const socket = openSocket(token);
  try {
    // After init the floor sends the balance: from then on statuses reach this socket.
    await waitFor(() => socket.heard('server.balance').length > 0);
    expect(socket.link()).toEqual({ connection: 'open' });
    const force = (machineId: number, status: string) => call(`${t.url}/sim/machine-status`, { body: { machineId, status } });
    const started = Date.now();
    await force(9, 'offline');
    await force(10, 'malfunction');
    await force(9, 'error');
    await waitFor(() => socket.heard('server.machines').length > 0);
    expect(socket.heard('server.machines')).toEqual([
      {
        type: 'server.machines',
        changes: [
          { id: 9, status: 'error' },
          { id: 10, status: 'malfunction' },
        ],
      },
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(MACHINE_BATCH_MS - 5);
    await new Promise((resolve) => setTimeout(resolve, 2 * MACHINE_BATCH_MS));
    expect(socket.heard('server.machines')).toHaveLength(1);
  } finally {
    socket.close();
  }
});

it('reconnects with the backoff after a dropped socket, and hears the balance again', async () => {
  const token = await loginToken(t);
  const socket = openSocket(token);
  try {
    await waitFor(() => socket.heard('server.balance').length === 1);
    await call(`${t.url}/sim/drop`, { body: { username: 'demo' } });
    await waitFor(() => JSON.stringify(socket.link()) === '"backingOff"');
    // The first retry comes after 500–1000 ms, and the floor greets the new socket with the balance.
    await waitFor(() => socket.heard('server.balance').length === 2, 3000);
    expect(socket.link()).toEqual({ connection: 'open' });
    expect(socket.heard('server.unauthorized')).toEqual([]);
  } finally {
    socket.close();
  }
});

it('a link gone silent (nothing closed) is dropped by the client within LINK_DEAD_MS + a ping, and comes back after', async () => {
  const token = await loginToken(t);
  const socket = openSocket(token);
  try {
    await waitFor(() => socket.heard('server.balance').length === 1);
    // The operator's socket stays open: only the client's own heartbeat can notice.
    const silencedAt = Date.now();
    await call(`${t.url}/sim/silence`, { body: { username: 'demo', ms: LINK_DEAD_MS + 2 * LINK_PING_MS } });
    await waitFor(() => JSON.stringify(socket.link()) !== '{"connection":"open"}', LINK_DEAD_MS + 2 * LINK_PING_MS);
    expect(Date.now() - silencedAt).toBeLessThanOrEqual(LINK_DEAD_MS + LINK_PING_MS + 200);
    expect(socket.heard('server.unauthorized')).toEqual([]);
    // The silence over, a new socket is greeted with the balance.
    await waitFor(() => socket.heard('server.balance').length === 2, 10_000);
    expect(socket.link()).toEqual({ connection: 'open' });
  } finally {
    socket.close();
  }
}, 20_000);

it('a session ended by the operator ends the socket with the code, and it does not come back', async () => {
  const token = await loginToken(t);
  const socket = openSocket(token);
  try {
    await waitFor(() => socket.heard('server.balance').length === 1);
    await call(`${t.url}/sim/end-session`, { body: { username: 'demo' } });
    await waitFor(() => socket.heard('server.unauthorized').length === 1);
    expect(socket.heard('server.unauthorized')[0]).toMatchObject({ failure: { code: 10707 } });
    expect(socket.link()).toBe('closed');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(socket.heard('server.balance')).toHaveLength(1);
  } finally {
    socket.close();
  }
});

it('a worker that cannot run (blocked, or its script missing) leaves the socket in the page: the floor is still heard', async () => {
  // A browser whose worker fails to start: it reports an error once constructed, as a blocked or
  // unloadable worker script does.
  const started: string[] = [];
  class FailingWorker extends EventTarget {
    constructor(url: URL) {
      super();
      started.push(url.pathname.split('/').pop()!);
      setTimeout(() => this.dispatchEvent(Object.assign(new Event('error'), { message: 'blocked' })), 0);
    }
    postMessage() {}
    terminate() {}
  }
  (globalThis as { Worker?: unknown }).Worker = FailingWorker;
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const token = await loginToken(t);
  const socket = openSocket(token);
  try {
    await waitFor(() => socket.heard('server.balance').length > 0);
    expect(started).toEqual(['notificationWorker.ts']);
    expect(socket.link()).toEqual({ connection: 'open' });
    expect(warn).toHaveBeenCalledWith('notification socket: the worker failed, listening in the page', 'blocked');
  } finally {
    socket.close();
    delete (globalThis as { Worker?: unknown }).Worker;
    warn.mockRestore();
  }
});

it("the cashier's deposits and withdrawals reach the player's socket as the new balance; one above the balance moves nothing", async () => {
  const token = await loginToken(t);
  const socket = openSocket(token);
  const demo = t.sim.store.playerByUsername('demo')!.id;
  const ledger = t.sim.floor.context.ledger;
  try {
    await waitFor(() => socket.heard('server.balance').length === 1);
    const before = ledger.balance(demo);
    const deposit = await call(`${t.url}/sim/cashier`, { body: { username: 'demo', action: 'deposit', amount: 1_234 } });
    expect(deposit).toMatchObject({ status: 200, body: { balance: before + 1_234 } });
    await waitFor(() => socket.heard('server.balance').length === 2);
    expect(socket.heard('server.balance')[1]).toMatchObject({ balance: before + 1_234 });

    const tooMuch = await call(`${t.url}/sim/cashier`, { body: { username: 'demo', action: 'withdraw', amount: before + 1_235 } });
    expect(tooMuch).toMatchObject({ status: 409, body: { code: 60003 } });
    expect(ledger.balance(demo)).toBe(before + 1_234);

    const withdrawal = await call(`${t.url}/sim/cashier`, { body: { username: 'demo', action: 'withdraw', amount: 1_234 } });
    expect(withdrawal).toMatchObject({ status: 200, body: { balance: before } });
    await waitFor(() => socket.heard('server.balance').length === 3);
    expect(socket.heard('server.balance')[2]).toMatchObject({ balance: before });
    // Money that is not a positive whole number of minor units is refused at the boundary.
    expect(await call(`${t.url}/sim/cashier`, { body: { username: 'demo', action: 'deposit', amount: 1.5 } })).toMatchObject({ status: 400 });
    expect(await call(`${t.url}/sim/cashier`, { body: { username: 'nobody', action: 'deposit', amount: 1 } })).toMatchObject({ status: 404 });
    expect(ledger.auditPlayers()).toEqual([]);
    expect(ledger.audit().difference).toBe(0);
  } finally {
    socket.close();
  }
});

it("the operator's message reaches the player's socket as server.info, and only that player's", async () => {
  const token = await loginToken(t);
  const socket = openSocket(token);
  const other = openSocket(await loginToken(t, 'player2', 'player2pass'), String(t.sim.store.playerByUsername('player2')!.id));
  try {
    await waitFor(() => socket.heard('server.balance').length === 1 && other.heard('server.balance').length === 1);
    const sent = await call(`${t.url}/sim/notify`, { body: { username: 'demo', code: 18800, message: 'Deposit to keep playing', params: { count: 3 } } });
    expect(sent.status).toBe(200);
    await waitFor(() => socket.heard('server.info').length === 1);
    expect(socket.heard('server.info')[0]).toMatchObject({ code: 18800, message: 'Deposit to keep playing', params: { count: 3 }, action: 'none' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.heard('server.info')).toEqual([]);
    expect(await call(`${t.url}/sim/notify`, { body: { username: 'demo', code: 1, message: 'x', action: 'explode' } })).toMatchObject({ status: 400 });
  } finally {
    socket.close();
    other.close();
  }
});
