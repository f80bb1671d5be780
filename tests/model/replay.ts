/**
 * Model-based tests on the real product: paths generated from a product chart (xstate/graph,
 * with the path fixtures of scripts/paths/payloads.ts), each replayed in headless Chromium against
 * a fresh simulator. A driver (tests/model/<machine>.ts) turns every event of a path into its
 * real-world stimulus — a click, a key, the fake clock, the simulator's control API — or waits for
 * it when the previous stimulus causes it (an actor's answer). After each step:
 *
 * - the real actor (read from the page's `?inspect=record` record, src/services/modelRecord.ts)
 *   must be in the state the chart's path says — the chart is the specification here, the
 *   product the thing tested, so a product built from a changed chart fails;
 * - the page must show what the state's tags say (each tag has a page check in the driver, and
 *   a tag the state does not have must not show), and the driver's checks for the state;
 * - at the end of the path the simulator's books balance per player.
 *
 * Coverage is what the real actors did in the browser (the record), against the chart: states,
 * transitions and tags, per machine.
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { allStateNodes, nodeTransitions } from '../../scripts/charts.ts';
import { E2E_BANDS, launchChromium } from '../../scripts/browser/harness.ts';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import { stateIds, traversalOf } from '../../scripts/paths/pathHelper.ts';
import { pathFixtures, type PathFixture, type Payload } from '../../scripts/paths/payloads.ts';
import type { ModelRecord, RecordedActor } from '../../src/services/modelRecord.ts';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/server.ts';

export interface ModelStep {
  event: Payload;
  /** The chart's snapshot after the event. */
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  /** The input the chart was traversed with (one of the fixture's inputs). */
  input: unknown;
  /** steps[0] is xstate.init: the state the machine starts in. */
  steps: ModelStep[];
  description: string;
}

export interface World {
  sim: Simulator;
  context: BrowserContext;
  page: Page;
  path: ModelPath;
  /** Further browser profiles a driver opened (another device): closed with the world. */
  extra: BrowserContext[];
}

export interface Driver {
  /** The chart's name in pathFixtures, and its machine id in the record. */
  name: string;
  chart: AnyStateMachine;
  /** The simulator for a path (settings, seeds): default a fresh one with the operator's defaults. */
  simulator?(path: ModelPath): Partial<SimulatorOptions>;
  /**
   * Where the operator serves the client for a path: on a secure origin (the default: 127.0.0.1),
   * or on plain HTTP under a host name, where the browser gives the page no WebCrypto.
   */
  origin?(path: ModelPath): 'secure' | 'insecure';
  /** Further options of the path's browser profile (e.g. no service worker). */
  context?(path: ModelPath): BrowserContextOptions;
  /**
   * The fixture's traversal as the replays need it, over pathFixtures[name]: the inputs the product
   * starts the machine with, what tells states apart for a browser (e.g. not every balance), so the
   * paths are as short and few as the chart's steps allow. The payloads stay the fixture's.
   */
  traversal?: Pick<PathFixture, 'inputs' | 'distinguish' | 'stopWhen'> & {
    skip?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
    /**
     * What a chosen path must add: a step (state before, event, state after) no path chosen before
     * takes — the default — or, for a chart whose parallel regions multiply its states, a chart
     * transition or a state no chosen path takes.
     */
    cover?: 'steps' | 'transitions';
  };
  /** Why a path cannot be replayed on the real product (no real-world stimulus), or null. */
  unsupported?(path: ModelPath): string | null;
  /** Brings the fresh world to the path's start (the machine's actor running in the page). */
  arrange(world: World): Promise<void>;
  /** The stimulus of steps[index] (index ≥ 1); nothing for an event the previous one causes. */
  act(world: World, index: number): Promise<void>;
  /** Per tag of the chart: whether the page shows it now. */
  tags: Record<string, (page: Page) => Promise<boolean>>;
  /**
   * Further checks of a state (by state id), e.g. where a final state leaves the player; `index`
   * is the step the state is reached by (what it changed is steps[index - 1] against it).
   */
  states?: Record<string, (world: World, expected: AnyMachineSnapshot, index: number) => Promise<boolean>>;
  /**
   * Whether steps[index]'s event is caused by the previous stimulus by itself (an actor's answer):
   * the state before it may be left before the page can be looked at, so reaching the state after
   * it counts too.
   */
  awaited(path: ModelPath, index: number): boolean;
  /**
   * Whether the product leaves this state by itself, soon (an answer on its way, a timer on the
   * page's running clock): a path that ends there has reached it once the actor was seen there.
   */
  passes?(state: AnyMachineSnapshot): boolean;
}

export interface MachineReport {
  name: string;
  paths: number;
  skipped: Array<{ path: string; reason: string }>;
  failures: Array<{ path: string; step: number; message: string }>;
  /** checked: states the page was compared with while the actor stood in them (not only passed through). */
  states: { reached: number; checked: number; total: number; missing: string[]; unchecked: string[] };
  transitions: { reached: number; total: number; missing: string[] };
  tags: { reached: number; checked: number; total: number };
  ms: number;
}

const STEP_TIMEOUT_MS = 10_000;
const TAG_TIMEOUT_MS = 5_000;

// ---- the chart --------------------------------------------------------------------------------

const targetsOf = (definition: { target?: ReadonlyArray<{ id: string }> }) => (definition.target ?? []).map((node) => node.id).join(',');

/** Every transition of the chart as the record names them: machine|source|event|targets. */
export function chartTransitions(chart: AnyStateMachine): string[] {
  const keys = new Set<string>();
  for (const node of allStateNodes(chart.root)) {
    for (const { eventType, definition } of nodeTransitions(node)) keys.add(`${chart.id}|${node.id}|${eventType}|${targetsOf(definition)}`);
  }
  return [...keys];
}

export function chartTags(chart: AnyStateMachine): string[] {
  return [...new Set(allStateNodes(chart.root).flatMap((node) => [...(node.tags ?? [])]))].sort();
}

/** The active state ids of a snapshot, without the root (as the record has them). */
function activeIds(snapshot: AnyMachineSnapshot, machineId: string): string[] {
  return (snapshot as unknown as { _nodes: Array<{ id: string; type: string }> })._nodes
    .filter((node) => node.type !== 'history' && node.id !== machineId)
    .map((node) => node.id)
    .sort();
}

/**
 * The paths to replay, for each input of the chart's fixture: the shortest path to every state,
 * and to every transition (the shortest path to its state, then its event) — then only those that
 * take a step (state and event) no path chosen before takes, longest first.
 */
export function modelPaths(
  chart: AnyStateMachine,
  name: string,
  unsupported: (path: ModelPath) => string | null = () => null,
  tuning: Driver['traversal'] = {},
): { chosen: ModelPath[]; skipped: Array<{ path: string; reason: string }> } {
  const found = pathFixtures[name];
  if (!found) throw new Error(`no path fixture for ${name} (scripts/paths/payloads.ts)`);
  const fixture = { ...found, ...tuning };
  const all: ModelPath[] = [];
  /** A step as the chart draws it: the state before it, the event, the state after it. */
  const keysOf = new Map<ModelPath, string[]>();
  for (const input of fixture.inputs ?? [undefined]) {
    const options = { input, payloads: fixture.payloads, distinguish: fixture.distinguish, stopWhen: fixture.stopWhen, skip: tuning?.skip };
    const { machine, traversal } = traversalOf(chart, options);
    const serialize = traversal.serializeState;
    const shortest = new Map<string, ModelStep[]>();
    for (const path of getShortestPaths(machine, traversal as never) as StatePath<any, EventObject>[]) {
      shortest.set(serialize(path.state), path.steps.map((step) => ({ event: step.event as Payload, state: step.state as AnyMachineSnapshot })));
    }
    const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Record<
      string,
      { state: AnyMachineSnapshot; transitions: Record<string, { event: Payload; state: AnyMachineSnapshot }> }
    >;
    const stepKeys =
      tuning?.cover === 'transitions'
        ? (steps: ModelStep[]) =>
            steps.flatMap((step, index) => [
              ...(index === 0
                ? []
                : machine.getTransitionData(steps[index - 1]!.state as never, step.event as never).map((t) => `${t.source.id}|${step.event.type}|${targetsOf(t)}`)),
              ...activeIds(step.state, chart.id).map((id) => `state:${id}`),
            ])
        : (steps: ModelStep[]) =>
            steps.map((step, index) => `${JSON.stringify(input)}|${JSON.stringify(steps[index - 1]?.state.value)}|${step.event.type}|${JSON.stringify(step.state.value)}`);
    for (const [key, { state, transitions }] of Object.entries(adjacency)) {
      const to = shortest.get(key);
      if (!to) continue;
      const add = (steps: ModelStep[]) => {
        const path = { input, steps, description: describe(steps) };
        keysOf.set(path, stepKeys(steps));
        all.push(path);
      };
      add(to);
      for (const { event, state: next } of Object.values(transitions)) {
        // can() is false for a transition that only holds an event back from its parent (`{}`:
        // gameSession's Leave while the question is up); it is the chart's, and covered too.
        if (state.can(event) || machine.getTransitionData(state as never, event as never).length > 0) add([...to, { event, state: next }]);
      }
    }
  }
  const taken = new Set<string>();
  const chosen: ModelPath[] = [];
  const longestFirst = [...all].sort((a, b) => b.steps.length - a.steps.length);
  const reasons = new Map(longestFirst.map((path) => [path, unsupported(path)]));
  if (tuning?.cover === 'transitions') {
    // Greedy: the path that adds the most per step replayed (a path's start, a login, counts as
    // a few steps), until nothing is left to add.
    const open = longestFirst.filter((path) => !reasons.get(path));
    for (;;) {
      const worth = (path: ModelPath) => keysOf.get(path)!.filter((key) => !taken.has(key)).length / (path.steps.length + 5);
      const best = open.reduce<ModelPath | null>((top, path) => (worth(path) > (top ? worth(top) : 0) ? path : top), null);
      if (!best) break;
      keysOf.get(best)!.forEach((key) => taken.add(key));
      chosen.push(best);
    }
    chosen.sort((a, b) => b.steps.length - a.steps.length);
  } else {
    for (const path of longestFirst) {
      if (reasons.get(path)) continue;
      const keys = keysOf.get(path)!;
      if (keys.every((key) => taken.has(key))) continue;
      keys.forEach((key) => taken.add(key));
      chosen.push(path);
    }
  }
  // What no replayable path takes, said once per step left out.
  const skipped = new Map<string, { path: string; reason: string }>();
  for (const path of longestFirst.reverse()) {
    const reason = reasons.get(path);
    if (!reason) continue;
    const left = keysOf.get(path)!.filter((key) => !taken.has(key));
    // Said once per transition no replayed path takes.
    for (const key of left) if (!skipped.has(key)) skipped.set(key, { path: path.description, reason });
  }
  return { chosen: chosen.reverse(), skipped: [...new Set(skipped.values())] };
}

function describe(steps: ModelStep[]): string {
  const label = (event: Payload) => {
    if (event.type.startsWith('xstate.done.actor.') && 'output' in event) {
      const output = JSON.stringify(event.output) ?? 'undefined';
      // A long answer (a lobby's data) by its start: the description stays a line.
      return `${event.type.slice(18)}=${output.length > 60 ? `${output.slice(0, 40)}…` : output}`;
    }
    return event.type.replace(/^xstate\./, '');
  };
  return steps.slice(1).map((step) => label(step.event)).join(' → ') || '(start)';
}

// ---- the page ---------------------------------------------------------------------------------

/** The page's record (src/services/modelRecord.ts), or null before it is there. */
export async function record(page: Page): Promise<ModelRecord | null> {
  return page.evaluate(() => (window as unknown as { reelsideModel?: ModelRecord }).reelsideModel ?? null).catch(() => null);
}

/** The newest actor of the machine the page has run, with its session id. */
export async function actorOf(page: Page, machine: string): Promise<{ id: string; actor: RecordedActor } | null> {
  const now = await record(page);
  const actors = Object.entries(now?.actors ?? {}).filter(([, actor]) => actor.machine === machine);
  const newest = actors.at(-1);
  return newest ? { id: newest[0], actor: newest[1] } : null;
}

/**
 * Brings the stimulus about and waits until the page's actors took the transition
 * (machine|source|event|targets) once more. `againAfterMs`: a stimulus the page may miss when it
 * comes too soon (a server push before the page's socket is open: a busy machine opens it late) is
 * brought about again after that long, until taken; only for one whose repetition is as good.
 */
export async function heard(page: Page, key: string, stimulus: () => Promise<unknown>, againAfterMs?: number): Promise<void> {
  const count = async () => (await record(page))?.transitions[key] ?? 0;
  const before = await count();
  const end = Date.now() + 10_000;
  do {
    await stimulus();
    const wait = againAfterMs === undefined ? end - Date.now() : Math.min(againAfterMs, end - Date.now());
    if (await until(async () => (await count()) > before, Math.max(0, wait))) return;
  } while (Date.now() < end);
  throw new Error(`the page's actors never took ${key}`);
}

/**
 * Moves the page clock on by up to `ms` in slices of a second, each followed by a moment of real
 * time (the sockets' pongs and the peers' stats answer between them, as they would while that time
 * passed), until `done` (checked between slices); `eachSlice` runs before each slice.
 */
export async function runClock(page: Page, ms: number, done: () => Promise<boolean> = async () => false, eachSlice?: () => Promise<void>): Promise<void> {
  for (let left = ms; left > 0 && !(await done()); left -= 1000) {
    await eachSlice?.();
    await page.clock.runFor(Math.min(1000, left));
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
}

/** Moves the page clock on until the machine's newest actor leaves the state it is in (its timer fired), within `ms`. */
export async function runClockOut(page: Page, machine: string, ms: number, eachSlice?: () => Promise<void>): Promise<void> {
  const length = async () => (await actorOf(page, machine))?.actor.trail.length ?? 0;
  const at = await length();
  await runClock(page, ms, async () => (await length()) > at, eachSlice);
}

/**
 * A retry's wait at steps[index] (the machine's top-level state `waiting`, left by its timer on the
 * page's running clock): whether the actor is still in that very wait — not already past it,
 * running ahead on its answers — so the driver may hurry it along.
 */
export async function stillWaiting(world: World, machine: string, waiting: string, index: number): Promise<boolean> {
  const { steps } = world.path;
  const waits = steps.slice(0, index).filter((step, at) => step.state.matches(waiting) && !steps[at - 1]?.state.matches(waiting)).length;
  const actor = await actorOf(world.page, machine);
  const seen = actor?.actor.trail.filter((entry) => entry === `${machine}.${waiting}`).length ?? 0;
  return seen === waits && (actor?.actor.states.includes(`${machine}.${waiting}`) ?? false);
}

/**
 * Which of the page's next constructions of a browser API (a WebSocket, a peer connection) throw,
 * as in a browser without it: `fails[i]` for the i-th from now; any after them work as usual.
 */
export async function failConstructions(page: Page, api: 'WebSocket' | 'RTCPeerConnection', fails: boolean[]): Promise<void> {
  await page.evaluate(
    ({ api, plan }) => {
      const w = window as unknown as Record<string, unknown> & { reelsidePlans?: Record<string, boolean[]> };
      w.reelsidePlans ??= {};
      if (w.reelsidePlans[api] === undefined) {
        w[api] = new Proxy(w[api] as new (...args: unknown[]) => object, {
          construct(target, args: unknown[]) {
            if (w.reelsidePlans?.[api]?.shift() === true) throw new TypeError(`${api} is not available`);
            return Reflect.construct(target, args) as object;
          },
        });
      }
      w.reelsidePlans[api] = plan;
    },
    { api, plan: fails },
  );
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

class StepFailure extends Error {}

/** Where the real actor was last seen as the chart said: its session id and its trail's index. */
interface Mark {
  id: string | null;
  at: number;
}

/**
 * The real actor went where the chart says — its trail (src/services/modelRecord.ts), from where
 * the last step found it, reaches the state — and is there now, or has left it on its way to the
 * next state by itself (an actor's answer the next step awaits); while it is there, the page shows
 * the state's tags (and no other). Returns where the state was found, for the next step.
 */
async function expectState(world: World, driver: Driver, index: number, checked: Set<string>, mark: Mark, checkedStates: Set<string>): Promise<Mark> {
  const expected = world.path.steps[index]!.state;
  const want = activeIds(expected, driver.chart.id);
  const wanted = [...want].sort().join(' + ');
  const next = world.path.steps[index + 1];
  const passing = next === undefined ? (driver.passes?.(expected) ?? false) : driver.awaited(world.path, index + 1);
  let seen: RecordedActor | null = null;
  let found: Mark | null = null;
  let there = false;
  let lost: string | null = null;
  await until(async () => {
    const newest = await actorOf(world.page, driver.name);
    if (!newest) return false;
    seen = newest.actor;
    const { trail } = newest.actor;
    let at: number;
    if (newest.id !== mark.id) {
      // A new actor (the page opened again, or the first look): its whole trail counts.
      at = trail.indexOf(wanted);
    } else {
      // The same state (a step that changes none) or the actor's very next one: a product that
      // took other steps in between went somewhere the chart does not.
      at = trail[mark.at] === wanted ? mark.at : trail[mark.at + 1] === wanted ? mark.at + 1 : -1;
      if (at < 0 && trail.length > mark.at + 1) {
        lost = trail.slice(mark.at).join(' → ');
        return true;
      }
    }
    if (at < 0) return false;
    found = { id: newest.id, at };
    there = at === trail.length - 1 && sameIds(newest.actor.states, want);
    return there || passing;
  }, STEP_TIMEOUT_MS);
  if (lost !== null) throw new StepFailure(`the chart says ${want.join(' + ')}; the product's ${driver.name} went ${lost}`);
  if (found === null) {
    const actor = seen as RecordedActor | null;
    throw new StepFailure(
      `the chart says ${want.join(' + ')}; the product's ${driver.name} is in ${actor?.states.join(' + ') ?? '(no actor)'}` +
        (actor ? ` (it went ${actor.trail.slice(mark.id === null ? 0 : mark.at).join(' → ')})` : ''),
    );
  }
  if (!there) {
    // Already past it, on its way to the next state by itself: that state is checked next.
    if (passing) return found;
    throw new StepFailure(`the chart says ${want.join(' + ')}; the product's ${driver.name} went there and on to ${(seen as RecordedActor | null)?.states.join(' + ')}`);
  }
  const tags = new Set<string>([...(expected.tags as Set<string>)]);
  for (const [tag, shows] of Object.entries(driver.tags)) {
    const wantedTag = tags.has(tag);
    if (!(await until(async () => (await shows(world.page)) === wantedTag, TAG_TIMEOUT_MS))) {
      // The state may have been left by itself meanwhile, on its way to an answer the next step
      // awaits (a check that answered at once): only a page that disagrees while the actor is
      // still there is a failure then.
      const still = await actorOf(world.page, driver.name);
      if (passing && still && !sameIds(still.actor.states, want)) return found;
      throw new StepFailure(`in ${want.join(' + ')} the page ${wantedTag ? 'does not show' : 'shows'} ${tag}`);
    }
    if (wantedTag) checked.add(tag);
  }
  for (const id of want) {
    const check = driver.states?.[id];
    if (!check) continue;
    // Where the chart's next event is an answer the actor awaits, it may leave the state by itself
    // while the page is looked at (a PIN checked at once leaves the lock): only a page that
    // disagrees while the actor is still there is a failure then.
    let left = false;
    const agrees = await until(async () => {
      if (await check(world, expected, index)) return true;
      if (!passing) return false;
      const still = await actorOf(world.page, driver.name);
      left = still !== null && !sameIds(still.actor.states, want);
      return left;
    }, STEP_TIMEOUT_MS);
    if (left) return found;
    if (!agrees) throw new StepFailure(`the page is not as ${id} says`);
  }
  // The actor stayed there while the page was compared with all of it: these states are checked.
  for (const id of want) checkedStates.add(id);
  return found;
}

// ---- the run ----------------------------------------------------------------------------------

/** An origin the browser does not count as secure: a host name on plain HTTP (mapped to 127.0.0.1). */
export const INSECURE_HOST = 'insecure.reelside.test';

export interface Browsers {
  secure: Browser;
  /** Launched with INSECURE_HOST mapped to this machine, on first use. */
  insecure(): Promise<Browser>;
}

/** The browsers the replays run in; close() ends both. */
export async function launchBrowsers(): Promise<Browsers & { close(): Promise<void> }> {
  const secure = await launchChromium();
  const launched: { insecure: Promise<Browser> | null } = { insecure: null };
  return {
    secure,
    insecure: () => (launched.insecure ??= launchChromium([`--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`])),
    async close() {
      await secure.close();
      await (await launched.insecure)?.close();
    },
  };
}

export async function replayMachine(browsers: Browsers, driver: Driver, options: { dist: string; parallel: number; only?: string; log: (line: string) => void }): Promise<MachineReport> {
  if (!existsSync(`${options.dist}/index.html`)) throw new Error(`${options.dist}/ is missing: run \`npm run build\` first`);
  const started = Date.now();
  const unchecked = chartTags(driver.chart).filter((tag) => !(tag in driver.tags));
  if (unchecked.length > 0) throw new Error(`${driver.name}: no page check for the tags ${unchecked.join(', ')}`);
  const { chosen: paths, skipped } = modelPaths(driver.chart, driver.name, (path) => driver.unsupported?.(path) ?? null, driver.traversal);
  const report: MachineReport = {
    name: driver.name,
    paths: paths.length,
    skipped,
    failures: [],
    states: { reached: 0, checked: 0, total: 0, missing: [], unchecked: [] },
    transitions: { reached: 0, total: 0, missing: [] },
    tags: { reached: 0, checked: 0, total: 0 },
    ms: 0,
  };
  const seen: Omit<ModelRecord, 'actors'> = { transitions: {}, states: {}, tags: {} };
  const checkedTags = new Set<string>();
  const checkedStates = new Set<string>();

  // After every step the books balance, per player (each wallet against its own moves and machines).
  const audit = (sim: Simulator, step: number) => {
    const findings = sim.floor.context.ledger.auditPlayers();
    if (findings.length > 0) throw new StepFailure(`after step ${step} the books do not balance: ${JSON.stringify(findings)}`);
  };

  // A path that fails is replayed once more, on a fresh simulator and browser profile: a bug fails
  // both (the mutation run's planted ones do), while a page that was a moment slower than a timer it
  // races (a backoff of a few seconds on a loaded 2-core machine) passes the second time. The first
  // failure is printed either way (↻), so a path that needs its second replay is seen.
  const replay = async (path: ModelPath, attempt = 1): Promise<void> => {
    const insecure = driver.origin?.(path) === 'insecure';
    const browser = insecure ? await browsers.insecure() : browsers.secure;
    const sim = await startSimulator({ port: 0, memory: true, staticDir: options.dist, ...driver.simulator?.(path), video: { bands: E2E_BANDS } });
    const baseURL = insecure ? sim.url.replace('127.0.0.1', INSECURE_HOST) : sim.url;
    const context = await browser.newContext({ baseURL, locale: 'en-US', ...driver.context?.(path) });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    // Every page of the path records what its actors do (services/modelRecord.ts).
    await context.addInitScript(() => sessionStorage.setItem('reelside.inspect', 'record'));
    const page = await context.newPage();
    await page.clock.install();
    const world: World = { sim, context, page, path, extra: [] };
    let step = 0;
    let failure: string | null = null;
    try {
      await driver.arrange(world);
      let mark = await expectState(world, driver, 0, checkedTags, { id: null, at: 0 }, checkedStates);
      audit(sim, 0);
      for (step = 1; step < path.steps.length; step += 1) {
        await driver.act(world, step);
        mark = await expectState(world, driver, step, checkedTags, mark, checkedStates);
        audit(sim, step);
      }
    } catch (error) {
      failure = `${error instanceof Error ? error.message.split('\n')[0]! : String(error)} (page at ${new URL(page.url()).pathname})`;
      if (attempt > 1) report.failures.push({ path: path.description, step, message: failure });
    }
    const last = await record(page);
    for (const table of ['transitions', 'states', 'tags'] as const) {
      for (const [key, count] of Object.entries(last?.[table] ?? {})) seen[table][key] = (seen[table][key] ?? 0) + count;
    }
    const sign = failure === null ? '✓' : attempt > 1 ? '✗' : '↻';
    options.log(failure === null ? `  ${sign} ${path.description}` : `  ${sign} ${path.description} (step ${step}: ${path.steps[step]?.event.type ?? '?'}): ${failure}`);
    await Promise.all([context, ...world.extra].map((open) => open.close().catch(() => undefined)));
    await sim.close();
    if (failure !== null && attempt === 1) await replay(path, 2);
  };
  // A few paths at once (each its own simulator and browser profile), in the order chosen.
  const queue = paths.filter((path) => options.only === undefined || path.description.includes(options.only));
  await Promise.all(
    Array.from({ length: Math.max(1, options.parallel) }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) await replay(path);
    }),
  );
  const prefix = `${driver.chart.id}|`;
  const states = stateIds(driver.chart);
  const reachedStates = states.filter((id) => seen.states[`${prefix}${id}`]);
  const transitions = chartTransitions(driver.chart);
  const reachedTransitions = transitions.filter((key) => seen.transitions[key]);
  const tags = chartTags(driver.chart);
  report.states = {
    reached: reachedStates.length,
    checked: states.filter((id) => checkedStates.has(id)).length,
    total: states.length,
    missing: states.filter((id) => !reachedStates.includes(id)),
    unchecked: states.filter((id) => reachedStates.includes(id) && !checkedStates.has(id)),
  };
  report.transitions = {
    reached: reachedTransitions.length,
    total: transitions.length,
    missing: transitions.filter((key) => !reachedTransitions.includes(key)).map((key) => key.slice(prefix.length)),
  };
  report.tags = { reached: tags.filter((tag) => seen.tags[`${prefix}${tag}`]).length, checked: tags.filter((tag) => checkedTags.has(tag)).length, total: tags.length };
  report.ms = Date.now() - started;
  return report;
}

export type { EventObject };
