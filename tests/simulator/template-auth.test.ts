import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginLogType, LoginResult } from '../../protocol/auth.ts';
import { pinMatches } from '../../simulator/secrets/pin.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { BalanceResponse } from '../../protocol/player.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { RegisterResult, UserSettingsResponse } from '../../protocol/template.ts';
import { Ledger } from '../../simulator/store/ledger.ts';
import { call, errorOf, login, loginToken, startTestSimulator, START_TIME, type TestSimulator } from './helpers.ts';

/** The template's account calls: POST /api/auth/register, GET /api/auth/user, POST /api/auth/user/update. */

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator();
});
afterEach(async () => {
  expect(new Ledger(t.sim.store, () => t.clock.now).audit().difference).toBe(0);
  await t.close();
});

const NEWCOMER = { username: 'newcomer', password: 'spin-to-win', email: 'new@reelside.test', name: 'New', lastname: 'Comer' };
const register = (body: unknown, headers: Record<string, string> = {}) => call(`${t.url}/api/auth/register`, { body, headers });

describe('POST /api/auth/register', () => {
  it('creates a player with an empty wallet and logs them in', async () => {
    const answer = await register(NEWCOMER);
    expect(answer.status).toBe(200);
    const result = RegisterResult.parse(answer.body);
    if (!('user' in result)) throw new Error(`expected a user, got ${JSON.stringify(result)}`);
    expect(result.user).toEqual({ id: '4', username: 'newcomer', name: 'New', lastname: 'Comer', email: 'new@reelside.test' });

    const validated = LoginResult.parse((await call(`${t.url}/api/validate`, { token: result.access_token })).body);
    expect(validated.user).toEqual(result.user);
    // No PIN given: the operator's default (DEFAULT_PIN).
    expect(await pinMatches(validated.pin_code ?? '', DEFAULT_SETTINGS.DEFAULT_PIN)).toBe(true);
    const balance = BalanceResponse.parse((await call(`${t.url}/api/player/balance`, { token: result.access_token })).body);
    expect(balance.balance).toBe(0);

    expect((await login(t, 'newcomer', 'spin-to-win')).status).toBe(200);
    expect(t.sim.store.loginLog({ playerId: 4 }).at(-1)).toMatchObject({ type: LoginLogType.success, at: START_TIME });
  });

  it('without a PIN gives the default PIN the operator configured, also when it changes at run time', async () => {
    await t.close();
    t = await startTestSimulator({ settings: { DEFAULT_PIN: '864200' } });
    const first = RegisterResult.parse((await register(NEWCOMER)).body);
    if (!('user' in first)) throw new Error('expected a user');
    expect(await pinMatches(t.sim.store.playerById(4)?.pinHash ?? '', '864200')).toBe(true);
    expect((await call(`${t.url}/sim/settings`, { method: 'PUT', body: { DEFAULT_PIN: '2468' } })).status).toBe(200);
    RegisterResult.parse((await register({ ...NEWCOMER, username: 'newcomer2' })).body);
    expect(await pinMatches(t.sim.store.playerByUsername('newcomer2')?.pinHash ?? '', '2468')).toBe(true);
  });

  it('takes an optional PIN and no lastname', async () => {
    const { lastname: _lastname, ...withoutLastname } = NEWCOMER;
    const result = RegisterResult.parse((await register({ ...withoutLastname, pin: '246810' })).body);
    if (!('user' in result)) throw new Error('expected a user');
    expect(result.user.lastname).toBe('');
    expect(await pinMatches(t.sim.store.playerById(4)?.pinHash ?? '', '246810')).toBe(true);
  });

  it('answers {error} for a taken username, whatever its case, and creates nobody', async () => {
    for (const username of ['demo', 'DEMO', 'Player2']) {
      const answer = await register({ ...NEWCOMER, username });
      expect(answer.status).toBe(200);
      expect(RegisterResult.parse(answer.body)).toEqual({ error: { username: 'The username is already taken' } });
    }
    expect(t.sim.store.countPlayers()).toBe(3);
    // The real owner's password still works.
    expect((await login(t, 'demo', 'demo1234')).status).toBe(200);
  });

  it('answers 400 40000 for invalid fields', async () => {
    const bad = [
      { ...NEWCOMER, username: 'abc' },
      { ...NEWCOMER, username: 'has space' },
      { ...NEWCOMER, username: '-dash' },
      { ...NEWCOMER, password: 'short' },
      { ...NEWCOMER, email: 'not-an-email' },
      { ...NEWCOMER, name: '   ' },
      { ...NEWCOMER, pin: '12' },
      { username: 'newcomer', password: 'spin-to-win' },
      [],
    ];
    for (const body of bad) {
      const answer = await register(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).code).toBe(ErrorCode.invalidRequest);
    }
    expect(t.sim.store.countPlayers()).toBe(3);
  });

  it('answers 10703 to a visitor from a country not permitted, before creating anyone', async () => {
    const answer = await register(NEWCOMER, { 'x-sim-country': 'FR' });
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toMatchObject({ code: ErrorCode.ipNotPermitted, Params: { country: 'FR' } });
    expect(t.sim.store.playerByUsername('newcomer')).toBeUndefined();
  });
});

describe('UI settings: GET /api/auth/user and POST /api/auth/user/update', () => {
  const SETTINGS = { layout: { style: 'layout3', config: { navbar: { folded: true } } }, theme: { main: 'dark' }, shortcuts: ['lobby', 'transactions'] };
  const read = (token?: string) => call(`${t.url}/api/auth/user`, token === undefined ? {} : { token });
  const update = (body: unknown, token?: string) => call(`${t.url}/api/auth/user/update`, token === undefined ? { body } : { body, token });

  it('starts empty, stores the document whole, and reads it back per player', async () => {
    const token = await loginToken(t);
    expect(UserSettingsResponse.parse((await read(token)).body)).toEqual({ user: {}, updatedAt: null });

    const saved = await update({ user: SETTINGS }, token);
    expect(saved.status).toBe(200);
    expect(UserSettingsResponse.parse(saved.body)).toEqual({ user: SETTINGS, updatedAt: new Date(START_TIME).toISOString() });
    expect(UserSettingsResponse.parse((await read(token)).body).user).toEqual(SETTINGS);

    // Replaced whole, not merged.
    t.clock.now += 1000;
    await update({ user: { theme: { main: 'light' } } }, token);
    expect(UserSettingsResponse.parse((await read(token)).body)).toEqual({
      user: { theme: { main: 'light' } },
      updatedAt: new Date(START_TIME + 1000).toISOString(),
    });

    const player2 = await loginToken(t, 'player2', 'player2pass');
    expect(UserSettingsResponse.parse((await read(player2)).body).user).toEqual({});
  });

  it('accepts up to 16 KB and refuses more, or anything but an object', async () => {
    const token = await loginToken(t);
    const padding = (bytes: number) => ({ note: 'x'.repeat(bytes - '{"note":""}'.length) });
    expect((await update({ user: padding(16 * 1024) }, token)).status).toBe(200);
    for (const body of [{ user: padding(16 * 1024 + 1) }, { user: [] }, { user: 'dark' }, { user: null }, {}, SETTINGS]) {
      const answer = await update(body, token);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).code).toBe(ErrorCode.invalidRequest);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await read()).status).toBe(401);
    expect((await update({ user: SETTINGS })).status).toBe(401);
  });
});
