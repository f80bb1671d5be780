import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloorCode } from '../../protocol/sockets.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket } from './sockets.ts';

/**
 * ALLOW_0_BALANCE_TO_PLAY false is the server's rule, not only the lobby's view: a player whose
 * wallet is empty who opens a machine's socket directly is refused with 60016 before anything is
 * written, so the machine is never reserved and another player can take it at once.
 */

const SCALE = 0.01;
const DEMO = 1;
const MACHINE = 1;
const PLAYER2 = 2;
/** The seed reserves this machine for player2. */
const PLAYER2_RESERVED = 7;

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ now: Date.now, timerScale: SCALE, rngSeed: 'zero-balance' });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

const ledger = () => t.sim.floor.context.ledger;

async function setAllowZeroBalance(allowed: boolean) {
  const answer = await call(`${t.url}/sim/settings`, { method: 'PUT', body: { ALLOW_0_BALANCE_TO_PLAY: allowed } });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ ALLOW_0_BALANCE_TO_PLAY: allowed });
}

/** The demo player's whole wallet goes out (a withdrawal through the ledger): the balance is 0. */
function emptyWallet(playerId = DEMO) {
  ledger().withdraw(playerId, ledger().balance(playerId), { tag: 'test: empty the wallet' });
  expect(ledger().balance(playerId)).toBe(0);
}

function openSessionsOf(playerId: number): number {
  const row = t.sim.store.database
    .prepare('SELECT count(*) AS n FROM game_sessions WHERE player_id = ? AND ended_at IS NULL')
    .get(playerId) as { n: number };
  return Number(row.n);
}

async function tryJoin(withToken: string, machineId = MACHINE) {
  const socket = await machineSocket(t.url, withToken);
  socket.send({ type: 'init', machineID: machineId, token: withToken });
  // The first answer to the init, whichever it is (a race of two next() would leave one pending).
  const outcome = await vi.waitFor(() => {
    const answer = socket.frames.find((f) => f.type === 'joined' || f.type === 'error');
    if (!answer) throw new Error(`no answer to init yet: ${JSON.stringify(socket.frames)}`);
    return answer;
  });
  return { socket, outcome };
}

describe('ALLOW_0_BALANCE_TO_PLAY false on the machine socket', () => {
  it('refuses a join with an empty wallet with 60016 and close 4004, and the machine stays free for another player', async () => {
    await setAllowZeroBalance(false);
    emptyWallet();
    const { socket, outcome } = await tryJoin(token);
    expect(outcome).toMatchObject({ type: 'error', code: FloorCode.balanceRequired });
    expect((await socket.closed).code).toBe(4004);
    expect(socket.frames.some((f) => f.type === 'joined' || f.type === 'machine')).toBe(false);

    // Nothing was written: no session row, no occupant, no reservation.
    const machine = t.sim.floor.machine(MACHINE)!;
    expect(machine.occupantId).toBeNull();
    expect(machine.status).toBe('free');
    expect(machine.record.reservedUntil).toBeNull();
    expect(t.sim.floor.sessionsOf(DEMO)).toEqual([]);
    expect(openSessionsOf(DEMO)).toBe(0);

    // Another player (with money) takes the machine at once (first letting go of the machine the
    // seed reserved for them: one player, one machine).
    const other = await loginToken(t, 'player2', 'player2pass');
    expect((await call(`${t.url}/api/player/cancel`, { body: { machineId: PLAYER2_RESERVED }, token: other })).status).toBe(200);
    const second = await tryJoin(other);
    expect(second.outcome).toMatchObject({ type: 'joined', machine: { id: MACHINE } });
    expect(machine.occupantId).toBe(PLAYER2);
    second.socket.close();
    await second.socket.closed;
  });

  it('lets a player with money join, and refuses the same player once the wallet is empty', async () => {
    await setAllowZeroBalance(false);
    const first = await tryJoin(token);
    expect(first.outcome.type).toBe('joined');
    first.socket.send({ type: 'cashout', requestId: 'out' });
    expect((await first.socket.closed).code).toBe(1000);

    emptyWallet();
    const second = await tryJoin(token, 2);
    expect(second.outcome).toMatchObject({ type: 'error', code: FloorCode.balanceRequired });
    expect((await second.socket.closed).code).toBe(4004);
    expect(t.sim.floor.machine(2)?.occupantId).toBeNull();
  });

  it('lets the player who holds the machine (credits on it, wallet empty) rejoin', async () => {
    const first = await tryJoin(token);
    expect(first.outcome.type).toBe('joined');
    // The whole wallet goes onto the machine, then the connection drops: the machine is reserved.
    first.socket.send({ type: 'transfer', amount: 100_000, requestId: 'all-in' });
    await first.socket.next('ack', (a) => a.requestId === 'all-in');
    expect(ledger().balance(DEMO)).toBe(0);
    first.socket.close();
    await first.socket.closed;
    const machine = t.sim.floor.machine(MACHINE)!;
    await expect.poll(() => machine.status).toBe('waiting');

    await setAllowZeroBalance(false);
    const again = await tryJoin(token);
    expect(again.outcome).toMatchObject({ type: 'joined', balance: 0, state: { credits: 100_000 } });
    expect(machine.occupantId).toBe(DEMO);
    again.socket.send({ type: 'cashout', requestId: 'out' });
    expect((await again.socket.closed).code).toBe(1000);
    expect(ledger().balance(DEMO)).toBe(100_000);
  });
});

describe('ALLOW_0_BALANCE_TO_PLAY true (the default)', () => {
  it('lets a player with an empty wallet join', async () => {
    expect(t.sim.floor.context.limits().allowZeroBalance).toBe(true);
    emptyWallet();
    const { socket, outcome } = await tryJoin(token);
    expect(outcome).toMatchObject({ type: 'joined', balance: 0, machine: { id: MACHINE } });
    expect(t.sim.floor.machine(MACHINE)?.occupantId).toBe(DEMO);
    socket.send({ type: 'cashout', requestId: 'out' });
    expect((await socket.closed).code).toBe(1000);
    expect(t.sim.floor.machine(MACHINE)?.status).toBe('free');
  });
});
