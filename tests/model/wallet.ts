/**
 * wallet on the real product: demo logs in on /login; the wallet runs while the login does, and
 * the chrome's Balance shows it.
 *
 *   the first balance      awaited: GET /api/player/balance answered as the path says — held a
 *                          moment (the answer), or no answer (503) — through /sim/fault queued
 *                          before the login
 *   server.balance         the casino's cashier pays 1.00 in (POST /sim/cashier): the notification
 *                          socket's balance frame. The socket's own first balance (sent when it
 *                          is ready) is withheld, so that only the path's events reach the wallet
 *                          (the socket runs in the page, without a Worker, where it can be routed)
 */
import type { Page } from 'playwright-core';
import { walletMachine } from '../../machines/wallet.ts';
import { login } from '../../scripts/browser/harness.ts';
import { simCall } from '../e2e/play.ts';
import type { Driver, World } from './replay.ts';

const BALANCE = '/api/player/balance';
const HOLD_MS = 600;
const LONG_HOLD_MS = 5_000;

const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
const shown = (page: Page) => page.getByTestId('balance').first().textContent();

const demoBalance = (world: World) => {
  const player = world.sim.store.playerByUsername('demo');
  if (!player) throw new Error('the simulator has no demo player');
  return world.sim.floor.context.ledger.balance(player.id);
};

export const walletDriver: Driver = {
  name: 'wallet',
  chart: walletMachine,
  // A browser tells the wallet's states apart by whether it knows a balance and a failure, not by the figure.
  traversal: { distinguish: (context: { balance: number | null; failure: unknown }) => [context.balance !== null, context.failure !== null] },
  simulator: () => ({ settings: { PIN_CHECK: false } }),
  async arrange(world) {
    const { page, path, sim, context } = world;
    await page.addInitScript(() => Reflect.deleteProperty(globalThis, 'Worker'));
    await context.routeWebSocket(/\/ws\/notification/, (socket) => {
      const server = socket.connectToServer();
      let first = true;
      server.onMessage((message) => {
        const frame = JSON.parse(String(message)) as { type: string };
        if (frame.type === 'balance' && first) {
          first = false;
          return;
        }
        socket.send(message);
      });
    });
    const answer = path.steps.find((step) => step.event.type.startsWith('xstate.') && step.event.type.endsWith('.fetchBalance'))?.event.type;
    // Held longer where the socket's balance must come first (it is sent while the answer waits).
    const beforeAnswer = path.steps[1]?.event.type === 'server.balance';
    await simCall(sim, 'POST', '/sim/fault', { path: BALANCE, times: 1, delayMs: beforeAnswer ? LONG_HOLD_MS : HOLD_MS, ...(answer === 'xstate.error.actor.fetchBalance' ? { status: 503 } : {}) });
    await page.goto('/login');
    await login(page);
  },
  awaited: (path, index) => ['xstate.done.actor.fetchBalance', 'xstate.error.actor.fetchBalance'].includes(path.steps[index]!.event.type),
  async act(world, index) {
    const event = world.path.steps[index]!.event;
    switch (event.type) {
      case 'xstate.done.actor.fetchBalance':
      case 'xstate.error.actor.fetchBalance':
        return;
      case 'server.balance':
        await simCall(world.sim, 'POST', '/sim/cashier', { username: 'demo', action: 'deposit', amount: 100 });
        return;
      default:
        throw new Error(`no stimulus for ${event.type}`);
    }
  },
  tags: {
    // A figure, not the loading word (which figure: wallet.loaded below).
    'balance:shown': async (page) => /\d/.test((await shown(page)) ?? ''),
  },
  states: {
    // Until a first balance, the chrome says it is on its way (a failed first ask, too: the
    // notification socket's next balance fills it).
    'wallet.loading': async (world) => (await shown(world.page))?.includes('loading..') ?? false,
    'wallet.failed': async (world) => (await shown(world.page))?.includes('loading..') ?? false,
    // The operator's figure, to the cent.
    'wallet.loaded': async (world) => (await shown(world.page))?.includes(money(demoBalance(world))) ?? false,
  },
  passes: (state) => state.matches('loading'),
};
