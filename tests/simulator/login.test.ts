import { decodeJwt, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginLogType, LoginResult, PLAYER_PERMISSION, TokenClaims } from '../../protocol/auth.ts';
import { PIN_MIN_ITERATIONS, PinCode } from '../../protocol/pinCode.ts';
import { pinMatches } from '../../simulator/secrets/pin.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { MINUTE, START_TIME, errorOf, login, startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator();
});
afterEach(async () => {
  await t.close();
});

function playerId(username: string): number {
  const player = t.sim.store.playerByUsername(username);
  if (!player) throw new Error(`no player ${username}`);
  return player.id;
}

/** Login log types of one player, oldest first. */
function logTypes(username: string): number[] {
  return t.sim.store
    .loginLog({ playerId: playerId(username) })
    .map((entry) => entry.type)
    .reverse();
}

describe('POST /api/login success', () => {
  it('answers a LoginResult with a signed token, PIN hash and profile', async () => {
    const answer = await login(t, 'demo', 'demo1234');
    expect(answer.status).toBe(200);
    const result = LoginResult.parse(answer.body);

    const claims = TokenClaims.parse(decodeJwt(result.token));
    expect(claims.permissions).toContain(PLAYER_PERMISSION);
    expect(claims.username).toBe('demo');
    expect(claims.sub).toBe(result.user.id);
    expect(claims.iat).toBe(START_TIME / 1000);
    expect(claims.exp).toBe(START_TIME / 1000 + 8 * 60 * 60);
    expect(claims.exp * 1000).toBeGreaterThan(t.clock.now);

    // HS256 with the secret the store generated, and the jti is a stored session.
    const secret = Buffer.from(t.sim.store.getMeta('jwt_secret') ?? '', 'base64url');
    const verified = await jwtVerify(result.token, secret, { algorithms: ['HS256'], currentDate: new Date(t.clock.now) });
    expect(verified.protectedHeader.alg).toBe('HS256');
    const session = t.sim.store.session(claims.jti);
    expect(session?.playerId).toBe(playerId('demo'));
    expect(session?.expiresAt).toBe(claims.exp * 1000);

    // The PIN's salted PBKDF2 code: it verifies with the PIN and does not contain it.
    expect(PinCode.parse(result.pin_code).iterations).toBeGreaterThanOrEqual(PIN_MIN_ITERATIONS);
    expect(await pinMatches(result.pin_code ?? '', '1234')).toBe(true);
    expect(await pinMatches(result.pin_code ?? '', '1235')).toBe(false);
    expect(result.pin_code).not.toContain('1234');

    expect(result.ip_address).toBe('127.0.0.1');
    expect(result.versions).toBe('sim-1.0.0');
    expect(result.last_logon).toBeNull();
    expect(result.last_logon_ip).toBeNull();
    expect(result.user).toEqual({
      id: String(playerId('demo')),
      username: 'demo',
      name: 'Demo',
      lastname: 'Player',
      email: 'demo@reelside.test',
    });
  });

  it('reports the previous login as last_logon on the next login', async () => {
    await login(t, 'demo', 'demo1234');
    t.clock.now += 30 * MINUTE;
    const second = LoginResult.parse((await login(t, 'demo', 'demo1234')).body);
    expect(second.last_logon).toBe(new Date(START_TIME).toISOString());
    expect(second.last_logon_ip).toBe('127.0.0.1');

    t.clock.now += 5 * MINUTE;
    const third = LoginResult.parse((await login(t, 'demo', 'demo1234')).body);
    expect(third.last_logon).toBe(new Date(START_TIME + 30 * MINUTE).toISOString());
  });

  it('gives each login its own session', async () => {
    const first = LoginResult.parse((await login(t, 'demo', 'demo1234')).body);
    const second = LoginResult.parse((await login(t, 'demo', 'demo1234')).body);
    expect(decodeJwt(first.token).jti).not.toBe(decodeJwt(second.token).jti);
  });

  it('never stores the password or PIN in clear', () => {
    const demo = t.sim.store.playerByUsername('demo');
    expect(demo?.passwordHash).toMatch(/^scrypt\$/);
    expect(demo?.passwordHash).not.toContain('demo1234');
    expect(demo?.pinHash).toMatch(/^pbkdf2-sha256\$\d+\$[\w-]+\$[\w-]+$/);
    // Salted: two players with the same password (or PIN) would still differ.
    expect(t.sim.store.playerByUsername('player2')?.passwordHash).not.toBe(demo?.passwordHash);
  });
});

describe('POST /api/login failures', () => {
  it('counts wrong passwords down with left_count, then blocks with 10702', async () => {
    for (const left of [4, 3, 2, 1]) {
      const answer = await login(t, 'demo', 'wrong-password');
      expect(answer.status).toBe(403);
      expect(errorOf(answer)).toEqual({
        code: ErrorCode.wrongCredentialsCounted,
        ErrorMessage: expect.any(String),
        Params: { left_count: left, block_time: 15 },
      });
    }
    const fifth = await login(t, 'demo', 'wrong-password');
    expect(fifth.status).toBe(403);
    expect(errorOf(fifth).code).toBe(ErrorCode.temporarilyBlocked);
    expect(errorOf(fifth).Params).toEqual({ block_time: 15 });

    // While blocked even the right password is refused, with the minutes that remain.
    t.clock.now += 5 * MINUTE;
    const blocked = await login(t, 'demo', 'demo1234');
    expect(blocked.status).toBe(403);
    expect(errorOf(blocked)).toMatchObject({ code: ErrorCode.temporarilyBlocked, Params: { block_time: 10 } });

    t.clock.now += 9 * MINUTE + 30_000;
    expect(errorOf(await login(t, 'demo', 'demo1234')).Params).toEqual({ block_time: 1 });

    // 15 minutes after the block: allowed again, and the counter starts afresh.
    t.clock.now = START_TIME + 15 * MINUTE;
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
    expect(errorOf(await login(t, 'demo', 'nope')).Params).toEqual({ left_count: 4, block_time: 15 });

    expect(logTypes('demo')).toEqual([
      ...Array<number>(4).fill(LoginLogType.loginFail),
      LoginLogType.temporarilyBlocked,
      LoginLogType.temporarilyBlocked,
      LoginLogType.temporarilyBlocked,
      LoginLogType.success,
      LoginLogType.loginFail,
    ]);
  });

  it('lifts the block when time passes without another login', async () => {
    for (let i = 0; i < 5; i += 1) await login(t, 'demo', 'wrong-password');
    t.clock.now += 15 * MINUTE - 1;
    expect(errorOf(await login(t, 'demo', 'demo1234')).code).toBe(ErrorCode.temporarilyBlocked);
    t.clock.now += 1;
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
  });

  it('resets the failure count on a successful login', async () => {
    await login(t, 'demo', 'bad-1');
    await login(t, 'demo', 'bad-2');
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
    expect(errorOf(await login(t, 'demo', 'bad-3')).Params).toMatchObject({ left_count: 4 });
  });

  it('keeps players apart: one blocked account does not block another', async () => {
    for (let i = 0; i < 5; i += 1) await login(t, 'demo', 'wrong-password');
    expect((await login(t, 'player2', 'player2pass')).status).toBe(200);
  });

  it('answers 10701 for an unknown username and logs it without a player', async () => {
    const answer = await login(t, 'nobody', 'whatever1');
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toEqual({ code: ErrorCode.wrongCredentials, ErrorMessage: expect.any(String), Params: {} });
    const [entry] = t.sim.store.loginLog();
    expect(entry).toMatchObject({ playerId: null, type: LoginLogType.loginFail, ip: '127.0.0.1', country: 'TR' });
  });

  it('answers 10704 for a banned player, but only once the password is right', async () => {
    const right = await login(t, 'banned', 'banned123');
    expect(right.status).toBe(403);
    expect(errorOf(right).code).toBe(ErrorCode.banned);

    // A wrong password on a banned account looks like any other wrong password.
    const wrong = await login(t, 'banned', 'guess-1234');
    expect(errorOf(wrong).code).toBe(ErrorCode.wrongCredentialsCounted);

    expect(logTypes('banned')).toEqual([LoginLogType.notAllowed, LoginLogType.loginFail]);
    expect(t.sim.store.loginLog().every((entry) => entry.type !== LoginLogType.success)).toBe(true);
  });

  it('answers 10703 to a visitor from a country that is not allowed', async () => {
    const answer = await login(t, 'demo', 'demo1234', { 'x-sim-country': 'FR' });
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toEqual({
      code: ErrorCode.ipNotPermitted,
      ErrorMessage: expect.any(String),
      Params: { country: 'FR', ip: '127.0.0.1' },
    });
    const [entry] = t.sim.store.loginLog();
    expect(entry).toMatchObject({ playerId: playerId('demo'), type: LoginLogType.notAllowed, country: 'FR' });
    // The refused attempt did not count as a login.
    expect(t.sim.store.playerByUsername('demo')?.lastLogon).toBeNull();
  });

  it('lets a visitor pose as an allowed country in any case', async () => {
    expect((await login(t, 'demo', 'demo1234', { 'x-sim-country': 'gb' })).status).toBe(200);
    expect(t.sim.store.loginLog()[0]?.country).toBe('GB');
  });

  it('ignores a malformed country header and uses the local country', async () => {
    expect((await login(t, 'demo', 'demo1234', { 'x-sim-country': 'FRA' })).status).toBe(200);
    expect(t.sim.store.loginLog()[0]?.country).toBe('TR');
  });

  it('writes a login log row for every attempt, with ip and time', async () => {
    await login(t, 'demo', 'demo1234');
    t.clock.now += MINUTE;
    await login(t, 'demo', 'wrong-one');
    const rows = t.sim.store.loginLog({ playerId: playerId('demo') });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ type: LoginLogType.loginFail, ip: '127.0.0.1', at: START_TIME + MINUTE });
    expect(rows[1]).toMatchObject({ type: LoginLogType.success, ip: '127.0.0.1', at: START_TIME });
  });
});
