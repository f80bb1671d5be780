import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, PHONE_PORTRAIT, startHarness, type Harness } from '../../scripts/browser/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await fetch(`${h.sim.url}/sim/settings`, { method: 'DELETE' });
});

async function useLayout(layout: 'layout1' | 'layout2' | 'layout3'): Promise<void> {
  const answer = await fetch(`${h.sim.url}/sim/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ LAYOUT: layout }),
  });
  expect(answer.ok).toBe(true);
}

async function signIn(page: Page, language?: 'ar'): Promise<void> {
  if (language) await page.addInitScript((l) => localStorage.setItem('reelside.language', l), language);
  await page.goto('/login');
  if (language === 'ar') {
    await page.getByLabel('البريد الإلكتروني أو اسم المستخدم').fill('demo');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  } else {
    await login(page);
  }
  await page.waitForURL(/\/lobby$/);
  await page.getByRole('heading', { name: language === 'ar' ? 'الصالة' : 'Lobby' }).waitFor();
}

describe('layout end to end', () => {
  it.each(['layout1', 'layout2', 'layout3'] as const)(
    'mobile navigation in %s: the menu button opens the drawer, choosing an item goes there and closes it',
    async (layout) => {
      await useLayout(layout);
      const { page } = await h.newPage({ context: PHONE_PORTRAIT });
      await signIn(page);
      expect(await page.getByTestId('navbar').isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Game Sessions' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Open the menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor();
      expect(await drawer.getByTestId('user-username').textContent()).toBe('@demo');
      // it slides in from the start edge
      await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
      expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(390);

      await drawer.getByRole('link', { name: 'Game Sessions' }).click();
      await page.waitForURL(/\/slot-sessions$/);
      await drawer.waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Open the menu' }).getAttribute('aria-expanded')).toBe('false');

      // Escape closes it too, and the page is usable again.
      await page.getByRole('button', { name: 'Open the menu' }).click();
      await drawer.waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    },
  );

  it('desktop layout 1: the navbar folds to 64 px, and stays folded after a reload', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(page);
    const navbar = page.getByTestId('navbar');
    expect((await navbar.boundingBox())?.width).toBe(280);
    await page.getByRole('button', { name: 'Fold the menu' }).click();
    await page.mouse.move(900, 500);
    await expect.poll(async () => (await navbar.boundingBox())?.width).toBe(64);
    await page.reload();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    expect(await navbar.getAttribute('data-state')).toBe('folded');
    expect((await navbar.boundingBox())?.width).toBe(64);
  });

  it('a footer link opens the served page in a titled modal of 80 % width and height', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Paytables' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paytables' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(1024);
    expect(Math.round(box?.height ?? 0)).toBe(640);
    const frame = page.frameLocator('iframe[title="Paytables"]');
    await frame.getByRole('heading', { name: 'Paytables', level: 1 }).waitFor();
    expect(await frame.getByRole('row', { name: /Wild.*100×.*500×.*2500×/ }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the simulator serves the six information pages', async () => {
    for (const [path, title] of [
      ['/password-reset.html', 'Password Reset Procedure'],
      ['/game-rules-and-content.html', 'Game Rules and Content'],
      ['/player-protection-information.html', 'Player Protection Information'],
      ['/terms-of-use.html', 'Terms of Use'],
      ['/privacy-policy.html', 'Privacy Policy'],
      ['/paytables.html', 'Paytables'],
    ]) {
      const answer = await fetch(`${h.sim.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(await answer.text()).toContain(`<h1>${title}</h1>`);
    }
  });

  it('layout 3: the wallet toggle hides the balance, the info button lists the pages', async () => {
    await useLayout('layout3');
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(page);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,000.00');
    expect(await page.getByTestId('navbar-balance').textContent()).toContain('$1,000.00');
    expect(await page.getByTestId('last-login').textContent()).toContain('Current IP');
    await page.getByRole('button', { name: 'Show balance' }).click();
    expect(await page.getByTestId('balance').count()).toBe(0);
    await page.getByRole('button', { name: 'Information' }).click();
    const dialog = page.getByRole('dialog', { name: 'Information' });
    await dialog.getByRole('button', { name: 'Terms of Use' }).click();
    await page.frameLocator('iframe[title="Terms of Use"]').getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
  });

  it('the wordmark reads left to right beside its reels in Arabic, and shows on layout 3\'s dark bar in a light theme', async () => {
    await useLayout('layout3');
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await page.addInitScript(() => localStorage.setItem('reelside.language', 'ar'));
    await page.goto('/login');
    // The page comes painted in the operator's English; the player's own Arabic replaces it.
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'سجّل الدخول لتبدأ اللعب' }).waitFor();
    const word = page.locator('svg text.word').first();
    // Its text starts right of the third reel (x 44) and ends inside the drawing (150 wide).
    const drawn = async () =>
      word.evaluate((text) => {
        const box = (text as SVGTextElement).getBBox();
        return { start: box.x, end: box.x + box.width };
      });
    // (Measured once the card has laid it out: an unrendered text measures 0 wide.)
    await expect.poll(async () => (await drawn()).end).toBeGreaterThan(0);
    expect((await drawn()).start).toBeGreaterThanOrEqual(44);
    expect((await drawn()).end).toBeLessThanOrEqual(150.5);

    const light = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(light.page);
    await light.page.getByRole('button', { name: 'Settings' }).click();
    const panel = light.page.getByRole('dialog', { name: 'Settings' });
    await panel.getByRole('group', { name: 'Main theme' }).getByRole('radio', { name: 'Daylight' }).check();
    await light.page.keyboard.press('Escape');
    // The admin bar stays night-dark; its wordmark is light on it, not the theme's dark text.
    await expect.poll(() => light.page.getByTestId('admin-bar').locator('svg text.word').evaluate((text) => getComputedStyle(text).fill)).toBe('rgb(241, 243, 250)');

    // demo's profile keeps its theme: back to Night for the tests after this one.
    await light.page.getByRole('button', { name: 'Settings' }).click();
    await panel.getByRole('group', { name: 'Main theme' }).getByRole('radio', { name: 'Night', exact: true }).check();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('Saved to your profile.');
  });

  it('Arabic mirrors the whole layout right to left (screenshots)', async () => {
    await useLayout('layout3');
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(page, 'ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const navbar = await page.getByTestId('navbar').boundingBox();
    // the navbar stands at the right edge, the logo at the right of the admin bar, the balance at its left
    expect(Math.round((navbar?.x ?? 0) + (navbar?.width ?? 0))).toBe(1280);
    const logo = await page.getByRole('link', { name: 'صالة Reelside' }).boundingBox();
    const balance = await page.getByTestId('balance').boundingBox();
    expect(logo!.x).toBeGreaterThan(640);
    expect(balance!.x).toBeLessThan(640);
    const desktopShot = join(tmpdir(), 'reelside-layout3-rtl-desktop.png');
    await page.screenshot({ path: desktopShot });
    expect(statSync(desktopShot).size).toBeGreaterThan(10_000);

    const phone = await h.newPage({ context: PHONE_PORTRAIT });
    await signIn(phone.page, 'ar');
    await phone.page.getByRole('button', { name: 'فتح القائمة' }).click();
    const drawer = phone.page.getByRole('dialog', { name: 'القائمة' });
    // it slides in from the right, the start edge in Arabic
    await expect.poll(async () => {
      const box = await drawer.boundingBox();
      return Math.round((box?.x ?? 0) + (box?.width ?? 0));
    }).toBe(390);
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? 0)).toBeGreaterThan(0);
    const phoneShot = join(tmpdir(), 'reelside-layout3-rtl-phone.png');
    await phone.page.screenshot({ path: phoneShot });
    expect(statSync(phoneShot).size).toBeGreaterThan(10_000);
  });

  it('the operator\'s live chat (LIVE_CHAT) loads its provider\'s script for a logged-in player, and not when it is off', async () => {
    const off = await h.newPage();
    await signIn(off.page);
    await off.page.waitForTimeout(5500); // past the 5 s fallback
    expect(await off.page.locator('script[data-live-chat]').count()).toBe(0);

    const answer = await fetch(`${h.sim.url}/sim/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ LIVE_CHAT: 'tawk', LIVE_CHAT_ID: 'reelside-test' }),
    });
    expect(answer.ok).toBe(true);
    const on = await h.newPage();
    // The provider's site is not reached from the tests: the script element is what the app adds.
    await on.page.route('https://embed.tawk.to/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    await signIn(on.page);
    const script = on.page.locator('script[data-live-chat="tawk"]');
    await script.waitFor({ state: 'attached', timeout: 8000 });
    expect(await script.getAttribute('src')).toBe('https://embed.tawk.to/reelside-test/default');
  });
});
