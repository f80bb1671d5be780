/**
 * lobby on the real product: demo logs in, then opens Golden Reels' lobby page from a link
 * (SHOW_LOBBY on: the brands, and that brand's machines), the idle lock off (PIN_CHECK false: the fake clock's jumps would lock the page), a
 * refresh every LOBBY_UPDATE_SECONDS (60 s: none comes by itself within a path).
 *
 *   the loads' answers   awaited. Each load the path starts (the first, a brand's, a refresh, a
 *                        retry, one begun again) is answered in turn by the operator as the path
 *                        says: its lobby call (GET /api/machine/brands) held a moment — longer when
 *                        something happens while it is on its way — and refused (503) where the
 *                        path has it fail (POST /sim/fault, queued before the login)
 *   route.brand          a brand tile clicked: the address changes (user.selectBrand before it is
 *                        that click; the lobby sends it on every click)
 *   server.statuses      the operator changes a machine's status (POST /sim/machine-status): one
 *                        on the page when a brand's machines are shown, whose tile must follow
 *   server.session       demo's other device (a socket of the same login) joins machine 1, then
 *                        the operator changes that machine's status; the reconnect dialog this
 *                        brings up is closed
 *   wallet.balance       the casino's cashier pays 1.00 in (POST /sim/cashier)
 *   lobbyRefresh         the page's clock moved on by LOBBY_UPDATE_SECONDS
 *   reconnectBackoff     the page's clock moved on by the longest backoff (the wait also runs by itself)
 *   user.retry           the lobby's Try again
 */
import type { Page } from 'playwright-core';
import { BACKOFF_CAP_MS } from '../../machines/backoff.ts';
import { LOBBY_TRIES, lobbyMachine } from '../../machines/lobby.ts';
import { login } from '../../scripts/browser/harness.ts';
import { machineSocket } from '../simulator/sockets.ts';
import { simCall } from '../e2e/play.ts';
import { actorOf, heard, type Driver, type ModelPath, type World } from './replay.ts';

const REFRESH_SECONDS = 60;
const LOBBY_CALL = '/api/machine/brands';
/** How long each lobby call is held: long enough to see the page while it is on its way. */
const HOLD_MS = 400;
/** Held longer when something else happens while it is on its way. */
const LONG_HOLD_MS = 3_000;
/** The machine whose status the operator changes when none is on the page (not demo's: machine 1 is). */
const STATUS_MACHINE = 5;
const SESSION_MACHINE = 1;

const ANSWERS = ['xstate.done.actor.fetchLobby', 'xstate.error.actor.fetchLobby', 'xstate.done.actor.refreshLobby', 'xstate.error.actor.refreshLobby'];
const AWAITED = [...ANSWERS, 'xstate.after.reconnectBackoff.lobby.failed'];

/** Whether steps[index] begins a load (its event enters or re-enters loading or refreshing). */
function startsLoad(path: ModelPath, index: number): boolean {
  if (index === 0) return true;
  const before = path.steps[index - 1]!.state;
  const after = path.steps[index]!.state;
  switch (path.steps[index]!.event.type) {
    case 'route.brand':
    case 'user.retry':
    case 'xstate.after.lobbyRefresh.lobby.ready':
      return true;
    case 'xstate.after.reconnectBackoff.lobby.failed':
      return after.matches('loading');
    case 'server.session':
      return before.matches('loading') || before.matches('ready') || before.matches('refreshing');
    default:
      return false;
  }
}

/** The operator's answer to each load of the path, in the order the loads begin. */
function loadFaults(path: ModelPath): Array<{ status?: number; delayMs: number }> {
  const faults: Array<{ status?: number; delayMs: number }> = [];
  for (let index = 0; index < path.steps.length; index += 1) {
    if (!startsLoad(path, index)) continue;
    let answer: string | null = null;
    let between = false;
    for (let at = index + 1; at < path.steps.length && answer === null; at += 1) {
      if (startsLoad(path, at)) break;
      const type = path.steps[at]!.event.type;
      if (ANSWERS.includes(type)) answer = type;
      else between = true;
    }
    faults.push({ delayMs: between || answer === null ? LONG_HOLD_MS : HOLD_MS, ...(answer?.startsWith('xstate.error') ? { status: 503 } : {}) });
  }
  return faults;
}

/** Whether the lobby has brands on the page at steps[index] (a load answered before it). */
const hasBrands = (path: ModelPath, index: number) =>
  path.steps.slice(1, index).some((step) => step.event.type === 'xstate.done.actor.fetchLobby' || step.event.type === 'xstate.done.actor.refreshLobby');

const reconnectDialog = (page: Page) => page.getByRole('dialog', { name: 'Open session' });

/** What a path's world holds besides the chart: demo's other device, the statuses the operator set. */
const scenes = new WeakMap<World, { device: { close(): void } | null; flips: number; brand: number }>();
const sceneOf = (world: World) => {
  let scene = scenes.get(world);
  if (!scene) scenes.set(world, (scene = { device: null, flips: 0, brand: 0 }));
  return scene;
};

export const lobbyDriver: Driver = {
  name: 'lobby',
  chart: lobbyMachine,
  // A browser tells loads apart by how many failed in a row (the retries left), not by what they brought.
  traversal: { distinguish: (context: { failures: number }) => context.failures },
  simulator: () => ({ settings: { PIN_CHECK: false, LOBBY_UPDATE_SECONDS: REFRESH_SECONDS } }),
  unsupported(path) {
    for (let index = 1; index < path.steps.length; index += 1) {
      const type = path.steps[index]!.event.type;
      // The lobby turns every click on a brand into a new address: a route change follows it.
      if (type === 'user.selectBrand' && path.steps[index + 1]?.event.type !== 'route.brand') return 'a brand clicked always changes the address (route.brand follows)';
      if (type === 'route.brand' && !hasBrands(path, index)) return 'no brand on the page to click before the lobby has loaded once';
    }
    return null;
  },
  async arrange(world) {
    const { page, path, sim } = world;
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    await page.getByTestId('brand-1').waitFor();
    // The lobby tested: a brand's page opened from a link (its machines on the page, so their
    // tiles can be seen to follow the floor), with its loads answered as the path says.
    for (const fault of loadFaults(path)) await simCall(sim, 'POST', '/sim/fault', { path: LOBBY_CALL, times: 1, ...fault });
    await page.goto('/lobby/1/golden-reels');
    sceneOf(world).brand = 1;
  },
  awaited: (path, index) => AWAITED.includes(path.steps[index]!.event.type),
  async act(world, index) {
    const { page, path, sim } = world;
    const scene = sceneOf(world);
    const event = path.steps[index]!.event;
    switch (event.type) {
      case 'xstate.done.actor.fetchLobby':
      case 'xstate.error.actor.fetchLobby':
      case 'xstate.done.actor.refreshLobby':
      case 'xstate.error.actor.refreshLobby':
        return;
      case 'user.selectBrand':
        return;
      case 'route.brand': {
        // Another brand than the one shown: brand 1 and 2 in turn.
        scene.brand = scene.brand === 1 ? 2 : 1;
        await page.getByTestId(`brand-${scene.brand}`).click();
        await page.waitForURL(new RegExp(`/lobby/${scene.brand}/`));
        return;
      }
      case 'server.statuses': {
        scene.flips += 1;
        const status = scene.flips % 2 === 1 ? 'offline' : 'free';
        // A machine on the page when a brand's are shown (not demo's own), so its tile can be seen to follow.
        const tiles = await page.locator('[data-testid^="machine-"]').evaluateAll((found) => found.map((tile) => tile.getAttribute('data-testid')));
        const shown = tiles.map((id) => Number(id?.slice('machine-'.length))).find((id) => Number.isInteger(id) && id !== SESSION_MACHINE);
        await heard(page, 'lobby|lobby|server.statuses|', () => simCall(sim, 'POST', '/sim/machine-status', { machineId: shown ?? STATUS_MACHINE, status }));
        if (shown !== undefined) await page.locator(`[data-testid="machine-${shown}"][data-status="${status}"]`).first().waitFor();
        return;
      }
      case 'server.session': {
        const key = `lobby|lobby.${(path.steps[index - 1]!.state.value as string)}|server.session|${path.steps[index]!.state.matches('loading') ? 'lobby.loading' : 'lobby.refreshing'}`;
        await heard(page, key, async () => {
          if (!scene.device) {
            const token = await page.evaluate(() => localStorage.getItem('jwt_access_token'));
            if (!token) throw new Error('no token for demo’s other device');
            const device = await machineSocket(sim.url, token);
            device.send({ type: 'init', machineID: SESSION_MACHINE, token });
            await device.next('joined');
            // Closed with the simulator at the end of the path.
            scene.device = device;
          } else {
            scene.flips += 1;
            await simCall(sim, 'POST', '/sim/machine-status', { machineId: SESSION_MACHINE, status: scene.flips % 2 === 1 ? 'inBonus' : 'playing' });
          }
        });
        // The reconnect dialog tells of the session elsewhere: closed, the lobby is the page again.
        const dialog = reconnectDialog(page);
        if (await dialog.waitFor({ timeout: 2_000 }).then(() => true, () => false)) await dialog.getByRole('button', { name: 'Close' }).click();
        return;
      }
      case 'wallet.balance': {
        await heard(page, 'lobby|lobby|wallet.balance|', () => simCall(sim, 'POST', '/sim/cashier', { username: 'demo', action: 'deposit', amount: 100 }));
        return;
      }
      case 'xstate.after.lobbyRefresh.lobby.ready':
        await page.clock.fastForward(REFRESH_SECONDS * 1000);
        return;
      case 'xstate.after.reconnectBackoff.lobby.failed':
        await page.clock.fastForward(BACKOFF_CAP_MS);
            return;
      case 'user.retry':
        await page.getByRole('button', { name: 'Try again' }).click();
        return;
      default:
        throw new Error(`no stimulus for ${event.type}`);
    }
  },
  tags: {
    'lobby:loading': (page) => page.locator('#lobby-content[aria-busy="true"]').isVisible(),
    'lobby:failed': (page) => page.getByRole('alert').filter({ hasText: 'The lobby could not be loaded.' }).isVisible(),
  },
  states: {
    // Loaded: the brands are on the page, and the machines of the address's brand (or all).
    'lobby.ready': async (world) => showsLobby(world.page),
    'lobby.failed': async (world, expected) => {
      const failures = (expected.context as { failures: number }).failures;
      if (!(await world.page.getByRole('button', { name: 'Try again' }).isVisible())) return false;
      if (failures < LOBBY_TRIES) return true;
      // Its tries spent, the lobby waits for the player: time passing asks the operator nothing more.
      await world.page.clock.fastForward(BACKOFF_CAP_MS + 1_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return (await actorOf(world.page, 'lobby'))?.actor.states.join(' + ') === 'lobby.failed';
    },
  },
};

const BRAND_NAMES: Record<string, string> = { '1': 'Golden Reels', '2': 'Lucky Sevens' };

async function showsLobby(page: Page): Promise<boolean> {
  if (!(await page.getByTestId('brand-1').isVisible())) return false;
  // A brand's address: the page is that brand's (its name the heading), with its machines.
  const brand = /\/lobby\/(\d+)\//.exec(new URL(page.url()).pathname)?.[1];
  if (brand === undefined) return true;
  return (await page.getByRole('heading', { level: 1, name: BRAND_NAMES[brand] }).isVisible()) && (await page.locator('[data-testid^="machine-"]').count()) > 0;
}
