/**
 * Path tests generated from every machine, replayed against real actors.
 *
 *   node scripts/test-paths.ts [--verbose] [--machine <name>]...      (npm run test:paths)
 *
 * For each machine in machines/ (discovered like the diagrams: scripts/charts.ts) and each of
 * its inputs, xstate/graph generates the shortest path to every reachable state and every simple
 * path, from the events the chart listens to with the payloads of scripts/paths/payloads.ts (actor
 * done/error events and `after` events included: traversal cannot produce them by itself).
 *
 * Each path is then replayed on a real actor of the machine: every actor named in `setup` is
 * replaced by an inert fake (a promise that never settles, a callback that does nothing; child
 * machines stay machines, with their own actors faked the same way), timers run on a
 * SimulatedClock that never advances, and the path's events are sent in order. XState 5 accepts
 * `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*` events sent from outside and
 * takes the same transitions as when the actor settles or the delay elapses, so they are sent as
 * they are; before a done/error event the runner checks that the actor it speaks for is running.
 * After every step the actor must be where the generated path says (state value, status, and the
 * context as the fixture distinguishes it).
 *
 * Coverage is measured on the replays (XState's inspection API): a state counts when the actor
 * was in it (transient states, left at once by `always`, count when a transition left them), a
 * transition when the actor took it. The run fails on any replay failure, or when some state of
 * some machine was never reached.
 */
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  StateMachine,
  type AnyActorLogic,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import { allStateNodes, discoverMachines, nodeTransitions, type MachineEntry } from './charts.ts';
import { commandLine } from './cli.ts';
import { eventTypes, stateIds, withoutSystemIds } from './paths/pathHelper.ts';
import { pathFixtures, type PathFixture } from './paths/payloads.ts';

/** Traversal stops with an error beyond this many distinct states (context that grows without end). */
const MAX_STATES = 50_000;
/**
 * Simple paths (no state visited twice) grow exponentially with the chart's connectivity (the
 * lobby alone has ~7,000, a parallel chart millions), so each distinct state ends at most this
 * many of them, and is walked through at most this many times.
 */
const SIMPLE_PATHS_PER_STATE = 4;

// ---- fakes ------------------------------------------------------------------------------------

const neverSettles = fromPromise<never>(() => new Promise<never>(() => {}));
const doesNothing = fromCallback(() => {});

/** Whether a logic is fromPromise's: it finishes on the promise-resolve event, a callback does not. */
function isPromiseLogic(logic: AnyActorLogic): boolean {
  try {
    const next = logic.transition(
      { status: 'active', output: undefined, error: undefined, input: undefined } as never,
      { type: 'xstate.promise.resolve', data: null },
      { self: {}, system: {}, emit: () => {} } as never,
    ) as { status?: string };
    return next.status === 'done';
  } catch {
    return false;
  }
}

/** The machine with every actor in its setup replaced by an inert fake. */
export function withFakeActors(machine: AnyStateMachine): AnyStateMachine {
  const actors: Record<string, AnyActorLogic> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>)) {
    if (logic instanceof StateMachine) actors[name] = withFakeActors(logic);
    else actors[name] = isPromiseLogic(logic) ? neverSettles : doesNothing;
  }
  return machine.provide({ actors } as never);
}

// ---- generation -------------------------------------------------------------------------------

export type Path = StatePath<any, EventObject>;
export type PathKind = 'shortest' | 'simple' | 'transition';

export interface GeneratedPaths {
  input: unknown;
  paths: Array<{ kind: PathKind; path: Path }>;
}

/** What tells two snapshots apart: the state value and the context (or the fixture's projection of it). */
export function serializer(fixture: PathFixture): (snapshot: any) => string {
  return (s) => JSON.stringify([s.value, fixture.distinguish ? fixture.distinguish(s.context) : s.context]);
}

/** An actor's done/error event only while that actor runs (elsewhere XState errors the machine). */
function actorIsRunning(snapshot: any, event: EventObject): boolean {
  const settles = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
  return !settles?.[1] || settles[1] in (snapshot.children ?? {});
}

export function generateForInput(chart: AnyStateMachine, fixture: PathFixture, input: unknown): GeneratedPaths {
  const machine = withoutSystemIds(chart);
  const events = eventTypes(machine).flatMap((type) => fixture.payloads?.[type] ?? [{ type }]);
  const serialize = serializer(fixture);
  // Remembered so a traversal that throws can say which event, in which state, it was taking.
  const last: { state?: unknown; event?: string } = {};
  const traversal = {
    input,
    events,
    limit: MAX_STATES,
    filterEvents: (snapshot: any, event: EventObject) => {
      last.state = snapshot.value;
      last.event = event.type;
      return actorIsRunning(snapshot, event);
    },
    serializeState: (s: any) => serialize(s),
    ...(fixture.stopWhen ? { stopWhen: fixture.stopWhen } : {}),
  };
  const seen = new Set<string>();
  const paths: GeneratedPaths['paths'] = [];
  const add = (kind: PathKind, list: Path[]) => {
    for (const path of list) {
      const key = JSON.stringify(path.steps.map((s) => s.event));
      if (seen.has(key)) continue;
      seen.add(key);
      paths.push({ kind, path });
    }
  };
  try {
    const shortest = getShortestPaths(machine, traversal as never) as Path[];
    add('shortest', shortest);
    if (fixture.simple !== false) add('simple', boundedSimplePaths(machine, traversal, serialize));
    add('transition', transitionPaths(machine, traversal, serialize, shortest));
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n').pop() ?? '') : String(error);
    if (message === 'Traversal limit exceeded') {
      throw new Error(`more than ${MAX_STATES} distinct states: the context grows without end`, { cause: error });
    }
    const where = last.event ? ` (sending ${last.event} in ${JSON.stringify(last.state)})` : '';
    throw new Error(`${message}${where}`, { cause: error });
  }
  return { input, paths };
}

type Adjacency = Record<string, { state: any; transitions: Record<string, { event: EventObject; state: any }> }>;

/**
 * One path per transition the chart can take: the shortest path to a state, then one event it
 * handles. Shortest and simple paths end in states they have not seen yet, so they never take the
 * transitions that lead back (a retry, a cancel, an action that only changes context).
 */
function transitionPaths(machine: AnyStateMachine, traversal: object, serialize: (s: any) => string, shortest: Path[]): Path[] {
  const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Adjacency;
  const to = new Map(shortest.map((p) => [serialize(p.state), p]));
  const paths: Path[] = [];
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const head = to.get(key);
    if (!head) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      // Every event a transition is selected for, including one that only swallows it.
      const selected = (machine.getTransitionData(state, event) ?? []).length > 0;
      if (!selected || next.status === 'error') continue;
      paths.push({ state: next, steps: [...head.steps, { event, state: next }], weight: head.weight + 1 });
    }
  }
  return paths;
}

/**
 * Simple paths over xstate/graph's adjacency map, depth first in the chart's event order, with
 * every state ending and being walked through at most SIMPLE_PATHS_PER_STATE times (getSimplePaths
 * enumerates them all, which does not finish on the larger charts).
 */
function boundedSimplePaths(machine: AnyStateMachine, traversal: object, serialize: (s: any) => string): Path[] {
  const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Adjacency;
  const [startKey, start] = Object.entries(adjacency)[0] ?? [];
  if (!startKey || !start) return [];
  const paths: Path[] = [];
  const ends = new Map<string, number>();
  const onPath = new Set<string>([startKey]);
  const steps: Array<{ event: EventObject; state: any }> = [{ event: { type: 'xstate.init' }, state: start.state }];
  const walk = (key: string) => {
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serialize(state);
      if (onPath.has(next) || !adjacency[next] || (ends.get(next) ?? 0) >= SIMPLE_PATHS_PER_STATE) continue;
      ends.set(next, (ends.get(next) ?? 0) + 1);
      steps.push({ event, state });
      paths.push({ state, steps: [...steps], weight: steps.length - 1 });
      onPath.add(next);
      walk(next);
      onPath.delete(next);
      steps.pop();
    }
  };
  walk(startKey);
  return paths;
}

// ---- replay -----------------------------------------------------------------------------------

export interface ReplayResult {
  ok: boolean;
  failure: string | null;
  /** State ids the actor was in. */
  visited: Set<string>;
  /** Transitions the actor took, as `source#event#index`. */
  taken: Set<string>;
}

export function transitionKey(t: { source: { id: string }; eventType: string }, index: number): string {
  return `${t.source.id}#${t.eventType}#${index}`;
}

function keyOf(t: any): string {
  const list: unknown[] = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return transitionKey(t, list.indexOf(t));
}

export function replay(machine: AnyStateMachine, input: unknown, path: Path, serialize: (s: any) => string): ReplayResult {
  const visited = new Set<string>();
  const taken = new Set<string>();
  let failure: string | null = null;
  const record = (snapshot: any) => {
    for (const node of snapshot._nodes ?? []) visited.add(node.id);
  };
  const actor = createActor(machine, {
    input,
    clock: new SimulatedClock(),
    inspect: (event: any) => {
      // Only the machine's own steps (not its children's); the first ones arrive while the actor
      // is being constructed, so it is recognised as the root of its system.
      if (event.type !== '@xstate.microstep' || event.actorRef?.sessionId !== event.rootId) return;
      record(event.snapshot);
      for (const t of event._transitions ?? []) {
        taken.add(keyOf(t));
        // A transient state (left at once by `always`) is never in a settled snapshot.
        visited.add(t.source.id);
      }
    },
  });
  actor.subscribe({
    error: (error) => {
      failure ??= `the actor failed: ${error instanceof Error ? error.message : String(error)}`;
    },
  });
  try {
    actor.start();
    record(actor.getSnapshot());
    const [first, ...steps] = path.steps;
    if (first && serialize(actor.getSnapshot()) !== serialize(first.state)) {
      failure ??= `starts in ${serialize(actor.getSnapshot())}, the path expects ${serialize(first.state)}`;
    }
    for (const [i, { event, state }] of steps.entries()) {
      if (failure) break;
      if (!actorIsRunning(actor.getSnapshot(), event)) {
        failure = `step ${i + 1} (${event.type}): the actor it reports on is not running`;
        break;
      }
      actor.send(event);
      const snapshot = actor.getSnapshot();
      record(snapshot);
      if (snapshot.status !== state.status) {
        failure ??= `step ${i + 1} (${event.type}): the actor is ${snapshot.status}, the path expects ${state.status}`;
      } else if (serialize(snapshot) !== serialize(state)) {
        failure ??= `step ${i + 1} (${event.type}): the actor is in ${serialize(snapshot)}, the path expects ${serialize(state)}`;
      }
    }
  } catch (error) {
    failure ??= `threw: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    actor.stop();
  }
  return { ok: failure === null, failure, visited, taken };
}

// ---- one machine ------------------------------------------------------------------------------

export interface MachineReport {
  name: string;
  file: string;
  states: string[];
  visited: Set<string>;
  events: string[];
  eventsTaken: Set<string>;
  transitions: string[];
  taken: Set<string>;
  paths: number;
  failures: Array<{ input: unknown; path: string; failure: string }>;
  notes: string[];
  /** Event types sent as `{ type }` alone (no payload in the fixture). */
  bare: string[];
}

export function pathText(path: Path): string {
  return (
    path.steps
      .slice(1)
      .map((s) => s.event.type)
      .join(' → ') || '(initial)'
  );
}

export function runMachine(entry: MachineEntry, fixture: PathFixture = pathFixtures[entry.name] ?? {}): MachineReport {
  const machine = fixture.provide ? entry.machine.provide(fixture.provide) : entry.machine;
  const faked = withFakeActors(machine);
  const serialize = serializer(fixture);
  const transitions = allStateNodes(machine.root).flatMap((node) =>
    nodeTransitions(node).map(({ eventType, index, definition }) => transitionKey({ source: definition.source, eventType }, index)),
  );
  const report: MachineReport = {
    name: entry.name,
    file: entry.file,
    states: stateIds(machine),
    visited: new Set(),
    events: eventTypes(machine),
    eventsTaken: new Set(),
    transitions,
    taken: new Set(),
    paths: 0,
    failures: [],
    notes: [],
    bare: [],
  };
  if (!pathFixtures[entry.name]) report.notes.push('no fixture in scripts/paths/payloads.ts: events are sent without payloads');
  const bare = report.events.filter((type) => !fixture.payloads?.[type] && !type.startsWith('xstate.after.'));
  if (bare.length > 0) report.bare.push(...bare);
  for (const input of fixture.inputs ?? [undefined]) {
    let generated: GeneratedPaths;
    try {
      generated = generateForInput(machine, fixture, input);
    } catch (error) {
      report.failures.push({
        input,
        path: '(generation)',
        failure: `${error instanceof Error ? error.message : String(error)}: give that event a payload (or the machine a distinguish or stopWhen) in scripts/paths/payloads.ts`,
      });
      continue;
    }
    for (const { path } of generated.paths) {
      const result = replay(faked, input, path, serialize);
      report.paths += 1;
      for (const id of result.visited) report.visited.add(id);
      for (const key of result.taken) {
        report.taken.add(key);
        report.eventsTaken.add(key.split('#')[1] ?? '');
      }
      if (!result.ok) report.failures.push({ input, path: pathText(path), failure: result.failure ?? '' });
    }
  }
  return report;
}

// ---- the report -------------------------------------------------------------------------------

function percent(part: number, whole: number): string {
  return whole === 0 ? '100%' : `${Math.floor((part / whole) * 1000) / 10}%`;
}

function ratio(part: number, whole: number): string {
  return `${part}/${whole} ${percent(part, whole)}`;
}

export function coverageTable(reports: MachineReport[]): string {
  const rows = [
    ['machine', 'states', 'events', 'transitions', 'paths', 'failures'],
    ...reports.map((r) => [
      r.name,
      ratio(r.states.filter((s) => r.visited.has(s)).length, r.states.length),
      ratio(r.events.filter((e) => r.eventsTaken.has(e)).length, r.events.length),
      ratio(r.transitions.filter((t) => r.taken.has(t)).length, r.transitions.length),
      String(r.paths),
      String(r.failures.length),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function details(reports: MachineReport[], verbose: boolean): string {
  const out: string[] = [];
  for (const r of reports) {
    const missing = r.states.filter((s) => !r.visited.has(s));
    const unusedEvents = r.events.filter((e) => !r.eventsTaken.has(e));
    const untaken = r.transitions.filter((t) => !r.taken.has(t));
    const lines: string[] = [];
    for (const note of r.notes) lines.push(`  note: ${note}`);
    if (missing.length > 0) lines.push(`  states never reached: ${missing.join(', ')}`);
    for (const f of r.failures.slice(0, 10)) {
      lines.push(`  FAIL ${f.input === undefined ? '' : `input ${JSON.stringify(f.input)} `}${f.path}\n       ${f.failure}`);
    }
    if (r.failures.length > 10) lines.push(`  … and ${r.failures.length - 10} more failures`);
    if (verbose && r.bare.length > 0) lines.push(`  sent without a payload: ${r.bare.join(', ')}`);
    if (verbose || missing.length > 0 || r.failures.length > 0) {
      if (unusedEvents.length > 0) lines.push(`  events never taken: ${unusedEvents.join(', ')}`);
      if (untaken.length > 0) lines.push(`  transitions never taken (source#event#branch): ${untaken.join(', ')}`);
    }
    if (lines.length > 0) out.push(`${r.name} (${r.file})`, ...lines);
  }
  return out.join('\n');
}

export async function runAll(only: string[] = []): Promise<MachineReport[]> {
  const entries = (await discoverMachines()).filter((e) => only.length === 0 || only.includes(e.name));
  return entries.map((entry) => runMachine(entry));
}

const USAGE = `usage: npm run test:paths [-- --verbose] [--machine NAME]...      (node scripts/test-paths.ts)

Generates paths through every machine in machines/ (xstate/graph), replays each on a real actor
with inert fake actors, and prints each machine's coverage of states and transitions. Exits 1 when
a path fails or some state is never reached.

  --machine NAME  only this machine (the chart's name, e.g. auth); repeat for more
  --verbose       also list the events sent without a payload, and the events and transitions never taken
  -h, --help      this text`;

async function main(argv: string[]): Promise<number> {
  const { values } = commandLine(USAGE, {
    args: argv,
    options: { verbose: { type: 'boolean', default: false }, machine: { type: 'string', multiple: true, default: [] } },
  });
  const verbose = values.verbose;
  const only = values.machine;
  const reports = await runAll(only);
  if (reports.length === 0) {
    console.error(`No machine matches ${only.join(', ')}.`);
    return 1;
  }
  console.log(coverageTable(reports));
  const more = details(reports, verbose);
  if (more) console.log(`\n${more}`);
  const failed = reports.filter((r) => r.failures.length > 0 || r.states.some((s) => !r.visited.has(s)));
  if (failed.length > 0) {
    console.log(`\nFAILED: ${failed.map((r) => r.name).join(', ')} (a failing path, or a state no path reaches).`);
    return 1;
  }
  const paths = reports.reduce((sum, r) => sum + r.paths, 0);
  console.log(`\n${paths} paths replayed on ${reports.length} machines; every state reached.`);
  return 0;
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
