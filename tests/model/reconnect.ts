/**
 * reconnect on the real product. demo is logged in on page A (the page whose reconnect dialog is
 * tested); the open session is on machine 1 (Golden Reels 01), held by demo from a second device B
 * (the same login in a browser profile of its own), or by A itself.
 *
 *   server.session open    B joins machine 1; once the session is there, the operator changes
 *                          the machine's status (POST /sim/machine-status: the session frame again)
 *   server.session closed  the operator removes the player from machine 1 (POST /sim/remove)
 *   game.entered           A plays machine 1 (from the lobby, or the dialog's Continue)
 *   game.left              A goes back to the lobby from the game (cashing out what it holds)
 *   game.kept              A puts money on the machine and leaves keeping it for 2 minutes
 *   user.continue / user.cashout / user.kick / user.dismiss
 *                          the dialog's Continue, Cash out, Disconnect other device, ×
 *   the call's answers     awaited; a refusal is the operator's (POST /sim/fault on the call), and
 *                          a frame while the call is on its way comes with a slow operator (the
 *                          call held 3 s by /sim/fault)
 *   continueTimeout        Continue from the profile page while the game page's code is held by a
 *                          slow network (its chunk delayed 30 s: longer than a step's check may
 *                          wait), and the page's clock moved on by 5 s
 */
import type { Page } from 'playwright-core';
import { reconnectMachine } from '../../machines/reconnect.ts';
import { login } from '../../scripts/browser/harness.ts';
import { simCall, transfer, waitLive } from '../e2e/play.ts';
import type { Driver, ModelPath, World } from './replay.ts';

const MACHINE = 1;
const GAME_URL = /\/game\/1\/golden-reels-01$/;

/** What the world holds besides the chart: where A is, whether B plays, whether machine 1 is demo's. */
interface Scene {
  a: 'lobby' | 'game' | 'profile';
  /** B (demo's second device) is on machine 1. */
  b: boolean;
  /** demo holds a session on machine 1 (played by A or B, or reserved). */
  held: boolean;
  /** A's game holds credits. */
  credits: boolean;
}

type Plan = { reason: string } | { run: (world: World, tabs: Tabs) => Promise<void>; next: Scene };

interface Tabs {
  b: Page | null;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Open session' });

async function fault(world: World, path: string, how: { status?: number; code?: number; delayMs?: number; times?: number }): Promise<void> {
  await simCall(world.sim, 'POST', '/sim/fault', { path, times: 1, ...how });
}

async function playOnA(page: Page): Promise<void> {
  await page.getByTestId('brand-1').click();
  await page.getByTestId(`machine-${MACHINE}`).first().getByRole('button', { name: /Play|Continue/ }).click();
  await page.waitForURL(GAME_URL);
  await waitLive(page);
}

/** The stimulus of steps[index] in the scene before it, and the scene after it. */
function planStep(path: ModelPath, index: number, scene: Scene): Plan {
  const step = path.steps[index]!;
  const before = path.steps[index - 1]!.state;
  const next = path.steps[index + 1]?.event;
  const event = step.event;
  const inDialog = before.matches('shown');
  switch (event.type) {
    case 'xstate.done.actor.cancelSession':
      return { run: async () => {}, next: { ...scene, held: false, b: false } };
    case 'xstate.done.actor.kickConnection':
      return { run: async () => {}, next: { ...scene, b: false } };
    case 'xstate.error.actor.cancelSession':
    case 'xstate.error.actor.kickConnection':
      return { run: async () => {}, next: scene };
    case 'server.session': {
      if (event.status === 'closed') {
        if (!scene.held || scene.a === 'game') return { reason: 'the operator removes a player from a machine A is not playing' };
        return {
          run: async (world, tabs) => {
            await simCall(world.sim, 'POST', '/sim/remove', { machineId: MACHINE });
            await tabs.b?.waitForURL(/\/lobby/).catch(() => undefined);
          },
          next: { ...scene, held: false, b: false },
        };
      }
      if (scene.a === 'game') return { reason: "A's own machine is not a session elsewhere" };
      if (!scene.held) {
        if (before.matches('cashingOut') || before.matches('kicking')) return { reason: 'no session to tell of while the call is on its way' };
        return {
          run: async (world, tabs) => {
            tabs.b = await secondDevice(world);
            await tabs.b.goto('/lobby');
            await playOnA(tabs.b);
          },
          next: { ...scene, held: true, b: true },
        };
      }
      return {
        run: async (world) => {
          await simCall(world.sim, 'POST', '/sim/machine-status', { machineId: MACHINE, status: 'inBonus' });
        },
        next: scene,
      };
    }
    case 'game.entered':
      if (before.matches('continuing')) return { run: async () => {}, next: { ...scene, a: 'game', b: false, held: true } };
      if (inDialog || before.matches('cashingOut') || before.matches('kicking')) return { reason: 'the open dialog is modal: A plays only through its Continue' };
      if (scene.a === 'game') return { reason: 'A is playing already' };
      return {
        run: async (world, tabs) => {
          if (scene.a !== 'lobby') await world.page.goto('/lobby');
          await playOnA(world.page);
          await tabs.b?.waitForURL(/\/lobby/).catch(() => undefined);
        },
        next: { ...scene, a: 'game', b: false, held: true },
      };
    case 'game.left':
      if (scene.a !== 'game') return { reason: 'A leaves a game only from one' };
      return {
        run: async (world) => {
          await world.page.getByRole('button', { name: 'Back to the lobby' }).click();
          if (scene.credits) await world.page.getByRole('dialog', { name: 'Leave the machine?' }).getByRole('button', { name: 'Cash out' }).click();
          await world.page.waitForURL(/\/lobby$/);
        },
        next: { ...scene, a: 'lobby', held: false, credits: false },
      };
    case 'game.kept':
      if (scene.a !== 'game') return { reason: 'A keeps a machine only when leaving its game' };
      return {
        run: async (world) => {
          if (!scene.credits) {
            await transfer(world.page, '$50.00');
            await world.page.getByTestId('game-credits').filter({ hasText: '$50.00' }).waitFor();
          }
          await world.page.getByRole('button', { name: 'Back to the lobby' }).click();
          await world.page.getByRole('dialog', { name: 'Leave the machine?' }).getByRole('button', { name: 'Keep it for 2 minutes' }).click();
          await world.page.waitForURL(/\/lobby$/);
        },
        next: { ...scene, a: 'lobby', credits: false },
      };
    case 'user.continue':
      if (next?.type === 'xstate.after.continueTimeout.reconnect.continuing') {
        return {
          run: async (world) => {
            // A is on a page that has not fetched the game's code (no service worker has precached
            // it: context below), over a network that now holds it.
            await fault(world, '/assets/GamePage', { delayMs: 30_000, times: 10 });
            await dialog(world.page).getByRole('button', { name: 'Continue' }).click();
          },
          next: { ...scene, a: 'profile' },
        };
      }
      return {
        run: async (world) => {
          await dialog(world.page).getByRole('button', { name: 'Continue' }).click();
          await world.page.waitForURL(GAME_URL);
        },
        next: scene,
      };
    case 'xstate.after.continueTimeout.reconnect.continuing':
      return {
        run: async (world) => {
          await world.page.clock.fastForward(5_001);
        },
        next: scene,
      };
    case 'user.cashout':
    case 'user.kick': {
      const call = event.type === 'user.cashout' ? '/api/player/cancel' : '/api/player/kick';
      const button = event.type === 'user.cashout' ? 'Cash out' : 'Disconnect other device';
      if (event.type === 'user.kick' && !scene.b) return { reason: 'Disconnect other device needs another device on the machine' };
      return {
        run: async (world) => {
          if (next?.type.startsWith('xstate.error.actor.')) await fault(world, call, { status: 409, code: 18801 });
          else if (next?.type === 'server.session') await fault(world, call, { delayMs: 3000 });
          await dialog(world.page).getByRole('button', { name: button }).click();
        },
        next: scene,
      };
    }
    case 'user.dismiss':
      return {
        run: async (world) => {
          await dialog(world.page).getByRole('button', { name: 'Close' }).click();
        },
        next: scene,
      };
    default:
      return { reason: `no stimulus for ${event.type}` };
  }
}

const START: Scene = { a: 'lobby', b: false, held: false, credits: false };

/** A Continue that the game never answers starts from the profile: the lobby fetches the game's code. */
const startsOnProfile = (path: ModelPath) => path.steps.some((step) => step.event.type === 'xstate.after.continueTimeout.reconnect.continuing');

/**
 * B: demo's same login on another device (a browser profile of its own, with A's token), so that
 * what B downloads is not in A's cache.
 */
async function secondDevice(world: World): Promise<Page> {
  const token = await world.page.evaluate(() => localStorage.getItem('jwt_access_token'));
  const browser = world.context.browser();
  if (!browser || !token) throw new Error('no browser or no token for the second device');
  const context = await browser.newContext({ baseURL: new URL(world.page.url()).origin, locale: 'en-US' });
  context.setDefaultTimeout(10_000);
  await context.addInitScript((kept) => localStorage.setItem('jwt_access_token', kept), token);
  world.extra.push(context);
  return context.newPage();
}

/** Each step's plan, or the first reason the path cannot be replayed. */
function plans(path: ModelPath): Array<Exclude<Plan, { reason: string }>> | string {
  const out: Array<Exclude<Plan, { reason: string }>> = [];
  let scene: Scene = { ...START, a: startsOnProfile(path) ? 'profile' : 'lobby' };
  for (let index = 1; index < path.steps.length; index += 1) {
    const plan = planStep(path, index, scene);
    if ('reason' in plan) return plan.reason;
    out.push(plan);
    scene = plan.next;
  }
  return out;
}

const tabsOf = new WeakMap<World, Tabs>();

export const reconnectDriver: Driver = {
  name: 'reconnect',
  chart: reconnectMachine,
  // A page whose service worker precaches every chunk would have the game's code before the Continue.
  context: (path) => (startsOnProfile(path) ? { serviceWorkers: 'block' } : {}),
  unsupported(path) {
    const planned = plans(path);
    return typeof planned === 'string' ? planned : null;
  },
  async arrange(world) {
    tabsOf.set(world, { b: null });
    const profile = startsOnProfile(world.path);
    await world.page.goto(profile ? '/login?redirect=%2Fprofile' : '/login');
    await login(world.page);
    await world.page.waitForURL(profile ? /\/profile$/ : /\/lobby$/);
    await world.page.getByRole('heading', { name: profile ? 'Profile' : 'Lobby' }).waitFor();
  },
  // The calls' answers, and the game Continue opens.
  awaited: (path, index) => {
    const type = path.steps[index]!.event.type;
    return type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.') || (type === 'game.entered' && path.steps[index - 1]!.state.matches('continuing'));
  },
  async act(world, index) {
    const planned = plans(world.path);
    if (typeof planned === 'string') throw new Error(planned);
    await planned[index - 1]!.run(world, tabsOf.get(world)!);
  },
  tags: {
    'dialog:shown': (page) => dialog(page).isVisible(),
    'dialog:busy': async (page) => (await dialog(page).isVisible()) && dialog(page).getByRole('button', { name: 'Continue' }).isDisabled(),
  },
  states: {
    'reconnect.continuing': async (world) => GAME_URL.test(world.page.url()) || new URL(world.page.url()).pathname === '/profile',
  },
};
