import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_CHECK_TRIES } from '../../machines/ipCheck.ts';
import { login, startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { DEMO_ID, joinFromLobby, loginToLobby, recordToasts, simCall, toastLog, transfer, waitLive } from './play.ts';

/**
 * Issue 21: real networks. An outage is retried a bounded number of times with the backoff; only
 * a 401 ends a login; expiry runs on the operator's clock; a double tap is one operation.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rngSeed: 'networks' });
});
afterAll(async () => {
  await h?.close();
});

const fault = (path: string, status: number, times: number, code?: number) =>
  simCall(h.sim, 'POST', '/sim/fault', { path, status, times, ...(code === undefined ? {} : { code }) });
const clearFaults = () => simCall(h.sim, 'DELETE', '/sim/fault');

describe('real networks end to end', () => {
  it('a failing IP check is asked a bounded number of times, then the network-error screen and its retry', async () => {
    await fault('/check', 500, 1000);
    const { page } = await h.newPage();
    let checks = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/check') checks += 1;
    });
    await page.goto('/login');
    // The backoff's tries take at most 0.5 + 1 + 2… seconds: the screen comes, and stays.
    await page.getByText('error on network connection please reflesh your page').waitFor({ timeout: 15_000 });
    const atScreen = checks;
    await page.waitForTimeout(3000);
    expect(atScreen).toBe(IP_CHECK_TRIES);
    expect(checks).toBe(IP_CHECK_TRIES);
    await clearFaults();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
  });

  it('a token check without an answer (5xx) keeps the login: reconnecting, then back in the lobby', async () => {
    const { page } = await h.newPage();
    await loginToLobby(page);
    await fault('/api/validate', 503, 2);
    await page.reload();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor({ timeout: 15_000 });
    expect(page.url()).toMatch(/\/lobby$/);
    // A long outage: the network-error screen, the token still kept; its retry goes back in.
    await fault('/api/validate', 503, 1000);
    await page.reload();
    await page.getByText('error on network connection please reflesh your page').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).not.toBeNull();
    await clearFaults();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    // And a real "no" still ends it.
    await simCall(h.sim, 'POST', '/sim/end-session', { username: 'demo' });
    await page.reload();
    await page.waitForURL(/\/login/);
  }, 60_000);

  it('a device clock a day ahead does not end the login (expiry runs on the operator clock)', async () => {
    const { page } = await h.newPage();
    await page.addInitScript(() => {
      const RealDate = Date;
      const shift = 24 * 60 * 60 * 1000;
      class ShiftedDate extends RealDate {
        constructor(...args: unknown[]) {
          if (args.length === 0) super(RealDate.now() + shift);
          else super(...(args as [number]));
        }
        static override now() {
          return RealDate.now() + shift;
        }
      }
      (window as unknown as { Date: DateConstructor }).Date = ShiftedDate as DateConstructor;
    });
    await loginToLobby(page, 'player2', 'player2pass');
    await page.waitForTimeout(5000);
    // Still in: a token judged by the phone's clock would have expired a day ago.
    expect(page.url()).toMatch(/\/lobby$/);
    expect(await page.getByLabel('Email or username').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).not.toBeNull();
  });

  it('a double tap on a coin is one transfer, Spin hammered during a spin is no error, and 70000 on the video reaches the player', async () => {
    const { page } = await h.newPage();
    await recordToasts(page);
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    await joinFromLobby(page, 1, 1);
    const cashIns = () => h.sim.floor.context.ledger.transactions(DEMO_ID).filter((row) => row.action === 3).length;
    const before = cashIns();
    await transfer(page, '$5.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$5.00');
    // Each money update closes the coins (SPEC §4): open them again and tap twice at once.
    const toggle = page.getByRole('button', { name: 'Money transfer' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const coin = page.getByRole('group', { name: 'Transfer to the machine' }).getByRole('button', { name: '$5.00', exact: true });
    await coin.dblclick();
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$10.00');
    await page.waitForTimeout(500);
    // Two presses that were each answered before the next: two transfers. The double tap: one.
    expect(cashIns() - before).toBe(2);

    const spin = page.getByRole('button', { name: 'Spin', exact: true });
    await spin.click();
    for (let i = 0; i < 6; i++) await spin.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await page.waitForTimeout(1000);
    expect((await toastLog(page)).filter((entry) => /Invalid request/.test(entry))).toEqual([]);

    // The operator refuses the video with 70000: the player reads its text, not a silent retry.
    await fault('/whep/1/', 503, 1000, 70000);
    await simCall(h.sim, 'POST', '/sim/video', { machineId: 1, action: 'end' });
    const pipeline = page.getByText('Failed to start pipeline, contact the technical team.');
    await pipeline.waitFor({ timeout: 20_000 });
    await clearFaults();
    const retry = page.getByRole('button', { name: 'Try the video again' });
    if (await retry.isVisible()) await retry.click();
    await pipeline.waitFor({ state: 'detached', timeout: 20_000 });
  }, 90_000);

  it('a link gone silent is shown within 5 s, its controls off, and the game comes back with the same credits; on a slow link a hammered Spin is one spin', async () => {
    // player2's seeded reservation (machine 7) is cancelled first, so they may take another.
    const login = (await simCall(h.sim, 'POST', '/api/login', { username: 'player2', password: 'player2pass', site_id: 0 })) as { token: string; user: { id: string } };
    await fetch(`${h.sim.url}/api/player/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
      body: JSON.stringify({ machineId: 7 }),
    });
    const { page } = await h.newPage();
    await recordToasts(page);
    await loginToLobby(page, 'player2', 'player2pass');
    await joinFromLobby(page, 2, 5);
    await transfer(page, '$5.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$5.00');

    await simCall(h.sim, 'POST', '/sim/silence', { username: 'player2', ms: 7000 });
    const silencedAt = Date.now();
    // Looked for every 50 ms (a locator's own wait looks every 500 ms once it has waited a while):
    // the time measured is the page's, not the wait's.
    await expect.poll(() => page.getByText('Connection Lost, please wait').isVisible(), { timeout: 6000, interval: 50 }).toBe(true);
    expect(Date.now() - silencedAt).toBeLessThan(6000);
    expect(await page.getByRole('button', { name: 'Spin', exact: true }).isDisabled()).toBe(true);
    // The link is back: the game is live again, the credits as they were, nothing spun meanwhile.
    await page.locator('button:has-text("Spin"):enabled').waitFor({ timeout: 25_000 });
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$5.00');
    expect(h.sim.floor.machine(5)?.state().autoplay).toBe(false);

    // A slow link (every frame 1.2 s late each way, nothing lost): Spin pressed four times in a
    // row is one spin, with no error, and the link is not taken for dead.
    const spins = () => h.sim.floor.context.machines.openSessionOf(Number(login.user.id), 5)!.spins;
    const before = spins();
    await simCall(h.sim, 'POST', '/sim/link', { username: 'player2', delayMs: 1200, ms: 10_000 });
    const spin = page.getByRole('button', { name: 'Spin', exact: true });
    for (let i = 0; i < 4; i++) await spin.click({ force: true, timeout: 500 }).catch(() => undefined);
    await expect.poll(spins, { timeout: 10_000 }).toBe(before + 1);
    await page.locator('button:has-text("Spin"):enabled').waitFor({ timeout: 15_000 });
    expect(spins()).toBe(before + 1);
    expect(await page.getByText('Connection Lost, please wait').count()).toBe(0);
    expect((await toastLog(page)).filter((entry) => /Invalid request/.test(entry))).toEqual([]);
    // The link is fast again for the tests after this one (a new fault replaces the old: 1 ms).
    await simCall(h.sim, 'POST', '/sim/link', { username: 'player2', delayMs: 1, ms: 1 });
  }, 60_000);

  it('the browser going offline is a lost link at once, on both sockets; back online, the game and the notifications return', async () => {
    // A player of its own (one login per player), on a free machine.
    await simCall(h.sim, 'POST', '/api/auth/register', {
      username: 'offline1',
      password: 'offline-password',
      email: 'offline1@example.com',
      name: 'Off',
      lastname: 'Line',
    });
    const { context, page } = await h.newPage();
    await loginToLobby(page, 'offline1', 'offline-password');
    await joinFromLobby(page, 3, 9);
    // This player's sockets only: other tests' pages hold (and may reopen) theirs meanwhile.
    const id = h.sim.store.playerByUsername('offline1')!.id;
    const sockets = () => h.sim.sockets.counts(id);
    await expect.poll(() => sockets()).toEqual({ notification: 1, machine: 1 });
    const before = sockets();

    await context.setOffline(true);
    await page.getByText('Connection Lost, please wait').waitFor({ timeout: 2000 });
    expect(await page.getByRole('button', { name: 'Spin', exact: true }).isDisabled()).toBe(true);
    // The client closed both of its sockets on the offline event (the server saw them go).
    await expect.poll(() => sockets()).toEqual({ notification: 0, machine: 0 });
    await context.setOffline(false);
    await waitLive(page);
    // The notification socket came back too, with its backoff.
    await expect.poll(() => sockets(), { timeout: 15_000 }).toEqual(before);
  }, 60_000);
});
