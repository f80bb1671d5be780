/** Regenerates the README's screenshots from the real product on the simulator (needs `npm run build`). */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { startSimulator, type SimulatorOptions } from '../simulator/server.ts';
import { CHROMIUM_ARGS, PHONE_LANDSCAPE, PHONE_PORTRAIT } from '../tests/e2e/harness.ts';

// A fixed seed: the spin on the game shots is the same every time (machine 1's first spin wins 0.60).
const SIMULATOR: SimulatorOptions = { port: 0, memory: true, staticDir: 'dist', rngSeed: 'play-f' };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const written: string[] = [];
try {
  const sim = await startSimulator(SIMULATOR);
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 700 }, baseURL: sim.url });
    await page.goto('/login');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await shot(page, 'docs/screenshot-login.png');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.getByText('$1,000.00').waitFor();
    await shot(page, 'docs/screenshot-lobby.png');
    await page.close();
  } finally {
    await sim.close();
  }

  await gameShot(browser, { viewport: { width: 1280, height: 800 } }, 'docs/screenshot-game-desktop.png');
  await gameShot(browser, PHONE_PORTRAIT, 'docs/screenshot-game-phone.png');
  await gameShot(browser, PHONE_LANDSCAPE, 'docs/screenshot-game-phone-landscape.png');
  console.log(written.join(', '));
} finally {
  await browser.close();
}

async function shot(page: Page, path: string): Promise<void> {
  await page.screenshot({ path });
  written.push(path);
}

/**
 * Machine 1 live on a screen of this size, on a fresh simulator: $50.00 on it and one settled
 * spin, the video playing.
 */
async function gameShot(browser: Browser, options: BrowserContextOptions, path: string): Promise<void> {
  const sim = await startSimulator(SIMULATOR);
  const context = await browser.newContext({ ...options, baseURL: sim.url, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.getByTestId('brand-1').click();
    await page.getByTestId('machine-1').getByRole('button', { name: 'Play' }).click();
    await page.waitForURL(/\/game\/1\//);
    await page.locator('button:has-text("Spin"):enabled').waitFor();
    await page.getByRole('button', { name: 'Money transfer' }).click();
    await page.getByRole('group', { name: 'Transfer to the machine' }).getByRole('button', { name: '$50.00', exact: true }).click();
    await page.getByTestId('game-credits').getByText('$50.00').waitFor();
    await page.getByRole('button', { name: 'Spin' }).click();
    // The reels stop on the server, then fresh frames reach the player.
    while (sim.floor.machine(1)?.screen().spinning !== null) await page.waitForTimeout(100);
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="machine-video"]');
      return video !== null && video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 10;
    });
    await page.waitForTimeout(1000);
    // The side bar scrolled to the pressed buttons; show it from the top, as a player first sees it.
    await page.getByRole('complementary', { name: 'Machine controls' }).evaluate((bar) => bar.scrollTo(0, 0));
    await shot(page, path);
  } finally {
    await context.close();
    await sim.close();
  }
}
