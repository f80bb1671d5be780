/** What the floor does to a visit: close warnings, a closed session, removal. */
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../simulator/server.ts';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { DEMO_ID, joinFromLobby, loginToLobby, recordToasts, simCall, toastLog, toasts, transfer, usd } from './play.ts';

let h: Harness | undefined;
async function fresh(options: Partial<SimulatorOptions> = {}): Promise<Harness> {
  h = await startHarness({ rngSeed: 'play-floor', ...options });
  return h;
}
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the lobby floor', () => {
  it('shows machine status changes live, without a reload, and a machine out of service cannot be joined', async () => {
    const { sim, newPage } = await fresh();
    const { page } = await newPage();
    await loginToLobby(page);
    await page.getByTestId('brand-1').click();
    const tile = page.getByTestId('machine-2');
    await expect.poll(() => tile.getAttribute('data-status')).toBe('free');
    await tile.getByRole('button', { name: 'Play' }).waitFor();
    // The notification socket lives in a worker of its own, off the page's main thread.
    expect(page.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/\/notificationWorker-[\w-]+\.js$/));
    // One change, shown: the page hears the floor (a change sent before its notification socket
    // had said who it is would reach it only with the lobby's next refresh).
    await simCall(sim, 'POST', '/sim/machine-status', { machineId: 2, status: 'offline' });
    await expect.poll(() => tile.getAttribute('data-status'), { timeout: 12_000 }).toBe('offline');
    // Two changes in quick succession: the last one is what the tile shows.
    await simCall(sim, 'POST', '/sim/machine-status', { machineId: 2, status: 'playing' });
    await simCall(sim, 'POST', '/sim/machine-status', { machineId: 2, status: 'malfunction' });
    await expect.poll(() => tile.getAttribute('data-status'), { timeout: 3000 }).toBe('malfunction');
    expect(await tile.getByRole('button', { name: 'Play' }).count()).toBe(0);
    await simCall(sim, 'POST', '/sim/machine-status', { machineId: 2, status: 'free' });
    await expect.poll(() => tile.getAttribute('data-status'), { timeout: 3000 }).toBe('free');
    await tile.getByRole('button', { name: 'Play' }).waitFor();
    // SPEC §3: the selected brand chosen again is deselected (the lobby's rule; the page follows).
    expect(page.url()).toMatch(/\/lobby\/1\/golden-reels$/);
    await page.getByTestId('brand-1').click();
    await page.waitForURL(/\/lobby$/);
  });

  it('a page opened at the lobby asks for its machines once, before the lobby is drawn rather than after', async () => {
    const { newPage } = await fresh();
    const { page } = await newPage();
    await loginToLobby(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/machine/')) asked.push(path);
    });
    // Whether the lobby's heading was on the page when the machines were asked for.
    await page.addInitScript(() => {
      const kept = window as unknown as { lobbyDrawnAtAsk?: boolean };
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        // The app's own lobby (in #root), not the one the page came painted with.
        if (url.includes('/machine/all')) kept.lobbyDrawnAtAsk ??= [...document.querySelectorAll('#root h1')].some((h) => h.textContent === 'Lobby');
        return fetch(input, init);
      };
    });
    await page.goto('/lobby');
    await page.getByTestId('brand-1').waitFor();
    expect(await page.evaluate(() => (window as unknown as { lobbyDrawnAtAsk?: boolean }).lobbyDrawnAtAsk)).toBe(false);
    // Once: the lobby's first load takes that answer rather than asking again.
    expect(asked).toEqual(['/api/machine/brands', '/api/machine/all']);
  });

  it('choosing a brand, another and none again is the same lobby: its brands stay on the page and only the machines are asked for', async () => {
    const { newPage } = await fresh();
    const { page } = await newPage();
    await loginToLobby(page);
    await page.getByTestId('brand-1').waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/machine/')) asked.push(path);
    });
    // Any moment the brands left the page (a new lobby starting over shows their loading places).
    await page.evaluate(() => {
      const kept = window as unknown as { brandsGone: number };
      kept.brandsGone = 0;
      new MutationObserver(() => {
        if (!document.querySelector('[data-testid="brand-1"]')) kept.brandsGone += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('brand-1').click();
    await page.waitForURL(/\/lobby\/1\/golden-reels$/);
    await page.getByTestId('machine-1').waitFor();
    await page.getByTestId('brand-2').click();
    await page.waitForURL(/\/lobby\/2\//);
    await page.getByTestId('brand-2').click();
    await page.waitForURL(/\/lobby$/);
    await expect.poll(() => asked.filter((path) => path === '/api/machine/brands').length).toBe(3);
    expect(asked.filter((path) => path !== '/api/machine/brands')).toEqual(['/api/machine/1', '/api/machine/2', '/api/machine/all']);
    expect(await page.evaluate(() => (window as unknown as { brandsGone: number }).brandsGone)).toBe(0);
  });

  it("a lobby open in another tab lists the player's own reservation as soon as the server makes it, not at its next refresh", async () => {
    // The lobby's own refresh is ten minutes away: only the session frame can bring the reservation.
    const { sim, newPage } = await fresh({ settings: { LOBBY_UPDATE_SECONDS: 600 } });
    const { context, page: lobbyTab } = await newPage();
    await loginToLobby(lobbyTab);
    const gameTab = await context.newPage();
    await gameTab.goto('/lobby');
    await joinFromLobby(gameTab, 1, 1);
    await transfer(gameTab, '$50.00');
    await expect.poll(() => gameTab.getByTestId('game-credits').textContent()).toBe('$50.00');

    await gameTab.close();
    await expect.poll(() => sim.floor.machine(1)?.status).toBe('waiting');
    const reserved = lobbyTab.locator('section[aria-labelledby="reserved-title"]').getByTestId('machine-1');
    await reserved.getByText('Reserved for you').waitFor({ timeout: 5000 });
  });
});

describe('close warnings', () => {
  it('a no-play warning counts down in one toast, and an accepted transfer ends it', async () => {
    const { sim, newPage } = await fresh();
    const { page } = await newPage();
    await recordToasts(page);
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);

    await simCall(sim, 'POST', '/sim/warn', { machineId: 1, code: 18802, count: 30 });
    const countdown = toasts(page, /seconds left to continue/);
    await countdown.waitFor();
    expect(await countdown.count()).toBe(1);
    // The floor ticks once a second: the same toast now says 29 (read from the page's own record of
    // what the toast said: its first tick may come at once, so 29 can be on screen for a moment only).
    await expect
      .poll(async () => (await toastLog(page)).some((entry) => entry.endsWith(':29 seconds left to continue')), { timeout: 8000 })
      .toBe(true);
    expect(await countdown.count()).toBe(1);
    const log = (await toastLog(page)).filter((entry) => entry.includes('seconds left to continue'));
    const node = log[0]?.split(':')[0];
    expect(node).toMatch(/^\d+$/);
    expect(log.slice(0, 2)).toEqual([`${node}:30 seconds left to continue`, `${node}:29 seconds left to continue`]);

    await transfer(page, '$5.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$5.00');
    await countdown.waitFor({ state: 'detached', timeout: 8000 });
    // And it does not come back: the server's warning is over too.
    await page.waitForTimeout(1500);
    expect(await countdown.count()).toBe(0);
    expect(page.url()).toMatch(/\/game\/1\//);
  });

  it('without credits the grace runs out by itself and the 18800 countdown starts; a transfer ends it', async () => {
    // Scale 0.1: 6 s without credits start the warning.
    const { sim, newPage } = await fresh({ timerScale: 0.1 });
    const { page } = await newPage();
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    expect(await page.getByTestId('game-credits').textContent()).toBe('$0.00');

    // The machine's own screen says when the floor starts the warning; then back to real time
    // (one countdown step a second), so there is time to answer it.
    await expect
      .poll(() => sim.floor.machine(1)?.screen().message ?? '', { timeout: 10_000, interval: 10 })
      .toMatch(/SECONDS LEFT TO DEPOSIT FUNDS/);
    await simCall(sim, 'PUT', '/sim/timers', { scale: 1 });
    const countdown = toasts(page, /^\d+ seconds left to deposit funds$/);
    await countdown.waitFor();
    expect(await countdown.count()).toBe(1);
    expect(await countdown.getAttribute('data-variant')).toBe('warning');

    await transfer(page, '$5.00');
    await countdown.waitFor({ state: 'detached', timeout: 8000 });
    await page.waitForTimeout(1500);
    expect(await countdown.count()).toBe(0);
    expect(page.url()).toMatch(/\/game\/1\//);
    expect(sim.floor.machine(1)?.status).toBe('playing');
  });

  it('without credits the 18800 countdown runs out: the session is closed and the player is back in the lobby', async () => {
    // Scale 0.1: 6 s without credits start the warning, which counts 10 steps of 100 ms.
    const { sim, newPage } = await fresh({ timerScale: 0.1 });
    const { page } = await newPage();
    await recordToasts(page);
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    expect(await page.getByTestId('game-credits').textContent()).toBe('$0.00');

    await page.waitForURL(/\/lobby$/, { timeout: 15_000 });
    const closed = toasts(page, 'Your session was closed and your credits were cashed out.');
    await closed.waitFor();
    expect(await closed.getAttribute('data-variant')).toBe('error');
    // The countdown was shown on the way, and is gone now.
    const countdown = (await toastLog(page)).filter((entry) => /:\d+ seconds left to deposit funds$/.test(entry));
    expect(countdown.length).toBeGreaterThan(0);
    expect(await toasts(page, /seconds left to deposit funds/).count()).toBe(0);
    expect(sim.floor.machine(1)?.status).toBe('free');
    expect(sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_000);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,000.00');
  });
});

describe('the floor ends a visit', () => {
  it('removed by the operator: a toast says so, the player is in the lobby with the credits back', async () => {
    const { sim, newPage } = await fresh();
    const { page } = await newPage();
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    await transfer(page, '$50.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$50.00');

    await simCall(sim, 'POST', '/sim/remove', { machineId: 1 });
    const removed = toasts(page, 'You have been removed from the game.');
    await removed.waitFor();
    expect(await removed.getAttribute('data-variant')).toBe('warning');
    await page.waitForURL(/\/lobby$/);
    expect(sim.floor.machine(1)?.status).toBe('free');
    expect(sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_000);
    expect(sim.floor.context.ledger.audit().difference).toBe(0);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,000.00');
    await expect.poll(() => sim.video.activeEncoders(), { timeout: 10000 }).toBe(0);
  });

  it('a closed session (18801): an error toast, the lobby, and the wallet the server holds', async () => {
    const { sim, newPage } = await fresh();
    const { page } = await newPage();
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    await transfer(page, '$100.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$100.00');

    // A one-step warning: the next tick ends it with 18801 and closeSession.
    await simCall(sim, 'POST', '/sim/warn', { machineId: 1, code: 18802, count: 1 });
    const closed = toasts(page, 'Your session was closed and your credits were cashed out.');
    await closed.waitFor({ timeout: 10000 });
    expect(await closed.getAttribute('data-variant')).toBe('error');
    await page.waitForURL(/\/lobby$/);
    const ledger = sim.floor.context.ledger;
    expect(ledger.credits(1)).toBe(0);
    expect(ledger.balance(DEMO_ID)).toBe(100_000);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain(usd(ledger.balance(DEMO_ID)));
    expect(ledger.audit().difference).toBe(0);
    expect(sim.floor.machine(1)?.status).toBe('free');
    await expect.poll(() => sim.video.activeEncoders(), { timeout: 10000 }).toBe(0);
  });
});
