/**
 * videoLink on the real product: demo logged in (the idle lock off: PIN_CHECK false), playing
 * machine 1 at the default 1280×720 window, where the join picks the 360p band (the chart's
 * '/whep/1/hd'; '/whep/1/sd' is 180p). The link is the game's video child, started at the join.
 *
 *   video.play            the join's answer (awaited) names the first band; later ones are the
 *                         player choosing the other band in the side bar's quality menu
 *   peer.answered, peer.stream, peer.stats, frames.new
 *                         awaited: the real WHEP session and its decoded frames — unless the
 *                         machine's feed was stalled (POST /sim/video stall), when the frames
 *                         come back with the feed (/sim/video resume)
 *   peer.failed           the operator refuses the session's offer (POST /sim/fault, POST on
 *                         /whep/1/, 503 without a code the player should read): set up before the
 *                         stimulus that starts the session
 *   xstate.error.actor.peer
 *                         a browser without WebRTC (the page's RTCPeerConnection taken away
 *                         before the session starts, and given back for the next)
 *   firstFrameDeadline    the feed stalled before the session starts; the page clock moved on
 *   stallAfter            the feed stalled, the page clock moved on until the picture is stalled
 *   stallGiveUp           the page clock moved on until the link leaves the state
 *   reconnectBackoff      awaited (the page's clock runs on with real time; the first waits are
 *                         under a second), and hurried along by moving the clock on
 *   stableAfter           the page clock moved on 10 s while the picture moves
 *   video.request         the player presses Bet up (a play request: press → picture is timed)
 *   video.retry           Try the video again (shown once the link gave up)
 *   page.hidden / page.shown
 *                         the page's pagehide, then pageshow from the back/forward cache
 *                         (persisted). Chromium keeps no page with live sockets in that cache, so
 *                         the driver tells the page what the browser would.
 *
 * The page clock moves in slices of at most a second, each followed by a moment of real time:
 * the sockets' heartbeat (pongs on the real network) and the peer's stats (getStats) answer
 * between them, as they would while that time passed.
 */
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { videoLinkMachine } from '../../machines/videoLink.ts';
import { login } from '../../scripts/browser/harness.ts';
import { sampleVideo, simCall } from '../e2e/play.ts';
import { failConstructions, runClock, runClockOut, stillWaiting, type Driver, type ModelPath, type World } from './replay.ts';

const MACHINE = 1;
/** The band the join picks at this window, and the other one, as the chart's fixture names them. */
const FIRST = '/whep/1/hd';
const BAND_NAMES: Record<string, string> = { '/whep/1/hd': '360p', '/whep/1/sd': '180p' };
/** What the offer of a refused session is answered: no code the player should read (SPEC §8's 40000). */
const REFUSED = { path: `/whep/${MACHINE}/`, method: 'POST', status: 503, code: 40_000 };

const inSession = (state: AnyMachineSnapshot) => state.matches('session');
const urlOf = (event: EventObject) => (event as { whepUrl?: string }).whepUrl;
const framesOf = (event: EventObject) => (event as { framesDecoded?: number }).framesDecoded ?? 0;

/** A step that brings the link a moving picture: a report with new frames (frames.new is raised by it). */
const bringsFrames = (event: EventObject) => event.type === 'frames.new' || (event.type === 'peer.stats' && framesOf(event) > 0);

/** Whether steps[index] starts a WHEP session (a new peer): the first one, or the state (re-)entering session. */
function startsSession(path: ModelPath, index: number): boolean {
  const step = path.steps[index]!;
  if (!inSession(step.state)) return false;
  if (index === 0) return true;
  const before = path.steps[index - 1]!.state;
  return !inSession(before) || (step.event.type === 'video.play' && urlOf(step.event) !== before.context.whepUrl && before.context.whepUrl !== null);
}

/** How the session started at steps[start] must end, as the path goes on: what to set up before it starts. */
function sessionNeeds(path: ModelPath, start: number): { refuse: boolean; noWebRtc: boolean; stall: boolean } {
  for (let index = start + 1; index < path.steps.length; index += 1) {
    if (startsSession(path, index)) break;
    const type = path.steps[index]!.event.type;
    if (type === 'peer.failed') return { refuse: true, noWebRtc: false, stall: false };
    if (type === 'xstate.error.actor.peer') return { refuse: false, noWebRtc: true, stall: false };
    if (type.startsWith('xstate.after.firstFrameDeadline')) return { refuse: false, noWebRtc: false, stall: true };
    if (!inSession(path.steps[index]!.state)) break;
  }
  return { refuse: false, noWebRtc: false, stall: false };
}

/** Whether the session started at steps[start] is to show a moving picture before it ends. */
function sessionBringsFrames(path: ModelPath, start: number): boolean {
  for (let index = start + 1; index < path.steps.length && !startsSession(path, index); index += 1) {
    if (bringsFrames(path.steps[index]!.event)) return true;
    if (!inSession(path.steps[index]!.state)) return false;
  }
  return false;
}

/**
 * The machine's feed along the path: stalled (POST /sim/video stall) before a stimulus for a
 * session whose first frame must not come, or for a picture that must stall; resumed before a
 * session that must show frames, or right after the stall was seen when the path has the picture
 * come back at once (the stall gives up after 2 s of the page's time, which runs on).
 */
function feedPlan(path: ModelPath): { stall: boolean[]; resume: boolean[]; resumeAfter: boolean[] } {
  const stall = path.steps.map(() => false);
  const resume = path.steps.map(() => false);
  const resumeAfter = path.steps.map(() => false);
  let stalled = false;
  for (let index = 0; index < path.steps.length; index += 1) {
    if (startsSession(path, index)) {
      if (sessionNeeds(path, index).stall && !stalled) {
        stall[index] = true;
        stalled = true;
      } else if (stalled && sessionBringsFrames(path, index)) {
        resume[index] = true;
        stalled = false;
      }
    }
    if (index > 0 && path.steps[index]!.event.type.startsWith('xstate.after.stallAfter')) {
      if (!stalled) stall[index] = true;
      stalled = true;
      const next = path.steps[index + 1]?.event;
      if (next && bringsFrames(next)) {
        resumeAfter[index] = true;
        stalled = false;
      }
    }
  }
  return { stall, resume, resumeAfter };
}

const plans = new WeakMap<ModelPath, ReturnType<typeof feedPlan>>();
const planOf = (path: ModelPath) => plans.get(path) ?? plans.set(path, feedPlan(path)).get(path)!;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Moves the clock on until the link leaves the state it is in (its timer fired), within `ms`. */
const advanceOut = (world: World, ms: number) => runClockOut(world.page, 'videoLink', ms);

const video = (world: World, action: 'stall' | 'resume') => simCall(world.sim, 'POST', '/sim/video', { machineId: MACHINE, action });

function awaitedStep(path: ModelPath, index: number): boolean {
  const { event } = path.steps[index]!;
  const before = path.steps[index - 1]!.state;
  if (event.type === 'video.play') return before.context.whepUrl === null;
  // The retry's wait runs on the page's clock, which runs on with real time: it may be over
  // before the page has been looked at (the first waits are under a second).
  if (event.type.startsWith('xstate.after.reconnectBackoff')) return true;
  return bringsFrames(event) || ['peer.answered', 'peer.stream', 'peer.stats', 'peer.failed', 'xstate.error.actor.peer'].includes(event.type);
}

/**
 * Before the stimulus of steps[from] (0: the join): what the sessions it starts — itself and by
 * the answers that follow it — need: refused offers, peers that cannot start, a stalled feed.
 */
async function prepare(world: World, from: number): Promise<void> {
  const { path } = world;
  let refusals = 0;
  const fails: boolean[] = [];
  let stall = false;
  let resume = false;
  for (let index = from; index < path.steps.length && (index === from || awaitedStep(path, index)); index += 1) {
    if (planOf(path).stall[index]) stall = true;
    if (planOf(path).resume[index]) resume = true;
    if (!startsSession(path, index)) continue;
    const needs = sessionNeeds(path, index);
    if (needs.refuse) refusals += 1;
    fails.push(needs.noWebRtc);
  }
  if (stall) await video(world, 'stall');
  if (resume) await video(world, 'resume');
  if (refusals > 0) await simCall(world.sim, 'POST', '/sim/fault', { ...REFUSED, times: refusals });
  await failConstructions(world.page, 'RTCPeerConnection', fails);
}

async function chooseBand(page: Page, whepUrl: string): Promise<void> {
  await page.getByRole('button', { name: /^Video quality/ }).click();
  await page.getByRole('menuitemradio', { name: BAND_NAMES[whepUrl]! }).click();
}

const reconnecting = (page: Page) => page.getByRole('status').filter({ hasText: 'Video is reconnecting...' });

export const videoLinkDriver: Driver = {
  name: 'videoLink',
  chart: videoLinkMachine,
  // The floor's own timers (a machine without credits is closed after a minute) well beyond a path's time.
  simulator: () => ({ settings: { PIN_CHECK: false }, timerScale: 5 }),
  traversal: {
    cover: 'transitions',
    // Where the picture is, whether it has moved, the band and how many retries: what a browser tells apart.
    distinguish: (c) => [c.whepUrl, c.frames > 0, c.attempts],
    skip(snapshot, event) {
      const url = snapshot.context.whepUrl as string | null;
      // Until the join's answer names the band nothing else reaches the link (its peer waits to
      // post its offer, the controls wait for the game) — but a peer that cannot start at all.
      if (url === null && event.type !== 'video.play' && event.type !== 'xstate.error.actor.peer') return true;
      // A stimulus needs a state that holds while the page is looked at: not an offer on its way,
      // not a first frame that is coming (only its deadline, with the feed stalled), not a retry's
      // first short waits (from the fourth, 4–8 s).
      const answer = event.type.startsWith('peer.') || event.type === 'frames.new' || event.type === 'xstate.error.actor.peer';
      if (!answer && snapshot.matches({ session: 'negotiating' })) return true;
      if (!answer && snapshot.matches({ session: 'awaitingFirstFrame' }) && !event.type.startsWith('xstate.after.firstFrameDeadline')) return true;
      if (!answer && snapshot.matches('retrying') && !event.type.startsWith('xstate.after.reconnectBackoff') && (snapshot.context.attempts as number) < 4) return true;
      switch (event.type) {
        case 'video.play':
          // The join names the band that fits the window; after it, the player picks the other one.
          return url === null ? urlOf(event) !== FIRST : urlOf(event) === url;
        // Told by the view as it mounts, not a thing a player does.
        case 'video.surface':
          return true;
        // The stream comes with every answer (the record counts it there); the first frames only after it.
        case 'peer.stream':
          return true;
        case 'peer.stats':
          return framesOf(event) === 0 || snapshot.matches({ session: 'negotiating' });
        case 'frames.new':
          return snapshot.matches({ session: 'negotiating' });
        // Only an offer can be refused from outside: ICE failing later is not the operator's to cause.
        case 'peer.failed':
          return !snapshot.matches({ session: 'negotiating' });
        // A peer that cannot start fails as it starts (the band named, or the join's answer on its way).
        case 'xstate.error.actor.peer':
          return !snapshot.matches({ session: 'negotiating' }) && !snapshot.matches({ session: 'preparing' });
        default:
          return false;
      }
    },
  },
  unsupported(path) {
    if ((path.input as { whepUrl: string | null }).whepUrl !== null) return 'the game starts its link without a band (the join names it)';
    // A peer that cannot start while the join is on its way: the join's answer follows at once.
    if (path.steps[1]?.event.type === 'xstate.error.actor.peer' && path.steps[2]?.event.type !== 'video.play') return 'the join answers right after the peer fails to start';
    // The first peer starts (and fails to) before the join names the band.
    if (path.steps[2]?.event.type === 'xstate.error.actor.peer' && path.steps[1]?.event.type === 'video.play') return 'the first peer starts while the join is on its way';
    return null;
  },
  async arrange(world) {
    const { page } = world;
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    await prepare(world, 0);
    await page.getByTestId('brand-1').click();
    await page.getByTestId(`machine-${MACHINE}`).getByRole('button', { name: 'Play' }).click();
    await page.waitForURL(/\/game\/1\//);
  },
  awaited: awaitedStep,
  // An offer and a first frame on their way, a retry's wait: left by themselves within seconds.
  passes: (state) => state.matches({ session: 'negotiating' }) || state.matches({ session: 'awaitingFirstFrame' }) || state.matches('retrying'),
  async act(world, index) {
    const { page, path } = world;
    const { event } = path.steps[index]!;
    const before = path.steps[index - 1]!.state;
    // A retry's wait, hurried along: the page clock moved on until the link leaves it — unless the
    // link, running ahead on its answers, is already past this wait (it is then in a later one).
    if (event.type.startsWith('xstate.after.reconnectBackoff')) {
      if (!(await stillWaiting(world, 'videoLink', 'retrying', index))) return;
      const attempts = before.context.attempts as number;
      return advanceOut(world, Math.min(8_000, 1_000 * 2 ** Math.max(0, attempts - 1)) + 1_000);
    }
    // An answer: what it needed was set up before the stimulus that caused it.
    if (awaitedStep(path, index)) return;
    await prepare(world, index);
    const type = event.type;
    if (type === 'video.play') return chooseBand(page, urlOf(event)!);
    if (type === 'video.retry') return page.getByRole('button', { name: 'Try the video again' }).click();
    if (type === 'video.request') return page.getByRole('button', { name: 'Bet up' }).click();
    if (type === 'page.hidden') return void (await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))));
    if (type === 'page.shown') return void (await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))));
    if (type.startsWith('xstate.after.stableAfter')) return runClock(page, 10_500);
    if (type.startsWith('xstate.after.stallAfter')) {
      await advanceOut(world, 8_000);
      if (planOf(path).resumeAfter[index]) await video(world, 'resume');
      return;
    }
    if (type.startsWith('xstate.after.stallGiveUp')) {
      await advanceOut(world, 6_000);
      // The retry's wait that follows (4–8 s from the fourth try) must outlast the look at the page
      // and the stimulus the path sends there: the page clock stops (a later wait is hurried along).
      const next = path.steps[index + 1]?.event.type;
      if (next !== undefined && !next.startsWith('xstate.after.reconnectBackoff')) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
      return;
    }
    if (type.startsWith('xstate.after.firstFrameDeadline')) return advanceOut(world, 10_000);
    throw new Error(`no stimulus for ${type}`);
  },
  tags: {
    // The picture moves: frames are being decoded, and nothing is shown over it.
    'video:live': async (page) => {
      const first = await sampleVideo(page);
      await sleep(300);
      const then = await sampleVideo(page);
      return then.frames - first.frames >= 3 && (await page.getByRole('main').getByRole('status').count()) === 0;
    },
    'video:failed': async (page) => page.getByRole('button', { name: 'Try the video again' }).isVisible(),
  },
  states: {
    // The player is told the picture is being brought back.
    'videoLink.session.stalled': async (world) => reconnecting(world.page).isVisible(),
    'videoLink.retrying': async (world) => reconnecting(world.page).isVisible(),
  },
};
