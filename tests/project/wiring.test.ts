import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 22: the ties between actors are in the charts. The composition root (src/app) wires real
 * services into machines; it does not reach into an actor's snapshot for its children, nor follow
 * an actor's state by subscription to drive another — actors are found by their systemId and
 * speak through events (auth emits session.started / session.ended; the wallet emits balance).
 */
const APP = 'src/app';
const sources = readdirSync(APP)
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => ({ file: join(APP, name), text: readFileSync(join(APP, name), 'utf8') }));

/** Lines of the sources that match, as `file: line`. */
function offending(pattern: RegExp): string[] {
  return sources.flatMap(({ file, text }) => text.split('\n').filter((line) => pattern.test(line) && !/^\s*(\/\/|\*)/.test(line)).map((line) => `${file}: ${line.trim()}`));
}

describe('the composition root wires, it does not relay', () => {
  it('reads the sources of src/app', () => {
    expect(sources.map((s) => s.file)).toContain(join(APP, 'loggedIn.ts'));
  });

  it('never reaches into a snapshot for a child actor', () => {
    expect(offending(/getSnapshot\(\)\s*\.children|snapshot\.children/)).toEqual([]);
  });

  it("never follows an actor's state by subscription (the router's own events aside)", () => {
    expect(offending(/\b(auth|wallet|actor|ipCheck|uiSettings)\??\.subscribe\(/)).toEqual([]);
  });
});

/** Every view source under src/features. */
function viewSources(dir = 'src/features'): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return viewSources(path);
    return /\.tsx?$/.test(entry.name) ? [{ file: path, text: readFileSync(path, 'utf8') }] : [];
  });
}

/** 1-based line of `index` in `text`. */
const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The text of a call's arguments, from just after its `(` to the `)` that closes it. */
function callArguments(text: string, open: number): string {
  let depth = 1;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')' && (depth -= 1) === 0) return text.slice(open, i);
  }
  return text.slice(open);
}

/**
 * Where views read a chart themselves rather than through a named selector beside the machine
 * (machines/<machine>.selectors.ts), as `file:line: what`: a tag test (`.hasTag(`) anywhere, a
 * `use…Selector(` call whose inline arrow reads `.context`, and a snapshot's context read by hand.
 */
export function inlineReads(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) => {
    const found: Array<{ at: number; what: string }> = [];
    for (const match of text.matchAll(/\.hasTag\(/g)) found.push({ at: match.index, what: 'reads a tag (.hasTag)' });
    for (const match of text.matchAll(/\buse\w*Selector\(/g)) {
      const args = callArguments(text, match.index + match[0].length);
      if (/=>/.test(args) && /\.context\b/.test(args)) found.push({ at: match.index, what: `reads context in an inline selector (${match[0]}…)` });
    }
    for (const match of text.matchAll(/getSnapshot\(\)\s*\.context\b/g)) found.push({ at: match.index, what: "reads a snapshot's context (getSnapshot().context)" });
    return found.filter(({ at }) => !/^\s*(\/\/|\*)/.test(text.split('\n')[lineOf(text, at) - 1] ?? '')).map(({ at, what }) => `${file}:${lineOf(text, at)}: ${what}`);
  });
}

describe('views read machines through tags and selectors', () => {
  it("no view spells a chart's state names (snapshot.matches): the chart may change shape", () => {
    const views = viewSources();
    expect(views.length).toBeGreaterThan(50);
    const spelled = views.flatMap(({ file, text }) =>
      text.split('\n').filter((line) => /\.matches\(\s*['{]/.test(line)).map((line) => `${file}: ${line.trim()}`),
    );
    expect(spelled).toEqual([]);
  });

  it('no view reads tags or context itself: it names a selector beside the machine (useSelector(actor, selectX))', () => {
    expect(inlineReads(viewSources())).toEqual([]);
  });

  it('the rule catches a tag test, an inline selector reading context (on one line or several), and getSnapshot().context', () => {
    const planted = [
      'const busy = useSelector(promo, (s) => s.hasTag("promo:requesting"));',
      'const items = useSelector(list, (s) => s.context.items);',
      'const open = useNavigationSelector((s) => s.context.openGroups.includes(id));',
      'const failure = useSelector(auth, (s) =>\n  s.context.logoutReason === null ? s.context.failure : null,\n);',
      'if (lobby.getSnapshot().context.selectedBrand !== brandId) go();',
    ].join('\n');
    expect(inlineReads([{ file: 'Planted.tsx', text: planted }])).toEqual([
      'Planted.tsx:1: reads a tag (.hasTag)',
      'Planted.tsx:2: reads context in an inline selector (useSelector(…)',
      'Planted.tsx:3: reads context in an inline selector (useNavigationSelector(…)',
      'Planted.tsx:4: reads context in an inline selector (useSelector(…)',
      "Planted.tsx:7: reads a snapshot's context (getSnapshot().context)",
    ]);
    // Named selectors, selector factories and a comment that mentions .hasTag( pass.
    const named = [
      'const busy = useSelector(promo, selectRequesting);',
      'const open = useNavigationSelector(selectGroupOpen(item.id));',
      'const area = useSelector(actor ?? undefined, selectAreaTheme(area));',
      '// the chart reads .hasTag( in machines/promo.selectors.ts',
    ].join('\n');
    expect(inlineReads([{ file: 'Named.tsx', text: named }])).toEqual([]);
  });
});

/**
 * Where a view starts an actor with another actor's state in its input, as `file:line: name`: a
 * value the view read with `use…Selector(` and hands on in `useActorRef(…, { input: … })`. What a
 * page actor needs from other actors (the login's token, say) the composition root adds
 * (src/app/loggedIn.ts: `gameInput`), so the tie is wired in one place, not carried by a view.
 */
export function carriedIntoInput(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) => {
    const selected = [...text.matchAll(/const\s+(\w+)\s*=\s*use\w*Selector\(/g)].map((match) => match[1]!);
    return [...text.matchAll(/\buseActorRef\(/g)].flatMap((match) => {
      const args = callArguments(text, match.index + match[0].length);
      const input = args.slice(args.indexOf('input:') + 1 || args.length);
      return selected.filter((name) => new RegExp(`\\b${name}\\b`).test(input)).map((name) => `${file}:${lineOf(text, match.index)}: ${name}`);
    });
  });
}

describe('no view carries one actor’s state into another', () => {
  it("a page actor's input holds nothing the view read from another actor", () => {
    expect(carriedIntoInput(viewSources())).toEqual([]);
  });

  it('the rule catches a selected value handed on in input, and lets the view’s own values pass', () => {
    const planted = [
      'const token = useSelector(auth, selectToken);',
      'const width = measure(window);',
      'const game = useActorRef(logic.gameSession, {',
      '  input: { machineId, token, pictureWidth: width },',
      '});',
      'const promo = useActorRef(logic.promo, { input: { kind, pictureWidth: width } });',
    ].join('\n');
    expect(carriedIntoInput([{ file: 'Planted.tsx', text: planted }])).toEqual(['Planted.tsx:3: token']);
  });
});
