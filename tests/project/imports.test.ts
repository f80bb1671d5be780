import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import graph has no circles (DESIGN §3: imports flow one way). Every relative import counts,
 * `import type` and `import()` included: a child machine that names its parent's event type is a
 * circle in the reading, whatever the bundler makes of it.
 */
const ROOTS = ['src', 'machines', 'protocol', 'simulator', 'scripts', 'bench', 'tests'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  ROOTS.forEach(walk);
  return files;
}

/** Each file's relative imports that are source files of the repo. */
export function importGraph(files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = [...read(file).matchAll(IMPORT)].map((m) => relative('.', resolve(dirname(file), (m[1] ?? m[2])!)));
      return [file, [...new Set(targets.filter((target) => known.has(target)))]];
    }),
  );
}

/** The graph's circles: its strongly connected components of more than one file (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The same graph read folder by folder: an import between two files is one between their folders. */
export function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = dirname(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (dirname(target) !== from) edges.add(dirname(target));
    folders.set(from, edges);
    for (const target of targets) if (!folders.has(dirname(target))) folders.set(dirname(target), new Set());
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}

describe('the import graph', () => {
  it('finds a circle through a type import and a lazy import (the check itself)', () => {
    const files = { 'machines/a.ts': "import type { B } from './b.ts';", 'machines/b.ts': "const a = () => import('./a.ts');", 'machines/c.ts': "import { a } from './a.ts';" };
    const graph = importGraph(Object.keys(files), (file) => files[file as keyof typeof files]);
    expect(circles(graph)).toEqual([['machines/a.ts', 'machines/b.ts']]);
  });

  it('has no circles in the repo', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(300);
    expect(circles(importGraph(files, (file) => readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('reads a circle between two folders (the check itself)', () => {
    const files = { 'src/a/x.ts': "import { y } from '../b/y.ts';", 'src/b/y.ts': "import { z } from '../a/z.ts';", 'src/a/z.ts': '' };
    const graph = importGraph(Object.keys(files), (file) => files[file as keyof typeof files]);
    expect(circles(graph)).toEqual([]);
    expect(circles(folderGraph(graph))).toEqual([['src/a', 'src/b']]);
  });

  it('has no circles between folders (a folder is one layer: what it imports does not import it back)', () => {
    // The tests' own folders lean on each other's fixtures; the rule is the product's.
    const files = sources().filter((file) => !file.startsWith('tests'));
    expect(circles(folderGraph(importGraph(files, (file) => readFileSync(file, 'utf8'))))).toEqual([]);
  });
});
