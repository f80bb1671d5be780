import { decodeJwt, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginLogType, LoginResult } from '../../protocol/auth.ts';
import { ErrorCode, OkResponse } from '../../protocol/errors.ts';
import { BalanceResponse } from '../../protocol/player.ts';
import { CHECK_LOG_EVERY_MS } from '../../simulator/api/session.ts';
import { call, errorOf, login, loginToken, MINUTE, startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator();
});
afterEach(async () => {
  await t.close();
});

const validate = (token?: string, headers: Record<string, string> = {}) =>
  call(`${t.url}/api/validate`, token === undefined ? { headers } : { token, headers });
const balance = (token?: string) => call(`${t.url}/api/player/balance`, token === undefined ? {} : { token });
const logout = (token?: string) =>
  call(`${t.url}/api/player/logout`, token === undefined ? { method: 'POST' } : { method: 'POST', token });

function expect401(answer: Awaited<ReturnType<typeof call>>, code: number): void {
  expect(answer.status).toBe(401);
  expect(errorOf(answer).code).toBe(code);
}

describe('GET /api/validate', () => {
  it('answers the same token with fresh login fields and logs a check', async () => {
    await login(t, 'demo', 'demo1234'); // so the next login has a previous one
    t.clock.now += MINUTE;
    const loggedIn = LoginResult.parse((await login(t, 'demo', 'demo1234')).body);
    t.clock.now += MINUTE;

    const answer = await validate(loggedIn.token);
    expect(answer.status).toBe(200);
    const result = LoginResult.parse(answer.body);
    expect(result.token).toBe(loggedIn.token);
    expect(result.pin_code).toBe(loggedIn.pin_code);
    expect(result.user).toEqual(loggedIn.user);
    expect(result.ip_address).toBe('127.0.0.1');
    // The same "last login" the login reported, not the login that made this token.
    expect(result.last_logon).toBe(loggedIn.last_logon);
    expect(result.last_logon).not.toBeNull();
    expect(result.last_logon_ip).toBe(loggedIn.last_logon_ip);

    const [entry] = t.sim.store.loginLog({ playerId: Number(result.user.id) });
    expect(entry).toMatchObject({ type: LoginLogType.check, at: t.clock.now });
  });

  it('logs a token check once per login session, then again only after 30 minutes', async () => {
    const token = await loginToken(t);
    const checks = () => t.sim.store.loginLog({ playerId: 1 }).filter((entry) => entry.type === LoginLogType.check).length;
    for (let i = 0; i < 5; i++) {
      expect((await validate(token)).status).toBe(200);
      t.clock.now += MINUTE;
    }
    expect(checks()).toBe(1);
    t.clock.now += CHECK_LOG_EVERY_MS;
    expect((await validate(token)).status).toBe(200);
    expect(checks()).toBe(2);
    // Another login is another session: its first check is logged.
    expect((await validate(await loginToken(t))).status).toBe(200);
    expect(checks()).toBe(3);
  });

  it('answers 401 40000 without a bearer token', async () => {
    expect401(await validate(), ErrorCode.invalidRequest);
    expect401(await validate(undefined, { authorization: 'Basic ZGVtbzpkZW1vMTIzNA==' }), ErrorCode.invalidRequest);
    expect401(await validate(undefined, { authorization: 'Bearer' }), ErrorCode.invalidRequest);
  });

  it('answers 401 10 for garbage and for tokens we did not sign', async () => {
    expect401(await validate('not-a-token'), ErrorCode.signatureNotVerified);
    expect401(await validate('abc.def.ghi'), ErrorCode.signatureNotVerified);

    const genuine = await loginToken(t);
    const forged = await new SignJWT(decodeJwt(genuine))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('an attacker secret of enough length!!'));
    expect401(await validate(forged), ErrorCode.signatureNotVerified);

    // A genuine token with its claims edited (more permissions) no longer verifies.
    const [header, , signature] = genuine.split('.');
    const claims = { ...decodeJwt(genuine), permissions: [1, 100, 145] };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect401(await validate(tampered), ErrorCode.signatureNotVerified);

    // alg none is refused.
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${genuine.split('.')[1]}.`;
    expect401(await validate(unsigned), ErrorCode.signatureNotVerified);
  });

  it('answers 401 50100 once the token has expired', async () => {
    const token = await loginToken(t);
    t.clock.now += 8 * 60 * MINUTE - 1000;
    expect((await validate(token)).status).toBe(200);
    t.clock.now += 1000;
    expect401(await validate(token), ErrorCode.sessionTerminated);
    expect401(await balance(token), ErrorCode.sessionTerminated);
  });

  it('honours a shorter jwtTtlSeconds', async () => {
    const short = await startTestSimulator({ jwtTtlSeconds: 60 });
    try {
      const token = await loginToken(short);
      const claims = decodeJwt(token);
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);
      short.clock.now += 61_000;
      expect401(await call(`${short.url}/api/validate`, { token }), ErrorCode.sessionTerminated);
    } finally {
      await short.close();
    }
  });
});

describe('POST /api/player/logout', () => {
  it('revokes the session: the same token is refused afterwards', async () => {
    const other = await loginToken(t, 'player2', 'player2pass'); // another player stays logged in
    const token = await loginToken(t);

    const answer = await logout(token);
    expect(answer.status).toBe(200);
    expect(OkResponse.parse(answer.body).code).toBe(ErrorCode.requestSuccessful);

    expect401(await validate(token), ErrorCode.sessionTerminated);
    expect401(await balance(token), ErrorCode.sessionTerminated);
    expect401(await logout(token), ErrorCode.sessionTerminated);
    expect((await validate(other)).status).toBe(200);

    const jti = String(decodeJwt(token).jti);
    expect(t.sim.store.session(jti)?.revokedAt).toBe(t.clock.now);
    expect(t.sim.store.loginLog().some((entry) => entry.type === LoginLogType.logout)).toBe(true);
  });

  it('needs a token', async () => {
    expect401(await logout(), ErrorCode.invalidRequest);
  });
});

describe('GET /api/player/balance', () => {
  it('answers the balance in minor units for the token owner', async () => {
    const demo = await balance(await loginToken(t, 'demo', 'demo1234'));
    expect(demo.status).toBe(200);
    expect(BalanceResponse.parse(demo.body)).toEqual({ balance: 100_000 });

    const player2 = await balance(await loginToken(t, 'player2', 'player2pass'));
    expect(BalanceResponse.parse(player2.body)).toEqual({ balance: 25_000 });
  });

  it('refuses a token whose player has been banned since login, with the ban\'s code', async () => {
    const token = await loginToken(t);
    const demo = t.sim.store.playerByUsername('demo');
    t.sim.store.setBanned(demo?.id ?? -1, true);
    expect401(await balance(token), ErrorCode.banned);
  });

  // A request that crosses the end of its login hears the same reason as the login's sockets,
  // so the client tells the player why whichever it hears first.
  it('answers a request of an ended login with the code the login ended with', async () => {
    const ends: [string, (token: string) => Promise<unknown>, number][] = [
      ['logout', (token) => logout(token), ErrorCode.sessionTerminated],
      ['ban', () => call(`${t.url}/sim/ban`, { method: 'POST', body: { username: 'demo', banned: true } }), ErrorCode.banned],
      ['login elsewhere', () => loginToken(t), ErrorCode.loggedInElsewhere],
      ['operator', () => call(`${t.url}/sim/end-session`, { method: 'POST', body: { username: 'demo' } }), ErrorCode.sessionEndedByOperator],
    ];
    for (const [cause, end, code] of ends) {
      const token = await loginToken(t);
      expect((await balance(token)).status, cause).toBe(200);
      await end(token);
      const answer = await balance(token);
      expect([cause, answer.status, errorOf(answer).code]).toEqual([cause, 401, code]);
      expect(errorOf(await validate(token)).code, cause).toBe(code);
      await call(`${t.url}/sim/ban`, { method: 'POST', body: { username: 'demo', banned: false } });
    }
  });

  it('needs a token', async () => {
    expect401(await balance(), ErrorCode.invalidRequest);
    expect401(await balance('garbage'), ErrorCode.signatureNotVerified);
  });
});
