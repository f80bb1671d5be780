/**
 * A UI-level model of the main journeys, tested in Chromium against the simulator.
 *
 * `uiModel` below is what the player sees (screens as states, clicks and floor events as
 * events), not a product machine: `createTestModel` (xstate/graph) refuses machines with
 * `invoke`/`after`, so this one has neither. Its paths are generated, and each is replayed on a
 * fresh simulator (in-memory, same seed) and a fresh browser profile: every step's event is done
 * on the real page (`events` below) and every state reached is checked on the real page and the
 * simulator's books (`states` below).
 *
 *   loginPage       LOGIN → lobby
 *   lobby           JOIN → game, IDLE (60 s, fake clock) → locked
 *   locked          UNLOCK (PIN) → lobby
 *   game            TRANSFER → gameWithCredits
 *   gameWithCredits SPIN → spun, WARN (/sim/warn 18802) → warning, CASH_OUT → lobbyAfterCashout,
 *                   CLOSE_PAGE (tab closed, lobby reopened) → reconnectDialog
 *   spun            CASH_OUT → lobbyAfterCashout
 *   warning         TRANSFER (ends the warning) → gameWithCredits, CASH_OUT → lobbyAfterCashout
 *   reconnectDialog CONTINUE → gameWithCredits, CASH_OUT (the dialog's Cashout) → lobbyAfterCancel
 *
 * Paths: the shortest path to every (state, way in) pair, plus the longest simple path; the first
 * test checks that together they reach every state and take every transition. After every path
 * the simulator's ledger must balance.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/server.ts';
import { launchChromium, login } from '../../scripts/browser/harness.ts';
import { DEMO_ID, expectFramesGrowing, joinFromLobby, simCall, toasts, transfer, usd, waitLive } from './play.ts';

/** With this seed machine 1's first spin at the default bet wins 0.60 (see play-session.e2e.ts). */
const SEED = 'play-f';
const WAITING_TEXT = 'You have an open session on Golden Reels 01. Do you want to reconnect?';
const CASHED_OUT = 'Cashed out. Your credits are back in your wallet.';

const uiModel = createMachine({
  id: 'ui',
  initial: 'loginPage',
  states: {
    loginPage: { on: { LOGIN: 'lobby' } },
    lobby: { on: { JOIN: 'game', IDLE: 'locked' } },
    locked: { on: { UNLOCK: 'lobby' } },
    game: { on: { TRANSFER: 'gameWithCredits' } },
    gameWithCredits: {
      on: { SPIN: 'spun', CASH_OUT: 'lobbyAfterCashout', CLOSE_PAGE: 'reconnectDialog', WARN: 'warning' },
    },
    spun: { on: { CASH_OUT: 'lobbyAfterCashout' } },
    warning: { on: { TRANSFER: 'gameWithCredits', CASH_OUT: 'lobbyAfterCashout' } },
    reconnectDialog: { on: { CONTINUE: 'gameWithCredits', CASH_OUT: 'lobbyAfterCancel' } },
    lobbyAfterCashout: {},
    lobbyAfterCancel: {},
  },
});

const MODEL_STATES = [
  'loginPage',
  'lobby',
  'locked',
  'game',
  'gameWithCredits',
  'spun',
  'warning',
  'reconnectDialog',
  'lobbyAfterCashout',
  'lobbyAfterCancel',
] as const;
type ModelState = (typeof MODEL_STATES)[number];

const model = createTestModel(uiModel);

/** The shortest path to every state and way into it (none a prefix of another). */
const shortest = model.getShortestPaths();
const transitionKey = (from: string, event: string) => `${from}#${event}`;
function transitionsOf(path: (typeof shortest)[number]): string[] {
  const keys: string[] = [];
  let from = '';
  for (const step of path.steps) {
    if (step.event.type !== 'xstate.init') keys.push(transitionKey(from, step.event.type));
    from = String(step.state.value);
  }
  return keys;
}
const taken = new Set(shortest.flatMap(transitionsOf));
/**
 * Plus simple paths: any that takes a transition the shortest paths leave out (none, with this
 * model), and the longest one (the lock, a reconnect, a warning and a spin in one visit).
 */
const simple = model.getSimplePaths().sort((a, b) => b.steps.length - a.steps.length);
const extra = simple.filter((path, index) => {
  const fresh = transitionsOf(path).filter((key) => !taken.has(key));
  fresh.forEach((key) => taken.add(key));
  return fresh.length > 0 || index === 0;
});
const paths = [...shortest, ...extra];

const allTransitions = Object.entries(uiModel.config.states!).flatMap(([state, node]) =>
  Object.keys((node as { on?: Record<string, string> }).on ?? {}).map((event) => transitionKey(state, event)),
);

describe('the UI model', () => {
  it('its paths reach every state and take every transition', () => {
    expect(Object.keys(uiModel.config.states!).sort()).toEqual([...MODEL_STATES].sort());
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual([...MODEL_STATES].sort());
    expect([...taken].sort()).toEqual([...allTransitions].sort());
  });
});

let browser: Browser;
beforeAll(async () => {
  const dist = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`)) throw new Error(`${dist}/ is missing: run \`npm run build\` before the end-to-end tests`);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** One run of a path: its own simulator and browser profile, and the page being driven. */
interface Run {
  sim: Simulator;
  context: BrowserContext;
  page: Page;
}

async function openRun(withClock: boolean): Promise<Run> {
  const sim = await startSimulator({ port: 0, memory: true, staticDir: process.env.E2E_DIST ?? 'dist', rngSeed: SEED });
  const context = await browser.newContext({ baseURL: sim.url, locale: 'en-US' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  // The idle lock is driven with a fake clock (the 60 s of SPEC §4 are fast-forwarded).
  if (withClock) await page.clock.install();
  await page.goto('/login');
  return { sim, context, page };
}

function lockDialog(page: Page) {
  return page.getByRole('dialog', { name: 'LOCKED!' });
}
function reconnectDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Open session' });
}

/** The wallet on the lobby's header is what the simulator's ledger holds. */
async function expectWallet(run: Run): Promise<void> {
  await expect.poll(() => run.page.getByTestId('balance').textContent()).toContain(usd(run.sim.floor.context.ledger.balance(DEMO_ID)));
}

/** The game is live with credits: what it shows is what the ledger holds, and the video runs. */
async function expectPlayingWithCredits(run: Run): Promise<void> {
  const { page, sim } = run;
  const ledger = sim.floor.context.ledger;
  expect(page.url()).toMatch(/\/game\/1\/golden-reels-01$/);
  await waitLive(page);
  expect(ledger.credits(1)).toBeGreaterThan(0);
  await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe(usd(ledger.credits(1)));
  await expect.poll(() => page.getByTestId('game-balance').textContent()).toBe(usd(ledger.balance(DEMO_ID)));
  expect(sim.floor.machine(1)?.status).toBe('playing');
  expect(await toasts(page, /seconds left to continue/).count()).toBe(0);
  await expectFramesGrowing(page);
}

function handlers(run: Run) {
  let current: ModelState = 'loginPage';
  const at = (state: ModelState, check: () => Promise<void>) => async () => {
    current = state;
    await check();
  };
  const states: Record<ModelState, () => Promise<void>> = {
    loginPage: at('loginPage', async () => {
      await run.page.waitForURL(/\/login/);
      await run.page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
    }),
    lobby: at('lobby', async () => {
      const { page } = run;
      await page.waitForURL(/\/lobby$/);
      await page.getByRole('heading', { name: 'Lobby' }).waitFor();
      expect(await lockDialog(page).count()).toBe(0);
      await expectWallet(run);
      await page.getByTestId('brand-1').waitFor();
    }),
    locked: at('locked', async () => {
      const { page } = run;
      const dialog = lockDialog(page);
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain("You haven't acted for a long time");
      expect(await page.evaluate(() => localStorage.getItem('reelside.locked'))).not.toBeNull();
    }),
    game: at('game', async () => {
      const { page, sim } = run;
      expect(page.url()).toMatch(/\/game\/1\/golden-reels-01$/);
      await waitLive(page);
      expect(await page.getByTestId('game-credits').textContent()).toBe('$0.00');
      expect(sim.floor.machine(1)?.status).toBe('playing');
      const { before, after } = await expectFramesGrowing(page);
      expect(after.frames).toBeGreaterThan(before.frames);
    }),
    gameWithCredits: at('gameWithCredits', () => expectPlayingWithCredits(run)),
    spun: at('spun', async () => {
      const { page, sim } = run;
      await expect.poll(() => sim.floor.context.machines.openSessionOf(DEMO_ID, 1)?.spins ?? 0).toBe(1);
      await expect.poll(() => sim.floor.machine(1)?.screen().spinning === null, { timeout: 5000 }).toBe(true);
      await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe(usd(sim.floor.context.ledger.credits(1)));
      // The meters roll up at the stop, each on its own: the win is waited for as the credits are.
      await expect.poll(() => page.getByTestId('game-win').textContent()).toBe('$0.60');
    }),
    warning: at('warning', async () => {
      const { page } = run;
      const countdown = toasts(page, /seconds left to continue/);
      await countdown.waitFor();
      expect(await countdown.count()).toBe(1);
      expect(page.url()).toMatch(/\/game\/1\//);
    }),
    reconnectDialog: at('reconnectDialog', async () => {
      const { page, sim } = run;
      const dialog = reconnectDialog(page);
      await dialog.waitFor();
      expect(await dialog.getByText(WAITING_TEXT).isVisible()).toBe(true);
      expect(sim.floor.machine(1)?.status).toBe('waiting');
      expect(sim.floor.context.ledger.credits(1)).toBeGreaterThan(0);
    }),
    lobbyAfterCashout: at('lobbyAfterCashout', async () => {
      const { page, sim } = run;
      await page.waitForURL(/\/lobby$/);
      await toasts(page, CASHED_OUT).waitFor();
      expect(sim.floor.context.ledger.credits(1)).toBe(0);
      await expectWallet(run);
      expect(sim.floor.machine(1)?.status).toBe('free');
      await expect.poll(() => sim.video.activeEncoders(), { timeout: 5000 }).toBe(0);
    }),
    lobbyAfterCancel: at('lobbyAfterCancel', async () => {
      const { page, sim } = run;
      await reconnectDialog(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/lobby');
      expect(sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_000);
      await expectWallet(run);
      expect(sim.floor.machine(1)?.status).toBe('free');
      expect(sim.floor.machine(1)?.occupantId).toBeNull();
    }),
  };

  const events = {
    LOGIN: () => login(run.page),
    JOIN: () => joinFromLobby(run.page, 1, 1),
    IDLE: () => run.page.clock.fastForward(61_000),
    UNLOCK: async () => {
      await run.page.getByLabel('PIN code').fill('1234');
      await lockDialog(run.page).getByRole('button', { name: 'Continue' }).click();
      await lockDialog(run.page).waitFor({ state: 'detached' });
    },
    TRANSFER: async () => {
      const before = run.sim.floor.context.ledger.credits(1);
      await transfer(run.page, '$50.00');
      await expect.poll(() => run.sim.floor.context.ledger.credits(1)).toBe(before + 5000);
      if (current === 'warning') await toasts(run.page, /seconds left to continue/).waitFor({ state: 'detached', timeout: 3000 });
    },
    SPIN: () => run.page.getByRole('button', { name: 'Spin' }).click(),
    WARN: () => simCall(run.sim, 'POST', '/sim/warn', { machineId: 1, code: 18802, count: 30 }),
    CASH_OUT: async () => {
      if (current === 'reconnectDialog') await reconnectDialog(run.page).getByRole('button', { name: 'Cash out' }).click();
      else await run.page.getByRole('button', { name: 'Cash out' }).click();
    },
    CLOSE_PAGE: async () => {
      // Leave without cashing out, then come back to the lobby in a new tab of the same profile.
      await run.page.close();
      await expect.poll(() => run.sim.floor.machine(1)?.status).toBe('waiting');
      run.page = await run.context.newPage();
      await run.page.goto('/lobby');
    },
    CONTINUE: async () => {
      await reconnectDialog(run.page).getByRole('button', { name: 'Continue' }).click();
      await run.page.waitForURL(/\/game\/1\/golden-reels-01$/);
      await reconnectDialog(run.page).waitFor({ state: 'detached' });
    },
  };
  return { states, events };
}

describe('journeys through the UI model', () => {
  for (const path of paths) {
    const events = path.steps.map((s) => s.event.type).filter((type) => type !== 'xstate.init');
    it(`${events.join(' → ')} ⇒ ${String(path.state.value)}`, { timeout: 60_000 }, async () => {
      const run = await openRun(events.includes('IDLE'));
      try {
        await path.test(handlers(run));
        // Whatever the journey, no money was made or lost.
        expect(run.sim.floor.context.ledger.audit().difference).toBe(0);
      } finally {
        await run.context.close().catch(() => undefined);
        await run.sim.close();
      }
    });
  }
});
