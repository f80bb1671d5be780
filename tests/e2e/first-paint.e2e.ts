/**
 * The login paints from HTML (issue 24): /login comes with the screen painted in, in the
 * operator's language, before any script runs; the app hydrates it without a shift and keeps
 * what the player typed meanwhile; only a guest on /login gets it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';

/** Layout shifts and console errors (a failed hydration is one) from the page's first moment. */
async function watch(page: Page): Promise<{ errors: string[]; shift: () => Promise<number> }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { errors, shift: () => page.evaluate(() => (window as unknown as { __shift: number }).__shift) };
}

/** Holds the app's code (everything under /assets/) until release() — the page is HTML alone. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('the login painted from HTML', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the whole form before any script runs', async () => {
    const { page } = await h.newPage({ context: { javaScriptEnabled: false, viewport: { width: 390, height: 844 } } });
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to play' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email or username').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    // Styled already: the night theme's page and the card, not unstyled HTML.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 13, 23)');
    const card = await page.getByRole('main').evaluate((main) => main.firstElementChild?.getBoundingClientRect().width ?? 0);
    expect(card).toBeGreaterThan(300);
    expect(card).toBeLessThanOrEqual(390);
  });

  it('keeps what was typed before the script ran, hydrates without a shift, and signs in', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 390, height: 844 } } });
    const { errors, shift } = await watch(page);
    const release = await holdScripts(page);
    // The operator's settings late too: what follows is the hydrated page, before the app has booted.
    let settingsIn!: () => void;
    const settingsHeld = new Promise<void>((resolve) => (settingsIn = resolve));
    await page.route('**/Settings.json', async (route) => {
      await settingsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByLabel('Remember me').uncheck();
    await page.getByLabel('Password', { exact: true }).focus();
    release();
    // Live: the button the page brought disabled (empty fields) is enabled by the app, with
    // nothing typed after the script ran; the player is still in the password field.
    const button = page.getByRole('button', { name: 'Login' });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByLabel('Email or username').inputValue()).toBe('demo');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('demo1234');
    expect(await page.getByLabel('Remember me').isChecked()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    // Booted: the router's login page takes over with the same values and focus.
    settingsIn();
    await expect.poll(() => page.evaluate(() => document.querySelector('#root > main') !== null && performance.getEntriesByName(new URL('/Settings.json', location.href).href).length > 0)).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.getByLabel('Email or username').inputValue()).toBe('demo');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await button.click();
    await page.waitForURL(/\/lobby$/);
    // Not remembered: the token went to this tab's session only.
    expect(await page.evaluate(() => [localStorage.getItem('jwt_access_token'), sessionStorage.getItem('jwt_access_token') !== null])).toEqual([null, true]);
    expect(await shift()).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });

  it('keeps a Login pressed on the hydrated form before the app had booted, and sends it once', async () => {
    const { page } = await h.newPage();
    // The operator's settings answer late: the hydrated form is up, the app is not booted.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/Settings.json', async (route) => {
      await held;
      await route.continue();
    });
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) logins.push(request.method());
    });
    await page.goto('/login');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    const button = page.getByRole('button', { name: 'Login' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => page.getByRole('button', { name: 'Signing in...' }).isVisible()).toBe(true);
    expect(logins).toEqual([]);
    release();
    await page.waitForURL(/\/lobby$/);
    expect(logins).toEqual(['POST']);
  });

  it('only a guest on /login gets it: another address gets the loading card, a kept login is not shown the form', async () => {
    const lobby = await fetch(`${h.sim.url}/lobby`).then((answer) => answer.text());
    expect(lobby).not.toContain('data-prerendered');
    const login = await fetch(`${h.sim.url}/login`).then((answer) => answer.text());
    expect(login).toContain('data-prerendered="login"');

    const { page } = await h.newPage();
    await page.goto('/login');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/lobby$/);
    // Remembered: a reload of /login boots the kept login (no form to hydrate) and goes on to the lobby.
    await page.goto('/login');
    await page.waitForURL(/\/lobby$/);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
  });
});

describe('the login painted in the operator’s language', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ settings: { DEFAULT_LANG: 'ar' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is Arabic and right to left before any script runs, and hydrates as it is', async () => {
    const { page: bare } = await h.newPage({ context: { javaScriptEnabled: false } });
    await bare.goto('/login');
    expect(await bare.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await bare.getByRole('heading', { level: 1 }).textContent()).toBe('سجّل الدخول لتبدأ اللعب');

    const { page } = await h.newPage();
    const { errors, shift } = await watch(page);
    await page.goto('/login');
    await page.getByRole('textbox').first().fill('demo');
    await page.locator('input[name=password]').fill('demo1234');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL(/\/lobby$/);
    expect(await shift()).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });
});
