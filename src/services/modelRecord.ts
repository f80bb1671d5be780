import type { ActorRefLike, InspectionEvent } from 'xstate';

/**
 * `?inspect=record` (browser.ts's wantsModelRecord): what the page's actors did, kept on
 * `window.reelsideModel` for the tab's session (a reload keeps recording) — no panel, nothing
 * leaves the page. Downloaded only then, like the inspector. The model-based tests
 * (tests/model/) read it to see which states, transitions and tags of the charts the real
 * product reached in the browser, and each actor's state after every step.
 */
export interface ModelRecord {
  /** Each running or stopped actor's last snapshot, by session id. */
  actors: Record<string, RecordedActor>;
  /** `machine|source state id|event type|target ids` → times taken (eventless ones as ''). */
  transitions: Record<string, number>;
  /** `machine|state id` → times entered (in any microstep, transient states included). */
  states: Record<string, number>;
  /** `machine|tag` → times seen on a snapshot. */
  tags: Record<string, number>;
}

export interface RecordedActor {
  machine: string;
  status: string;
  /** The active state node ids, the root's children first. */
  states: string[];
  tags: string[];
  /**
   * The set of active states after each of the actor's steps (macrosteps: the states an eventless
   * transition passes on its way are not in it), in order, its ids sorted and joined by ' + '; a
   * step that leaves the set as it was adds none. What it went through between two looks.
   */
  trail: string[];
}

const KEPT_KEY = 'reelside.inspect.record';

interface MachineSnapshotLike {
  status: string;
  tags?: Set<string>;
  _nodes?: Array<{ id: string; type: string }>;
}

interface TransitionLike {
  eventType: string;
  source: { id: string };
  target?: ReadonlyArray<{ id: string }>;
}

function machineOf(ref: ActorRefLike): string | null {
  const logic = (ref as unknown as { logic?: { id?: string; config?: { id?: string }; root?: unknown } }).logic;
  // Only state machines have a chart to cover; promise and callback actors are not recorded.
  if (!logic?.root) return null;
  return logic.id ?? logic.config?.id ?? null;
}

/** The record's tables so far in this tab: a reload goes on counting where the page before stopped. */
function restored(): Omit<ModelRecord, 'actors'> {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT_KEY) ?? 'null') as Omit<ModelRecord, 'actors'> | null;
    if (kept && typeof kept === 'object') return { transitions: { ...kept.transitions }, states: { ...kept.states }, tags: { ...kept.tags } };
  } catch {
    // An unreadable record starts again.
  }
  return { transitions: {}, states: {}, tags: {} };
}

export function createModelRecord(): { record: ModelRecord; observe: (event: InspectionEvent) => void } {
  const record: ModelRecord = { actors: {}, ...restored() };
  window.addEventListener('pagehide', () => {
    try {
      sessionStorage.setItem(KEPT_KEY, JSON.stringify({ transitions: record.transitions, states: record.states, tags: record.tags }));
    } catch {
      // Full storage: this page's counts are lost, the next page's are not.
    }
  });
  const count = (table: Record<string, number>, key: string) => {
    table[key] = (table[key] ?? 0) + 1;
  };
  const take = (ref: ActorRefLike, machine: string, snapshot: MachineSnapshotLike, settled: boolean) => {
    const states = (snapshot._nodes ?? []).filter((node) => node.type !== 'history').map((node) => node.id);
    // The root is every snapshot's: its id is the machine's.
    const below = states.filter((id) => id !== machine);
    const tags = [...(snapshot.tags ?? [])].sort();
    const before = record.actors[ref.sessionId];
    below.filter((id) => !before?.states.includes(id)).forEach((id) => count(record.states, `${machine}|${id}`));
    tags.filter((tag) => !before?.tags.includes(tag)).forEach((tag) => count(record.tags, `${machine}|${tag}`));
    const trail = before?.trail ?? [];
    const at = [...below].sort().join(' + ');
    if (settled && trail.at(-1) !== at) trail.push(at);
    record.actors[ref.sessionId] = { machine, status: snapshot.status, states: below, tags, trail };
  };
  const observe = (event: InspectionEvent) => {
    const machine = machineOf(event.actorRef);
    if (machine === null) return;
    if (event.type === '@xstate.microstep') {
      const transitions = (event as unknown as { _transitions?: TransitionLike[] })._transitions ?? [];
      for (const transition of transitions) {
        const targets = (transition.target ?? []).map((node) => node.id).join(',');
        count(record.transitions, `${machine}|${transition.source.id}|${transition.eventType}|${targets}`);
      }
      take(event.actorRef, machine, event.snapshot as unknown as MachineSnapshotLike, false);
    } else if (event.type === '@xstate.snapshot') {
      take(event.actorRef, machine, event.snapshot as unknown as MachineSnapshotLike, true);
    }
  };
  (window as unknown as { reelsideModel?: ModelRecord }).reelsideModel = record;
  return { record, observe };
}
