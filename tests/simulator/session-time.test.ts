import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { LIMIT_COOLING_OFF_MS, MAX_SESSION_MINUTES, SESSION_TIME_WARNING_MS } from '../../protocol/protection.ts';
import { call, errorOf, loginToken, MINUTE, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, notificationSocket } from './sockets.ts';

/**
 * The player's own session-time limit: a login lasts that long and no longer — its REST calls are
 * refused with 10711 and its sockets told so and closed — and a raise waits 24 hours like any
 * other; a new login starts a new session.
 */

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ rngSeed: 'session-time' });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const setLimit = (amount: number | null) =>
  call(`${t.url}/api/player/protection/limit`, { method: 'POST', headers: auth(), body: { kind: 'sessionTime', amount } });
const balance = () => call(`${t.url}/api/player/balance`, { headers: auth() });
/** A page of the login: its notification socket, once the server has it. */
async function readyPage() {
  const page = await notificationSocket(t.url, token);
  page.send({ type: 'init', id: 1 });
  await page.next('ready');
  return page;
}
const warning = (frame: { type: string; info?: { code: number } }) => frame.type === 'info' && frame.info?.code === ErrorCode.sessionTimeWarning;

describe("the player's session-time limit", () => {
  it('ends the login at that age: REST refuses it with 10711, the machine socket is told and closed; a new login plays on', async () => {
    expect((await setLimit(30)).status).toBe(200);
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 1, token });
    await socket.next('joined');

    t.clock.now += 30 * MINUTE - 1;
    expect((await balance()).status).toBe(200);
    t.clock.now += 1;
    const refused = await balance();
    expect([refused.status, errorOf(refused).code]).toEqual([401, ErrorCode.sessionTimeLimit]);
    expect(await socket.next('error', (e) => e.code === ErrorCode.sessionTimeLimit)).toMatchObject({ type: 'error' });
    expect((await socket.closed).reason).toBe(String(ErrorCode.sessionTimeLimit));
    // Every later call with that token says why as well, not only the first.
    const again = await balance();
    expect([again.status, errorOf(again).code]).toEqual([401, ErrorCode.sessionTimeLimit]);
    const validate = await call(`${t.url}/api/validate`, { headers: auth() });
    expect([validate.status, errorOf(validate).code]).toEqual([401, ErrorCode.sessionTimeLimit]);

    token = await loginToken(t);
    expect((await balance()).status).toBe(200);
  });

  it('a lower limit counts at once (a login already past it ends); a raise waits 24 hours', async () => {
    expect((await setLimit(120)).status).toBe(200);
    t.clock.now += 60 * MINUTE;
    expect((await setLimit(45)).status).toBe(200);
    expect(errorOf(await balance()).code).toBe(ErrorCode.sessionTimeLimit);

    token = await loginToken(t);
    const raised = await setLimit(90);
    expect(raised.status).toBe(200);
    expect((raised.body as { limits: Array<{ kind: string; amount: number; pending: unknown }> }).limits.find((l) => l.kind === 'sessionTime')).toEqual({
      kind: 'sessionTime',
      amount: 45,
      pending: { amount: 90, from: t.clock.now + LIMIT_COOLING_OFF_MS },
    });
    t.clock.now += 45 * MINUTE;
    expect(errorOf(await balance()).code).toBe(ErrorCode.sessionTimeLimit);
    // A day on, the raise counts for a new login.
    t.clock.now += LIMIT_COOLING_OFF_MS;
    token = await loginToken(t);
    t.clock.now += 60 * MINUTE;
    expect((await balance()).status).toBe(200);
  });

  it('tells each page of the login, once, five minutes before the limit ends it', async () => {
    const loginAt = t.clock.now;
    expect((await setLimit(30)).status).toBe(200);
    const page = await readyPage();

    t.clock.now = loginAt + 30 * MINUTE - SESSION_TIME_WARNING_MS - 1;
    // Two sweeps (250 ms each) and not a word: more than five minutes are left.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(page.frames.filter(warning)).toEqual([]);

    t.clock.now += 1;
    const told = await page.next('info', (frame) => frame.info.code === ErrorCode.sessionTimeWarning);
    expect(told.info.params).toEqual({ minutes: 5, until: loginAt + 30 * MINUTE });
    // A second page of the same login (a reload) is told too, with what is left then.
    t.clock.now += 2 * MINUTE + 30_000;
    const reloaded = await notificationSocket(t.url, token);
    reloaded.send({ type: 'init', id: 1 });
    expect((await reloaded.next('info', (frame) => frame.info.code === ErrorCode.sessionTimeWarning)).info.params).toEqual({
      minutes: 3,
      until: loginAt + 30 * MINUTE,
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(page.frames.filter(warning)).toHaveLength(1);

    t.clock.now = loginAt + 30 * MINUTE;
    expect((await page.closed).reason).toBe(String(ErrorCode.sessionTimeLimit));
    reloaded.close();
  });

  it('tells a page again when the player lowers the limit and the end comes sooner than it was told', async () => {
    const loginAt = t.clock.now;
    expect((await setLimit(30)).status).toBe(200);
    const page = await readyPage();
    t.clock.now = loginAt + 26 * MINUTE;
    expect((await page.next('info', (frame) => frame.info.code === ErrorCode.sessionTimeWarning)).info.params).toEqual({
      minutes: 4,
      until: loginAt + 30 * MINUTE,
    });
    // Lowered at once: the login now ends at 28 minutes, sooner than it was told.
    expect((await setLimit(28)).status).toBe(200);
    const again = await page.next('info', (frame) => frame.info.code === ErrorCode.sessionTimeWarning && frame.info.params.until !== loginAt + 30 * MINUTE);
    expect(again.info.params).toEqual({ minutes: 2, until: loginAt + 28 * MINUTE });
    // And not again for the same end.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(page.frames.filter(warning)).toHaveLength(2);
    page.close();
  });

  it('says nothing to a login without a session-time limit', async () => {
    const page = await readyPage();
    t.clock.now += 7 * 60 * MINUTE; // within the token's 8 hours
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(page.frames.filter((frame) => frame.type === 'info')).toEqual([]);
    page.close();
  });

  it('says nothing when the token expires before the limit would end the login', async () => {
    await t.close();
    t = await startTestSimulator({ rngSeed: 'session-time', jwtTtlSeconds: 28 * 60 });
    token = await loginToken(t);
    expect((await setLimit(30)).status).toBe(200);
    const page = await readyPage();
    t.clock.now += 26 * MINUTE; // within five minutes of the limit, the token still valid
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(page.frames.filter((frame) => frame.type === 'info')).toEqual([]);
    page.close();
  });

  it('is minutes from 1 to a day', async () => {
    expect((await setLimit(MAX_SESSION_MINUTES + 1)).status).toBe(400);
    expect((await setLimit(0)).status).toBe(400);
    expect((await setLimit(MAX_SESSION_MINUTES)).status).toBe(200);
  });
});
