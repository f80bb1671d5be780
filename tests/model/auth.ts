/**
 * auth on the real product: demo's login on one page, from a fresh page (no token) or a page
 * opened again with the token it kept (stored by an earlier login).
 *
 *   readTokens' answer     arranged: a fresh page, or a token kept in the page's storage (from a
 *                          login made through the API) and the page opened again
 *   the token check        awaited: each check (GET /api/validate) answered in turn by the operator
 *                          as the path says — held a moment, no answer (503) or its "no" (401) —
 *                          through /sim/fault, queued before the page opens
 *   network.online         the browser goes offline and online again (once the login gave up)
 *   reconnectBackoff       the page's clock moved on by the longest backoff (it also runs by itself)
 *   user.retry             the network-error screen's Try again
 *   user.login             the login form, with demo's password or a wrong one as the answer the
 *                          path awaits (the login held a moment so the form is seen busy); during
 *                          the page's first token check, pressed on the painted form before the
 *                          app booted (the operator's settings held), which the app then sends
 *   user.dismissFailure    the player types in the form again after a refused login
 *   user.logout            the navigation's Logout; the logout's answer awaited, a refusal a failing
 *                          operator (POST /api/player/logout: 503)
 *   server.unauthorized    the operator ends demo's login (POST /sim/end-session)
 *   tokenExpiry            the page's clock moved on past the token's life (JWT TTL 120 s here)
 *   server.balance         the casino's cashier pays 1.00 in (POST /sim/cashier)
 *   server.session         demo's other device (a socket of the same login) joins machine 1, then
 *                          the operator changes that machine's status
 *   server.machines        the operator changes machine 5's status
 *   server.info            the operator's message (POST /sim/notify): its toast is shown
 *   session.pinChanged     the PIN changed on the profile page
 *   the idle lock's end    PIN_CHECK on: the idle minute on the page's clock, then the lock's
 *                          Logout, or five wrong PINs
 */
import type { Page } from 'playwright-core';
import { BACKOFF_CAP_MS } from '../../machines/backoff.ts';
import { authMachine, VALIDATE_TRIES } from '../../machines/auth.ts';
import { MAX_WRONG_PINS } from '../../machines/idleLock.ts';
import { login } from '../../scripts/browser/harness.ts';
import { simCall } from '../e2e/play.ts';
import { machineSocket } from '../simulator/sockets.ts';
import { heard, type Driver, type ModelPath, type World } from './replay.ts';

const TOKEN_CHECK = '/api/validate';
const TTL_SECONDS = 120;
const HOLD_MS = 400;
const LONG_HOLD_MS = 3_000;
const SESSION_MACHINE = 1;
const STATUS_MACHINE = 5;
const WRONG_PIN = '9999';

const ANSWERS = ['xstate.done.actor.validateToken', 'xstate.error.actor.validateToken'];
const AWAITED = [
  ...ANSWERS,
  'xstate.done.actor.readTokens',
  'xstate.done.actor.login',
  'xstate.error.actor.login',
  'xstate.done.actor.logout',
  'xstate.error.actor.logout',
  'xstate.after.reconnectBackoff.auth.reconnecting',
];

const readTokens = (path: ModelPath) =>
  path.steps.find((step) => step.event.type === 'xstate.done.actor.readTokens')?.event as { output: { queryToken: string | null; storedToken: string | null } } | undefined;

/** Whether steps[index] begins a token check. */
const startsCheck = (path: ModelPath, index: number) => index > 0 && path.steps[index]!.state.matches('validating') && !path.steps[index - 1]!.state.matches('validating');

/**
 * The step whose login is handed over during the page's first token check (a press on the painted
 * form before the app booted: the app sends it once the check runs), or -1.
 */
const pressedBeforeBoot = (path: ModelPath) =>
  path.steps.findIndex((step, index) => step.event.type === 'user.login' && index > 0 && path.steps[index - 1]!.state.matches('validating'));

/** The operator's answer to each token check of the path, in the order the checks begin. */
function checkFaults(path: ModelPath): Array<{ status?: number; delayMs: number }> {
  const faults: Array<{ status?: number; delayMs: number }> = [];
  for (let index = 1; index < path.steps.length; index += 1) {
    if (!startsCheck(path, index)) continue;
    const answer = path.steps.slice(index + 1).find((step) => ANSWERS.includes(step.event.type))?.event as { type: string; error?: { status?: number } } | undefined;
    const between = path.steps[index + 1] !== undefined && !ANSWERS.includes(path.steps[index + 1]!.event.type);
    // No answer is a 503; the operator's "no" is its 401.
    const status = answer?.type === ANSWERS[1] ? (answer?.error?.status === 401 ? 401 : 503) : undefined;
    faults.push({ delayMs: between || answer === undefined ? LONG_HOLD_MS : HOLD_MS, ...(status ? { status } : {}) });
  }
  return faults;
}

const idleLockEnd = (path: ModelPath) =>
  path.steps.find((step) => step.event.type === 'xstate.done.actor.idleLock')?.event as { output: { reason: string } } | undefined;

const scenes = new WeakMap<World, { device: { close(): void } | null; flips: number }>();
const sceneOf = (world: World) => {
  let scene = scenes.get(world);
  if (!scene) scenes.set(world, (scene = { device: null, flips: 0 }));
  return scene;
};

/** The logout the step begins is held a moment (so the page is seen logging out), refused (503) where the path says. */
async function holdLogout(world: World, index: number): Promise<void> {
  const refused = world.path.steps[index + 1]?.event.type === 'xstate.error.actor.logout';
  await simCall(world.sim, 'POST', '/sim/fault', { path: '/api/player/logout', times: 1, delayMs: HOLD_MS, ...(refused ? { status: 503 } : {}) });
}

async function token(world: World): Promise<string> {
  const kept = await world.page.evaluate(() => localStorage.getItem('jwt_access_token') ?? sessionStorage.getItem('jwt_access_token'));
  if (!kept) throw new Error('no token on the page');
  return kept;
}

const lockDialog = (page: Page) => page.getByRole('dialog', { name: 'LOCKED!' });

export const authDriver: Driver = {
  name: 'auth',
  chart: authMachine,
  // A browser tells the states apart by the checks that found no answer in a row, whether a failure
  // is kept and why the last login ended, not by what the login holds.
  traversal: {
    // After a check with no answer the login asks again by itself, half a second later at first:
    // a browser back online within that cannot be timed from outside the page (nor the page's clock
    // stopped: its drawing needs it). After the fourth the wait is 4–8 s, time enough: the paths
    // take online there (and once the login gave up).
    skip: (snapshot, event) =>
      event.type === 'network.online' && snapshot.matches('reconnecting') && (snapshot.context as { validations: number }).validations < VALIDATE_TRIES - 1,
    distinguish: (context: { validations: number; failure: unknown; logoutReason: unknown }) => [context.validations, context.failure !== null, context.logoutReason],
  },
  simulator: (path) => ({
    settings: { PIN_CHECK: idleLockEnd(path) !== undefined },
    ...(path.steps.some((step) => step.event.type === 'xstate.after.tokenExpiry.auth.loggedIn') ? { jwtTtlSeconds: TTL_SECONDS } : {}),
  }),
  unsupported(path) {
    if (path.steps.some((step) => step.event.type === 'xstate.error.actor.notifications')) {
      return "the notification socket's machine does not fail: its troubles are its own states";
    }
    // The form shows a login's failure (a refused login, too many wrong PINs), and only then does
    // typing in it tell the login; other failures are said elsewhere.
    const dismissed = path.steps.findIndex((step, index) => {
      if (step.event.type !== 'user.dismissFailure') return false;
      const before = path.steps[index - 1]!.state.context as { failure: unknown; logoutReason: string | null };
      return before.failure === null || (before.logoutReason !== null && before.logoutReason !== 'tooManyWrongPins');
    });
    if (dismissed > 0) return 'typing in the form tells the login only while the form shows a failure';
    if (readTokens(path)?.output.queryToken) return "a token handed over in the address (the operator's token login) is checked as a kept one";
    // A login handed over while a kept login is checked is a press made before the app booted, on
    // the painted form (read-only once the check runs): only the page's first check can take one.
    const pressed = pressedBeforeBoot(path);
    const checks = path.steps.map((_, index) => index).filter((index) => index < pressed && startsCheck(path, index));
    if (pressed > 0 && checks.length !== 1) {
      return 'a login is handed over during the page\'s first token check only (pressed before the app booted)';
    }
    return null;
  },
  async arrange(world) {
    const { page, path, sim } = world;
    if (readTokens(path)?.output.storedToken) {
      // demo logged in before on this device: the page is opened with the token it kept. The token
      // is put in the site's storage from a page of the site that runs no app (an app still booting
      // would read it and spend the first queued answer on a check of its own).
      await page.goto('/favicon.svg');
      const { token: kept } = (await simCall(sim, 'POST', '/api/login', { username: 'demo', password: 'demo1234', site_id: 0 })) as { token: string };
      for (const fault of checkFaults(path)) await simCall(sim, 'POST', '/sim/fault', { path: TOKEN_CHECK, times: 1, ...fault });
      await page.evaluate((value) => localStorage.setItem('jwt_access_token', value), kept);
    }
    const pressed = pressedBeforeBoot(path);
    if (pressed > 0) {
      // The login pressed on the painted form while the operator's settings are late (the app
      // hydrated, not booted): the app sends it once the kept login's check runs.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        '**/Settings.json',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      try {
        await page.goto('/login');
        // Held long enough for the replay to find the login on its way, even as the path's last state.
        await simCall(sim, 'POST', '/sim/fault', { path: '/api/login', times: 1, delayMs: LONG_HOLD_MS });
        await page.getByLabel('Email or username').fill('demo');
        await page.getByLabel('Password', { exact: true }).fill(path.steps[pressed + 1]?.event.type === 'xstate.error.actor.login' ? 'wrong-password' : 'demo1234');
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('button', { name: 'Signing in...' }).waitFor();
      } finally {
        release();
      }
      return;
    }
    await page.goto('/login');
    if (!readTokens(path)?.output.storedToken) await page.getByLabel('Email or username').waitFor();
  },
  // (A login pressed before the app booted is sent by the app itself.)
  awaited: (path, index) => AWAITED.includes(path.steps[index]!.event.type) || index === pressedBeforeBoot(path),
  // A path that ends with a login sent: its held answer (HOLD_MS) comes by itself, and a slow look
  // at the page may find it already answered.
  passes: (state) => state.hasTag('login:submitting'),
  act: stimulus,
  tags: {
    // The splash, or on /login the painted form standing read-only while a kept login is checked.
    'gate:checking': async (page) => (await page.locator('[data-state="splash"]').isVisible()) || (await page.locator('form[data-checking]').isVisible()),
    'gate:reconnecting': (page) => page.locator('[data-state="reconnecting"]').isVisible(),
    'gate:unreachable': (page) => page.locator('[data-state="network-error"]').isVisible(),
    'login:open': (page) => page.locator('form:not([aria-busy="true"])').getByLabel('Email or username').isVisible(),
    'login:submitting': (page) => page.locator('form[aria-busy="true"]:not([data-checking])').getByLabel('Email or username').isVisible(),
  },
  states: {
    'auth.loggedIn': async (world) => new URL(world.page.url()).pathname !== '/login' && (await world.page.getByTestId('balance').isVisible()),
    'auth.loggedOut.idle': async (world, expected) => {
      if (new URL(world.page.url()).pathname !== '/login') return false;
      const reason = (expected.context as { logoutReason: string | null }).logoutReason;
      // Ended by the operator, a refused token, too many wrong PINs: the form says why.
      if (reason === 'unauthorized' || reason === 'tooManyWrongPins') return world.page.getByRole('alert').first().isVisible();
      return true;
    },
  },
};

/** The stimulus of steps[index] (nothing for an answer the previous one causes). */
async function stimulus(world: World, index: number): Promise<void> {
  const { page, path, sim } = world;
  const scene = sceneOf(world);
  const event = path.steps[index]!.event;
  switch (event.type) {
    case 'xstate.done.actor.readTokens':
    case 'xstate.done.actor.validateToken':
    case 'xstate.error.actor.validateToken':
    case 'xstate.done.actor.login':
    case 'xstate.error.actor.login':
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
      return;
    case 'xstate.after.reconnectBackoff.auth.reconnecting':
      await page.clock.fastForward(BACKOFF_CAP_MS);
      return;
    case 'network.online':
      await world.context.setOffline(true);
      await page.waitForFunction(() => !navigator.onLine);
      await world.context.setOffline(false);
      return;
    case 'user.retry':
      await page.getByRole('button', { name: 'Try again' }).click();
      return;
    case 'user.login': {
      if (index === pressedBeforeBoot(path)) return; // pressed before the app booted (arrange)
      const right = path.steps[index + 1]?.event.type !== 'xstate.error.actor.login';
      await simCall(sim, 'POST', '/sim/fault', { path: '/api/login', times: 1, delayMs: HOLD_MS });
      await login(page, 'demo', right ? 'demo1234' : 'wrong-password');
      return;
    }
    case 'user.dismissFailure':
      await page.getByLabel('Password', { exact: true }).fill('demo');
      return;
    case 'user.logout':
      await holdLogout(world, index);
      await page.getByRole('link', { name: 'Logout' }).click();
      return;
    case 'server.unauthorized':
      await simCall(sim, 'POST', '/sim/end-session', { username: 'demo' });
      return;
    case 'xstate.after.tokenExpiry.auth.loggedIn':
      await page.clock.fastForward((TTL_SECONDS + 1) * 1000);
      return;
    case 'server.balance':
      await heard(page, 'auth|auth.loggedIn|server.balance|', () => simCall(sim, 'POST', '/sim/cashier', { username: 'demo', action: 'deposit', amount: 100 }));
      return;
    case 'server.machines':
      // Each flip is a change the floor pushes: one sent before the page's socket was open is
      // missed, and the next one heard.
      await heard(
        page,
        'auth|auth.loggedIn|server.machines|',
        () => {
          scene.flips += 1;
          return simCall(sim, 'POST', '/sim/machine-status', { machineId: STATUS_MACHINE, status: scene.flips % 2 === 1 ? 'offline' : 'free' });
        },
        2_500,
      );
      return;
    case 'server.info':
      // Sent as soon as the login is in (the logged-in pages may still be loading): it is shown.
      await simCall(sim, 'POST', '/sim/notify', { username: 'demo', code: 99_001, message: 'The floor closes at midnight' });
      await page.getByText('The floor closes at midnight').waitFor();
      return;
    case 'server.session':
      await heard(page, 'auth|auth.loggedIn|server.session|', async () => {
        if (!scene.device) {
          const kept = await token(world);
          const device = await machineSocket(sim.url, kept);
          device.send({ type: 'init', machineID: SESSION_MACHINE, token: kept });
          await device.next('joined');
          scene.device = device;
        } else {
          scene.flips += 1;
          await simCall(sim, 'POST', '/sim/machine-status', { machineId: SESSION_MACHINE, status: scene.flips % 2 === 1 ? 'inBonus' : 'playing' });
        }
      });
      return;
    case 'session.pinChanged': {
      await page.getByRole('link', { name: 'Profile' }).first().click();
      const form = page.getByTestId('pin-form');
      await form.getByLabel('Current password').fill('demo1234');
      await form.getByLabel('PIN code').fill('2468');
      await form.getByRole('button', { name: 'Change PIN' }).click();
      await page.getByText('Your PIN has been changed.').waitFor();
      return;
    }
    case 'xstate.done.actor.idleLock': {
      // The lock's own end: the idle minute, then its Logout or five wrong PINs.
      await holdLogout(world, index);
      // The lobby up and a key pressed: the idle minute runs from here.
      await page.getByRole('heading', { name: 'Lobby' }).waitFor();
      await page.keyboard.press('Shift');
      const dialog = lockDialog(page);
      for (let tries = 0; tries < 3 && !(await dialog.isVisible()); tries += 1) {
        await page.clock.fastForward(61_000);
        await dialog.waitFor({ timeout: 2_000 }).catch(() => undefined);
      }
      if (idleLockEnd(path)?.output.reason === 'tooManyWrongPins') {
        for (let attempt = 0; attempt < MAX_WRONG_PINS; attempt += 1) {
          await dialog.getByLabel('PIN code').fill(WRONG_PIN);
          await dialog.getByRole('button', { name: 'Continue' }).click();
          if (attempt < MAX_WRONG_PINS - 1) await dialog.getByText(`${MAX_WRONG_PINS - attempt - 1} `, { exact: false }).first().waitFor();
        }
      } else {
        await dialog.getByRole('button', { name: 'Logout' }).click();
      }
      return;
    }
    default:
      throw new Error(`no stimulus for ${event.type}`);
  }
}
