/**
 * Installable (issue 12): a linked manifest with its icons, a service worker that controls the
 * page after the first visit and precaches the app shell only, and a translated offline page
 * instead of the browser's error when the network is gone.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_CHECK_TRIES } from '../../machines/ipCheck.ts';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rngSeed: 'pwa' });
});
afterAll(async () => {
  await h?.close();
});

describe('the installable app', () => {
  it('links a manifest that names the app, starts at the lobby, standalone, with 192/512 and maskable icons', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await fetch(`${h.sim.url}${href}`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Reelside', short_name: 'Reelside', start_url: '/lobby', display: 'standalone' });
    expect(manifest.theme_color).toBe('#0b0d17');
    expect(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await fetch(`${h.sim.url}${icon.src}`);
      expect(image.status).toBe(200);
      const bytes = Buffer.from(await image.arrayBuffer());
      // The PNG's own size (IHDR) is what the manifest says.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  it('a returning player (the worker in control) gets /login painted, from the network, not the shell', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const painted = () => page.evaluate(() => document.getElementById('root')?.dataset.prerendered ?? null);
    expect(await painted()).toBe('login');
    // Sent back to the login from a page that needs one: the same.
    await page.goto('/login?redirect=%2Fprofile');
    expect(await painted()).toBe('login');
    await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
  });

  it('the service worker controls the page after the first visit; offline, the shell still starts and says so, and no API answer comes from a cache', async () => {
    const { context, page } = await h.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The heading can be the page's painted login: wait for the app itself (its IP check), so
    // none of this page's requests is counted as the offline page's below.
    const booted = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/check');
    await page.reload();
    await booted;
    await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Every request the page makes while offline (the worker answers them or fails them).
    let requests = 0;
    let checks = 0;
    page.on('request', (request) => {
      requests += 1;
      if (new URL(request.url()).pathname === '/check') checks += 1;
    });
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('alert').filter({ hasText: 'You are offline' }).waitFor();
      // No retry storm (issue 21): an offline page left alone makes a handful of requests (the
      // shell, settings, the IP check's bounded tries, whose backoff ends within 7 s) and then
      // none, not the ~120 a second it once did.
      await page.waitForTimeout(8000);
      expect(checks).toBe(IP_CHECK_TRIES);
      expect(requests).toBeLessThan(40);
      const settled = requests;
      await page.waitForTimeout(2000);
      expect(requests).toBe(settled);
      expect(await page.getByText('Reelside needs the network to show the machines.', { exact: false }).isVisible()).toBe(true);
      const api = await page.evaluate(async () => {
        const tries = ['/Settings.json', '/api/player/balance', '/check'];
        return Promise.all(tries.map((url) => fetch(url).then((r) => `${url} ${r.status}`, () => `${url} failed`)));
      });
      expect(api).toEqual(['/Settings.json failed', '/api/player/balance failed', '/check failed']);
    } finally {
      await context.setOffline(false);
    }
    // Back online the app carries on by itself: the login form.
    await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
  });

  it('a page the service worker controls, online but with the operator unreachable, asks a bounded number of times', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The browser says online; the operator's calls fail at the network (the shell is cached).
    let checks = 0;
    await page.route('**/check', (route) => {
      checks += 1;
      return route.abort('connectionrefused');
    });
    await page.reload();
    await page.getByText('error on network connection please reflesh your page').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2000);
    expect(checks).toBe(IP_CHECK_TRIES);
  });

  it('a new build waits for the player: a Reload prompt, and after it the page runs under the new worker', async () => {
    // A copy of the build that can become 'the next build' while the page is open.
    const root = mkdtempSync(join(tmpdir(), 'reelside-pwa-'));
    cpSync(process.env.E2E_DIST ?? 'dist', root, { recursive: true });
    const next = await startHarness({ rngSeed: 'pwa-update', staticDir: root });
    try {
      const { page } = await next.newPage();
      await page.goto('/login');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
      const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
      expect(first).toMatch(/\/sw\.js$/);
      expect(await page.getByText('A new version of Reelside is ready.').count()).toBe(0);

      appendFileSync(join(root, 'sw.js'), '\n// the next build\n');
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByRole('status').filter({ hasText: 'A new version of Reelside is ready.' });
      await prompt.waitFor({ timeout: 10_000 });
      // The worker takes over, or the page reloads anyway after TAKE_OVER_WAITS_MS (6 s in all):
      // room for that and a load on a busy machine.
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null))).toBeNull();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expect(await page.getByText('A new version of Reelside is ready.').count()).toBe(0);
    } finally {
      await next.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

