/**
 * ipCheck on the real product: a fresh page opened at /lobby (no login: the boot's screens, not
 * the painted login form, stand while the IP is checked).
 *
 *   input enabled          the operator's IP_CHEKCING setting: on, or off (nothing is asked)
 *   the check's answer     awaited: each GET /check answered in turn as the path says, through
 *                          /sim/fault queued before the page opens — held a moment (an answer),
 *                          no answer (503) — and the visitor's country allowed or not (the
 *                          simulator started with an allowed list without this host's country)
 *   reconnectBackoff       the page's clock moved on by the longest backoff (it also runs by itself)
 *   network.online         the browser says it is online again (its `online` event), once the
 *                          checks gave up
 *   user.retry             the network-error screen's Try again
 */
import { BACKOFF_CAP_MS } from '../../machines/backoff.ts';
import { IP_CHECK_TRIES, ipCheckMachine } from '../../machines/ipCheck.ts';
import { simCall } from '../e2e/play.ts';
import type { Driver, ModelPath } from './replay.ts';

const CHECK = '/check';
const HOLD_MS = 600;

const ANSWERS = ['xstate.done.actor.checkIp', 'xstate.error.actor.checkIp'];
const AWAITED = [...ANSWERS, 'xstate.after.reconnectBackoff.ipCheck.waiting'];

const enabled = (path: ModelPath) => (path.steps[0]!.state.context as { enabled: boolean }).enabled;

/** Whether the path's answer blocks the visitor (status and code both 0). */
const blocks = (path: ModelPath) =>
  path.steps.some((step) => step.event.type === 'xstate.done.actor.checkIp' && (step.event as unknown as { output: { status: number } }).output.status === 0);

export const ipCheckDriver: Driver = {
  name: 'ipCheck',
  chart: ipCheckMachine,
  traversal: {
    // The wait before the next check runs by itself, half a second at first: a browser back online
    // within it cannot be timed from outside the page (nor the page's clock stopped: the boot needs
    // it). After the third failure it is 2–4 s, time enough: the paths take online there (and once
    // the checks gave up), as auth's.
    skip: (snapshot, event) =>
      event.type === 'network.online' && snapshot.matches('waiting') && (snapshot.context as { failures: number }).failures < IP_CHECK_TRIES - 1,
  },
  simulator: (path) => ({
    settings: { IP_CHEKCING: enabled(path), PIN_CHECK: false },
    // This host's visitors come from the simulator's own country: not on the list, they are blocked.
    ...(blocks(path) ? { allowedCountries: ['ZZ'] } : {}),
  }),
  async arrange(world) {
    const { page, path, sim } = world;
    // Each check answered in turn: no answer (503) where the path fails it, else held a moment so
    // the checking screen can be seen.
    for (const step of path.steps) {
      if (step.event.type === 'xstate.error.actor.checkIp') await simCall(sim, 'POST', '/sim/fault', { path: CHECK, times: 1, status: 503 });
      if (step.event.type === 'xstate.done.actor.checkIp') await simCall(sim, 'POST', '/sim/fault', { path: CHECK, times: 1, delayMs: HOLD_MS });
    }
    await page.goto('/lobby');
  },
  awaited: (path, index) => AWAITED.includes(path.steps[index]!.event.type),
  async act(world, index) {
    const { page, path } = world;
    const event = path.steps[index]!.event;
    switch (event.type) {
      case 'xstate.done.actor.checkIp':
      case 'xstate.error.actor.checkIp':
        return;
      case 'xstate.after.reconnectBackoff.ipCheck.waiting':
        await page.clock.fastForward(BACKOFF_CAP_MS);
        return;
      case 'network.online':
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        return;
      case 'user.retry':
        await page.getByRole('button', { name: 'Try again' }).click();
        return;
      default:
        throw new Error(`no stimulus for ${event.type}`);
    }
  },
  tags: {
    'ip:checking': (page) => page.locator('[data-state="checking-ip"]').isVisible(),
    'ip:blocked': (page) => page.locator('[data-state="not-permitted"]').isVisible(),
    'ip:unreachable': (page) => page.locator('[data-state="network-error"]').isVisible(),
  },
  states: {
    // Let in: the app goes on to the login (a guest at /lobby is sent to the login form).
    'ipCheck.allowed': async (world) => world.page.getByLabel('Email or username').isVisible(),
    // Told where the visitor is and from which address.
    'ipCheck.blocked': async (world) => (await world.page.locator('[data-state="not-permitted"]').textContent())?.includes('127.0.0.1') ?? false,
  },
  // The check on its way, and the wait before the next, end by themselves.
  passes: (state) => state.matches('checking') || state.matches('waiting'),
};
