import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { jwtVerify, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_ATTEMPTS } from '../../protocol/auth.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { verifySync } from '../../simulator/auth/tokens.ts';
import { HashPool } from '../../simulator/limits/hash-pool.ts';
import { FAIR_SHARE } from '../../simulator/limits/policy.ts';
import { call, errorOf, loginToken, MINUTE, startTestSimulator, type TestSimulator } from './helpers.ts';

/**
 * Issue 20 (3, 4): a secret is guessed no faster with a token than at the login form, and one
 * address cannot flood the password hashing that everyone's login shares.
 */

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator();
});
afterEach(async () => {
  await t.close();
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { code: number; Params: Record<string, unknown> };
}

/** A JSON POST from a chosen loopback address: the simulator tells addresses by the peer's IP. */
function postFrom(from: string, path: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${t.url}${path}`,
      { method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => {
          const retry = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter: Array.isArray(retry) ? retry[0] : retry, body: JSON.parse(text) as Answer['body'] });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const loginFrom = (from: string, username: string, password: string) => postFrom(from, '/api/login', { username, password, site_id: 0 });

describe('one address against the login', () => {
  it('200 logins in flight from one address: the excess is refused with 429 10708 before hashing, and other addresses log in', async () => {
    const flood = await Promise.all(Array.from({ length: 200 }, (_, i) => loginFrom('127.0.0.5', `nobody-${i}`, 'guess-guess')));
    const refused = flood.filter((a) => a.status === 429);
    const hashed = flood.filter((a) => a.status === 403);
    // At most a few at once, and once past the free failures the address waits: the flood
    // costs a handful of hashes, not 200.
    expect(hashed.length).toBeLessThanOrEqual(FAIR_SHARE.freeFailuresPerAddress + FAIR_SHARE.authInFlightPerAddress);
    expect(refused.length).toBe(200 - hashed.length);
    for (const answer of refused) {
      expect(answer.body.code).toBe(ErrorCode.tooManyRequests);
      expect(answer.retryAfter).toBe(String(answer.body.Params.retry_after));
    }
    // Another address is not held back by the flood.
    const other = await loginFrom('127.0.0.6', 'demo', 'demo1234');
    expect(other.status).toBe(200);
  });

  it('past the free failures, each failure doubles the wait before the address may try again', async () => {
    for (let i = 0; i <= FAIR_SHARE.freeFailuresPerAddress; i++) {
      expect((await loginFrom('127.0.0.7', `unknown-${i}`, 'guess-guess')).body.code).toBe(ErrorCode.wrongCredentials);
    }
    // Even the right password of a real account waits: the address is in its backoff.
    const waiting = await loginFrom('127.0.0.7', 'demo', 'demo1234');
    expect(waiting.status).toBe(429);
    expect(waiting.body).toMatchObject({ code: ErrorCode.tooManyRequests, Params: { retry_after: 1 } });
    expect(waiting.retryAfter).toBe('1');
    expect((await loginFrom('127.0.0.8', 'demo', 'demo1234')).status).toBe(200);
  });

  it('an address holds at most its share of connections: the excess closes as it arrives', async () => {
    const extra = 8;
    let closed = 0;
    const sockets = await Promise.all(
      Array.from(
        { length: FAIR_SHARE.connectionsPerAddress + extra },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect({ port: t.sim.port, host: '127.0.0.1', localAddress: '127.0.0.10' });
            socket.on('error', () => undefined);
            socket.once('close', () => (closed += 1));
            socket.once('connect', () => resolve(socket));
          }),
      ),
    );
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(extra);
    // The others stay open: held, not refused.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(extra);
    sockets.forEach((socket) => socket.destroy());
    // Another address is served all the while.
    expect((await loginFrom('127.0.0.11', 'demo', 'demo1234')).status).toBe(200);
  }, 30_000);

  it('registrations of one address come from a bucket of their own', async () => {
    const answers = [];
    for (let i = 0; i < FAIR_SHARE.registrations.burst + 1; i++) {
      answers.push(
        await postFrom('127.0.0.9', '/api/auth/register', {
          username: `newplayer${i}`,
          password: 'a-long-password',
          email: `new${i}@example.com`,
          name: 'New',
          lastname: 'Player',
        }),
      );
    }
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ status: 429, body: { code: ErrorCode.tooManyRequests } });
  });
});

describe('one attempt policy for every password check', () => {
  const changePassword = (token: string, oldPassword: string) =>
    call(`${t.url}/api/player/change-password`, { token, body: { oldPassword, newPassword: 'another-password-1' } });
  const changePin = (token: string, password: string) => call(`${t.url}/api/player/change-pin`, { token, body: { password, pin: '9876' } });

  it('wrong current passwords with a token count like wrong logins: the limit blocks the account, even for the right one', async () => {
    const token = await loginToken(t, 'player2', 'player2pass');
    for (let left = SECRET_ATTEMPTS.max - 1; left >= 1; left--) {
      // Change password and change PIN share the count.
      const wrong = left % 2 === 0 ? await changePassword(token, 'not-it') : await changePin(token, 'not-it');
      expect(wrong.status).toBe(403);
      expect(errorOf(wrong)).toMatchObject({ code: ErrorCode.oldPasswordWrong, Params: { left_count: left } });
    }
    const last = await changePassword(token, 'not-it');
    expect(errorOf(last)).toMatchObject({ code: ErrorCode.temporarilyBlocked, Params: { block_time: SECRET_ATTEMPTS.blockMinutes } });
    // Blocked: the right password is not even checked, here or at the login form.
    expect(errorOf(await changePassword(token, 'player2pass')).code).toBe(ErrorCode.temporarilyBlocked);
    expect(errorOf(await call(`${t.url}/api/login`, { body: { username: 'player2', password: 'player2pass', site_id: 0 } })).code).toBe(
      ErrorCode.temporarilyBlocked,
    );
    // The password did not change.
    t.clock.now += SECRET_ATTEMPTS.blockMinutes * MINUTE;
    expect((await call(`${t.url}/api/login`, { body: { username: 'player2', password: 'player2pass', site_id: 0 } })).status).toBe(200);
  });

  it('concurrent wrong guesses are each counted', async () => {
    const token = await loginToken(t, 'player2', 'player2pass');
    const answers = await Promise.all(Array.from({ length: SECRET_ATTEMPTS.max + 3 }, () => changePassword(token, 'not-it')));
    const codes = answers.map((a) => errorOf(a).code);
    expect(codes.filter((c) => c === ErrorCode.oldPasswordWrong)).toHaveLength(SECRET_ATTEMPTS.max - 1);
    expect(codes.filter((c) => c === ErrorCode.temporarilyBlocked)).toHaveLength(4);
  });

  it('the right password starts the count again', async () => {
    const token = await loginToken(t, 'player2', 'player2pass');
    for (let i = 0; i < SECRET_ATTEMPTS.max - 1; i++) await changePin(token, 'not-it');
    expect((await changePin(token, 'player2pass')).status).toBe(200);
    expect(errorOf(await changePin(token, 'not-it')).Params).toMatchObject({ left_count: SECRET_ATTEMPTS.max - 1 });
  });
});

describe('token checks', () => {
  const key = new TextEncoder().encode('k'.repeat(32));
  const now = Date.UTC(2026, 0, 15, 12);
  const claims = {
    sub: '7',
    username: 'demo',
    permissions: [100, 145],
    group: 1,
    type: 1,
    iat: now / 1000,
    exp: now / 1000 + 3600,
    jti: 'c0ffee00-0000-4000-8000-000000000000',
  };

  it('are verified synchronously, never accepting a tampered token that jose refuses', async () => {
    const good = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    expect(verifySync(good, key, now)).toMatchObject({ ok: true, claims: { sub: '7' } });
    expect(verifySync(good, key, now + 3600_000)).toEqual({ ok: false, reason: 'expired' });
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: good.length - 1 }), fc.constantFrom(...'ABCDEFabcdef0123456789-_.='), async (at, char) => {
        const token = good.slice(0, at) + char + good.slice(at + 1);
        const ours = verifySync(token, key, now).ok;
        const jose = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now) }).then(
          () => true,
          () => false,
        );
        // Never accept what jose refuses (jose may accept padding we do not).
        if (ours) expect(jose).toBe(true);
      }),
      { numRuns: 300 },
    );
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${good.split('.')[1]}.`;
    expect(verifySync(none, key, now).ok).toBe(false);
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode('k'.repeat(64)));
    expect(verifySync(hs512, key, now).ok).toBe(false);
  });
});

describe('the hashing pool', () => {
  it('runs at most its concurrency at once, queues a bounded number, refuses the rest with 10708', async () => {
    const pool = new HashPool(2, 3);
    let running = 0;
    let most = 0;
    const work = () =>
      pool.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return 'done';
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, work));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as { code: number }).code)).toEqual([ErrorCode.tooManyRequests, ErrorCode.tooManyRequests, ErrorCode.tooManyRequests]);
    expect(pool.running).toBe(0);
    expect(await work()).toBe('done');
  });
});
