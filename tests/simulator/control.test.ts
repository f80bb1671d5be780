import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpCheckResult } from '../../protocol/check.ts';
import { SimHealth } from '../../protocol/control.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { BalanceResponse } from '../../protocol/player.ts';
import { DEFAULT_SETTINGS, Settings } from '../../protocol/settings.ts';
import { call, errorOf, login, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator({ settings: { AUTO_BONUS: true, SITE_ID: 7 } });
});
afterEach(async () => {
  await t.close();
});

const settings = async () => Settings.parse((await call(`${t.url}/Settings.json`)).body);
const check = async (country?: string) => {
  const answer = await call(`${t.url}/check`, { headers: country ? { 'x-sim-country': country } : {} });
  expect(answer.status).toBe(200);
  return IpCheckResult.parse(answer.body);
};

describe('GET /Settings.json', () => {
  it('serves the defaults merged with the start options', async () => {
    expect(await settings()).toEqual({ ...DEFAULT_SETTINGS, AUTO_BONUS: true, SITE_ID: 7 });
  });

  it('serves exactly the defaults when started without settings', async () => {
    const plain = await startTestSimulator();
    try {
      expect((await call(`${plain.url}/Settings.json`)).body).toEqual(DEFAULT_SETTINGS);
    } finally {
      await plain.close();
    }
  });

  it('refuses invalid start settings', async () => {
    await expect(startTestSimulator({ settings: { VOLUME: 3 } })).rejects.toThrow();
  });
});

describe('/sim/settings', () => {
  it('overrides what /Settings.json serves, cumulatively, until reset', async () => {
    const put = await call(`${t.url}/sim/settings`, { method: 'PUT', body: { LAYOUT: 'layout3', PIN_CHECK: false } });
    expect(put.status).toBe(200);
    await call(`${t.url}/sim/settings`, { method: 'PUT', body: { DEFAULT_LANG: 'tr' } });
    expect(await settings()).toMatchObject({ LAYOUT: 'layout3', PIN_CHECK: false, DEFAULT_LANG: 'tr', AUTO_BONUS: true });

    expect((await call(`${t.url}/sim/settings`, { method: 'DELETE' })).status).toBe(200);
    expect(await settings()).toEqual({ ...DEFAULT_SETTINGS, AUTO_BONUS: true, SITE_ID: 7 });
  });

  it('refuses bad values and unknown keys without changing anything', async () => {
    for (const body of [{ VOLUME: 5 }, { LAYOUT: 'layout9' }, { NOT_A_SETTING: true }, [1, 2]]) {
      const answer = await call(`${t.url}/sim/settings`, { method: 'PUT', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).code).toBe(ErrorCode.invalidRequest);
    }
    expect(await settings()).toEqual({ ...DEFAULT_SETTINGS, AUTO_BONUS: true, SITE_ID: 7 });
  });
});

describe('GET /check and /sim/allowed-countries', () => {
  it('allows the local country and blocks a posed foreign one', async () => {
    expect(await check()).toEqual({ status: 1, code: ErrorCode.requestSuccessful, ip: '127.0.0.1', country: 'TR' });
    expect(await check('us')).toMatchObject({ status: 1, code: ErrorCode.requestSuccessful, country: 'US' });
    expect(await check('FR')).toEqual({ status: 0, code: 0, ip: '127.0.0.1', country: 'FR' });
  });

  it('follows the allowed list set through the control API, for /check and login', async () => {
    const put = await call(`${t.url}/sim/allowed-countries`, { method: 'PUT', body: { countries: ['fr'] } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ countries: ['FR'] });

    expect((await check('FR')).status).toBe(1);
    expect(await check()).toMatchObject({ status: 0, code: 0, country: 'TR' });
    expect(errorOf(await login(t, 'demo', 'demo1234')).code).toBe(ErrorCode.ipNotPermitted);
    expect((await login(t, 'demo', 'demo1234', { 'x-sim-country': 'FR' })).status).toBe(200);

    await call(`${t.url}/sim/allowed-countries`, { method: 'DELETE' });
    expect((await check()).status).toBe(1);
  });

  it('refuses malformed country lists', async () => {
    for (const body of [{ countries: ['FRA'] }, { countries: 'FR' }, {}]) {
      expect((await call(`${t.url}/sim/allowed-countries`, { method: 'PUT', body })).status).toBe(400);
    }
    expect((await check()).status).toBe(1);
  });

  it('honours options.localCountry and options.allowedCountries', async () => {
    const abroad = await startTestSimulator({ localCountry: 'fr', allowedCountries: ['DE'] });
    try {
      const result = IpCheckResult.parse((await call(`${abroad.url}/check`)).body);
      expect(result).toMatchObject({ status: 0, code: 0, country: 'FR' });
    } finally {
      await abroad.close();
    }
  });
});

describe('POST /sim/fault', () => {
  it('makes the next calls on a path fail with the given status, then recovers', async () => {
    const token = await loginToken(t);
    const fault = await call(`${t.url}/sim/fault`, { body: { path: '/api/player/balance', status: 503, times: 2 } });
    expect(fault.status).toBe(200);

    for (let i = 0; i < 2; i += 1) {
      const failed = await call(`${t.url}/api/player/balance`, { token });
      expect(failed.status).toBe(503);
      expect(errorOf(failed)).toMatchObject({ code: 503, ErrorMessage: 'simulated fault', Params: { simulated: true } });
    }
    const recovered = await call(`${t.url}/api/player/balance`, { token });
    expect(recovered.status).toBe(200);
    expect(BalanceResponse.parse(recovered.body).balance).toBe(100_000);
  });

  it('matches by path prefix, leaves other paths alone, and can carry a code', async () => {
    await call(`${t.url}/sim/fault`, { body: { path: '/api/player', status: 401, code: ErrorCode.sessionTerminated } });
    expect((await call(`${t.url}/check`)).status).toBe(200);
    const token = await loginToken(t); // /api/login is not under /api/player
    const failed = await call(`${t.url}/api/player/balance`, { token });
    expect(failed.status).toBe(401);
    expect(errorOf(failed).code).toBe(ErrorCode.sessionTerminated);
    expect((await call(`${t.url}/api/player/balance`, { token })).status).toBe(200);
  });

  it('can be kept to one method: a fault for POSTs leaves a GET of the same path alone', async () => {
    const token = await loginToken(t);
    await call(`${t.url}/sim/fault`, { body: { path: '/api/player/balance', method: 'POST', status: 503 } });
    expect((await call(`${t.url}/api/player/balance`, { token })).status).toBe(200);
    expect((await call(`${t.url}/sim/health`)).body).toMatchObject({ pendingFaults: 1 });
    expect((await call(`${t.url}/sim/fault`, { body: { path: '/api', method: 'TRACE', status: 500 } })).status).toBe(400);
  });

  it('can break /check and /Settings.json too, and never the control API', async () => {
    await call(`${t.url}/sim/fault`, { body: { path: '/', status: 500, times: 2 } });
    expect((await call(`${t.url}/sim/health`)).status).toBe(200);
    expect((await call(`${t.url}/check`)).status).toBe(500);
    expect((await call(`${t.url}/Settings.json`)).status).toBe(500);
    expect((await call(`${t.url}/check`)).status).toBe(200);
  });

  it('refuses faults that are not errors', async () => {
    for (const body of [{ path: '/api', status: 200 }, { path: 'api', status: 500 }, { path: '/api', status: 500, times: 0 }]) {
      expect((await call(`${t.url}/sim/fault`, { body })).status).toBe(400);
    }
    expect((await call(`${t.url}/check`)).status).toBe(200);
  });

  it('can answer slowly, and with garbage instead of JSON', async () => {
    const token = await loginToken(t);
    await call(`${t.url}/sim/fault`, { body: { path: '/api/player/balance', delayMs: 300 } });
    const started = performance.now();
    const slow = await call(`${t.url}/api/player/balance`, { token });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(slow.status).toBe(200);
    expect(BalanceResponse.parse(slow.body).balance).toBe(100_000);

    await call(`${t.url}/sim/fault`, { body: { path: '/api/player/balance', garbage: true } });
    const response = await fetch(`${t.url}/api/player/balance`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    await expect(response.clone().json()).rejects.toThrow();
    expect(await response.text()).toContain('not the JSON');
    expect((await call(`${t.url}/sim/fault`, { body: { path: '/api' } })).status).toBe(400);
  });

  it('can be cleared', async () => {
    await call(`${t.url}/sim/fault`, { body: { path: '/check', status: 500, times: 5 } });
    await call(`${t.url}/sim/fault`, { method: 'DELETE' });
    expect((await call(`${t.url}/check`)).status).toBe(200);
  });
});

describe('GET /sim/health and control: false', () => {
  it('reports health with pending faults', async () => {
    await call(`${t.url}/sim/fault`, { body: { path: '/api', status: 500, times: 3 } });
    const health = SimHealth.parse((await call(`${t.url}/sim/health`)).body);
    expect(health.pendingFaults).toBe(3);
    expect(health.allowedCountries).toEqual(['BG', 'DE', 'GB', 'NL', 'TR', 'US']);
  });

  it('has no control API when control is off', async () => {
    const locked = await startTestSimulator({ control: false });
    try {
      expect((await call(`${locked.url}/sim/health`)).status).toBe(404);
      const put = await call(`${locked.url}/sim/settings`, { method: 'PUT', body: { LAYOUT: 'layout3' } });
      expect(put.status).toBe(404);
      expect(Settings.parse((await call(`${locked.url}/Settings.json`)).body).LAYOUT).toBe('layout1');
    } finally {
      await locked.close();
    }
  });
});
