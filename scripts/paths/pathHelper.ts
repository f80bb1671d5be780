/**
 * Generates path tests from a real machine definition with xstate/graph.
 *
 * Every event type the chart reacts to is read from the chart itself, including the actor
 * done/error events and the delayed (after) events, which traversal cannot produce on its own;
 * tests give payloads for those that need one (an actor's output, an event's data).
 */
import { StateMachine, type AnyStateMachine, type EventObject, type StateNode } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';

function allStateNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as StateNode))];
}

/**
 * Every state id of the machine except the root and transient states: a state whose only way
 * out is eventless (`always`, e.g. accountList's `opening`) is passed through within one step and
 * never rested in, so no path ends there; its targets are what paths reach.
 */
export function stateIds(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root)
    .filter((n) => n !== machine.root && !isTransient(n))
    .map((n) => n.id);
}

function isTransient(node: StateNode): boolean {
  const keys = [...node.transitions.keys()];
  return node.always !== undefined && node.always.length > 0 && keys.every((key) => key === '') && Object.keys(node.states).length === 0;
}

/** Every event type that some transition of the chart listens to (eventless ones excluded). */
export function eventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allStateNodes(machine.root)) {
    for (const key of node.transitions.keys()) if (key !== '') types.add(key);
  }
  return [...types].sort();
}

/**
 * The chart as xstate/graph walks it: without systemIds. The walk takes every transition in one
 * mock actor system, so a child invoked with a systemId (auth's wallet, reconnect…) would be
 * registered again on the next path; replays run on real actors, each its own system, with them.
 */
export function withoutSystemIds(machine: AnyStateMachine): AnyStateMachine {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    // Only the config's plain objects: child machines, actions and guards stay as they are.
    if (node === null || typeof node !== 'object' || Object.getPrototypeOf(node) !== Object.prototype) return node;
    return Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'systemId').map(([key, value]) => [key, strip(value)]));
  };
  return new StateMachine(strip(machine.config) as never, machine.implementations as never) as AnyStateMachine;
}

export interface PathSuite {
  paths: StatePath<any, EventObject>[];
  reached: Set<string>;
  missing: string[];
  unexercisedEvents: string[];
}

export interface TraversalOptions {
  input?: unknown;
  payloads?: Record<string, Array<EventObject & Record<string, unknown>>>;
  simple?: boolean;
  /** Bounds the traversal of charts whose context grows without end (counters). */
  stopWhen?: (snapshot: any) => boolean;
  /** The part of the context that tells states apart (default: all of it). */
  distinguish?: (context: any) => unknown;
  /** Steps the traversal does not take (an event in a state the caller cannot bring about). */
  skip?: (snapshot: any, event: EventObject) => boolean;
}

/** The chart as the traversal walks it, and the traversal's options (xstate/graph). */
export function traversalOf(chart: AnyStateMachine, options: TraversalOptions) {
  const machine = withoutSystemIds(chart);
  const types = eventTypes(machine);
  const events: EventObject[] = types.flatMap((type) => options.payloads?.[type] ?? [{ type }]);
  const traversal = {
    input: options.input,
    events,
    serializeState: (s: any) => JSON.stringify([s.value, options.distinguish ? options.distinguish(s.context) : s.context]),
    ...(options.stopWhen ? { stopWhen: options.stopWhen } : {}),
    // An actor's done/error event only happens while that actor runs (XState errors otherwise).
    filterEvents: (snapshot: any, event: EventObject) => {
      const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
      if (options.skip?.(snapshot, event)) return false;
      return actor === undefined || snapshot.children?.[actor] !== undefined;
    },
  };
  return { machine, types, traversal };
}

export function generatePaths(chart: AnyStateMachine, options: TraversalOptions): PathSuite {
  const { machine, types, traversal } = traversalOf(chart, options);
  const paths = [
    ...getShortestPaths(machine, traversal as never),
    ...(options.simple ? getSimplePaths(machine, traversal as never) : []),
  ] as StatePath<any, EventObject>[];
  const reached = new Set<string>();
  const usedEvents = new Set<string>();
  // Transition coverage: every event that some reachable state takes (changing it or running
  // actions such as forwarding to a child) counts as exercised, including events that lead back
  // to a state a shorter path already reached.
  const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Record<
    string,
    { state: { can(event: EventObject): boolean }; transitions: Record<string, { event: EventObject }> }
  >;
  for (const value of Object.values(adjacency)) {
    for (const { event } of Object.values(value.transitions)) {
      if (value.state.can(event)) usedEvents.add(event.type);
    }
  }
  for (const path of paths) {
    for (const step of path.steps) {
      for (const node of step.state._nodes as StateNode[]) reached.add(node.id);
    }
    for (const node of path.state._nodes as StateNode[]) reached.add(node.id);
  }
  const missing = stateIds(machine).filter((id) => !reached.has(id));
  const unexercisedEvents = types.filter((t) => !usedEvents.has(t));
  return { paths, reached, missing, unexercisedEvents };
}

export function describePath(path: StatePath<any, EventObject>): string {
  return (
    path.steps
      .map((s) => s.event.type)
      .filter((type) => type !== 'xstate.init')
      .join(' → ') || '(initial)'
  );
}
