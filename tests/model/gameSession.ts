/**
 * gameSession on the real product: demo logged in (the idle lock off: PIN_CHECK false) plays
 * machine 1 (Golden Reels 01) from the lobby; the game's actor is the page's newest gameSession.
 * The floor's timers run three times slower (timerScale 3: a spin turns 6 s, a close warning
 * counts 3 s a step), so that a state holds while the page is looked at.
 *
 *   user.join, socket.joined  awaited: the game page joins as it opens, the floor answers
 *   a join that must not be answered
 *                          the floor holds the player's next init (POST /sim/hold), set up before
 *                          the stimulus that enters joining: then joinTimeout is the page clock
 *                          moved on 10 s, socket.lost is POST /sim/drop, user.leave is Back
 *   socket.error (joining) the first join is held 2 s while the operator takes the machine out of
 *                          service (POST /sim/machine-status offline): refused with 60002
 *   xstate.error.actor.socket
 *                          the page's WebSocket cannot be made (its constructor throws), set up
 *                          before the stimulus that enters joining
 *   reconnectBackoff       awaited (the page clock runs on with real time), hurried along
 *   socket.state (credits) the player puts $50.00 on the machine (Money transfer, a coin): the
 *                          press, its ack, the money update and the state are the floor's answers
 *   socket.spinStart       Spin with credits on the machine; socket.spin is awaited (the reels stop)
 *   spinSettles            the page clock moved on past the announced stop, before the floor's
 *                          stop frame comes (the floor's spin turns on real time)
 *   socket.error (live)    Spin with no credits: the floor refuses it (60005)
 *   user.autoplay          the Autoplay switch with no credits (the floor refuses the first spin)
 *   socket.closeWarning    the operator starts a countdown (POST /sim/warn 18800, 60 steps);
 *                          socket.ack ends it: Bet up, which the floor accepts;
 *                          socket.closeSession: the countdown set to its last step
 *   socket.closed (live)   the player's session is cashed out from elsewhere (POST
 *                          /api/player/cancel with the page's token); in cashingOut it is awaited
 *   cashoutTimeout         the floor holds the cashout (POST /sim/hold), the page clock moves on 5 s
 *   socket.quit            removed: POST /sim/remove; outOfService: POST /sim/machine-status
 *                          offline; replaced: the game opened in a second tab of the same login
 *                          (and its Play here when it is there already)
 *   socket.sessionEnded    the operator ends the login session (POST /sim/end-session); the page
 *                          hears its notification worker 2 s late, so the game hears it first
 *   socket.lost            POST /sim/drop
 *   socket.realityCheck    the operator brings the reality check on now (POST /sim/reality-check;
 *                          one waiting is told again); user.answerCheck is the dialog's button, the
 *                          floor's taking it (socket.ack) awaited; answerTimeout: the floor holds
 *                          the answer (POST /sim/hold realityCheck) and the page clock moves on 5 s
 *   user.*                 the game's own controls: Cash out, Back to the lobby, the leave dialog's
 *                          buttons, Play here, Money transfer, the quality menu, Sound, the volume
 *                          slider, the side bar's toggle; user.touch is a pointerdown on the game;
 *                          user.leave while the leave dialog asks is the browser's Back
 *   controlsIdle           the page clock moved on 4 s without a touch. Otherwise the driver
 *                          touches the game every 1.5 s, as a player's hand would, so the controls
 *                          fade only where the chart says.
 *
 * Folded into the stimuli above rather than replayed on their own (the product takes them as it
 * plays, and the record counts them): the presses, transfers, acks, money updates and session
 * books that are answers, the wallet's feed.
 *
 *   user.retryVideo        the picture stalls (POST /sim/video) and the operator refuses every new
 *                          offer (POST /sim/fault) while the page clock moves on until the link gives
 *                          up; then the feed is back and the player presses Try the video again
 *
 * Not replayed: the video child failing outright (videoLink's replay covers the link; its
 * troubles are its own states, so only a bug in it would fail it: the transition is the game's guard
 * against one).
 */
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { gameSessionMachine } from '../../machines/gameSession.ts';
import { login } from '../../scripts/browser/harness.ts';
import { simCall } from '../e2e/play.ts';
import { failConstructions, heard, record, runClock, runClockOut, stillWaiting, type Driver, type ModelPath, type World } from './replay.ts';

const MACHINE = 1;
const USER = 'demo';
const GAME_PATH = '/game/1/golden-reels-01';
const LIVE = 'gameSession.connected.live';
/** A transition as the record counts it. */
const key = (source: string, event: string, target = '') => `gameSession|${source}|${event}|${target}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const is = (state: AnyMachineSnapshot, value: object | string) => state.matches(value as never);
const joining = (state: AnyMachineSnapshot) => is(state, { connected: 'joining' });
const cashing = (state: AnyMachineSnapshot) => is(state, { connected: 'cashingOut' });
const live = (state: AnyMachineSnapshot) => is(state, { connected: 'live' });
const spinning = (state: AnyMachineSnapshot) => is(state, { connected: { live: { reels: 'spinning' } } });
const resting = (state: AnyMachineSnapshot) => is(state, { connected: { live: { reels: 'resting' } } });
const warned = (state: AnyMachineSnapshot) => is(state, { connected: { live: { play: 'closeWarning' } } });
const faded = (state: AnyMachineSnapshot) => is(state, { connected: { live: { controls: 'faded' } } });
const asking = (state: AnyMachineSnapshot) => is(state, { connected: { live: { leave: 'asking' } } });
/** The reality check region: clear, due, continuing, answering or leaving. */
const check = (state: AnyMachineSnapshot): string | null => (live(state) ? ((state.value as { connected: { live: { check: string } } }).connected.live.check ?? null) : null);
const answering = (state: AnyMachineSnapshot) => check(state) === 'continuing' || check(state) === 'answering';
const credited = (state: AnyMachineSnapshot) => ((state.context.machine as { credits: number } | null)?.credits ?? 0) > 0;

// ---- the path's plan --------------------------------------------------------------------------

/** Whether steps[index] enters state `at` (it was not there before). */
function enters(path: ModelPath, index: number, at: (state: AnyMachineSnapshot) => boolean): boolean {
  const step = path.steps[index];
  if (!step || !at(step.state)) return false;
  return index === 0 || !at(path.steps[index - 1]!.state);
}

function awaitedStep(path: ModelPath, index: number): boolean {
  const { event } = path.steps[index]!;
  const before = path.steps[index - 1]!.state;
  switch (event.type) {
    case 'user.join':
    case 'socket.joined':
    case 'socket.spin':
    case 'xstate.error.actor.socket':
      return true;
    case 'socket.closed':
      return cashing(before);
    case 'socket.error':
      return joining(before);
    case 'socket.ack':
      // The floor taking the player's answer to the reality check.
      return answering(before);
    default:
      // Timers on the page's running clock: the product leaves by itself (hurried along in act).
      return event.type.startsWith('xstate.after.reconnectBackoff') || event.type.startsWith('xstate.after.cycleRest');
  }
}

/** What the stimulus of steps[from] must set up first, for itself and the answers that follow it. */
interface Setup {
  /** The next WebSocket constructions of the page, in order: whether each throws. */
  sockets: boolean[];
  holdInit: boolean;
  holdCashout: boolean;
  /** The floor holds the answer to the reality check (it is not taken within the client's wait). */
  holdAnswer: boolean;
  /** The first join is refused: held while the machine goes out of service. */
  refuseJoin: boolean;
  /** The page clock stops (a state the product leaves on its clock must hold for the next step). */
  pause: boolean;
}

function setupOf(path: ModelPath, from: number): Setup {
  const setup: Setup = { sockets: [], holdInit: false, holdCashout: false, holdAnswer: false, refuseJoin: false, pause: false };
  for (let index = from; index < path.steps.length && (index === from || awaitedStep(path, index)); index += 1) {
    const next = path.steps[index + 1]?.event.type;
    if (enters(path, index, joining)) {
      setup.sockets.push(next === 'xstate.error.actor.socket');
      if (next === 'socket.error') setup.refuseJoin = true;
      else if (next !== undefined && next !== 'socket.joined' && next !== 'xstate.error.actor.socket') setup.holdInit = true;
    }
    if (enters(path, index, cashing) && next !== undefined && next !== 'socket.closed') setup.holdCashout = true;
    if (enters(path, index, answering) && next !== undefined && next !== 'socket.ack') setup.holdAnswer = true;
    // Leaving while the reconnect waits: the wait (under a second at first) must not run out.
    if (enters(path, index, (state) => state.matches('reconnecting')) && next === 'user.leave') setup.pause = true;
  }
  return setup;
}

// ---- the page ---------------------------------------------------------------------------------

/** The machine's deck in the side bar. */
const deck = (page: Page) => page.getByTestId('game-deck');
const stage = (page: Page, text: string) => page.getByRole('main').getByText(text);
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave the machine?' });
const checkDialog = (page: Page) => page.getByRole('dialog', { name: 'Reality check' });
const ANSWERS: Record<string, string> = { continue: 'Continue playing', history: 'View history', leave: 'Leave' };
const OVERLAYS = ['Joining the machine...', 'Cashing out...', 'This game is open in another tab.', 'Connection Lost, please wait'];

async function visible(page: Page, text: string): Promise<boolean> {
  return stage(page, text).isVisible();
}

async function inGame(page: Page): Promise<boolean> {
  return /\/game\//.test(new URL(page.url()).pathname) && (await page.locator('[data-game-screen]').count()) > 0;
}

/**
 * A player's touch on the game (not on a control): what keeps the controls from fading. With the
 * leave dialog up, a touch on the dialog (a touch outside it would close it; the game hears one
 * inside it all the same).
 */
async function touch(page: Page): Promise<void> {
  await page.evaluate(() =>
    (document.querySelector('[role="dialog"]') ?? document.querySelector('[data-game-screen]'))?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })),
  );
}

/** The side bar open, for its controls. */
async function sideBar(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Controls', exact: true });
  if ((await toggle.count()) > 0) await toggle.click();
}

/**
 * The page's workers (the notification socket's) tell the page what they heard
 * `window.reelsideWorkerDelay` ms late: the two sockets of a login do not promise an order
 * between them, and a step may need one.
 */
function slowWorkers(): void {
  const w = window as unknown as { Worker: typeof Worker; reelsideWorkerDelay: number };
  w.reelsideWorkerDelay = 0;
  w.Worker = class extends w.Worker {
    override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
      if (type !== 'message') return super.addEventListener(type, listener, options);
      const call = (event: Event) => (typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event));
      super.addEventListener(type, (event) => (w.reelsideWorkerDelay > 0 ? void setTimeout(() => call(event), w.reelsideWorkerDelay) : call(event)), options);
    }
  };
}

// ---- the world --------------------------------------------------------------------------------

interface Hands {
  /** Touch the game every 1.5 s (the controls stay shown). */
  touching: boolean;
  /** The second tab of the same login, once opened. */
  second: Page | null;
}

const handsOf = new WeakMap<World, Hands>();

/** The player's hand: touches the game while `touching`, until the page closes. */
function startHands(world: World): Hands {
  const hands: Hands = { touching: true, second: null };
  handsOf.set(world, hands);
  void (async () => {
    while (!world.page.isClosed()) {
      if (hands.touching) await touch(world.page).catch(() => undefined);
      await sleep(1500);
    }
  })();
  return hands;
}

/** Touching unless the chart has the controls faded after steps[index], or fading next. */
function setHands(world: World, index: number): void {
  const hands = handsOf.get(world)!;
  const next = world.path.steps[index + 1]?.event.type ?? '';
  hands.touching = !faded(world.path.steps[index]!.state) && !next.startsWith('xstate.after.controlsIdle');
}

/** Before each second of the page clock, the hand's touch (while it touches). */
const handSlice = (world: World) => async () => {
  if (handsOf.get(world)!.touching) await touch(world.page);
};

/** Moves the page clock on (touching as the hand does) until `done`, within `ms`. */
const advance = (world: World, ms: number, done: () => Promise<boolean>) => runClock(world.page, ms, done, handSlice(world));

/** Moves the clock on until the game leaves the state it is in (its timer fired), within `ms`. */
const advanceOut = (world: World, ms: number) => runClockOut(world.page, 'gameSession', ms, handSlice(world));

const sim = (world: World, path: string, body: unknown) => simCall(world.sim, 'POST', path, body);

async function prepare(world: World, from: number): Promise<Setup> {
  const setup = setupOf(world.path, from);
  if (setup.sockets.includes(true)) await failConstructions(world.page, 'WebSocket', setup.sockets);
  if (setup.holdInit) await sim(world, '/sim/hold', { username: USER, request: 'init', ms: 60_000 });
  if (setup.refuseJoin) await sim(world, '/sim/hold', { username: USER, request: 'init', ms: 2_000 });
  if (setup.holdCashout) await sim(world, '/sim/hold', { username: USER, request: 'cashout', ms: 60_000 });
  if (setup.holdAnswer) await sim(world, '/sim/hold', { username: USER, request: 'realityCheck', ms: 60_000 });
  // (A moment ahead of the page's time: the clock runs on while it is asked.)
  if (setup.pause) await world.page.clock.pauseAt((await world.page.evaluate(() => Date.now())) + 50);
  return setup;
}

/** What follows a stimulus that `prepare` set up. */
async function after(world: World, setup: Setup): Promise<void> {
  if (setup.refuseJoin) await sim(world, '/sim/machine-status', { machineId: MACHINE, status: 'offline' });
}

/** The floor's reels at rest (a spin the page stopped waiting for still turns on the floor's time). */
async function floorAtRest(world: World): Promise<void> {
  const machine = world.sim.floor.require(MACHINE);
  for (let waited = 0; machine.screen().spinning !== null && waited < 15_000; waited += 100) await sleep(100);
}

async function stimulus(world: World, index: number): Promise<void> {
  const { page, path } = world;
  const { event } = path.steps[index]!;
  const before = path.steps[index - 1]!.state;
  const type = event.type;
  const click = (locator: ReturnType<Page['getByRole']>) => locator.click();
  switch (type) {
    case 'socket.state':
      // $50.00 onto the machine: the transfer's answers end with the machine's state.
      await sideBar(page);
      return heard(page, key(LIVE, 'socket.state'), async () => {
        const toggle = page.getByRole('button', { name: 'Money transfer' });
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await page.getByRole('group', { name: 'Transfer to the machine' }).getByRole('button', { name: '$50.00', exact: true }).click();
      });
    case 'socket.spinStart':
      await sideBar(page);
      await floorAtRest(world);
      return click(deck(page).getByRole('button', { name: 'Spin' }));
    case 'socket.error':
      await sideBar(page);
      return heard(page, key(LIVE, 'socket.error'), () => click(deck(page).getByRole('button', { name: 'Spin' })));
    case 'user.autoplay':
      await sideBar(page);
      return heard(page, key(LIVE, 'user.autoplay'), () => click(page.getByRole('switch', { name: 'Autoplay' })));
    case 'socket.ack':
      await sideBar(page);
      return click(page.getByRole('button', { name: 'Bet up' }));
    case 'socket.closeWarning': {
      const warn = () => sim(world, '/sim/warn', { machineId: MACHINE, code: 18800, count: 60 });
      // A countdown already running: the new one is one more of its frames.
      return warned(before) ? heard(page, key(`${LIVE}.play.closeWarning`, type), warn) : void (await warn());
    }
    case 'socket.closeSession':
      return void (await sim(world, '/sim/warn', { machineId: MACHINE, code: 18800, count: 1 }));
    case 'socket.closed': {
      const token = await page.evaluate(() => localStorage.getItem('jwt_access_token'));
      const answer = await fetch(`${world.sim.url}/api/player/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ machineId: MACHINE }),
      });
      if (!answer.ok) throw new Error(`the cancel was refused: ${answer.status} ${await answer.text()}`);
      return;
    }
    case 'socket.quit': {
      const reason = (event as { reason?: string }).reason;
      if (reason === 'removed') return void (await sim(world, '/sim/remove', { machineId: MACHINE }));
      if (reason === 'outOfService') return void (await sim(world, '/sim/machine-status', { machineId: MACHINE, status: 'offline' }));
      // Replaced: the same login plays the machine in a second tab.
      const hands = handsOf.get(world)!;
      if (hands.second === null) {
        hands.second = await world.context.newPage();
        await hands.second.goto(GAME_PATH);
      } else {
        await hands.second.getByRole('button', { name: 'Play here' }).click();
      }
      return;
    }
    case 'socket.sessionEnded':
      // Both of the login's sockets are closed; the game is to hear it first (the chart's order),
      // so the worker's word comes late.
      await page.evaluate(() => ((window as unknown as { reelsideWorkerDelay: number }).reelsideWorkerDelay = 2000));
      return void (await sim(world, '/sim/end-session', { username: USER }));
    case 'socket.lost':
      return void (await sim(world, '/sim/drop', { username: USER }));
    case 'user.cashout':
      if (asking(before)) return click(leaveDialog(page).getByRole('button', { name: 'Cash out' }));
      await sideBar(page);
      return click(deck(page).getByRole('button', { name: 'Cash out' }));
    case 'user.leave':
      // The browser's Back while the question is up: the game page's blocker tells the session
      // again (as a reality check's Leave would), and the question stays.
      if (asking(before)) return heard(page, key(`${LIVE}.leave.asking`, type), () => page.goBack());
      await sideBar(page);
      await click(page.getByRole('button', { name: 'Back to the lobby' }));
      if (before.matches('reconnecting')) await page.clock.resume();
      return;
    case 'user.stay':
      return click(leaveDialog(page).getByRole('button', { name: 'Stay' }));
    case 'socket.realityCheck': {
      // The operator's control API brings the check on now (as its interval running out would);
      // one already waiting is told again.
      const call = () => sim(world, '/sim/reality-check', { machineId: MACHINE });
      return check(before) === 'clear' ? void (await call()) : heard(page, key(`${LIVE}.check`, type), call);
    }
    case 'user.answerCheck':
      return click(checkDialog(page).getByRole('button', { name: ANSWERS[(event as { answer?: string }).answer ?? ''] }));
    case 'user.keepMachine':
      return click(leaveDialog(page).getByRole('button', { name: 'Keep it for 2 minutes' }));
    case 'user.playHere':
      return click(page.getByRole('button', { name: 'Play here' }));
    case 'user.touch':
      return touch(page);
    case 'user.retryVideo': {
      // The picture stalls and every new offer is refused until the link gives up; then the
      // operator is well again and the player asks for the video once more.
      await sim(world, '/sim/fault', { path: `/whep/${MACHINE}/`, method: 'POST', status: 503, code: 40_000, times: 100 });
      await sim(world, '/sim/video', { machineId: MACHINE, action: 'stall' });
      const again = page.getByRole('button', { name: 'Try the video again' });
      await advance(world, 180_000, () => again.isVisible());
      await simCall(world.sim, 'DELETE', '/sim/fault');
      await sim(world, '/sim/video', { machineId: MACHINE, action: 'resume' });
      return heard(page, key(LIVE, type), () => click(again));
    }
    case 'user.toggleMoneyTransfer':
      await sideBar(page);
      return heard(page, key(LIVE, type), () => click(page.getByRole('button', { name: 'Money transfer' })));
    case 'user.selectBand':
      await sideBar(page);
      return heard(page, key(LIVE, type), async () => {
        // By keyboard, as a player may: a toast passing over the foot of the side bar (a slow page
        // keeps one longer) does not stand in the way of a key as it does of a pointer.
        // A key a loaded page has not taken yet (the menu not open within seconds) is pressed again.
        const band = page.getByRole('menuitemradio', { name: '180p' });
        for (let attempt = 1; ; attempt += 1) {
          await page.getByRole('button', { name: /^Video quality/ }).press('Enter');
          if (await band.waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
          if (attempt === 3) throw new Error('the Video quality menu did not open on Enter, three times');
        }
        await band.press('Enter');
      });
    case 'user.volume':
      await sideBar(page);
      return heard(page, key('gameSession', type), () => page.getByRole('slider').fill('50'));
    case 'user.sound':
      await sideBar(page);
      return heard(page, key('gameSession', type), () => click(page.getByRole('button', { name: 'Sound', exact: true })));
    case 'user.toggleSideBar':
      return heard(page, key('gameSession', type), () => click(page.getByRole('button', { name: /^(Hide controls|Controls)$/ })));
    default:
      break;
  }
  if (type.startsWith('xstate.after.joinTimeout')) return advanceOut(world, 11_000);
  if (type.startsWith('xstate.after.cashoutTimeout')) return advanceOut(world, 6_000);
  if (type.startsWith('xstate.after.answerTimeout')) return advanceOut(world, 6_000);
  if (type.startsWith('xstate.after.controlsIdle')) return advanceOut(world, 6_000);
  if (type.startsWith('xstate.after.spinSettles')) return advanceOut(world, 10_000);
  throw new Error(`no stimulus for ${type}`);
}

export const gameSessionDriver: Driver = {
  name: 'gameSession',
  chart: gameSessionMachine,
  // Spins and countdowns slower than a page is looked at; the same reels for every replay.
  simulator: () => ({ settings: { PIN_CHECK: false }, timerScale: 3, rngSeed: 'model-gameSession' }),
  traversal: {
    cover: 'transitions',
    // As the app starts a visit: three reconnects, the wallet known from its feed.
    inputs: [{ machineId: 1, token: 't', maxReconnects: 3, balance: 50_000 }],
    skip(snapshot, event) {
      const type = event.type;
      // The video child failing outright and a raise of the chart's own: not stimuli (see above).
      if (type === 'xstate.error.actor.video' || type === 'session.closed') return true;
      // Answers folded into the stimuli that cause them, and the wallet's feed.
      if (['user.press', 'user.transfer', 'socket.balance', 'socket.session', 'wallet.balance'].includes(type)) return true;
      // The floor plays one jurisdiction's rules for the whole path (set before the first join).
      if (type === 'socket.joined' && snapshot.context.join !== null) {
        const rules = (event as unknown as { join: { rules: { jurisdiction: string } | null } }).join.rules;
        if (rules?.jurisdiction !== snapshot.context.join.rules?.jurisdiction) return true;
      }
      if (joining(snapshot)) {
        if (type === 'socket.joined') return credited(snapshot);
        if (type === 'socket.error') return snapshot.context.join !== null;
        return !['xstate.error.actor.socket', 'socket.lost', 'user.leave'].includes(type) && !type.startsWith('xstate.after.joinTimeout');
      }
      if (cashing(snapshot)) return !['socket.closed', 'socket.lost', 'user.leave'].includes(type) && !type.startsWith('xstate.after.cashoutTimeout');
      if (snapshot.matches('idle')) return type !== 'user.join';
      if (snapshot.matches('elsewhere')) return type !== 'user.playHere' && type !== 'user.leave';
      if (snapshot.matches('reconnecting')) return type !== 'user.leave' && !type.startsWith('xstate.after.reconnectBackoff');
      if (!live(snapshot)) return true;
      // Live: while the reels turn, only their stop; while faded, only a touch (any click touches);
      // while the leave dialog asks, only its buttons.
      if (spinning(snapshot)) return type !== 'socket.spin' && !type.startsWith('xstate.after.spinSettles');
      if (resting(snapshot)) return !type.startsWith('xstate.after.cycleRest');
      if (faded(snapshot)) return type !== 'user.touch';
      // A reality check waiting: only its answer (or the floor telling it again); on its way, the
      // floor's taking it or the client's wait.
      if (check(snapshot) === 'due') return type !== 'user.answerCheck' && type !== 'socket.realityCheck';
      if (answering(snapshot)) return type !== 'socket.ack' && !type.startsWith('xstate.after.answerTimeout');
      if (asking(snapshot)) return !['user.stay', 'user.keepMachine', 'user.cashout', 'user.leave'].includes(type);
      switch (type) {
        case 'socket.state':
          // Money onto a machine that holds none, outside a countdown (a transfer ends it).
          return credited(snapshot) || warned(snapshot) || !((event as { machine?: { credits: number } }).machine!.credits > 0);
        case 'socket.spinStart':
          return !credited(snapshot) || warned(snapshot);
        case 'socket.error':
        case 'user.autoplay':
          return credited(snapshot);
        case 'socket.ack':
        case 'socket.closeSession':
          return !warned(snapshot);
        case 'socket.realityCheck':
          return warned(snapshot);
        case 'socket.spin':
        case 'socket.joined':
        case 'xstate.error.actor.socket':
          return true;
        default:
          return false;
      }
    },
  },
  async arrange(world) {
    const { page } = world;
    // The path's rules are the floor's: the jurisdiction its first join tells.
    const first = world.path.steps.find((step) => step.event.type === 'socket.joined')?.event as { join?: { rules?: { jurisdiction: string } | null } } | undefined;
    await simCall(world.sim, 'PUT', '/sim/settings', { JURISDICTION: first?.join?.rules?.jurisdiction ?? 'default' });
    startHands(world);
    await page.addInitScript(slowWorkers);
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    const setup = await prepare(world, 1);
    await page.getByTestId('brand-1').click();
    await page.getByTestId(`machine-${MACHINE}`).getByRole('button', { name: 'Play' }).click();
    await page.waitForURL(/\/game\/1\//);
    await after(world, setup);
    setHands(world, 0);
  },
  awaited: awaitedStep,
  // An answer on its way, a timer on the page's running clock: left by themselves within seconds.
  passes: (state) => state.matches('idle') || joining(state) || cashing(state) || spinning(state) || resting(state) || answering(state) || state.matches('reconnecting'),
  async act(world, index) {
    const { path } = world;
    const { event } = path.steps[index]!;
    try {
      // A reconnect's wait, hurried along unless the game is already past it.
      if (event.type.startsWith('xstate.after.reconnectBackoff')) {
        if (await stillWaiting(world, 'gameSession', 'reconnecting', index)) await advanceOut(world, 5_000);
        return;
      }
      // The rest of the UK's game cycle after the stop (1.5 s at the replay's timer scale), on the
      // page's running clock: awaited, so the resting state's page is compared while it lasts and
      // a slow look finds it left by itself; hurried along unless the reels are already idle.
      if (event.type.startsWith('xstate.after.cycleRest')) {
        if (await stillWaiting(world, 'gameSession', 'connected.live.reels.resting', index)) await advanceOut(world, 5_000);
        return;
      }
      if (awaitedStep(path, index)) return;
      const setup = await prepare(world, index);
      await stimulus(world, index);
      await after(world, setup);
    } finally {
      setHands(world, index);
    }
  },
  tags: {
    'screen:joining': (page) => visible(page, 'Joining the machine...'),
    'screen:cashingOut': (page) => visible(page, 'Cashing out...'),
    'screen:elsewhere': (page) => visible(page, 'This game is open in another tab.'),
    'screen:reconnecting': (page) => visible(page, 'Connection Lost, please wait'),
    // The game with nothing over its picture but the video's own word.
    'screen:live': async (page) => (await inGame(page)) && (await Promise.all(OVERLAYS.map((text) => visible(page, text)))).every((shown) => !shown),
    'screen:left': async (page) => !(await inGame(page)),
    // The machine's money and play controls are there to use.
    // (Under the leave dialog the deck is inert, not gone; with the side bar closed it is not drawn:
    // the game names its screen instead.)
    'controls:on': async (page) => {
      const cashOut = page.locator('[data-testid="game-deck"] button', { hasText: 'Cash out' });
      if ((await cashOut.count()) > 0) return cashOut.isEnabled();
      return (await page.locator('[data-game-screen][data-state="live"]').count()) > 0 && (await page.getByRole('button', { name: 'Controls', exact: true }).count()) > 0;
    },
    'controls:faded': async (page) => (await page.locator('[data-controls="faded"]').count()) > 0,
    'reels:spinning': async (page) => (await page.locator('[data-testid="game-deck"] button[data-spinning="true"]').count()) > 0,
    'reels:resting': async (page) => (await page.locator('[data-testid="game-deck"] button[data-resting="true"]').count()) > 0,
    'leave:asking': (page) => leaveDialog(page).isVisible(),
    'check:due': (page) => checkDialog(page).isVisible(),
    'check:answering': async (page) => (await page.locator('[data-testid="reality-check"][aria-busy="true"]').count()) > 0,
  },
  states: {
    // The reels stopped because the machine said so (its stop frame), not by the grace: as many
    // stops by a frame as the path has had.
    [`${LIVE}.reels.idle`]: async (world, _expected, index) => {
      const { steps } = world.path;
      if (steps[index]!.event.type !== 'socket.spin') return true;
      const told = steps.slice(1, index + 1).filter((step) => step.event.type === 'socket.spin').length;
      return ((await record(world.page))?.transitions[key(`${LIVE}.reels.spinning`, 'socket.spin', `${LIVE}.reels.idle`)] ?? 0) >= told;
    },
    // Where the visit ends: the lobby, or the login page when the login session ended.
    'gameSession.left': async (world, expected) =>
      new URL(world.page.url()).pathname === (expected.context.leaveReason === 'sessionEnded' ? '/login' : '/lobby'),
  },
};

