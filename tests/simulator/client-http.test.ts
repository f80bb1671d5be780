/**
 * The client's JSON client (src/services/http.ts) against the real simulator: token, query,
 * answers checked by the wire schemas, and every failure as an ApiFailure with its status and
 * code — the shape the machines turn into messages.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_FILTER } from '../../machines/accountList.ts';
import { createAccountService } from '../../src/services/account.ts';
import { createFloorService, EARLY_LOBBY_MS } from '../../src/services/floor.ts';
import { ApiFailure } from '../../src/services/apiFailure.ts';
import { createHttp } from '../../src/services/http.ts';
import { createAuthService } from '../../src/services/session.ts';
import { call, startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator();
});
afterAll(() => t.close());

function client(token: string | null = null, apiBase = `${t.url}/api/`) {
  const onUnauthorized = vi.fn();
  const http = createHttp({ apiBase, getToken: () => token, onUnauthorized });
  return { http, onUnauthorized, auth: createAuthService(http, 0), account: createAccountService(http) };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

describe('http client over the simulator', () => {
  it('posts JSON, reads the validated answer, and sends the bearer token it is given', async () => {
    const session = await client().auth.login({ username: 'demo', password: 'demo1234', remember: false });
    expect(session.user.username).toBe('demo');
    const { auth } = client(session.token);
    expect(await auth.balance()).toBe(100_000);
  });

  it('sends the query parameters (paging of the login log)', async () => {
    const { token } = await client().auth.login({ username: 'demo', password: 'demo1234', remember: false });
    const page = await client(token).account.loginLog({ page: 1, size: 1, filter: NO_FILTER });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
  });

  it('turns an operator error into its code, message and params', async () => {
    const failure = await failureOf(client().auth.login({ username: 'demo', password: 'wrong-one', remember: false }));
    expect(failure.status).toBe(403);
    expect(failure.code).toBe(10700);
    expect(failure.params).toHaveProperty('left_count');
  });

  it('reports a 401 to the auth machine and fails with it', async () => {
    const { auth, onUnauthorized } = client('not-a-token');
    const failure = await failureOf(auth.balance());
    expect(failure.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledWith(failure, 'not-a-token');
  });

  it('refuses an answer that is not what the wire promises (40000), and a body that is not JSON', async () => {
    await call(`${t.url}/sim/fault`, { body: { path: '/api/player/balance', garbage: true } });
    const { token } = await client().auth.login({ username: 'demo', password: 'demo1234', remember: false });
    const failure = await failureOf(client(token).auth.balance());
    expect(failure.code).toBe(40000);
    expect(failure.message).toMatch(/unexpected answer from \/player\/balance/);
  });

  it('a server that cannot be reached is a network failure (status 0)', async () => {
    const failure = await failureOf(client(null, 'http://127.0.0.1:9/api').auth.balance());
    expect(failure.status).toBe(0);
    expect(failure.code).toBeNull();
  });
});

describe("the operator's clock", () => {
  it('expiry is measured on the server clock the answers tell, not the device clock', async () => {
    // The simulator's clock here is months away from this machine's: a phone with a wrong clock.
    expect(Math.abs(Date.now() - t.clock.now)).toBeGreaterThan(24 * 60 * 60_000);
    const { http, auth } = client();
    const session = await auth.login({ username: 'player2', password: 'player2pass', remember: false });
    expect(Math.abs(http.serverNow() - t.clock.now)).toBeLessThan(1500);
    // The token lives 8 hours from the operator's now, whatever the device thinks.
    expect(Math.abs(session.expiresInMs - 8 * 60 * 60_000)).toBeLessThan(1500);
    const validated = await auth.validate(session.token);
    expect(Math.abs(validated.expiresInMs - 8 * 60 * 60_000)).toBeLessThan(1500);
  });
});

describe('the floor service', () => {
  /** The floor over a counted http client: every GET's path, in order. */
  async function floorOf(clock: { now: number }) {
    const { token } = await client().auth.login({ username: 'demo', password: 'demo1234', remember: false });
    const { http } = client(token);
    const asked: string[] = [];
    const counted = { ...http, get: ((path, schema, init) => (asked.push(path), http.get(path, schema, init))) as typeof http.get };
    return { floor: createFloorService(counted, () => clock.now), asked };
  }

  it("hands the early lobby answer to the lobby's first load of every machine, and asks again after", async () => {
    const clock = { now: 0 };
    const { floor, asked } = await floorOf(clock);
    floor.prefetchLobby();
    expect(asked).toEqual(['/machine/brands', '/machine/all']);
    clock.now += EARLY_LOBBY_MS;
    const first = await floor.lobby({ brandId: null, showLobby: true });
    expect(first.machines.length).toBeGreaterThan(0);
    expect(asked).toHaveLength(2);
    // Taken once: the next load (a refresh) asks the server.
    await floor.lobby({ brandId: null, showLobby: true });
    expect(asked).toEqual(['/machine/brands', '/machine/all', '/machine/brands', '/machine/all']);
  });

  it('does not hand an early answer to a load of one brand, nor one older than EARLY_LOBBY_MS', async () => {
    const clock = { now: 0 };
    const { floor, asked } = await floorOf(clock);
    floor.prefetchLobby();
    await floor.lobby({ brandId: 1, showLobby: true });
    expect(asked).toEqual(['/machine/brands', '/machine/all', '/machine/brands', '/machine/1']);
    // Dropped by that load: the lobby of every machine afterwards asks again.
    await floor.lobby({ brandId: null, showLobby: true });
    expect(asked.slice(4)).toEqual(['/machine/brands', '/machine/all']);

    floor.prefetchLobby();
    clock.now += EARLY_LOBBY_MS + 1;
    await floor.lobby({ brandId: null, showLobby: true });
    expect(asked.slice(6)).toEqual(['/machine/brands', '/machine/all', '/machine/brands', '/machine/all']);
  });
});
