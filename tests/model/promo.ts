/**
 * promo on the real product: the lobby's Discount button (AUTO_DISCOUNT on, the balance check on
 * with DISCOUNT_MIN 1,010.00 — demo's 1,000.00 is under it), demo logged in, the idle lock off
 * (PIN_CHECK false: the fake clock's jumps would lock the page otherwise).
 *
 *   restore's answer      arranged: nothing kept on this device, or a discount claimed here a
 *                         moment ago (the page's storage) and the page reloaded
 *   wallet.balance        the casino's cashier moves money (POST /sim/cashier) so that demo's
 *                         wallet is on the payload's side of the limit (the chart's 10,000 stands
 *                         for DISCOUNT_MIN here); the page shows the new balance
 *   user.claim            a click on Discount
 *   claim's answer        awaited, and always held 1.5 s by the operator (POST /sim/fault, delay)
 *                         so the page can be seen while it is on its way; a refusal is the
 *                         operator's own once a discount was paid (once per 5 minutes, and the
 *                         loss is discounted once), otherwise a failing operator (/sim/fault 503)
 *   promoCooldown         the page's clock moved on by 31 s
 *
 * The server pays demo's seeded loss (24.00 five hours ago) once: 2.40, the chart's 240.
 */
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { PROMO_COOLDOWN_MS, promoMachine, type PromoContext } from '../../machines/promo.ts';
import { login } from '../../scripts/browser/harness.ts';
import { simCall, toasts } from '../e2e/play.ts';
import type { Driver, ModelPath, World } from './replay.ts';

/** DISCOUNT_MIN in major units: the limit in minor units is a hundred times it. */
const DISCOUNT_MIN = 1_010;
const LIMIT = DISCOUNT_MIN * 100;
/** The chart fixture's limit (scripts/paths/payloads.ts): a payload at or above it is "above". */
const CHART_LIMIT = 10_000;
/** What the server pays for demo's seeded loss (10 % of 24.00). */
const DISCOUNT = 240;
const HOLD_MS = 1_500;
/** Held longer when something else happens while the claim is on its way. */
const LONG_HOLD_MS = 4_000;

const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

const discountButton = (page: Page) => page.getByRole('button', { name: 'Discount' });

/** A wallet.balance payload's balance (minor units, on the chart's scale). */
const balanceOf = (event: { type: string }) => (event as unknown as { balance: number }).balance;

type Answer = 'xstate.done.actor.claim' | 'xstate.error.actor.claim';

/** The answer of the claim sent at steps[index], and whether anything happens before it. */
function answerOf(path: ModelPath, index: number): { type: Answer; between: number[] } | null {
  const between: number[] = [];
  for (let at = index + 1; at < path.steps.length; at += 1) {
    const type = path.steps[at]!.event.type;
    if (type === 'xstate.done.actor.claim' || type === 'xstate.error.actor.claim') return { type, between };
    between.push(at);
  }
  return null;
}

const grantedBefore = (path: ModelPath, index: number) =>
  path.steps.slice(0, index).some((step) => step.event.type === 'xstate.done.actor.claim');

/** A claim is sent at steps[index]: idle, the balance under the chart's limit. */
const sendsClaim = (path: ModelPath, index: number) => path.steps[index + 1] !== undefined && path.steps[index]!.event.type === 'user.claim' && path.steps[index]!.state.matches('requesting');

const demoId = (world: World) => {
  const player = world.sim.store.playerByUsername('demo');
  if (!player) throw new Error('the simulator has no demo player');
  return player.id;
};

async function dismissToasts(page: Page): Promise<void> {
  for (let shown = page.locator('[aria-live="polite"] > [data-variant]'); (await shown.count()) > 0; ) {
    await shown.first().click().catch(() => undefined);
  }
}

export const promoDriver: Driver = {
  name: 'promo',
  chart: promoMachine,
  simulator: () => ({ settings: { AUTO_DISCOUNT: true, DISCOUNT_BALANCE_CHECK: true, DISCOUNT_MIN, PIN_CHECK: false } }),
  unsupported(path) {
    if (path.steps.some((step, index) => index > 0 && step.event.type === 'wallet.balance' && path.steps[index - 1]!.state.matches('restoring'))) {
      return 'what is kept on the device is read at once: nothing reaches the promo while it restores';
    }
    for (let index = 1; index < path.steps.length; index += 1) {
      if (path.steps[index]!.event.type !== 'xstate.done.actor.claim') continue;
      // The seeded loss is discounted once, and the server pays one discount per 5 minutes.
      if (grantedBefore(path, index)) return 'the server pays a discount once for a loss (and once per 5 minutes): a second needs new play';
    }
    for (let index = 1; index < path.steps.length; index += 1) {
      const event = path.steps[index]!.event;
      if (event.type !== 'wallet.balance' || !path.steps[index - 1]!.state.matches('requesting')) continue;
      const answer = answerOf(path, index);
      // The operator checks the balance when the claim reaches it, after the move.
      if (answer?.type === 'xstate.done.actor.claim' && balanceOf(event) >= CHART_LIMIT) {
        return 'the operator refuses a discount to a balance above the limit, moved there while the claim is on its way';
      }
    }
    return null;
  },
  async arrange(world) {
    const { page, path } = world;
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    await discountButton(page).waitFor();
    const restored = path.steps.find((step) => step.event.type === 'xstate.done.actor.restore')?.event as
      | { output: { sinceLastClaimMs: number | null } }
      | undefined;
    if (restored?.output.sinceLastClaimMs != null) {
      // A discount claimed on this device a moment ago: the page is opened again.
      await page.evaluate((ago) => localStorage.setItem('reelside.promo.discount', String(Date.now() - ago)), restored.output.sinceLastClaimMs);
      await page.reload();
      await discountButton(page).waitFor();
    }
  },
  awaited: (path, index) => ['xstate.done.actor.restore', 'xstate.done.actor.claim', 'xstate.error.actor.claim'].includes(path.steps[index]!.event.type),
  async act(world, index) {
    const { page, path } = world;
    const event = path.steps[index]!.event;
    switch (event.type) {
      case 'xstate.done.actor.restore':
      case 'xstate.done.actor.claim':
      case 'xstate.error.actor.claim':
        return;
      case 'wallet.balance': {
        const id = demoId(world);
        const now = world.sim.floor.context.ledger.balance(id);
        const above = balanceOf(event) >= CHART_LIMIT;
        // A fresh balance on the wanted side (a move the page hears), a granted discount away from the limit.
        const target = above ? Math.max(now, LIMIT + 1_000) + 100 : Math.min(now, LIMIT - 1_000 - DISCOUNT) - 100;
        const action = target > now ? 'deposit' : 'withdraw';
        await simCall(world.sim, 'POST', '/sim/cashier', { username: 'demo', action, amount: Math.abs(target - now) });
        await page.getByTestId('balance').filter({ hasText: money(target) }).waitFor();
        return;
      }
      case 'user.claim': {
        await dismissToasts(page);
        if (sendsClaim(path, index)) {
          const answer = answerOf(path, index);
          const delayMs = answer && answer.between.length > 0 ? LONG_HOLD_MS : HOLD_MS;
          // Refused by the operator itself once a discount was paid; otherwise a failing operator.
          const failing = answer?.type === 'xstate.error.actor.claim' && !grantedBefore(path, index);
          await simCall(world.sim, 'POST', '/sim/fault', { path: '/api/player/discount', times: 1, delayMs, ...(failing ? { status: 503 } : {}) });
        }
        await discountButton(page).click();
        return;
      }
      case 'xstate.after.promoCooldown.promo.coolingDown':
        await page.clock.fastForward(PROMO_COOLDOWN_MS + 1_000);
        return;
      default:
        throw new Error(`no stimulus for ${event.type}`);
    }
  },
  tags: {
    'promo:requesting': async (page) => (await discountButton(page).getAttribute('aria-busy')) === 'true',
  },
  states: {
    // What this step came to, as a toast: a notice, the grant or the failure.
    'promo.idle': async (world, expected, index) => shows(world, expected, index),
    'promo.coolingDown': async (world, expected, index) => shows(world, expected, index),
  },
};

async function shows(world: World, expected: AnyMachineSnapshot, index: number): Promise<boolean> {
  const now = expected.context as PromoContext;
  const before = index > 0 ? (world.path.steps[index - 1]!.state.context as PromoContext) : null;
  const event = world.path.steps[index]!.event.type;
  const wanted: Array<{ text: string | RegExp; variant: string }> = [];
  if (before && now.notices > before.notices) {
    wanted.push(
      now.notice === 'balanceTooHigh'
        ? { text: `Your balance must be below ${money(LIMIT)}`, variant: 'warning' }
        : { text: 'You can use discount only once per 5 minutes', variant: 'warning' },
    );
  }
  if (event === 'xstate.done.actor.claim') wanted.push({ text: `You received ${money(DISCOUNT)}`, variant: 'success' });
  if (event === 'xstate.error.actor.claim') wanted.push({ text: /./, variant: 'error' });
  for (const { text, variant } of wanted) {
    if ((await toasts(world.page, text).and(world.page.locator(`[data-variant="${variant}"]`)).count()) === 0) return false;
  }
  return true;
}
