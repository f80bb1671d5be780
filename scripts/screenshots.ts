/**
 * Regenerates the README's screenshots, and the Arabic ones of docs/, from the real product on
 * the simulator (needs `npm run build`; SCREENSHOTS_DIST names another build folder).
 */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { startSimulator, type SimulatorOptions } from '../simulator/server.ts';
import { CHROMIUM_ARGS, PHONE_LANDSCAPE, PHONE_PORTRAIT } from './browser/harness.ts';
import { commandLine, usageError } from './cli.ts';

const USAGE = `usage: npm run screenshots [-- en | ar]      (node scripts/screenshots.ts)

Takes the screenshots of the real product on the simulator, in Chromium: the README's (login,
lobby, the game on a desktop and on a phone upright, on its side and rotated:
docs/screenshot-*.png) and the Arabic ones (lobby, game, transactions on a desktop and a phone,
the game on its side and rotated: docs/screenshot-ar-*.png). Needs
\`npm run build\` first; SCREENSHOTS_DIST names another build folder, CHROMIUM_PATH another Chromium.

  en          only the README's (English) shots
  ar          only the Arabic shots
  -h, --help  this text`;

// A fixed seed: the spin on the game shots is the same every time (machine 1's first spin wins 0.60).
const SIMULATOR: SimulatorOptions = { port: 0, memory: true, staticDir: process.env.SCREENSHOTS_DIST ?? 'dist', rngSeed: 'play-f' };
/** SPEC §9: Arabic is reached through DEFAULT_LANG (or the settings panel): an operator whose default it is. */
const ARABIC: SimulatorOptions = { ...SIMULATOR, settings: { DEFAULT_LANG: 'ar' } };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** What the game's shots need in each language: the login form's and the game's words. */
const WORDS = {
  en: { user: 'Email or username', password: 'Password', login: 'Login', play: 'Play', spin: 'Spin', transfer: 'Money transfer', coins: 'Transfer to the machine', coin: /^\$50\.00$/, rotate: 'Rotate', controls: 'Machine controls' },
  ar: { user: 'البريد الإلكتروني أو اسم المستخدم', password: 'كلمة المرور', login: 'تسجيل الدخول', play: 'العب', spin: 'دوران', transfer: 'تحويل الأموال', coins: 'التحويل إلى الجهاز', coin: /^\D*50\.00\D*$/, rotate: 'تدوير', controls: 'أزرار التحكم في الجهاز' },
} as const;

/** `npm run screenshots -- en` or `-- ar`: only that language's shots. */
const { positionals } = commandLine(USAGE, { allowPositionals: true });
const only = positionals[0];
if (positionals.length > 1 || (only !== undefined && only !== 'en' && only !== 'ar')) {
  usageError(USAGE, `expected en, ar or nothing, not ${positionals.join(' ')}`);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const written: string[] = [];
try {
  if (only !== 'ar') await englishShots(browser);
  if (only !== 'en') {
    await arabicShots(browser, DESKTOP, 'desktop');
    await arabicShots(browser, PHONE_PORTRAIT, 'phone');
    await gameShot(browser, PHONE_LANDSCAPE, 'docs/screenshot-ar-game-phone-landscape.png', 'ar');
    await gameShot(browser, PHONE_PORTRAIT, 'docs/screenshot-ar-game-phone-rotated.png', 'ar', true);
  }
  console.log(written.join(', '));
} finally {
  await browser.close();
}

/** The README's: login and lobby, and the game on a desktop and on a phone both ways. */
async function englishShots(browser: Browser): Promise<void> {
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

  await gameShot(browser, DESKTOP, 'docs/screenshot-game-desktop.png');
  await gameShot(browser, PHONE_PORTRAIT, 'docs/screenshot-game-phone.png');
  await gameShot(browser, PHONE_LANDSCAPE, 'docs/screenshot-game-phone-landscape.png');
  await gameShot(browser, PHONE_PORTRAIT, 'docs/screenshot-game-phone-rotated.png', 'en', true);
}

async function shot(page: Page, path: string): Promise<void> {
  await page.screenshot({ path });
  written.push(path);
}

/**
 * Machine 1 live on a screen of this size, on a fresh simulator: $50.00 on it and one settled
 * spin, the video playing; `rotate` presses Rotate (a phone held upright) first.
 */
async function gameShot(browser: Browser, options: BrowserContextOptions, path: string, language: 'en' | 'ar' = 'en', rotate = false): Promise<void> {
  const words = WORDS[language];
  const sim = await startSimulator(language === 'ar' ? ARABIC : SIMULATOR);
  const context = await browser.newContext({ ...options, baseURL: sim.url, locale: language === 'ar' ? 'ar' : 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(words.user).fill('demo');
    await page.getByLabel(words.password, { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: words.login }).click();
    await page.waitForURL(/\/lobby$/);
    await page.getByTestId('brand-1').click();
    await page.getByTestId('machine-1').getByRole('button', { name: words.play }).click();
    await page.waitForURL(/\/game\/1\//);
    const spin = page.getByRole('button', { name: words.spin, exact: true });
    await page.waitForFunction((name) => [...document.querySelectorAll('button')].some((b) => b.textContent === name && !b.disabled), words.spin);
    await page.getByRole('button', { name: words.transfer }).click();
    await page.getByRole('group', { name: words.coins }).getByRole('button', { name: words.coin }).click();
    await page.getByTestId('game-credits').getByText('50.00').waitFor();
    await spin.click();
    // The reels stop on the server, then fresh frames reach the player.
    while (sim.floor.machine(1)?.screen().spinning !== null) await page.waitForTimeout(100);
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="machine-video"]');
      return video !== null && video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 10;
    });
    if (rotate) await page.getByRole('button', { name: words.rotate }).click();
    // The meters roll up; the side bar is shown from the top, as a player first sees it.
    await page.waitForTimeout(1500);
    await page.getByRole('complementary', { name: words.controls }).evaluate((bar) => bar.scrollTo(0, 0));
    await shot(page, path);
  } finally {
    await context.close();
    await sim.close();
  }
}

/**
 * The Arabic lobby, game and transactions pages (docs/screenshot-ar-{page}-{device}.png) on a
 * fresh simulator: the lobby after login, machine 1 with $50.00 on it after one settled spin,
 * then, cashed out, the transactions with that visit on top.
 */
async function arabicShots(browser: Browser, options: BrowserContextOptions, device: 'desktop' | 'phone'): Promise<void> {
  const sim = await startSimulator(ARABIC);
  const context = await browser.newContext({ ...options, baseURL: sim.url, locale: 'ar' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('البريد الإلكتروني أو اسم المستخدم').fill('demo');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.getByRole('heading', { name: 'الصالة' }).waitFor();
    await page.getByTestId('brand-1').waitFor();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.fonts.status === 'loaded');
    await shot(page, `docs/screenshot-ar-lobby-${device}.png`);

    await page.getByTestId('brand-1').click();
    await page.getByTestId('machine-1').getByRole('button', { name: 'العب' }).click();
    await page.waitForURL(/\/game\/1\//);
    const spin = page.getByRole('button', { name: 'دوران', exact: true });
    await page.locator('button:text-is("دوران"):enabled').waitFor();
    await page.getByRole('button', { name: 'تحويل الأموال' }).click();
    await page.getByRole('group', { name: 'التحويل إلى الجهاز' }).getByRole('button', { name: /^\D*50\.00\D*$/ }).click();
    await page.getByTestId('game-credits').getByText('50.00').waitFor();
    await spin.click();
    while (sim.floor.machine(1)?.screen().spinning !== null) await page.waitForTimeout(100);
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="machine-video"]');
      return video !== null && video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 10;
    });
    await page.waitForTimeout(1000);
    await page.getByRole('complementary', { name: 'أزرار التحكم في الجهاز' }).evaluate((bar) => bar.scrollTo(0, 0));
    await shot(page, `docs/screenshot-ar-game-${device}.png`);

    // Cashed out first: credits left on the machine would keep it reserved and bring up the
    // reconnect dialog over the next page.
    await page.getByRole('button', { name: 'صرف الرصيد' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.goto('/transactions');
    await page.getByRole('table', { name: /^المعاملات/ }).waitFor();
    await shot(page, `docs/screenshot-ar-transactions-${device}.png`);
  } finally {
    await context.close();
    await sim.close();
  }
}
