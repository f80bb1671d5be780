/**
 * idleLock on the real product: demo logs in (the lock starts with the login), and each event of
 * a path is what a player or the page does.
 *
 *   restoreLock's answer  arranged: PIN_CHECK off in the operator's settings, or the lock flag and
 *                         its wrong-PIN count left in the page's storage and the page reloaded
 *   user.activity         a key press
 *   the idle minute       the page's clock moved on by 61 s
 *   user.unlock           a PIN typed and Continue: the right one or a wrong one, as the path's
 *                         next event (verifyPin's answer) says
 *   verifyPin fails      the client served on plain HTTP under a host name: no WebCrypto
 *   user.logout           the lock dialog's Logout
 *   pin.changed           the PIN changed on the profile page
 *   the player without a PIN (input pinCode null): the operator's login answer carries none
 */
import type { Page } from 'playwright-core';
import { idleLockMachine, MAX_WRONG_PINS } from '../../machines/idleLock.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { login } from '../../scripts/browser/harness.ts';
import { NO_PIN } from '../../simulator/secrets/pin.ts';
import { setPinHash } from '../../simulator/store/account.ts';
import type { Driver, ModelPath, World } from './replay.ts';

const RIGHT_PIN = DEFAULT_SETTINGS.DEFAULT_PIN;
const WRONG_PIN = RIGHT_PIN === '9999' ? '1111' : '9999';
const NEW_PIN = '2468';

const restoreAnswer = (path: ModelPath) =>
  path.steps.find((step) => step.event.type === 'xstate.done.actor.restoreLock')?.event.output as
    | { pinCheck: boolean; locked: boolean; attempts: number }
    | undefined;

/** Events the previous stimulus causes: the answers of the lock's storage and of the PIN check. */
const AWAITED = ['xstate.done.actor.restoreLock', 'xstate.done.actor.verifyPin', 'xstate.error.actor.verifyPin'];

const lockDialog = (page: Page) => page.getByRole('dialog', { name: 'LOCKED!' });

/**
 * A slow phone: the page's PIN derivation (WebCrypto's PBKDF2) does not finish until the test lets
 * it — the player acts meanwhile however long that takes on a loaded machine. (Throttling the CPU
 * only made the check slow, and a busy machine sometimes still clicked after it had answered.)
 */
async function holdPinChecks(world: World): Promise<void> {
  await world.page.evaluate(() => {
    const page = window as unknown as { reelsideReleasePin?: () => void };
    const subtle = crypto.subtle;
    const derive = subtle.deriveBits.bind(subtle);
    const held = new Promise<void>((resolve) => (page.reelsideReleasePin = resolve));
    subtle.deriveBits = async (...args: Parameters<SubtleCrypto['deriveBits']>) => {
      await held;
      return derive(...args);
    };
  });
}

async function releasePinChecks(world: World): Promise<void> {
  await world.page.evaluate(() => (window as unknown as { reelsideReleasePin?: () => void }).reelsideReleasePin?.());
}

function demoId(world: World): number {
  const player = world.sim.store.playerByUsername('demo');
  if (!player) throw new Error('the simulator has no demo player');
  return player.id;
}

export const idleLockDriver: Driver = {
  name: 'idleLock',
  chart: idleLockMachine,
  // A page without WebCrypto (served on plain HTTP under a host name) cannot check a PIN: verifyPin fails.
  origin: (path) => (path.steps.some((step) => step.event.type === 'xstate.error.actor.verifyPin') ? 'insecure' : 'secure'),
  simulator: (path) => (restoreAnswer(path)?.pinCheck === false ? { settings: { PIN_CHECK: false } } : {}),
  unsupported(path) {
    const types = path.steps.map((step) => step.event.type);
    // A page has WebCrypto or has not: verifyPin does not answer once and fail the next time.
    if (types.includes('xstate.error.actor.verifyPin') && types.includes('xstate.done.actor.verifyPin')) {
      return 'a page has WebCrypto for every PIN or for none: verifyPin cannot answer and then fail';
    }
    // The PIN is changed on the profile page: the player is in (not locked, not logged out).
    const changedWhere = path.steps.flatMap((step, index) => (step.event.type === 'pin.changed' ? [path.steps[index - 1]!.state] : []));
    if (changedWhere.some((state) => !state.matches('active') && !state.matches('off'))) return 'a PIN is changed on the profile page, which only a player in (not locked) reaches';
    return null;
  },
  async arrange(world) {
    const { page, path } = world;
    if ((path.input as { pinCode: string | null }).pinCode === null) setPinHash(world.sim.store, demoId(world), NO_PIN);
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    const restored = restoreAnswer(path);
    if (restored?.locked) {
      // A page that was locked (with some wrong PINs) and is opened again.
      await page.evaluate((attempts) => {
        localStorage.setItem('reelside.locked', '1');
        if (attempts > 0) localStorage.setItem('reelside.lockAttempts', String(attempts));
      }, restored.attempts);
      await page.reload();
    } else {
      // The lobby took a moment: the player's key starts the minute here, as the chart's start does.
      await page.keyboard.press('Shift');
    }
  },
  awaited: (path, index) => AWAITED.includes(path.steps[index]!.event.type),
  async act(world, index) {
    const { page, path } = world;
    const event = path.steps[index]!.event;
    switch (event.type) {
      case 'xstate.done.actor.restoreLock':
      case 'xstate.done.actor.verifyPin':
      case 'xstate.error.actor.verifyPin':
        return;
      case 'user.activity':
        await page.keyboard.press('Shift');
        return;
      case 'xstate.after.idleTimeout.idleLock.active':
        await page.clock.fastForward(61_000);
        return;
      case 'pin.changed': {
        await page.goto('/profile');
        const form = page.getByTestId('pin-form');
        await form.getByLabel('Current password').fill('demo1234');
        await form.getByLabel('PIN code').fill(NEW_PIN);
        await form.getByRole('button', { name: 'Change PIN' }).click();
        await page.getByText('Your PIN has been changed.').waitFor();
        return;
      }
      case 'user.unlock': {
        const answer = path.steps[index + 1]?.event;
        const right = answer?.type === 'xstate.done.actor.verifyPin' && answer.output === true;
        const changed = path.steps.slice(0, index).some((step) => step.event.type === 'pin.changed');
        await lockDialog(page).getByLabel('PIN code').fill(right ? (changed ? NEW_PIN : RIGHT_PIN) : WRONG_PIN);
        // The player acts again while the PIN is being checked: on a slow phone the check takes
        // seconds, not a blink (held here until the player has acted).
        const meanwhile = answer !== undefined && !AWAITED.includes(answer.type);
        if (meanwhile) await holdPinChecks(world);
        await lockDialog(page).getByRole('button', { name: 'Continue' }).click();
        return;
      }
      case 'user.logout':
        await lockDialog(page).getByRole('button', { name: 'Logout' }).click();
        await releasePinChecks(world);
        return;
      default:
        throw new Error(`no stimulus for ${event.type}`);
    }
  },
  tags: {
    'lock:shown': (page) => lockDialog(page).isVisible(),
    'lock:checking': (page) => lockDialog(page).locator('form[aria-busy="true"]').isVisible(),
    'lock:cannotUnlock': (page) => page.locator('#lock-cannot-unlock').isVisible(),
  },
  states: {
    // The player is in: a logged-in page, nothing over it (the tags say no lock).
    'idleLock.active': async (world) => new URL(world.page.url()).pathname !== '/login',
    'idleLock.off': async (world) => new URL(world.page.url()).pathname !== '/login',
    // SPEC §4: a reload stays locked — the page keeps the lock while it holds.
    'idleLock.locked': async (world) => (await world.page.evaluate(() => localStorage.getItem('reelside.locked'))) === '1',
    'idleLock.locked.idle': async (world, expected) => {
      const attempts = (expected.context as { attempts: number }).attempts;
      if (attempts === 0) return (await lockDialog(world.page).getByRole('alert').count()) === 0;
      const left = MAX_WRONG_PINS - attempts;
      return lockDialog(world.page)
        .getByText(`${left} ${left === 1 ? 'attempt' : 'attempts'} left before you are logged out.`)
        .isVisible();
    },
    'idleLock.loggedOut': async (world) => new URL(world.page.url()).pathname === '/login',
    'idleLock.lockedOut': async (world) =>
      new URL(world.page.url()).pathname === '/login' &&
      world.page.getByText('You entered a wrong PIN code too many times, so you were logged out.', { exact: false }).isVisible(),
  },
};
