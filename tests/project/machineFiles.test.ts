import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * STYLE: a large machine keeps its types in a file beside it (`<machine>.types.ts`), so the chart
 * file opens with its comment and reads as the chart. Large: more than LARGE lines. Such a chart
 * file declares no type of its own but `typeof` aliases of what it builds.
 */
const LARGE = 200;
const DECLARATION = /^(?:export )?(?:interface \w+|type \w+(?:<[^>]*>)? = (?!typeof\b))/m;

interface MachineFile {
  name: string;
  text: string;
}

export function typesFileProblems(files: readonly MachineFile[]): string[] {
  const names = new Set(files.map((file) => file.name));
  return files
    .filter((file) => !/\.(types|selectors)\.ts$/.test(file.name) && file.text.split('\n').length > LARGE)
    .flatMap((file) => {
      const typesFile = file.name.replace(/\.ts$/, '.types.ts');
      const problems: string[] = [];
      if (!names.has(typesFile)) problems.push(`${file.name}: a large machine without ${typesFile}`);
      const declared = file.text.match(DECLARATION);
      if (declared) problems.push(`${file.name}: declares a type in the chart file (${declared[0].trim()}…): move it to ${typesFile}`);
      return problems;
    });
}

const machineFiles = (): MachineFile[] =>
  readdirSync('machines')
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ name, text: readFileSync(join('machines', name), 'utf8') }));

describe('machine files', () => {
  it('every large machine keeps its types in a types file beside it', () => {
    expect(typesFileProblems(machineFiles())).toEqual([]);
  });

  it('the rule catches a large chart without its types file, and a type declared in the chart', () => {
    const big = (extra: string) => `${extra}\n${'//\n'.repeat(LARGE)}export type GameMachine = typeof gameMachine;\n`;
    expect(typesFileProblems([{ name: 'game.ts', text: big('') }])).toEqual(['game.ts: a large machine without game.types.ts']);
    expect(typesFileProblems([{ name: 'game.ts', text: big('export interface GameContext {}') }, { name: 'game.types.ts', text: '' }])).toEqual([
      'game.ts: declares a type in the chart file (export interface GameContext…): move it to game.types.ts',
    ]);
    expect(typesFileProblems([{ name: 'game.ts', text: big('type Local = { a: 1 };') }, { name: 'game.types.ts', text: '' }])).toHaveLength(1);
    // A small machine may keep its types inline; a typeof alias is no declaration.
    expect(typesFileProblems([{ name: 'small.ts', text: 'export interface SmallContext {}\n' }])).toEqual([]);
    expect(typesFileProblems([{ name: 'game.ts', text: big('') }, { name: 'game.types.ts', text: '' }])).toEqual([]);
  });
});
