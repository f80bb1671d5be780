/**
 * End-to-end harness: the real simulator (in-memory store) serving the built client, driven by
 * Debian's Chromium through playwright-core.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Harness {
  sim: Simulator;
  browser: Browser;
  /** A fresh browser profile (own storage) with a page on it. */
  newPage(options?: { extraHeaders?: Record<string, string>; locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startHarness(options: Partial<SimulatorOptions> = {}): Promise<Harness> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` before the end-to-end tests');
  const sim = await startSimulator({ port: 0, memory: true, staticDir: 'dist', ...options });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    sim,
    browser,
    async newPage({ extraHeaders, locale = 'en-US' } = {}) {
      const context = await browser.newContext({ baseURL: sim.url, locale, ...(extraHeaders ? { extraHTTPHeaders: extraHeaders } : {}) });
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
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
