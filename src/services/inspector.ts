import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The live inspector's record of every running actor (DESIGN: developers inspect the
 * statecharts): each actor's machine, current state value, context and last events. Fed by
 * XState's `inspect` option; read by the inspector panel. Offline: nothing leaves the page.
 */
export interface InspectedActor {
  sessionId: string;
  /** The machine's id (auth, lobby…), or the logic kind for promise/callback actors. */
  machineId: string;
  /** The actor's id within its parent (wallet, socket…). */
  id: string;
  status: string;
  value: unknown;
  context: unknown;
  events: Array<{ type: string; at: number }>;
}

const MAX_EVENTS = 12;

export interface InspectorStore {
  observe(event: InspectionEvent): void;
  actors(): readonly InspectedActor[];
  subscribe(listener: () => void): () => void;
}

function machineIdOf(ref: AnyActorRef): string {
  const logic = (ref as unknown as { logic?: { id?: string; config?: { id?: string } } }).logic;
  return logic?.id ?? logic?.config?.id ?? 'actor';
}

export function createInspectorStore(now: () => number = Date.now, mirror?: Promise<(event: InspectionEvent) => void>): InspectorStore {
  // Events seen before the mirror (Stately Inspector) has loaded are handed over when it has.
  let pending: InspectionEvent[] | null = mirror ? [] : null;
  let send: ((event: InspectionEvent) => void) | null = null;
  void mirror?.then(
    (ready) => {
      send = ready;
      pending?.forEach(ready);
      pending = null;
    },
    () => {
      pending = null;
    },
  );
  const byId = new Map<string, InspectedActor>();
  const listeners = new Set<() => void>();
  let list: readonly InspectedActor[] = [];
  let scheduled = false;

  // Many events arrive in one burst (a transition's microsteps): tell the panel once per frame.
  const changed = () => {
    list = [...byId.values()];
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      listeners.forEach((l) => l());
    });
  };

  return {
    observe(event) {
      if (send) send(event);
      else pending?.push(event);
      const ref = event.actorRef as AnyActorRef;
      const key = ref.sessionId;
      let actor = byId.get(key);
      if (!actor) {
        actor = { sessionId: key, machineId: machineIdOf(ref), id: ref.id, status: 'active', value: null, context: null, events: [] };
        byId.set(key, actor);
      }
      if (event.type === '@xstate.snapshot') {
        const snapshot = event.snapshot as { status?: string; value?: unknown; context?: unknown };
        actor.status = snapshot.status ?? 'active';
        actor.value = snapshot.value ?? null;
        actor.context = snapshot.context ?? null;
        if (actor.status !== 'active') byId.delete(key);
      } else if (event.type === '@xstate.event') {
        actor.events = [{ type: event.event.type, at: now() }, ...actor.events].slice(0, MAX_EVENTS);
      }
      changed();
    },
    actors: () => list,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
