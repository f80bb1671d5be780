import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { LockResult, lockEnd, PANIC_LOCK_MS, ProtectionReport } from '../../protocol/protection.ts';
import { SESSION_ENDED_CLOSE } from '../../protocol/sockets.ts';
import { ProtectionStore } from '../../simulator/store/protection.ts';
import { call, errorOf, login, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, notificationSocket } from './sockets.ts';

/**
 * The panic button: one press locks the player out for 24 hours. Every login session ends with
 * 10710, the credits on the machine go back to the wallet, a login is refused with 10709 and the
 * lock's end until it ends (or the operator ends it, only through the control API), and every
 * step is in the player's protection history. The clock is the test's.
 */

const MACHINE = 1;
const DEMO = 1;

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ timerScale: 0.01, rngSeed: 'protection' });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

const ledger = () => t.sim.floor.context.ledger;
const panic = (withToken = token) => call(`${t.url}/api/player/protection/panic`, { method: 'POST', token: withToken });
const report = async (username = 'demo') => ProtectionReport.parse((await call(`${t.url}/sim/players/${username}/protection`)).body);

describe('the panic button', () => {
  it('ends every login session with 10710, pays the credits on the machine back, and refuses a login until the lock ends', async () => {
    const walletBefore = ledger().balance(DEMO);
    const game = await machineSocket(t.url, token);
    game.send({ type: 'init', machineID: MACHINE, token });
    await game.next('joined');
    game.send({ type: 'transfer', amount: 5000, requestId: 'tx' });
    await game.next('ack');
    const notifications = await notificationSocket(t.url, token);
    expect(ledger().balance(DEMO)).toBe(walletBefore - 5000);

    const answer = await panic();
    expect(answer.status).toBe(200);
    const { until, kind } = LockResult.parse(answer.body);
    expect(kind).toBe('panic');
    expect(until).toBe(t.clock.now + PANIC_LOCK_MS);

    // Both sockets are told why, then closed as a login session's end.
    expect(await game.next('error')).toMatchObject({ code: ErrorCode.sessionLocked });
    expect(await game.closed).toEqual({ code: SESSION_ENDED_CLOSE, reason: String(ErrorCode.sessionLocked) });
    expect((await notifications.closed).code).toBe(SESSION_ENDED_CLOSE);
    // The credits are back in the wallet and the machine is free for others.
    expect(ledger().balance(DEMO)).toBe(walletBefore);
    expect(ledger().credits(MACHINE)).toBe(0);
    expect(t.sim.floor.machine(MACHINE)!.occupantId).toBeNull();
    // The token is dead: a request after the lock is refused as any ended session's.
    const dead = await call(`${t.url}/api/player/balance`, { token });
    expect([dead.status, errorOf(dead).code]).toEqual([401, ErrorCode.sessionLocked]);
    expect((await panic()).status).toBe(401);

    // A login with the right password is refused with the lock's end; a wrong one learns nothing.
    const refused = await login(t, 'demo', 'demo1234');
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: ErrorCode.playerLocked, Params: { until, kind: 'panic' } });
    expect(errorOf(await login(t, 'demo', 'wrong-password')).code).not.toBe(ErrorCode.playerLocked);

    // 24 hours on, the lock has ended by itself.
    t.clock.now = until - 1;
    expect(errorOf(await login(t, 'demo', 'demo1234')).code).toBe(ErrorCode.playerLocked);
    t.clock.now = until;
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
  });

  it('the lock is the authority: a token whose session its end missed is refused all the same', async () => {
    // As if ending the sessions had failed half-way: the lock is written, the session not revoked.
    new ProtectionStore(t.sim.store).lock(DEMO, 'panic', t.clock.now, t.clock.now + PANIC_LOCK_MS);
    const refused = await call(`${t.url}/api/player/balance`, { token });
    expect([refused.status, errorOf(refused).code]).toEqual([401, ErrorCode.sessionLocked]);
    expect((await panic()).status).toBe(401);
    const socket = await machineSocket(t.url, token).catch(() => null);
    if (socket) {
      socket.send({ type: 'init', machineID: MACHINE, token });
      expect((await socket.closed).code).not.toBe(1000);
      expect(socket.frames.some((f) => f.type === 'joined')).toBe(false);
    }
  });

  it('another player is not touched: their session, machine and credits stay', async () => {
    const other = await loginToken(t, 'player2', 'player2pass');
    const held = t.sim.floor.sessionsOf(2).map((machine) => machine.id);
    expect((await panic()).status).toBe(200);
    expect((await call(`${t.url}/api/player/balance`, { token: other })).status).toBe(200);
    expect(t.sim.floor.sessionsOf(2).map((machine) => machine.id)).toEqual(held);
  });

  it('only the operator ends a lock early (control API), and the history has the lock and its end', async () => {
    expect((await panic()).status).toBe(200);
    const ended = await call(`${t.url}/sim/players/demo/protection/lock`, { method: 'DELETE' });
    expect(ended.status).toBe(200);
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
    const { locks, records } = await report();
    expect(locks).toEqual([expect.objectContaining({ kind: 'panic', startedAt: t.clock.now, endsAt: t.clock.now + PANIC_LOCK_MS, endedAt: t.clock.now, endedBy: 'operator' })]);
    expect(records.map((record) => record.kind)).toEqual(['lockEnded', 'panic']);
    expect(records[1]!.detail).toEqual({ until: t.clock.now + PANIC_LOCK_MS });

    // Nothing left to end, and no such player: both 404.
    expect((await call(`${t.url}/sim/players/demo/protection/lock`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`${t.url}/sim/players/nobody/protection`)).status).toBe(404);
  });

  it('pressed while the reels turn: the spin is booked, told, and everything on the machine paid back', async () => {
    const game = await machineSocket(t.url, token);
    game.send({ type: 'init', machineID: MACHINE, token });
    await game.next('joined');
    game.send({ type: 'transfer', amount: 5000, requestId: 'tx' });
    await game.next('ack', (a) => a.requestId === 'tx');
    game.send({ type: 'button', button: 'spin', requestId: 'spin' });
    await game.next('spinStart');
    expect((await panic()).status).toBe(200);
    expect(await game.closed).toMatchObject({ code: SESSION_ENDED_CLOSE });
    expect(ledger().credits(MACHINE)).toBe(0);
    expect(t.sim.floor.machine(MACHINE)!.occupantId).toBeNull();
    const session = t.sim.store.database.prepare('SELECT cash_in, cash_out, bet_total, win_total, ended_at FROM game_sessions WHERE player_id = ? ORDER BY id DESC LIMIT 1').get(DEMO) as { cash_in: number; cash_out: number; bet_total: number; win_total: number; ended_at: number | null };
    expect(session.ended_at).not.toBeNull();
    expect(session.cash_out).toBe(session.cash_in - session.bet_total + session.win_total);
  });

  it('two presses at once (two tabs) lock once for 24 hours; the later one finds its session ended', async () => {
    const [first, second] = await Promise.all([panic(), panic()]);
    expect([first.status, second.status].sort()).toEqual([200, 401]);
    const { locks } = await report();
    expect(locks).toHaveLength(1);
  });
});

describe('a break and a self-exclusion', () => {
  const lock = (body: unknown, withToken = token) => call(`${t.url}/api/player/protection/lock`, { body, token: withToken });

  it('a week\'s break: the login ends, a login is refused until a week on, kind break', async () => {
    const answer = await lock({ kind: 'break', period: '1w' });
    expect(answer.status).toBe(200);
    expect(LockResult.parse(answer.body)).toEqual({ code: 20000, kind: 'break', until: t.clock.now + 7 * 24 * 60 * 60 * 1000 });
    expect((await call(`${t.url}/api/player/balance`, { token })).status).toBe(401);
    expect(errorOf(await login(t, 'demo', 'demo1234'))).toMatchObject({ code: ErrorCode.playerLocked, Params: { kind: 'break' } });
    t.clock.now += 7 * 24 * 60 * 60 * 1000;
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
  });

  it('a six months\' exclusion ends on the same day six calendar months on; the history says what was chosen', async () => {
    const answer = LockResult.parse((await lock({ kind: 'exclusion', period: '6m' })).body);
    const end = new Date(t.clock.now);
    end.setUTCMonth(end.getUTCMonth() + 6);
    expect(answer).toEqual({ code: 20000, kind: 'exclusion', until: end.getTime() });
    const { locks, records } = await report();
    expect(locks[0]).toMatchObject({ kind: 'exclusion', endsAt: end.getTime(), endedAt: null });
    expect(records[0]).toMatchObject({ kind: 'exclusion', detail: { period: '6m', until: end.getTime() } });
  });

  it('refuses a period the kind has not (400 40000) and locks nothing; needs a login (401)', async () => {
    for (const body of [{ kind: 'break', period: '6m' }, { kind: 'exclusion', period: '24h' }, { kind: 'panic', period: '24h' }, { kind: 'break' }]) {
      const answer = await lock(body);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).code).toBe(ErrorCode.invalidRequest);
    }
    expect((await report()).locks).toEqual([]);
    expect((await lock({ kind: 'break', period: '24h' }, 'not-a-token')).status).toBe(401);
  });
});

describe('when a break or exclusion ends (lockEnd)', () => {
  const end = (from: string, period: Parameters<typeof lockEnd>[1]) => new Date(lockEnd(Date.parse(from), period)).toISOString();

  it('days as days; months as calendar months at the same time of day; a day the month has not ends on the 1st after', () => {
    expect(end('2026-03-28T22:30:00.000Z', '24h')).toBe('2026-03-29T22:30:00.000Z');
    expect(end('2026-03-28T22:30:00.000Z', '1w')).toBe('2026-04-04T22:30:00.000Z');
    expect(end('2026-03-28T22:30:00.000Z', '6w')).toBe('2026-05-09T22:30:00.000Z');
    expect(end('2026-01-15T12:00:00.000Z', '1m')).toBe('2026-02-15T12:00:00.000Z');
    expect(end('2026-12-15T12:00:00.000Z', '1m')).toBe('2027-01-15T12:00:00.000Z');
    // The 31st of January has no 31st of February to end on: the 1st of March (never the 28th).
    expect(end('2026-01-31T10:00:00.000Z', '1m')).toBe('2026-03-01T10:00:00.000Z');
    expect(end('2026-08-31T10:00:00.000Z', '6m')).toBe('2027-03-01T10:00:00.000Z');
    expect(end('2028-02-29T10:00:00.000Z', '1y')).toBe('2029-03-01T10:00:00.000Z');
    expect(end('2028-02-29T10:00:00.000Z', '5y')).toBe('2033-03-01T10:00:00.000Z');
    expect(end('2024-02-29T10:00:00.000Z', '5y')).toBe('2029-03-01T10:00:00.000Z');
    expect(end('2026-05-31T23:59:59.999Z', '1y')).toBe('2027-05-31T23:59:59.999Z');
  });
});
