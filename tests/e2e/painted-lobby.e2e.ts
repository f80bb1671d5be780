/**
 * The lobby paints from HTML (issue 24): /lobby comes with its first screen painted in — the
 * default layout's frame and the operator's brands, pictures first — before any script runs; the
 * app boots under it and takes it away in the commit that draws its own tiles, or as soon as it
 * must show something else (a refused token's login).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { watchShift } from './shift.ts';

async function token(h: Harness, username = 'demo', password = 'demo1234'): Promise<string> {
  const answer = await fetch(`${h.sim.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, site_id: 0 }),
  });
  return ((await answer.json()) as { token: string }).token;
}

/**
 * Records, from the page's first moment, what was there when the painted lobby went: the app's
 * own brand tiles (and #root shown) in the same moment, or not.
 */
async function watchTakeOver(page: Page): Promise<() => Promise<{ painted: boolean; gone: boolean; appTiles: number; rootShown: boolean }>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __takeOver: { painted: boolean; gone: boolean; appTiles: number; rootShown: boolean } };
    w.__takeOver = { painted: false, gone: false, appTiles: -1, rootShown: false };
    new MutationObserver((records, observer) => {
      if (document.getElementById('painted-lobby')) w.__takeOver.painted = true;
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof HTMLElement && node.id === 'painted-lobby') {
            const root = document.getElementById('root');
            w.__takeOver = {
              painted: true,
              gone: true,
              appTiles: document.querySelectorAll('#root [data-testid^="brand-"]').length,
              rootShown: root !== null && getComputedStyle(root).visibility === 'visible',
            };
            observer.disconnect();
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __takeOver: { painted: boolean; gone: boolean; appTiles: number; rootShown: boolean } }).__takeOver);
}

describe('the lobby painted from HTML', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the operator’s brands with their pictures before any script runs, each a link to its brand', async () => {
    const { page } = await h.newPage({ context: { javaScriptEnabled: false, viewport: { width: 390, height: 844 } } });
    await page.goto(`/lobby?token=${encodeURIComponent(await token(h))}`);
    const tile = page.getByRole('link', { name: /Golden Reels/ });
    await expect.poll(() => tile.isVisible()).toBe(true);
    expect(await tile.getAttribute('href')).toBe('/lobby/1/golden-reels');
    expect(await tile.textContent()).toMatch(/Jackpot \$[\d,]+\.\d\d\s*4 machines$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Lobby');
    // Two tiles a row on a phone, their pictures loaded; the balance is the player's and says it is loading.
    const pictures = page.locator('#painted-lobby img');
    await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const [first, second] = await Promise.all([0, 1].map((i) => pictures.nth(i).boundingBox()));
    expect(first!.y).toBe(second!.y);
    expect(first!.width).toBeGreaterThan(150);
    expect(await page.locator('#painted-lobby').getByText('loading..').isVisible()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 13, 23)');

    // A tap before the app is there goes where it means.
    await tile.click();
    await page.waitForURL(/\/lobby\/1\/golden-reels$/);
  });

  it('is taken over in the moment the app draws its own tiles: never a frame without tiles, no shift, no error', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 390, height: 844 } } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const shift = await watchShift(page);
    const takeOver = await watchTakeOver(page);
    await page.goto(`/lobby?token=${encodeURIComponent(await token(h))}`);
    await page.getByTestId('brand-1').waitFor();
    await expect.poll(async () => (await takeOver()).gone).toBe(true);
    expect(await takeOver()).toEqual({ painted: true, gone: true, appTiles: 5, rootShown: true });
    expect(await page.locator('#painted-lobby').count()).toBe(0);
    // The app's lobby is live: a brand opens its machines.
    await page.getByTestId('brand-1').click();
    await page.waitForURL(/\/lobby\/1\/golden-reels$/);
    expect(await shift()).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });

  it('stands while the floor’s answers are late, the app booted under it, and gives way to the app’s tiles without a shift', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 412, height: 823 } } });
    const shift = await watchShift(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/machine/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/lobby?token=${encodeURIComponent(await token(h))}`);
    // The app is up (its balance came) while its lobby waits: the painted tiles are what is seen.
    await expect.poll(() => page.evaluate(() => document.querySelector('#root [data-testid="balance"]')?.textContent ?? ''), { timeout: 15_000 }).toMatch(/\$1,000\.00/);
    expect(await page.getByRole('link', { name: /Golden Reels/ }).isVisible()).toBe(true);
    expect(await page.getByTestId('brand-1').count()).toBe(0);
    release();
    await page.getByTestId('brand-1').waitFor();
    expect(await page.locator('#painted-lobby').count()).toBe(0);
    expect(await shift()).toBeLessThanOrEqual(0.02);
  });

  it('starts the app once its first screen’s pictures are in — not before, and not waiting for one that does not come', async () => {
    for (const pictures of ['late', 'lost'] as const) {
      const { page } = await h.newPage({ context: { viewport: { width: 390, height: 844 } } });
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/images/machines/*.webp', async (route) => {
        await held;
        await route.continue();
      });
      // Not until 'load': that waits for the pictures held here.
      await page.goto(`/lobby?token=${encodeURIComponent(await token(h))}`, { waitUntil: 'domcontentloaded' });
      await page.waitForTimeout(700);
      // The pictures are what the page waits for: the app's code is not even asked for meanwhile.
      expect(asked.some((path) => path.startsWith('/assets/boot-')), pictures).toBe(false);
      if (pictures === 'late') release();
      await page.getByTestId('brand-1').waitFor({ timeout: 15_000 });
      expect(asked.some((path) => path.startsWith('/assets/boot-')), pictures).toBe(true);
      release();
    }
  });

  it('goes as soon as the app must say something else: a token the server does not take finds the login', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 390, height: 844 } } });
    const takeOver = await watchTakeOver(page);
    await page.goto('/lobby?token=not-a-token');
    await expect.poll(() => page.getByLabel('Email or username').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await takeOver()).toMatchObject({ painted: true, gone: true, appTiles: 0, rootShown: true });
  });

  it('goes when the app’s code cannot be downloaded: the network error is said, with its reload', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 390, height: 844 } } });
    await page.route(/\/assets\/boot-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto(`/lobby?token=${encodeURIComponent(await token(h))}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('error on network connection please reflesh your page');
    expect(await page.locator('#painted-lobby').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
  });

  it('is not in the pages of other addresses', async () => {
    const { page } = await h.newPage({ context: { javaScriptEnabled: false } });
    for (const address of ['/login', '/lobby/1/golden-reels', '/profile']) {
      await page.goto(address);
      expect(await page.locator('#painted-lobby').count(), address).toBe(0);
    }
  });
});

describe('the lobby painted in the operator’s language', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ settings: { DEFAULT_LANG: 'ar' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is Arabic and right to left before any script runs, its amounts and counts written as the app writes them', async () => {
    const { page: bare } = await h.newPage({ context: { javaScriptEnabled: false, viewport: { width: 390, height: 844 } } });
    await bare.goto('/lobby');
    expect(await bare.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const paintedTile = bare.locator('#painted-lobby a[href="/lobby/1/golden-reels"]');
    const painted = [await paintedTile.locator('.jackpot').textContent(), await paintedTile.locator('.count').textContent()];

    const { page } = await h.newPage({ context: { viewport: { width: 390, height: 844 } } });
    await page.goto(`/lobby?token=${encodeURIComponent(await token(h))}`);
    const drawn = [await page.getByTestId('brand-1').locator('.jackpot').textContent(), await page.getByTestId('brand-1').locator('.count').textContent()];
    expect(painted).toEqual(drawn);
    // The first tile at the start edge: the right in Arabic.
    const box = await page.getByTestId('brand-1').boundingBox();
    expect(box!.x).toBeGreaterThan(390 / 2);
  });
});
