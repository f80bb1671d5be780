/**
 * Phone-first play (issues 12, 23): at the phone sizes players use, the game's main controls are
 * in view without scrolling, the video has no black band beyond its own letterbox, touch targets
 * are at least 44 px, turning the phone keeps the session and the video; on its side, rotated or
 * at 200 % zoom the controls sit beside the picture, never over it, and dim while untouched.
 * Player protection's figures (issue 26: the session's clock and net position, and Germany's
 * panic button) count among the main controls, in English and in Arabic.
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

/** The names the game's controls go by, in English and in Arabic (locales/ar/messages.po). */
const NAMES = {
  en: {
    spin: 'Spin',
    transfer: 'Money transfer',
    cashOut: 'Cash out',
    sound: /^(Tap for sound|Mute|Unmute)$/,
    autoplay: 'Autoplay',
    panic: 'Panic button: lock my account for 24 hours now',
    screen: 'Screen controls',
    machine: 'Machine controls',
    rotate: 'Rotate',
  },
  ar: {
    spin: 'دوران',
    transfer: 'تحويل الأموال',
    cashOut: 'صرف الرصيد',
    sound: /^(اضغط للصوت|كتم الصوت|تشغيل الصوت)$/,
    autoplay: 'اللعب التلقائي',
    panic: 'زر الطوارئ: اقفل حسابي لمدة 24 ساعة الآن',
    screen: 'أزرار التحكم في الشاشة',
    machine: 'أزرار التحكم في الجهاز',
    rotate: 'تدوير',
  },
};
type Names = (typeof NAMES)['en'];

/** Where the game is played: in which language, and what the jurisdiction's rules put on screen. */
interface Shown {
  names: Names;
  /** The Autoplay switch (hidden where the jurisdiction bans autoplay). */
  autoplay: boolean;
  /** The panic button (Germany). */
  panic: boolean;
  /** The clock beside the session time (Sweden). */
  clock?: boolean;
}
const DEFAULT_SHOWN: Shown = { names: NAMES.en, autoplay: true, panic: false };

/**
 * The main controls: the play deck's, the sound, and player protection's — the session's clock
 * and net position (shown in every jurisdiction) and, where the rules ask, the panic button.
 */
function mainControls(page: Page, { names, autoplay, panic, clock = false }: Shown) {
  return [
    page.getByRole('button', { name: names.spin }),
    page.getByRole('button', { name: names.transfer }),
    page.getByRole('button', { name: names.cashOut }),
    // Muted until the first tap on the game (browser rules), then a mute button in its place.
    page.getByRole('region', { name: names.screen }).getByRole('button', { name: names.sound }),
    ...(autoplay ? [page.getByRole('switch', { name: names.autoplay })] : []),
    page.getByTestId('session-time'),
    page.getByTestId('session-net'),
    ...(clock ? [page.getByTestId('session-clock')] : []),
    ...(panic ? [page.getByRole('button', { name: names.panic })] : []),
  ];
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** The picture's box on the screen (after any rotation) and that no control lies over it. */
async function expectVideoUncovered(page: Page, names: Names = NAMES.en): Promise<Box> {
  const video = (await page.getByTestId('machine-video').boundingBox())!;
  for (const region of [page.getByRole('complementary', { name: names.machine }), page.getByRole('region', { name: names.screen })]) {
    const box = await region.boundingBox();
    if (box) expect(overlaps(video, box), 'a control lies over the picture').toBe(false);
  }
  return video;
}

/** Each main control lies inside the viewport, and is what a tap on its middle reaches. */
async function expectMainControlsInView(page: Page, width: number, height: number, shown: Shown = DEFAULT_SHOWN): Promise<void> {
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
  for (const locator of mainControls(page, shown)) {
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

  it('turning the phone keeps the session and the video; on its side the controls sit beside the video and dim while untouched', async () => {
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
    const video = await expectVideoUncovered(page);
    expect(video.height).toBeCloseTo(390, 0);
    // The picture keeps most of the width: at full height 16:9 would want 693 px of the 844.
    expect(video.width).toBeGreaterThanOrEqual(580);
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

  it('Rotate turns the whole screen a quarter: a bigger picture, and every main control still in view and what a tap reaches', async () => {
    const { page, context } = await h.newPage({ context: phone(390, 844) });
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    await expectFramesGrowing(page);
    const upright = (await page.getByTestId('machine-video').boundingBox())!;

    const rotate = page.getByRole('button', { name: 'Rotate' });
    await rotate.tap();
    expect(await rotate.getAttribute('aria-pressed')).toBe('true');
    // On the screen the picture now runs along the phone's length.
    const turned = await expectVideoUncovered(page);
    expect(turned.height).toBeGreaterThan(turned.width);
    expect(turned.height).toBeGreaterThan(upright.width * 1.4);
    await expectMainControlsInView(page, 390, 844);
    await page.getByRole('button', { name: 'Max bet' }).tap();
    await expect.poll(() => page.getByTestId('game-bet').textContent()).not.toBe('$0.20');

    await rotate.tap();
    expect(await rotate.getAttribute('aria-pressed')).toBe('false');
    await expectMainControlsInView(page, 390, 844);
    await page.getByRole('button', { name: 'Back to the lobby' }).tap();
    await page.waitForURL(/\/lobby$/);
    await context.close();
  });

  it('at 200 % zoom on a desktop (640×400 CSS px) nothing covers the reels and the coins are in view', async () => {
    const { page, context } = await h.newPage({ context: { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 } });
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    await expectFramesGrowing(page);
    await expectVideoUncovered(page);
    await expectMainControlsInView(page, 640, 400);
    await page.getByRole('button', { name: 'Money transfer' }).click();
    const coins = page.getByRole('group', { name: 'Transfer to the machine' }).getByRole('button');
    expect(await coins.count()).toBeGreaterThan(0);
    for (const coin of await coins.all()) {
      const box = (await coin.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(400.5);
    }
    await coins.first().click();
    await expect.poll(() => page.getByTestId('game-credits').textContent()).not.toBe('$0.00');
    await context.close();
  });

  it("a toast in the game covers neither the machine's picture nor the play deck: upright, on its side, and turned with Rotate", async () => {
    const { page, context } = await h.newPage({ context: phone(390, 844) });
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    // Upright under the picture's screen buttons; on its side over the side bar's meters.
    for (const [width, height] of [[390, 844], [360, 640], [844, 390], [640, 360]] as const) {
      await page.setViewportSize({ width, height });
      await simCall(h.sim, 'POST', '/sim/warn', { machineId: 1, code: 18802, count: 30 });
      const toast = page.locator('[aria-live="polite"] > [data-variant]').filter({ hasText: /seconds left to continue/ }).last();
      await toast.waitFor();
      const box = (await toast.boundingBox())!;
      for (const covered of [page.getByTestId('machine-video'), page.getByTestId('game-deck'), page.getByRole('region', { name: 'Screen controls' })]) {
        expect(overlaps(box, (await covered.boundingBox())!), `${width}×${height}`).toBe(false);
      }
      expect(box.x + box.width, `${width}×${height}`).toBeLessThanOrEqual(width);
    }
    // Upright, turned with Rotate: the toast turns with the game, over the side bar's meters.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Rotate' }).click();
    await simCall(h.sim, 'POST', '/sim/warn', { machineId: 1, code: 18802, count: 20 });
    // The new warning's count (20, then down each floor tick, the first of which may come at once),
    // never the earlier one's (restarted at 30 just before).
    const turned = page.locator('[aria-live="polite"] > [data-variant]').filter({ hasText: /\b(1\d|20) seconds left to continue/ }).last();
    await turned.waitFor();
    const box = (await turned.boundingBox())!;
    for (const covered of [page.getByTestId('machine-video'), page.getByTestId('game-deck'), page.getByRole('region', { name: 'Screen controls' })]) {
      expect(overlaps(box, (await covered.boundingBox())!), 'rotated').toBe(false);
    }
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await context.close();
  });

  for (const [jurisdiction, language] of [
    ['de', 'en'],
    ['default', 'ar'],
    ['de', 'ar'],
    ['se', 'ar'],
  ] as const) {
    const shown: Shown = { names: NAMES[language], autoplay: jurisdiction !== 'de', panic: jurisdiction === 'de', clock: jurisdiction === 'se' };
    it(`${jurisdiction}, in ${language === 'ar' ? 'Arabic' : 'English'}: the session's time${shown.clock ? ', the clock' : ''} and net position${shown.panic ? ' and the panic button' : ''} are in view and what a tap reaches, with every main control, upright, on its side and turned with Rotate`, async () => {
      await simCall(h.sim, 'PUT', '/sim/settings', { JURISDICTION: jurisdiction });
      try {
        const { page, context } = await h.newPage({ context: phone(390, 844) });
        await loginToLobby(page);
        await joinFromLobby(page, 1, 1);
        if (language === 'ar') {
          // The player's own language: the game comes back in it after the reload (the visit goes on).
          await page.evaluate(() => localStorage.setItem('reelside.language', 'ar'));
          await page.reload();
          await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
        }
        await page.getByRole('button', { name: shown.names.spin }).and(page.locator(':enabled')).waitFor();
        expect(await page.getByRole('switch', { name: shown.names.autoplay }).count()).toBe(shown.autoplay ? 1 : 0);
        expect(await page.getByRole('button', { name: shown.names.panic }).count()).toBe(shown.panic ? 1 : 0);
        expect(await page.getByTestId('session-clock').count()).toBe(shown.clock ? 1 : 0);

        const video = page.getByTestId('machine-video');
        for (const [width, height] of [[390, 844], [360, 640], [844, 390], [640, 360]] as const) {
          await page.setViewportSize({ width, height });
          // Laid out for the new size: the picture fills the width upright, the height on its side.
          await expect.poll(async () => Math.round(width < height ? (await video.boundingBox())!.width : (await video.boundingBox())!.height)).toBe(Math.min(width, height));
          await expectVideoUncovered(page, shown.names);
          await expectMainControlsInView(page, width, height, shown);
        }
        await page.setViewportSize({ width: 390, height: 844 });
        const rotate = page.getByRole('button', { name: shown.names.rotate });
        await rotate.tap();
        await expect.poll(async () => {
          const turned = (await video.boundingBox())!;
          return turned.height > turned.width;
        }).toBe(true);
        await expectVideoUncovered(page, shown.names);
        await expectMainControlsInView(page, 390, 844, shown);
        await context.close();
      } finally {
        await simCall(h.sim, 'PUT', '/sim/settings', { JURISDICTION: 'default' });
      }
    });
  }
});
