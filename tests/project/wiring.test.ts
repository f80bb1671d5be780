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

describe('views read machines through tags and selectors', () => {
  it("no view spells a chart's state names (snapshot.matches): the chart may change shape", () => {
    const views = viewSources();
    expect(views.length).toBeGreaterThan(50);
    const spelled = views.flatMap(({ file, text }) =>
      text.split('\n').filter((line) => /\.matches\(\s*['{]/.test(line)).map((line) => `${file}: ${line.trim()}`),
    );
    expect(spelled).toEqual([]);
  });
});
