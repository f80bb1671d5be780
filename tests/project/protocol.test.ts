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
async function wire(): Promise<{ enums: Map<string, string[]>; names: Set<string>; shapes: Map<string, string[]> }> {
  const enums = new Map<string, string[]>();
  const names = new Set<string>();
  const shapes = new Map<string, string[]>();
  // The wire itself: protocol/contract/ is the generator of its documents.
  for (const file of files(['protocol'], /\.ts$/).filter((f) => !f.includes('contract'))) {
    const module = (await import(`../../${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      names.add(name);
      const options = (value as { options?: unknown } | null)?.options;
      if (Array.isArray(options) && options.every((o) => typeof o === 'string')) enums.set(name, options);
      const shape = (value as { def?: { shape?: unknown } } | null)?.def?.shape;
      if (shape && typeof shape === 'object') shapes.set(name, Object.keys(shape).sort());
    }
    for (const match of readFileSync(file, 'utf8').matchAll(/^export (?:type|interface) (\w+)/gm)) names.add(match[1]!);
  }
  return { enums, names, shapes };
}

/** Interfaces and object types (`type X = { … }`) a source declares, with their top-level field names (sorted). */
export function interfaceFields(source: string): Array<{ name: string; fields: string[] }> {
  return [...source.matchAll(/^\s*(?:export\s+)?(?:interface\s+(\w+)(?:<[^>\n]*>)?(?:\s+extends[^{\n]*)?|type\s+(\w+)(?:<[^>\n]*>)?\s*=)\s*\{([\s\S]*?)\n\};?/gm)].map((m) => {
    let body = m[3]!.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    for (let depth = 0; depth < 5; depth++) body = body.replace(/\{[^{}]*\}/g, '{}');
    return { name: (m[1] ?? m[2])!, fields: [...body.matchAll(/^\s*(?:readonly\s+)?(\w+)\??\s*:/gm)].map((f) => f[1]!).sort() };
  });
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
    expect(interfaceFields('export interface Row {\n  /** when */\n  at: number;\n  who?: { id: number; name: string };\n  readonly ip: string;\n}')).toEqual([{ name: 'Row', fields: ['at', 'ip', 'who'] }]);
    expect(interfaceFields('type Answer = {\n  status: number;\n  code: number;\n};')).toEqual([{ name: 'Answer', fields: ['code', 'status'] }]);
  });

  it('no union outside protocol/ spells out one of its enums', async () => {
    const { enums } = await wire();
    expect(enums.get('MachineStatus')).toHaveLength(8);
    const copies: string[] = [];
    for (const file of files(OUTSIDE, /\.tsx?$/)) {
      for (const union of literalUnions(readFileSync(file, 'utf8'))) {
        for (const [name, options] of enums) {
          if (options.length >= 2 && union.join('|') === [...options].sort().join('|')) copies.push(`${file}: ${name}`);
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

  it('no interface outside protocol/ copies the fields of a wire object', async () => {
    const { shapes } = await wire();
    expect(shapes.get('IpCheckResult')).toEqual(['code', 'country', 'ip', 'status']);
    const mirrors: string[] = [];
    for (const file of files(OUTSIDE, /\.tsx?$/)) {
      for (const { name, fields } of interfaceFields(readFileSync(file, 'utf8'))) {
        if (fields.length < 3) continue;
        for (const [wireName, keys] of shapes) if (keys.join('|') === fields.join('|')) mirrors.push(`${file}: ${name} copies ${wireName}`);
      }
    }
    expect(mirrors).toEqual([]);
  });
});
