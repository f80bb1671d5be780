/**
 * Accessibility (DESIGN.md §7): axe-core, WCAG 2.1 AA and best practice, finds nothing on any
 * product route — /login, /lobby, a brand's machines, a live game, /profile, /slot-sessions and
 * /transactions — in English and in Arabic (right to left), on a desktop and on a phone; nor in
 * what opens over them: the phone's menu, the game's Money transfer, the reconnect dialog.
 *
 * Nothing is switched off: a finding is fixed in the product. The only exclusions are single
 * nodes that axe cannot judge (see EXCLUDE), each with the reason.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PORTRAIT, startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { simCall } from './play.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
};

/** Nodes axe cannot judge, each with its reason. Empty: nothing is excluded. */
const EXCLUDE: string[] = [];

type Language = 'en' | 'ar';

/** A text of the app in a language, as its catalog has it (English: the source text itself). */
function say(language: Language, source: string): string {
  if (language === 'en') return source;
  const catalog = ['boot', 'messages'].map((name) => readFileSync(`locales/${language}/${name}.po`, 'utf8')).join('\n');
  const quoted = JSON.stringify(source);
  const entry = catalog.split('\n\n').find((block) => block.split('\n').includes(`msgid ${quoted}`));
  const translation = entry?.match(/^msgstr (".*")$/m)?.[1];
  if (!translation || translation === '""') throw new Error(`no ${language} text for ${quoted}`);
  return JSON.parse(translation) as string;
}

/** The texts the walk looks for and clicks. */
function textsOf(language: Language) {
  const s = (source: string) => say(language, source);
  return { lobby: s('Lobby'), play: s('Play'), back: s('Back to the lobby'), menu: s('Open the menu'), transfer: s('Money transfer'), close: s('Close') };
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await simCall(h.sim, 'DELETE', '/sim/settings');
});

/** axe's violations on the page as it is now, one readable block per rule and node. */
async function audit(page: Page, where: string, language: Language): Promise<string[]> {
  // The page really is in the language audited (Arabic: right to left).
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    async ({ options, exclude }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
      return (await axe.run({ exclude: exclude.map((selector) => [selector]) }, options)).violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), summary: n.failureSummary ?? '' })),
      }));
    },
    { options: RUN_OPTIONS, exclude: EXCLUDE },
  );
  return results.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${v.help}\n    at ${n.target}\n    ${n.html}\n    ${n.summary.replace(/\n/g, '\n    ')}`),
  );
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/lobby$/);
}

/**
 * Nothing on the page is still on its way: what is shown while a list is replaced is dimmed
 * (aria-busy) — the previous brand's machines stay, at 60 %, until the new ones are in — and
 * that moment's contrast is not the page's.
 */
async function settled(page: Page): Promise<void> {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
}

/**
 * Every product route, audited once the page has settled; the game is left at the end. Reduced
 * motion: axe reads colours as they are at that instant, and a panel half faded or slid in would
 * give contrast figures no player sees for longer than a transition.
 */
async function walk(language: Language, context: BrowserContextOptions): Promise<string[]> {
  const text = textsOf(language);
  const { page } = await h.newPage({ context: { reducedMotion: 'reduce', ...context } });
  const found: string[] = [];

  await page.goto('/login');
  await page.locator('input[name="username"]').waitFor();
  found.push(...(await audit(page, '/login', language)));

  await logIn(page, 'demo', 'demo1234');
  await page.getByRole('heading', { name: text.lobby, level: 1 }).waitFor();
  await page.getByTestId('brand-1').waitFor();
  await expect.poll(() => page.getByTestId('balance').first().textContent()).toMatch(/\d\.\d\d/);
  await settled(page);
  found.push(...(await audit(page, '/lobby', language)));
  // A phone's navigation is a drawer behind the menu button.
  if (context.isMobile) {
    await page.getByRole('button', { name: text.menu }).click();
    await page.getByRole('dialog').getByRole('link').first().waitFor();
    found.push(...(await audit(page, '/lobby, the menu open', language)));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  // The brand's own machines asked for and answered: before the request the lobby is not busy
  // yet, and a page audited then read the previous list dimmed a moment later.
  const brandAnswered = page.waitForResponse((response) => /\/machine\/1$/.test(new URL(response.url()).pathname));
  await page.getByTestId('brand-1').click();
  await page.waitForURL(/\/lobby\/1\/[a-z0-9-]+$/);
  await brandAnswered;
  const tile = page.getByTestId('machine-1');
  await tile.getByRole('button', { name: text.play }).waitFor();
  await settled(page);
  found.push(...(await audit(page, '/lobby/:id/:name', language)));

  await tile.getByRole('button', { name: text.play }).click();
  await page.waitForURL(/\/game\/1\/[a-z0-9-]+$/);
  // Live (in any language): the deck's Spin is enabled and the credits are known.
  await page.getByTestId('game-deck').locator('button:enabled').first().waitFor();
  await expect.poll(() => page.getByTestId('game-credits').textContent()).toMatch(/\d\.\d\d/);
  found.push(...(await audit(page, '/game/:id/:name', language)));
  await page.getByRole('button', { name: text.transfer }).click();
  await page.getByRole('group').getByRole('button').first().waitFor();
  found.push(...(await audit(page, '/game/:id/:name, Money transfer open', language)));
  // Free the machine for the next walk.
  await page.getByRole('button', { name: text.back }).click();
  await page.waitForURL(/\/lobby$/);

  for (const path of ['/profile', '/slot-sessions', '/transactions', '/protection-history']) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The tables and the profile's facts are in.
    await page.waitForLoadState('networkidle');
    await settled(page);
    found.push(...(await audit(page, path, language)));
  }
  await page.context().close();

  // player2 left a session open on a machine (seeded): the reconnect dialog greets them.
  const other = await h.newPage({ context: { reducedMotion: 'reduce', ...context } });
  await other.page.goto('/login');
  await logIn(other.page, 'player2', 'player2pass');
  const dialog = other.page.getByRole('dialog');
  await dialog.getByRole('button', { name: text.close }).waitFor();
  found.push(...(await audit(other.page, '/lobby, the reconnect dialog', language)));
  await dialog.getByRole('button', { name: text.close }).click();
  await dialog.waitFor({ state: 'detached' });
  await other.context.close();
  return found;
}

const SCREENS: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', PHONE_PORTRAIT],
];

describe('accessibility: axe-core finds nothing on the product routes', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const [screen, context] of SCREENS) {
      it(`${language}, ${screen}`, { timeout: 120_000 }, async () => {
        if (language === 'ar') await simCall(h.sim, 'PUT', '/sim/settings', { DEFAULT_LANG: 'ar' });
        const found = await walk(language, context);
        expect(found.join('\n\n'), `${found.length} violation(s):\n\n${found.join('\n\n')}`).toBe('');
      });
    }
  }
});
