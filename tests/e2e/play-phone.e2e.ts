/**
 * Phone-first play (issue 12): at the phone sizes players use, the game's main controls are in
 * view without scrolling, the video has no black band beyond its own letterbox, touch targets are
 * at least 44 px, turning the phone keeps the session and the video, and on a phone on its side
 * the controls fade while untouched.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PORTRAIT, startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { DEMO_ID, expectFramesGrowing, joinFromLobby, loginToLobby, simCall } from './play.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rngSeed: 'play-phone' });
});
afterAll(async () => {
  await h?.close();
});
// A test that fails mid-visit must not leave the next one a reserved machine.
afterEach(async () => {
  if (h.sim.floor.machine(1)?.occupantId !== null) await simCall(h.sim, 'POST', '/sim/remove', { machineId: 1 });
});

const phone = (width: number, height: number): BrowserContextOptions => ({ ...PHONE_PORTRAIT, viewport: { width, height } });

const MAIN_CONTROLS = [
  (page: Page) => page.getByRole('button', { name: 'Spin' }),
  (page: Page) => page.getByRole('button', { name: 'Money transfer' }),
  (page: Page) => page.getByRole('button', { name: 'Cash out' }),
  (page: Page) => page.getByRole('button', { name: /^Sound (on|off)$/ }),
  (page: Page) => page.getByRole('checkbox', { name: 'Autoplay' }),
];

/** Each main control lies inside the viewport, and is what a tap on its middle reaches. */
async function expectMainControlsInView(page: Page, width: number, height: number): Promise<void> {
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
  for (const control of MAIN_CONTROLS) {
    const locator = control(page);
    const box = await locator.boundingBox();
    const name = await locator.evaluate((el) => el.textContent || el.getAttribute('aria-label') || el.id);
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.y, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(width + 0.5);
    expect(box!.y + box!.height, name).toBeLessThanOrEqual(height + 0.5);
    const hit = await locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top !== null && (el === top || el.contains(top) || (el as HTMLInputElement).labels?.[0]?.contains(top) === true);
    });
    expect(hit, `${name} is not covered`).toBe(true);
  }
}

describe('the game on a phone', () => {
  for (const [width, height] of [
    [360, 640],
    [390, 844],
    [412, 915],
  ] as const) {
    it(`upright at ${width}×${height}: video full width on top, main controls in view, targets of 44 px`, async () => {
      const { page, context } = await h.newPage({ context: phone(width, height) });
      await loginToLobby(page);
      await joinFromLobby(page, 1, 1);
      await expectFramesGrowing(page);

      const video = (await page.getByTestId('machine-video').boundingBox())!;
      expect(video.y).toBeLessThanOrEqual(1);
      expect(video.width).toBeCloseTo(width, 0);
      // The element is the picture's own 16:9: no black band around it.
      expect(Math.abs(video.height - (width * 9) / 16)).toBeLessThanOrEqual(2);

      await expectMainControlsInView(page, width, height);
      const small = await page.getByRole('complementary', { name: 'Machine controls' }).evaluate((bar) =>
        [...bar.querySelectorAll('button')]
          .filter((b) => b.offsetParent !== null)
          .map((b) => ({ name: b.textContent, ...b.getBoundingClientRect().toJSON() }))
          .filter((b) => b.width < 44 || b.height < 44),
      );
      expect(small).toEqual([]);
      await page.getByRole('button', { name: 'Back to the lobby' }).tap();
      await page.waitForURL(/\/lobby$/);
      await context.close();
    });
  }

  it('turning the phone keeps the session and the video; on its side the controls lie over the video and fade while untouched', async () => {
    const { page, context } = await h.newPage({ context: phone(390, 844) });
    // A stand-in vibration motor: machine buttons tick when the click sound is on.
    await context.addInitScript(() => {
      (window as unknown as { buzzes: number }).buzzes = 0;
      Object.defineProperty(navigator, 'vibrate', {
        configurable: true,
        value: () => {
          (window as unknown as { buzzes: number }).buzzes += 1;
          return true;
        },
      });
    });
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    const session = h.sim.floor.context.machines.openSessionOf(DEMO_ID, 1)?.id;
    expect(session).toBeDefined();
    await page.getByRole('button', { name: 'Max bet' }).tap();
    await expect.poll(() => page.evaluate(() => (window as unknown as { buzzes: number }).buzzes)).toBe(1);

    await page.setViewportSize({ width: 844, height: 390 });
    await expectFramesGrowing(page);
    expect(h.sim.floor.context.machines.openSessionOf(DEMO_ID, 1)?.id).toBe(session);
    expect(h.sim.floor.machine(1)?.connected).toBe(true);
    const video = (await page.getByTestId('machine-video').boundingBox())!;
    expect(video.height).toBeCloseTo(390, 0);
    await expectMainControlsInView(page, 844, 390);

    const bar = page.getByRole('complementary', { name: 'Machine controls' });
    await expect.poll(() => bar.getAttribute('data-controls'), { timeout: 8000 }).toBe('faded');
    await page.getByTestId('machine-video').tap();
    expect(await bar.getAttribute('data-controls')).toBe('shown');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectFramesGrowing(page);
    expect(h.sim.floor.context.machines.openSessionOf(DEMO_ID, 1)?.id).toBe(session);
    await page.getByRole('button', { name: 'Back to the lobby' }).tap();
    await page.waitForURL(/\/lobby$/);
  });
});
