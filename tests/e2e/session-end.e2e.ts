/**
 * A session is one thing everywhere (DESIGN §7): when it ends on the server — logout elsewhere
 * with the same token, a login on another device, a ban, an operator's kick, expiry — the open
 * page's sockets are closed with the code, and the player lands on /login with its message.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { DEMO_ID, joinFromLobby, loginToLobby, simCall, toasts, transfer } from './play.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rngSeed: 'session-end' });
});
afterAll(async () => {
  await h?.close();
});

function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('jwt_access_token') ?? sessionStorage.getItem('jwt_access_token') ?? '');
}

async function endsAtLogin(page: Page, message: string | RegExp): Promise<void> {
  await page.waitForURL(/\/login/, { timeout: 5000 });
  await toasts(page, message).first().waitFor();
  // Counted down on the server's close events, which come after the close handshake, not with the page.
  await expect.poll(() => h.sim.sockets.counts()).toEqual({ notification: 0, machine: 0 });
  // Said once: the machine socket's own notice of the end is not a second toast.
  await page.waitForTimeout(300);
  expect(await toasts(page, message).count()).toBe(1);
  expect(await toasts(page, /Cashed out/).count()).toBe(0);
}

describe('the session ends everywhere at once', () => {
  it('a logout with the same token while playing: both sockets close, /login says the session was terminated, the credits wait on the machine', async () => {
    const { page } = await h.newPage();
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    await transfer(page, '$50.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$50.00');

    const answer = await fetch(`${h.sim.url}/api/player/logout`, { method: 'POST', headers: { authorization: `Bearer ${await tokenOf(page)}` } });
    expect(answer.status).toBe(200);
    await endsAtLogin(page, 'The session has been terminated, the transaction cannot be processed.');
    // Reserved for the player's return; the reservation pays the credits back when it lapses.
    expect(h.sim.floor.machine(1)?.status).toBe('waiting');
    expect(h.sim.floor.context.ledger.credits(1)).toBe(5000);
    await simCall(h.sim, 'POST', '/sim/remove', { machineId: 1 });
    expect(h.sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_000);
  });

  it('a login on another device ends this one', async () => {
    const { page } = await h.newPage();
    await loginToLobby(page);
    const other = await fetch(`${h.sim.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234', site_id: 0 }),
    });
    expect(other.status).toBe(200);
    await endsAtLogin(page, 'You logged in on another device or browser, so this session has ended.');
  });

  it('a ban ends the session with its message', async () => {
    const { page } = await h.newPage();
    await loginToLobby(page, 'player2', 'player2pass');
    await simCall(h.sim, 'POST', '/sim/ban', { username: 'player2', banned: true });
    await endsAtLogin(page, 'You have been banned.');
    await simCall(h.sim, 'POST', '/sim/ban', { username: 'player2', banned: false });
  });

  it('a ban heard first by a request, not by the socket, says the same', async () => {
    const { context, page } = await h.newPage();
    // The notification socket hears nothing of the end: its frames and its close stay with us.
    // (It runs in the page, where it can be routed, without a Worker.)
    await page.addInitScript(() => Reflect.deleteProperty(globalThis, 'Worker'));
    let routed = 0;
    await context.routeWebSocket(/\/ws\//, (socket) => {
      routed += 1;
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!String(message).includes('"error"')) socket.send(message);
      });
      server.onClose(() => {});
    });
    await loginToLobby(page, 'player2', 'player2pass');
    expect(routed).toBeGreaterThan(0);
    await simCall(h.sim, 'POST', '/sim/ban', { username: 'player2', banned: true });
    // The lobby's next refresh (every LOBBY_UPDATE_SECONDS) is the first to hear of it.
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await toasts(page, 'You have been banned.').first().waitFor();
    await simCall(h.sim, 'POST', '/sim/ban', { username: 'player2', banned: false });
  });

  it('an operator ending the session sends the player to /login with its message', async () => {
    const { page } = await h.newPage();
    await loginToLobby(page);
    await simCall(h.sim, 'POST', '/sim/end-session', { username: 'demo' });
    await endsAtLogin(page, 'An operator ended your session. Log in again to continue.');
  });

  it('an expired token ends the session', async () => {
    // Long enough for the login to reach the lobby on a busy machine (the token lives ttl − <1 s:
    // its iat is whole seconds), short enough to end while the test watches.
    const short = await startHarness({ rngSeed: 'session-end-expiry', jwtTtlSeconds: 8 });
    try {
      const { page } = await short.newPage();
      await loginToLobby(page);
      await page.waitForURL(/\/login/, { timeout: 15_000 });
      await toasts(page, /Your session has expired|The session has been terminated/).first().waitFor();
      await expect.poll(() => short.sim.sockets.counts()).toEqual({ notification: 0, machine: 0 });
    } finally {
      await short.close();
    }
  });
});
