import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One declaration per wire type (issue 22): protocol/ declares the wire, and the client, the
 * machines and the simulator take their types from it. A copy elsewhere — a union spelling out
 * the options of one of protocol/'s enums, or a type named like one of its exports — fails here.
 */
const OUTSIDE = ['src', 'machines', 'simulator', 'scripts', 'bench'];

function files(dirs: readonly string[], pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (pattern.test(name)) found.push(path);
    }
  };
  dirs.forEach(walk);
  return found;
}

/** protocol/'s exported enums (their options) and exported names. */
async function wire(): Promise<{ enums: Map<string, string[]>; names: Set<string> }> {
  const enums = new Map<string, string[]>();
  const names = new Set<string>();
  // The wire itself: protocol/contract/ is the generator of its documents.
  for (const file of files(['protocol'], /\.ts$/).filter((f) => !f.includes('contract'))) {
    const module = (await import(`../../${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      names.add(name);
      const options = (value as { options?: unknown } | null)?.options;
      if (Array.isArray(options) && options.every((o) => typeof o === 'string')) enums.set(name, options);
    }
    for (const match of readFileSync(file, 'utf8').matchAll(/^export (?:type|interface) (\w+)/gm)) names.add(match[1]!);
  }
  return { enums, names };
}

/** Every union of two or more string literals in a source, as its set of members. */
export function literalUnions(source: string): string[][] {
  return [...source.matchAll(/(?:'[^'\n]+'\s*\|\s*)+'[^'\n]+'/g)].map((m) => [...m[0].matchAll(/'([^'\n]+)'/g)].map((x) => x[1]!).sort());
}

/** Types or interfaces a source declares. */
export function declaredTypes(source: string): string[] {
  return [...source.matchAll(/^\s*(?:export\s+)?(?:type\s+(\w+)\s*(?:<[^=\n]*>)?\s*=|interface\s+(\w+)\b)/gm)].map((m) => (m[1] ?? m[2])!);
}

describe('the wire is declared once, in protocol/', () => {
  it('finds a copied enum and a same-named type (the check itself)', () => {
    expect(literalUnions("type S = 'free' | 'playing';\nlet b: 'a'|'b'")).toEqual([['free', 'playing'], ['a', 'b']]);
    expect(declaredTypes('export interface VideoBand {}\ntype X = number;\nexport type Y<T> = Pick<T, "b">;\nimport {\n  type Z,\n} from "z";')).toEqual(['VideoBand', 'X', 'Y']);
  });

  it('no union outside protocol/ spells out one of its enums', async () => {
    const { enums } = await wire();
    expect(enums.get('MachineStatus')).toHaveLength(8);
    const copies: string[] = [];
    for (const file of files(OUTSIDE, /\.tsx?$/)) {
      for (const union of literalUnions(readFileSync(file, 'utf8'))) {
        for (const [name, options] of enums) {
          if (options.length >= 3 && union.join('|') === [...options].sort().join('|')) copies.push(`${file}: ${name}`);
        }
      }
    }
    expect(copies).toEqual([]);
  });

  it('no type outside protocol/ takes the name of a wire type', async () => {
    const { names } = await wire();
    expect(names.has('MachineClientMessage')).toBe(true);
    const clashes: string[] = [];
    for (const file of files(OUTSIDE, /\.tsx?$/)) {
      for (const name of declaredTypes(readFileSync(file, 'utf8'))) if (names.has(name)) clashes.push(`${file}: ${name}`);
    }
    expect(clashes).toEqual([]);
  });
});
