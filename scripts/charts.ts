/**
 * Statechart diagrams of every machine, drawn from the machines' own definitions.
 *
 *   node scripts/charts.ts          writes docs/machines/<name>.svg, <name>.mmd and README.md
 *   node scripts/charts.ts --check  writes nothing; exits 1 listing the files that are stale
 *
 * Machines are discovered, not listed: every machines/*.ts is imported and each exported
 * StateMachine becomes a chart (a file that exports only `create…Machine` factories is built with
 * the arguments in scripts/paths/payloads.ts). The walk reads `machine.root`: states, the
 * `transitions` map (events, actor done/error, `after` delays by name), `always`, invocations,
 * entry/exit actions and guards by name. ELK (layered, hierarchical) lays the chart out; a small
 * SVG writer draws it. Output is deterministic: no timestamps, definition order everywhere, and
 * fixed text metrics instead of the fonts of the machine that runs it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { commandLine } from './cli.ts';
import { factoryArgs } from './paths/payloads.ts';

export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));
const MACHINES_DIR = join(ROOT_DIR, 'machines');
/** Where the diagrams live, relative to the repository root. */
export const OUT_DIR = 'docs/machines';

// ---- discovery --------------------------------------------------------------------------------

export interface MachineEntry {
  /** The chart's name: the file name, or the export name when a file exports several machines. */
  name: string;
  /** Relative to the repository root, e.g. machines/auth.ts. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
  /** The file's opening comment (the chart told in text), without comment markers. */
  header: string;
}

function headerComment(source: string): string {
  const match = /^\s*\/\*\*?([\s\S]*?)\*\//.exec(source);
  if (!match?.[1]) return '';
  const lines = match[1].split('\n').map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Every machine exported by machines/*.ts, in file order. */
export async function discoverMachines(): Promise<MachineEntry[]> {
  const files = readdirSync(MACHINES_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .sort();
  const entries: MachineEntry[] = [];
  for (const file of files) {
    // The one computed import of scripts/: every file of machines/, as the folder lists them (none can be a test).
    // eslint-disable-next-line no-restricted-syntax
    const module = (await import(pathToFileURL(join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    const found: Array<[string, AnyStateMachine]> = [];
    for (const [exportName, value] of Object.entries(module)) {
      if (value instanceof StateMachine && !found.some(([, m]) => m === value)) found.push([exportName, value]);
    }
    if (found.length === 0) {
      for (const [exportName, value] of Object.entries(module)) {
        if (typeof value !== 'function' || !/^create\w*Machine$/.test(exportName)) continue;
        const made: unknown = (value as (...args: unknown[]) => unknown)(...(factoryArgs[exportName] ?? []));
        if (made instanceof StateMachine) found.push([exportName, made]);
      }
    }
    const header = headerComment(readFileSync(join(MACHINES_DIR, file), 'utf8'));
    const base = file.replace(/\.ts$/, '');
    for (const [exportName, machine] of found) {
      const name = found.length === 1 ? base : lowerFirst(exportName.replace(/^create/, '').replace(/Machine$/, ''));
      if (entries.some((e) => e.name === name)) throw new Error(`two machines are named ${name} (${file})`);
      entries.push({ name, file: `machines/${file}`, exportName, machine, header });
    }
  }
  return entries;
}

// ---- the chart model, read from the definition ------------------------------------------------

export interface ChartTransition {
  source: string;
  /** Target state ids; empty for a transition that only runs actions. */
  targets: string[];
  eventType: string;
  /** How the event reads on the chart: `after idleTimeout`, `done: login`, `always`. */
  event: string;
  guard: string | null;
  actions: string[];
  reenter: boolean;
}

export interface ChartState {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  depth: number;
  /** The id of the initial child, if any. */
  initial: string | null;
  entry: string[];
  exit: string[];
  /** Invoked actors: `id`, or `id (src)` when they differ. */
  invoke: string[];
  tags: string[];
  /** What the player sees there, where no tag says it (the state's `description`). */
  shows: string | null;
  /** Transitions without a target, or with targets inside this state: listed in the state's box. */
  internal: ChartTransition[];
  children: ChartState[];
  /** A region of a parallel state. */
  region: boolean;
}

export interface ChartModel {
  id: string;
  root: ChartState;
  /** Transitions with targets (the edges). */
  edges: ChartTransition[];
  stateCount: number;
  eventTypes: string[];
  transitionCount: number;
}

type Fn = ((...args: never[]) => unknown) & Record<string, unknown>;

function isFn(value: unknown): value is Fn {
  return typeof value === 'function';
}

export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (isFn(guard)) {
    const parts = Array.isArray(guard.guards) ? guard.guards.map((g) => guardName(g) ?? '?') : [];
    if (guard.check !== undefined) {
      if (guard.name === 'not') return `!${parts[0] ?? '?'}`;
      if (guard.name === 'and') return parts.join(' && ');
      if (guard.name === 'or') return parts.join(' || ');
      if (guard.name === 'stateIn') return `in ${JSON.stringify(guard.stateValue)}`;
    }
    return 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'inline';
}

function eventOf(value: unknown): string | null {
  return typeof value === 'object' && value !== null && 'type' in value ? String(value.type) : null;
}

export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (isFn(action)) {
    switch (action.type) {
      case 'xstate.assign': {
        const assignment = action.assignment;
        return typeof assignment === 'object' && assignment !== null ? `assign(${Object.keys(assignment).join(', ')})` : 'assign';
      }
      case 'xstate.raise':
        return eventOf(action.event) ? `raise ${eventOf(action.event)}` : 'raise';
      case 'xstate.emit':
        return eventOf(action.event) ? `emit ${eventOf(action.event)}` : 'emit';
      case 'xstate.sendTo':
        return typeof action.to === 'string' ? `sendTo ${action.to}` : 'sendTo';
      case 'xstate.spawnChild':
        return typeof action.id === 'string' ? `spawn ${action.id}` : typeof action.src === 'string' ? `spawn ${action.src}` : 'spawn';
      case 'xstate.stopChild':
        return typeof action.actorRef === 'string' ? `stop ${action.actorRef}` : 'stop';
      case 'xstate.cancel':
        return typeof action.sendId === 'string' ? `cancel ${action.sendId}` : 'cancel';
      default:
        return typeof action.type === 'string' && action.type.startsWith('xstate.') ? action.type.slice('xstate.'.length) : 'inline';
    }
  }
  return eventOf(action) ?? 'inline';
}

/** The raise/cancel pair XState adds to entry/exit for `after`: an implementation detail, not drawn. */
function isDelayPlumbing(action: unknown): boolean {
  if (!isFn(action)) return false;
  if (action.type === 'xstate.raise') return (eventOf(action.event) ?? '').startsWith('xstate.after.');
  if (action.type === 'xstate.cancel') return typeof action.sendId === 'string' && action.sendId.startsWith('xstate.after.');
  return false;
}

function eventLabel(node: AnyStateNode, eventType: string, delays: Map<string, unknown>): string {
  if (eventType === '') return 'always';
  if (delays.has(eventType)) {
    const delay = delays.get(eventType);
    return typeof delay === 'number' ? `after ${delay} ms` : `after ${String(delay)}`;
  }
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.slice('xstate.after.'.length).replace(`.${node.id}`, '')}`;
  if (eventType.startsWith('xstate.done.actor.')) return `done: ${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error: ${eventType.slice('xstate.error.actor.'.length)}`;
  if (eventType.startsWith('xstate.done.state.')) return `done: ${eventType.slice('xstate.done.state.'.length)}`;
  return eventType;
}

function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

export function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childNodes(node).flatMap(allStateNodes)];
}

/** Every transition definition of a node, in definition order: `on`/`after`/invoke events, then `always`. */
export function nodeTransitions(node: AnyStateNode): Array<{ eventType: string; index: number; definition: any }> {
  const out: Array<{ eventType: string; index: number; definition: any }> = [];
  for (const [eventType, definitions] of node.transitions) {
    definitions.forEach((definition, index) => out.push({ eventType, index, definition }));
  }
  (node.always ?? []).forEach((definition, index) => out.push({ eventType: '', index, definition }));
  return out;
}

export function describeMachine(machine: AnyStateMachine): ChartModel {
  const edges: ChartTransition[] = [];
  const events = new Set<string>();
  let transitionCount = 0;

  function walk(node: AnyStateNode, depth: number, region: boolean): ChartState {
    const delays = new Map<string, unknown>(node.after.map((t) => [t.eventType, (t as { delay?: unknown }).delay]));
    const internal: ChartTransition[] = [];
    const byEvent = new Map<string, number>();
    for (const { eventType, definition } of nodeTransitions(node)) {
      transitionCount += 1;
      if (eventType !== '') events.add(eventType);
      // A transition without a guard after guarded ones of the same event is their `else`.
      const earlierGuarded = byEvent.get(eventType) ?? 0;
      const guard = guardName(definition.guard) ?? (earlierGuarded > 0 ? 'else' : null);
      if (definition.guard !== undefined) byEvent.set(eventType, earlierGuarded + 1);
      const transition: ChartTransition = {
        source: node.id,
        targets: ((definition.target ?? []) as AnyStateNode[]).map((t) => t.id),
        eventType,
        event: eventLabel(node, eventType, delays),
        guard,
        actions: (definition.actions as unknown[]).map(actionName),
        reenter: Boolean(definition.reenter),
      };
      // Transitions that stay inside the state (no target, or a target within it, such as a root
      // `on` that goes to `.loading`) are listed in its box; the others are edges.
      const inward = transition.targets.every((t) => t === node.id || t.startsWith(`${node.id}.`));
      if (inward && (transition.targets.length === 0 || childNodes(node).length > 0)) internal.push(transition);
      else edges.push(transition);
    }
    const initialTarget = node.type === 'compound' ? (node.initial.target[0] as AnyStateNode | undefined) : undefined;
    return {
      id: node.id,
      key: node.key,
      type: node.type,
      depth,
      initial: initialTarget?.id ?? null,
      entry: node.entry.filter((a) => !isDelayPlumbing(a)).map(actionName),
      exit: node.exit.filter((a) => !isDelayPlumbing(a)).map(actionName),
      invoke: node.invoke.map((i) => {
        const src = typeof i.src === 'string' ? i.src : null;
        return src === null || src === i.id ? i.id : `${i.id} (${src})`;
      }),
      tags: [...node.tags],
      shows: node.description ?? null,
      internal,
      children: childNodes(node).map((child) => walk(child, depth + 1, node.type === 'parallel')),
      region,
    };
  }

  const root = walk(machine.root, 0, false);
  return {
    id: machine.id,
    root,
    edges,
    stateCount: allStateNodes(machine.root).length - 1,
    eventTypes: [...events].sort(),
    transitionCount,
  };
}

function flatten(state: ChartState): ChartState[] {
  return [state, ...state.children.flatMap(flatten)];
}

/** Where an inward transition goes, relative to its source: `loading`, `live.playing`. */
function innerTargets(t: ChartTransition): string {
  return t.targets.map((id) => (id === t.source ? 'itself' : id.slice(t.source.length + 1))).join(', ');
}

function transitionText(t: ChartTransition, withTargets = false): string {
  const to = withTargets && t.targets.length > 0 ? `→ ${innerTargets(t)}${t.reenter ? ' (reenter)' : ''}` : '';
  const ignored = withTargets && t.targets.length === 0 && t.actions.length === 0 ? '(ignored)' : '';
  return [t.event, t.guard ? `[${t.guard}]` : '', to, t.actions.length > 0 ? `/ ${t.actions.join(', ')}` : '', !to && t.reenter ? '(reenter)' : '', ignored]
    .filter(Boolean)
    .join(' ');
}

// ---- Mermaid ----------------------------------------------------------------------------------

const MERMAID_WORDS = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'style', 'left', 'right', 'as', 'of', 'click', 'default']);

function mermaidText(text: string): string {
  return text.replace(/[;#"{}]/g, (c) => ({ ';': ',', '#': '', '"': "'", '{': '(', '}': ')' })[c] ?? c);
}

export function toMermaid(model: ChartModel): string {
  const states = flatten(model.root);
  const keyCount = new Map<string, number>();
  for (const s of states) keyCount.set(s.key, (keyCount.get(s.key) ?? 0) + 1);
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_');
  // Composite states show their id (Mermaid cannot alias them), so they keep their key when it is
  // unique; simple states are aliased and may take any id.
  const ids = new Map<string, string>();
  for (const s of states) {
    const composite = s.children.length > 0 || s === model.root;
    const path = s.id.split('.').slice(1);
    if (s === model.root) ids.set(s.id, safe(model.id));
    else if (composite && keyCount.get(s.key) === 1 && !MERMAID_WORDS.has(s.key) && s.key !== model.id) ids.set(s.id, safe(s.key));
    else ids.set(s.id, `${composite ? '' : 's_'}${safe(path.join('_'))}`);
  }
  const idOf = (id: string) => ids.get(id) ?? safe(id);
  const byId = new Map(states.map((s) => [s.id, s]));
  const parentOf = (id: string): string | null => {
    for (const s of states) if (s.children.some((c) => c.id === id)) return s.id;
    return null;
  };
  const ancestors = (id: string): string[] => {
    const chain: string[] = [];
    for (let at: string | null = id; at !== null; at = parentOf(at)) chain.push(at);
    return chain;
  };
  // Each edge is written in the block of the closest state containing both ends.
  const edgesIn = new Map<string, string[]>();
  for (const t of model.edges) {
    for (const target of t.targets) {
      const sourceChain = ancestors(t.source);
      const targetChain = new Set(ancestors(target));
      const lca = sourceChain.find((id) => targetChain.has(id) && (byId.get(id)?.children.length ?? 0) > 0) ?? model.root.id;
      const label = mermaidText(transitionText(t));
      const list = edgesIn.get(lca) ?? [];
      list.push(`${idOf(t.source)} --> ${idOf(target)} : ${label}`);
      edgesIn.set(lca, list);
    }
  }
  const details = (s: ChartState): string[] => [
    ...(s.tags.length > 0 ? [`tags: ${s.tags.join(', ')}`] : []),
    ...(s.shows ? [`shows: ${s.shows}`] : []),
    ...(s.entry.length > 0 ? [`entry / ${s.entry.join(', ')}`] : []),
    ...(s.exit.length > 0 ? [`exit / ${s.exit.join(', ')}`] : []),
    ...(s.invoke.length > 0 ? [`invoke ${s.invoke.join(', ')}`] : []),
    ...s.internal.map((t) => transitionText(t, true)),
  ].map(mermaidText);

  const out: string[] = ['stateDiagram-v2'];
  function block(s: ChartState, indent: string): void {
    const id = idOf(s.id);
    if (s.children.length === 0 && s !== model.root) {
      out.push(`${indent}state "${mermaidText(s.key)}" as ${id}`);
      for (const line of details(s)) out.push(`${indent}${id} : ${line}`);
      if (s.type === 'final') out.push(`${indent}${id} --> [*]`);
      return;
    }
    out.push(`${indent}state ${id} {`);
    const inner = `${indent}  `;
    if (s.initial) out.push(`${inner}[*] --> ${idOf(s.initial)}`);
    s.children.forEach((child, index) => {
      if (s.type === 'parallel' && index > 0) out.push(`${inner}--`);
      block(child, inner);
    });
    for (const line of edgesIn.get(s.id) ?? []) out.push(`${inner}${line}`);
    out.push(`${indent}}`);
    const notes = details(s);
    if (notes.length > 0) {
      out.push(`${indent}note right of ${id}`);
      for (const line of notes) out.push(`${indent}  ${line}`);
      out.push(`${indent}end note`);
    }
  }
  block(model.root, '  ');
  return `${out.join('\n')}\n`;
}

// ---- text metrics (fixed, so the output does not depend on installed fonts) --------------------

// Helvetica advance widths (per 1000 em) for ASCII 32..126; Arial and Liberation Sans match them.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Room for wider fallback fonts (DejaVu Sans runs about 10% wider than Helvetica). */
const FONT_SLACK = 1.12;

export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    units += code >= 32 && code <= 126 ? (HELVETICA[code - 32] ?? 556) : 700;
  }
  return (units / 1000) * size * FONT_SLACK * (bold ? 1.08 : 1);
}

// ---- SVG --------------------------------------------------------------------------------------

type SpanKind = 'ev' | 'guard' | 'act' | 'kw' | 'txt';
type Span = { text: string; kind: SpanKind };
type Line = Span[];

const TITLE_SIZE = 13;
const BODY_SIZE = 11;
const LABEL_SIZE = 11;
const TITLE_LINE = 18;
const BODY_LINE = 14;
const LABEL_LINE = 13;
const WRAP = 44;
/** Space around the machine's frame. */
const MARGIN = 8;

function lineWidth(line: Line, size: number): number {
  return line.reduce((w, span) => w + textWidth(span.text, size, span.kind === 'ev'), 0);
}

/** Splits a list into lines of at most WRAP characters, after a first line that has `first` characters already. */
function wrapList(items: string[], first: number): string[] {
  const lines: string[] = [];
  let current = '';
  let room = WRAP - first;
  for (const item of items) {
    const next = current === '' ? item : `${current}, ${item}`;
    if (current !== '' && next.length > room) {
      lines.push(`${current},`);
      current = item;
      room = WRAP;
    } else current = next;
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** A sentence in lines of at most WRAP characters (the first shorter by `first`). */
function wrapWords(text: string, first: number): string[] {
  const lines: string[] = [];
  let current = '';
  let room = WRAP - first;
  for (const word of text.split(' ')) {
    const next = current === '' ? word : `${current} ${word}`;
    if (current !== '' && next.length > room) {
      lines.push(current);
      current = word;
      room = WRAP;
    } else current = next;
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** An edge label: the event, then [guard], then / actions, each on its own line(s). */
function edgeLines(t: ChartTransition): Line[] {
  const lines: Line[] = [[{ text: t.event + (t.reenter ? ' ↻' : ''), kind: 'ev' }]];
  if (t.guard) lines.push([{ text: `[${t.guard}]`, kind: 'guard' }]);
  if (t.actions.length > 0) {
    wrapList(t.actions, 2).forEach((text, i) => lines.push([{ text: i === 0 ? `/ ${text}` : `  ${text}`, kind: 'act' }]));
  }
  return lines;
}

/** The lines inside a state's box under its name. */
function bodyLines(s: ChartState): Line[] {
  const lines: Line[] = [];
  const list = (keyword: string, items: string[]) => {
    if (items.length === 0) return;
    wrapList(items, keyword.length + 1).forEach((text, i) =>
      lines.push(i === 0 ? [{ text: `${keyword} `, kind: 'kw' }, { text, kind: 'txt' }] : [{ text: `  ${text}`, kind: 'txt' }]),
    );
  };
  list('tags', s.tags);
  if (s.shows) {
    wrapWords(s.shows, 'shows'.length + 1).forEach((text, i) =>
      lines.push(i === 0 ? [{ text: 'shows ', kind: 'kw' }, { text, kind: 'txt' }] : [{ text: `  ${text}`, kind: 'txt' }]),
    );
  }
  list('entry /', s.entry);
  list('exit /', s.exit);
  list('invoke', s.invoke);
  for (const t of s.internal) {
    const head: Line = [{ text: t.event, kind: 'ev' }];
    if (t.guard) head.push({ text: ` [${t.guard}]`, kind: 'guard' });
    const to = t.targets.length > 0 ? ` → ${innerTargets(t)}${t.reenter ? ' ↻' : ''}` : '';
    if (to) head.push({ text: to, kind: 'txt' });
    const headLength = t.event.length + (t.guard ? t.guard.length + 3 : 0) + to.length;
    if (t.actions.length === 0) {
      // No target and no actions: the state swallows the event (so a parent's handler never sees it).
      lines.push(t.targets.length === 0 ? [...head, { text: ' (ignored)', kind: 'kw' }] : head);
      continue;
    }
    const wrapped = wrapList(t.actions, headLength + 3);
    if (headLength + 3 + (wrapped[0]?.length ?? 0) <= WRAP + 8) {
      lines.push([...head, { text: ` / ${wrapped[0] ?? ''}`, kind: 'act' }]);
      for (const text of wrapped.slice(1)) lines.push([{ text: `    ${text}`, kind: 'act' }]);
    } else {
      lines.push(head);
      wrapList(t.actions, 4).forEach((text, i) => lines.push([{ text: i === 0 ? `  / ${text}` : `    ${text}`, kind: 'act' }]));
    }
  }
  return lines;
}

function titleOf(s: ChartState, model: ChartModel): string {
  const name = s === model.root ? model.id : s.key;
  return s.type === 'parallel' ? `${name} (parallel)` : name;
}

const n = (value: number) => String(Math.round(value * 10) / 10);

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function spans(line: Line): string {
  return line.map((span) => `<tspan class="${span.kind}">${esc(span.text)}</tspan>`).join('');
}

const elk = new ELK();

interface Box {
  title: string;
  lines: Line[];
  compound: boolean;
  width: number;
  height: number;
  headerHeight: number;
}

export async function toSvg(model: ChartModel): Promise<string> {
  const boxes = new Map<string, Box>();
  const nodeId = (id: string) => `n:${id}`;

  function boxOf(s: ChartState): Box {
    const title = titleOf(s, model);
    const lines = bodyLines(s);
    const compound = s.children.length > 0 || s === model.root;
    const textW = Math.max(textWidth(title, TITLE_SIZE, true), ...lines.map((l) => lineWidth(l, BODY_SIZE)));
    const bodyH = lines.length > 0 ? 6 + lines.length * BODY_LINE : 0;
    const headerHeight = 8 + TITLE_LINE + bodyH + 4;
    const box: Box = {
      title,
      lines,
      compound,
      width: Math.max(compound ? 120 : 76, textW + 24),
      height: compound ? headerHeight + 40 : headerHeight + 4,
      headerHeight,
    };
    boxes.set(s.id, box);
    return box;
  }

  function elkNode(s: ChartState): ElkNode {
    const box = boxOf(s);
    if (!box.compound) return { id: nodeId(s.id), width: box.width, height: box.height };
    const children: ElkNode[] = [];
    if (s.initial) children.push({ id: `i:${s.id}`, width: 12, height: 12 });
    children.push(...s.children.map(elkNode));
    return {
      id: nodeId(s.id),
      layoutOptions: {
        'elk.padding': `[top=${n(box.headerHeight + 10)},left=16,bottom=16,right=16]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${n(box.width)}, ${n(box.headerHeight + 30)})`,
      },
      children,
      edges: [],
    };
  }

  const rootNode = elkNode(model.root);
  const elkNodes = new Map<string, ElkNode>();
  (function index(node: ElkNode) {
    elkNodes.set(node.id, node);
    node.children?.forEach(index);
  })(rootNode);

  const states = flatten(model.root);
  const parentOf = new Map<string, string>();
  for (const s of states) for (const c of s.children) parentOf.set(c.id, s.id);
  const chain = (id: string) => {
    const ids: string[] = [];
    for (let at: string | undefined = id; at !== undefined; at = parentOf.get(at)) ids.push(at);
    return ids;
  };
  const container = (source: string, target: string) => {
    const targets = new Set(chain(target));
    return chain(source).find((id) => targets.has(id) && boxes.get(id)?.compound) ?? model.root.id;
  };

  interface DrawnEdge {
    id: string;
    lines: Line[];
  }
  const drawn: DrawnEdge[] = [];
  // Edges that point forward in the definition's order get a high direction priority, so they are
  // the ones kept pointing down when ELK breaks a cycle: the chart reads in the order it is written.
  const order = new Map(states.map((s, i) => [nodeId(s.id), i]));
  const addEdge = (source: string, target: string, holder: string, lines: Line[]) => {
    const id = `e${drawn.length}`;
    const forward = source.startsWith('i:') || (order.get(source) ?? 0) < (order.get(target) ?? 0);
    drawn.push({ id, lines });
    const width = Math.max(0, ...lines.map((l) => lineWidth(l, LABEL_SIZE))) + 6;
    const edge: ElkExtendedEdge = {
      id,
      sources: [source],
      targets: [target],
      ...(forward ? { layoutOptions: { 'elk.layered.priority.direction': '100' } } : {}),
      // ELK places only labels that have a text; the text itself is drawn by toSvg.
      ...(lines.length > 0
        ? { labels: [{ id: `${id}:label`, text: lines.map((l) => l.map((span) => span.text).join('')).join(' '), width, height: lines.length * LABEL_LINE + 2 }] }
        : {}),
    };
    elkNodes.get(nodeId(holder))?.edges?.push(edge);
  };
  for (const s of states) if (s.initial) addEdge(`i:${s.id}`, nodeId(s.initial), s.id, []);
  for (const t of model.edges) {
    for (const target of t.targets) addEdge(nodeId(t.source), nodeId(target), container(t.source, target), edgeLines(t));
  }

  // The machine's root is ELK's root graph (not a node inside one): in hierarchical mode ELK only
  // honours the cycle-breaking options of the root, and model order keeps charts in reading order.
  const graph: ElkNode = {
    ...rootNode,
    layoutOptions: {
      ...rootNode.layoutOptions,
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.direction': 'DOWN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '10',
      'elk.layered.spacing.edgeNodeBetweenLayers': '14',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
      'elk.spacing.edgeLabel': '3',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.layered.crossingMinimization.forceNodeModelOrder': 'false',
      'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
      'elk.randomSeed': '1',
    },
  };
  const laid = await elk.layout(graph);

  const shapes = new Map<string, ElkNode>();
  (function index(node: ElkNode) {
    shapes.set(node.id, node);
    node.children?.forEach(index);
  })(laid);
  const edges = new Map<string, ElkExtendedEdge>();
  for (const node of shapes.values()) for (const edge of node.edges ?? []) edges.set(edge.id, edge);

  const width = (laid.width ?? 0) + 2 * MARGIN;
  const height = (laid.height ?? 0) + 2 * MARGIN;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" role="img" aria-label="${esc(`${model.id} statechart`)}">`,
    `<title>${esc(`${model.id} statechart`)}</title>`,
    '<defs>',
    '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,1 L9,5 L0,9 z" fill="#4b5a70"/></marker>',
    '<style>',
    'text{font-family:Helvetica,Arial,"Liberation Sans","DejaVu Sans",sans-serif;fill:#2c3645}',
    '.title{font-size:13px;font-weight:700;fill:#1b2433}',
    `.body{font-size:${BODY_SIZE}px}`,
    `.label{font-size:${LABEL_SIZE}px}`,
    '.ev{fill:#1f3f8f;font-weight:600}',
    '.guard{fill:#94570a}',
    '.act{fill:#2d6a47}',
    '.kw{fill:#6b7585}',
    '.txt{fill:#2c3645}',
    '.state{fill:#ffffff;stroke:#4b5a70;stroke-width:1.3}',
    '.compound{stroke:#7b889c;stroke-width:1.2}',
    '.region{stroke-dasharray:5 4}',
    '.edge{fill:none;stroke:#4b5a70;stroke-width:1.2}',
    '.initial{fill:#1b2433}',
    '.labelbg{fill:#ffffff;fill-opacity:0.88}',
    '</style>',
    '</defs>',
    `<rect x="0" y="0" width="${n(width)}" height="${n(height)}" fill="#ffffff"/>`,
    `<g transform="translate(${MARGIN},${MARGIN})">`,
  );

  const fills = ['#f4f6fa', '#e9eef6', '#dfe7f2', '#d5e0ee', '#cbd8ea'];
  function drawState(s: ChartState): void {
    const box = boxes.get(s.id);
    const shape = shapes.get(nodeId(s.id));
    if (!box || !shape) return;
    const x = shape.x ?? 0;
    const y = shape.y ?? 0;
    const w = shape.width ?? box.width;
    const h = shape.height ?? box.height;
    const cls = box.compound ? `state compound${s.region ? ' region' : ''}` : `state${s.region ? ' region' : ''}`;
    const fill = box.compound ? ` style="fill:${fills[Math.min(s.depth, fills.length - 1)] ?? '#ffffff'}"` : '';
    out.push(`<g data-state="${esc(s.id)}">`);
    out.push(`<rect class="${cls}"${fill} x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="9" ry="9"/>`);
    if (s.type === 'final') {
      out.push(`<rect class="state" x="${n(x + 3.5)}" y="${n(y + 3.5)}" width="${n(w - 7)}" height="${n(h - 7)}" rx="6" ry="6"/>`);
    }
    if (s.type === 'history') {
      out.push(`<text class="title" x="${n(x + w - 16)}" y="${n(y + 18)}">H</text>`);
    }
    const titleX = box.compound ? x + 12 : x + w / 2;
    const anchor = box.compound ? '' : ' text-anchor="middle"';
    out.push(`<text class="title" x="${n(titleX)}" y="${n(y + 8 + 13)}"${anchor}>${esc(box.title)}</text>`);
    if (box.lines.length > 0) {
      const top = y + 8 + TITLE_LINE + 4;
      if (!box.compound) {
        out.push(`<line x1="${n(x)}" y1="${n(top - 2)}" x2="${n(x + w)}" y2="${n(top - 2)}" stroke="#c4ccd8" stroke-width="1"/>`);
      }
      box.lines.forEach((line, i) => {
        out.push(`<text class="body" x="${n(x + 12)}" y="${n(top + 11 + i * BODY_LINE)}">${spans(line)}</text>`);
      });
    }
    out.push('</g>');
    for (const child of s.children) drawState(child);
    if (s.initial) {
      const dot = shapes.get(`i:${s.id}`);
      if (dot) out.push(`<circle class="initial" cx="${n((dot.x ?? 0) + 6)}" cy="${n((dot.y ?? 0) + 6)}" r="5.5"/>`);
    }
  }
  drawState(model.root);

  const labels: string[] = [];
  for (const { id, lines } of drawn) {
    const edge = edges.get(id);
    if (!edge) continue;
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      out.push(`<path class="edge" d="${roundedPath(points)}" marker-end="url(#arrow)"/>`);
    }
    const label = edge.labels?.[0];
    if (label && lines.length > 0) {
      const lx = label.x ?? 0;
      const ly = label.y ?? 0;
      labels.push(`<rect class="labelbg" x="${n(lx)}" y="${n(ly)}" width="${n(label.width ?? 0)}" height="${n(label.height ?? 0)}" rx="3" ry="3"/>`);
      lines.forEach((line, i) => {
        labels.push(`<text class="label" x="${n(lx + 3)}" y="${n(ly + 11 + i * LABEL_LINE)}">${spans(line)}</text>`);
      });
    }
  }
  out.push(...labels, '</g>', '</svg>');
  return `${out.join('\n')}\n`;
}

/** An orthogonal polyline with its corners rounded. */
function roundedPath(points: Array<{ x: number; y: number }>): string {
  const first = points[0];
  if (!first) return '';
  const parts = [`M${n(first.x)},${n(first.y)}`];
  for (let i = 1; i < points.length; i += 1) {
    const p = points[i]!;
    const next = points[i + 1];
    if (!next) {
      parts.push(`L${n(p.x)},${n(p.y)}`);
      continue;
    }
    const prev = points[i - 1]!;
    const r = Math.min(6, Math.hypot(p.x - prev.x, p.y - prev.y) / 2, Math.hypot(next.x - p.x, next.y - p.y) / 2);
    const into = towards(p, prev, r);
    const out = towards(p, next, r);
    parts.push(`L${n(into.x)},${n(into.y)}`, `Q${n(p.x)},${n(p.y)} ${n(out.x)},${n(out.y)}`);
  }
  return parts.join(' ');
}

function towards(from: { x: number; y: number }, to: { x: number; y: number }, distance: number): { x: number; y: number } {
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: from.x + ((to.x - from.x) / length) * distance, y: from.y + ((to.y - from.y) / length) * distance };
}

// ---- the index --------------------------------------------------------------------------------

function indexPage(entries: Array<{ entry: MachineEntry; model: ChartModel }>): string {
  const out: string[] = [
    '# Machine diagrams',
    '',
    '<!-- Generated by `npm run charts` (scripts/charts.ts) from the machine definitions: do not edit by hand. -->',
    '',
    'Every machine in `machines/`, drawn from its own definition. `npm run charts` rewrites this folder;',
    '`npm test` fails while a diagram here differs from what the machines say (tests/paths/charts.test.ts).',
    '',
    'How to read them: a black dot marks the initial state; a double border marks a final state; a dashed',
    'box is a region of a parallel state. An edge reads `event`, then `[guard]`, then `/ actions`;',
    '`done: x` and `error: x` are the invoked actor `x` finishing or failing, `after d` is the named delay',
    '`d`, `always` is an eventless transition, ↻ re-enters its target. Lines inside a box are its entry and',
    'exit actions, the actors it invokes, and the events it handles without changing state.',
    '',
    '| machine | file | states | events | transitions | diagram |',
    '|---|---|---:|---:|---:|---|',
  ];
  for (const { entry, model } of entries) {
    out.push(
      `| [${entry.name}](#${entry.name.toLowerCase()}) | \`${entry.file}\` | ${model.stateCount} | ${model.eventTypes.length} | ${model.transitionCount} | [svg](${entry.name}.svg) · [mermaid](${entry.name}.mmd) |`,
    );
  }
  for (const { entry, model } of entries) {
    out.push(
      '',
      `## ${entry.name}`,
      '',
      `\`${entry.file}\` (\`${entry.exportName}\`) · ${model.stateCount} states · ${model.eventTypes.length} events · ${model.transitionCount} transitions · [SVG](${entry.name}.svg) · [Mermaid](${entry.name}.mmd)`,
      '',
    );
    if (entry.header) out.push('```text', entry.header, '```', '');
    out.push(`![${entry.name} statechart](${entry.name}.svg)`);
  }
  return `${out.join('\n')}\n`;
}

// ---- entry points -----------------------------------------------------------------------------

/** Every file under docs/machines/, keyed by its path relative to the repository root. */
export async function renderAll(): Promise<Map<string, string>> {
  const entries = await discoverMachines();
  const files = new Map<string, string>();
  const described: Array<{ entry: MachineEntry; model: ChartModel }> = [];
  for (const entry of entries) {
    const model = describeMachine(entry.machine);
    described.push({ entry, model });
    files.set(`${OUT_DIR}/${entry.name}.mmd`, toMermaid(model));
    files.set(`${OUT_DIR}/${entry.name}.svg`, await toSvg(model));
  }
  files.set(`${OUT_DIR}/README.md`, indexPage(described));
  return files;
}

/** .svg/.mmd files in docs/machines that no machine produces any more (a machine renamed or removed). */
function orphans(files: Map<string, string>): string[] {
  const dir = join(ROOT_DIR, OUT_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => `${OUT_DIR}/${name}`)
    .filter((path) => /\.(svg|mmd)$/.test(path) && !files.has(path));
}

/** The diagram files that are missing, differ from a fresh render, or belong to no machine. */
export async function staleCharts(): Promise<string[]> {
  const files = await renderAll();
  const stale: string[] = [];
  for (const [path, content] of files) {
    const full = join(ROOT_DIR, path);
    if (!existsSync(full)) stale.push(`${path} (missing)`);
    else if (readFileSync(full, 'utf8') !== content) stale.push(`${path} (out of date)`);
  }
  for (const path of orphans(files)) stale.push(`${path} (no such machine)`);
  return stale;
}

const USAGE = `usage: npm run charts [-- --check]      (node scripts/charts.ts)

Draws the statechart of every machine in machines/ from its own definition: writes
docs/machines/<name>.svg, <name>.mmd and README.md, and names the files no machine draws any more.

  --check     write nothing; exit 1 listing the files that are stale (npm test runs this check)
  -h, --help  this text`;

async function main(argv: string[]): Promise<number> {
  const { values } = commandLine(USAGE, { args: argv, options: { check: { type: 'boolean' } } });
  if (values.check) {
    const stale = await staleCharts();
    if (stale.length === 0) {
      console.log(`${OUT_DIR} is up to date.`);
      return 0;
    }
    console.error(`Stale machine diagrams (run \`npm run charts\` and commit ${OUT_DIR}):\n${stale.map((s) => `  ${s}`).join('\n')}`);
    return 1;
  }
  const files = await renderAll();
  mkdirSync(join(ROOT_DIR, OUT_DIR), { recursive: true });
  let changed = 0;
  for (const [path, content] of files) {
    const full = join(ROOT_DIR, path);
    if (existsSync(full) && readFileSync(full, 'utf8') === content) continue;
    writeFileSync(full, content);
    changed += 1;
  }
  console.log(`${OUT_DIR}: ${files.size} files, ${changed} rewritten.`);
  const left = orphans(files);
  if (left.length > 0) console.log(`No machine draws these any more (delete them):\n${left.map((s) => `  ${s}`).join('\n')}`);
  return 0;
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
