/**
 * End-to-end harness: the real simulator (in-memory store) serving the built client, driven by
 * Debian's Chromium through playwright-core.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/server.ts';
import { DEFAULT_BANDS } from '../../simulator/video/index.ts';
import type { BandSpec } from '../../simulator/video/types.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every run of Chromium gets (the screenshots script uses them too). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The machine video starts without a click, as it does for a player who has already tapped.
  '--autoplay-policy=no-user-gesture-required',
];

/** A phone held upright (an iPhone 12-sized Android screen: touch, mobile viewport). */
export const PHONE_PORTRAIT: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** The same phone turned sideways. */
export const PHONE_LANDSCAPE: BrowserContextOptions = { ...PHONE_PORTRAIT, viewport: { width: 844, height: 390 } };

export interface NewPageOptions {
  extraHeaders?: Record<string, string>;
  locale?: string;
  /** Viewport, mobile, touch…: anything of playwright's context options (e.g. PHONE_PORTRAIT). */
  context?: BrowserContextOptions;
}

export interface Harness {
  sim: Simulator;
  browser: Browser;
  /** A fresh browser profile (own storage) with a page on it. */
  newPage(options?: NewPageOptions): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Debian's Chromium with CHROMIUM_ARGS, and any further flags. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * The floor's bands without 720p unless a test asks for it (`video: { bands: DEFAULT_BANDS }`):
 * a desktop-sized page would pick 720p, whose drawing and encoding take some 70 % of a core per
 * viewer (docs/video.md), and the end-to-end tests run on two cores beside their browser.
 */
export const E2E_BANDS: BandSpec[] = DEFAULT_BANDS.filter((band) => band.width < 1280);

export async function startHarness(options: Partial<SimulatorOptions> = {}): Promise<Harness> {
  // E2E_DIST lets a developer test another build folder (e.g. while dist/ is being rebuilt).
  const dist = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`)) throw new Error(`${dist}/ is missing: run \`npm run build\` before the end-to-end tests`);
  const sim = await startSimulator({ port: 0, memory: true, staticDir: dist, ...options, video: { bands: E2E_BANDS, ...options.video } });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    sim,
    browser,
    async newPage({ extraHeaders, locale = 'en-US', context: contextOptions = {} } = {}) {
      const context = await browser.newContext({
        baseURL: sim.url,
        locale,
        ...contextOptions,
        ...(extraHeaders ? { extraHTTPHeaders: extraHeaders } : {}),
      });
      // Fail a stuck step well inside the test's 30 s, so the report says which one.
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
      await sim.close();
    },
  };
}

export async function login(page: Page, username = 'demo', password = 'demo1234'): Promise<void> {
  // Typed into the app's form: not into the page's painted form while the app boots, nor while a
  // login the browser kept is being checked (the form is read-only then; on a busy machine the
  // check of a login that ended meanwhile can take seconds, and what was typed around it raced it).
  await page.locator('form').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-first-login="booting"], form[data-checking]'), undefined, { timeout: 20_000 });
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
