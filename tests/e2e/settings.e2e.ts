import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startHarness, type Harness } from '../../scripts/browser/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const NIGHT = 'rgb(11, 13, 23)';
const DAYLIGHT = 'rgb(244, 246, 251)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function signIn(page: Page): Promise<void> {
  await login(page);
  await page.waitForURL(/\/lobby$/);
  await page.getByRole('heading', { name: 'Lobby' }).waitFor();
}

describe('settings end to end', () => {
  it('a theme change is saved to the profile and survives logout and login', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await page.goto('/login');
    expect(await background(page)).toBe(NIGHT);
    await signIn(page);
    expect(await background(page)).toBe(NIGHT);

    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Settings' });
    await panel.getByRole('group', { name: 'Main theme' }).getByRole('radio', { name: 'Daylight' }).check();
    await expect.poll(() => background(page)).toBe(DAYLIGHT);
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('Saved to your profile.');
    await page.keyboard.press('Escape');

    // Logged out, the guest's look (Night) is back; the next login restores the player's.
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => background(page)).toBe(NIGHT);
    await signIn(page);
    await expect.poll(() => background(page)).toBe(DAYLIGHT);

    // Another browser, the same player: the look follows the profile, not the device.
    const other = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await other.page.goto('/login');
    await signIn(other.page);
    await expect.poll(() => background(other.page)).toBe(DAYLIGHT);
  });
});
