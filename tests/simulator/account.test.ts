import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangePinResponse, ProfileResponse } from '../../protocol/account.ts';
import { LoginLogType, LoginResult } from '../../protocol/auth.ts';
import { pinMatches } from '../../simulator/secrets/pin.ts';
import { ErrorCode, OkResponse } from '../../protocol/errors.ts';
import { call, errorOf, login, loginToken, MINUTE, startTestSimulator, type TestSimulator } from './helpers.ts';

/** The profile screen: GET /api/player/profile, POST change-password and change-pin. */

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator();
});
afterEach(async () => {
  await t.close();
});

const post = (path: string, body: unknown, token?: string) =>
  call(`${t.url}${path}`, token === undefined ? { body } : { body, token });

function expectError(answer: Awaited<ReturnType<typeof call>>, status: number, code: number): void {
  expect(answer.status).toBe(status);
  expect(errorOf(answer).code).toBe(code);
}

describe('GET /api/player/profile', () => {
  it('answers who the player is, the balance, and the login before this one', async () => {
    const first = await loginToken(t);
    const firstProfile = ProfileResponse.parse((await call(`${t.url}/api/player/profile`, { token: first })).body);
    expect(firstProfile).toEqual({
      id: '1',
      username: 'demo',
      name: 'Demo',
      lastname: 'Player',
      email: 'demo@reelside.test',
      balance: 100_000,
      lastLogon: null,
      lastLogonIp: null,
      ip: '127.0.0.1',
    });

    t.clock.now += MINUTE;
    const second = await loginToken(t);
    const profile = ProfileResponse.parse((await call(`${t.url}/api/player/profile`, { token: second })).body);
    expect(profile.lastLogon).toBe(new Date(t.clock.now - MINUTE).toISOString());
    expect(profile.lastLogonIp).toBe('127.0.0.1');
  });

  it('answers 401 without a token', async () => {
    expectError(await call(`${t.url}/api/player/profile`), 401, ErrorCode.invalidRequest);
  });
});

describe('POST /api/player/change-password', () => {
  const change = (body: unknown, token?: string) => post('/api/player/change-password', body, token);

  it('replaces the password: the old one stops working, the new one works, the session stays', async () => {
    const token = await loginToken(t);
    const answer = await change({ oldPassword: 'demo1234', newPassword: 'a much better one' }, token);
    expect(answer.status).toBe(200);
    expect(OkResponse.parse(answer.body).code).toBe(ErrorCode.requestSuccessful);

    expectError(await login(t, 'demo', 'demo1234'), 403, ErrorCode.wrongCredentialsCounted);
    expect((await call(`${t.url}/api/validate`, { token })).status).toBe(200);
    expect((await login(t, 'demo', 'a much better one')).status).toBe(200);

    const types = t.sim.store.loginLog({ playerId: 1 }).map((entry) => entry.type);
    expect(types).toContain(LoginLogType.changedPassword);
  });

  it('answers 40101 for a new password under 8 characters, before looking at the old one', async () => {
    const token = await loginToken(t);
    const short = await change({ oldPassword: 'wrong', newPassword: 'seven77' }, token);
    expectError(short, 400, ErrorCode.passwordTooShort);
    expect(errorOf(short)).toMatchObject({ ErrorMessage: 'password is too short', Params: { min: 8 } });
    // Characters, not UTF-16 units: seven emoji are still too short.
    expectError(await change({ oldPassword: 'demo1234', newPassword: '🎰🎰🎰🎰🎰🎰🎰' }, token), 400, ErrorCode.passwordTooShort);
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
  });

  it('answers 40102 for a new password that is the old one, and changes nothing', async () => {
    const token = await loginToken(t);
    const same = await change({ oldPassword: 'demo1234', newPassword: 'demo1234' }, token);
    expectError(same, 400, ErrorCode.passwordUnchanged);
    expect(t.sim.store.loginLog({ playerId: 1 }).map((entry) => entry.type)).not.toContain(LoginLogType.changedPassword);
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
  });

  it('answers 40001 when the old password is wrong, and changes nothing', async () => {
    const token = await loginToken(t);
    const answer = await change({ oldPassword: 'demo12345', newPassword: 'another password' }, token);
    expectError(answer, 403, ErrorCode.oldPasswordWrong);
    expect(errorOf(answer).ErrorMessage).toBe('old password is wrong');
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
  });

  it('answers 400 40000 for a malformed body and 401 without a token', async () => {
    const token = await loginToken(t);
    for (const body of [{}, { oldPassword: 'demo1234' }, { oldPassword: '', newPassword: 'long enough' }, { oldPassword: 1, newPassword: 2 }, 'x'.repeat(200)]) {
      expectError(await change(body, token), 400, ErrorCode.invalidRequest);
    }
    expectError(await change({ oldPassword: 'demo1234', newPassword: 'x'.repeat(129) }, token), 400, ErrorCode.invalidRequest);
    expectError(await change({ oldPassword: 'demo1234', newPassword: 'long enough' }), 401, ErrorCode.invalidRequest);
  });
});

describe('POST /api/player/change-pin', () => {
  const change = (body: unknown, token?: string) => post('/api/player/change-pin', body, token);
  it('stores a new salted code for the PIN and answers it; validate and login report it from then on', async () => {
    const token = await loginToken(t);
    const before = t.sim.store.playerById(1)?.pinHash;
    const answer = await change({ password: 'demo1234', pin: '908172' }, token);
    expect(answer.status).toBe(200);
    const { pin_code: pinCode } = ChangePinResponse.parse(answer.body);
    expect(await pinMatches(pinCode, '908172')).toBe(true);
    expect(await pinMatches(pinCode, '1234')).toBe(false);

    expect(LoginResult.parse((await call(`${t.url}/api/validate`, { token })).body).pin_code).toBe(pinCode);
    expect(LoginResult.parse((await login(t, 'demo', 'demo1234')).body).pin_code).toBe(pinCode);
    // Stored as the code only.
    expect(t.sim.store.playerById(1)?.pinHash).toBe(pinCode);

    // Setting the same PIN again gives a new salt, so a new code.
    const again = ChangePinResponse.parse((await change({ password: 'demo1234', pin: '908172' }, await loginToken(t))).body);
    expect(again.pin_code).not.toBe(pinCode);
    expect(again.pin_code).not.toBe(before);
  });

  it('answers 40001 for a wrong password and keeps the old PIN', async () => {
    const token = await loginToken(t);
    const before = t.sim.store.playerById(1)?.pinHash;
    expectError(await change({ password: 'nope-nope', pin: '5555' }, token), 403, ErrorCode.oldPasswordWrong);
    expect(t.sim.store.playerById(1)?.pinHash).toBe(before);
    expect(await pinMatches(before ?? '', '1234')).toBe(true);
  });

  it('answers 400 40000 unless the PIN is 4 to 6 digits', async () => {
    const token = await loginToken(t);
    for (const pin of ['123', '1234567', '12a4', ' 1234', '', 1234]) {
      expectError(await change({ password: 'demo1234', pin }, token), 400, ErrorCode.invalidRequest);
    }
    expectError(await change({ pin: '1234' }, token), 400, ErrorCode.invalidRequest);
    expectError(await change({ password: 'demo1234', pin: '1234' }), 401, ErrorCode.invalidRequest);
  });
});
