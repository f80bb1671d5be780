import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { authMachine } from '../../machines/auth.ts';
import { gameSessionMachine } from '../../machines/gameSession.ts';
import { idleLockMachine } from '../../machines/idleLock.ts';
import { ipCheckMachine } from '../../machines/ipCheck.ts';
import { lobbyMachine } from '../../machines/lobby.ts';
import { promoMachine } from '../../machines/promo.ts';
import { reconnectMachine } from '../../machines/reconnect.ts';
import { videoLinkMachine } from '../../machines/videoLink.ts';
import { walletMachine } from '../../machines/wallet.ts';

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

/**
 * Issue 25: each state of the product's charts says what a player sees — by a tag the views and
 * the model replay read (tests/model/), or, where the page shows nothing of its own there (a lock
 * not up, a dialog hidden), by its `description` (drawn in docs/machines/ as "shows"). The model
 * replay checks such a state by none of the machine's tags being on the page.
 */
export function silentStates(machine: AnyStateMachine): string[] {
  const silent: string[] = [];
  const walk = (node: AnyStateNode, tagged: boolean): void => {
    const here = tagged || node.tags.length > 0;
    const children = Object.values(node.states);
    if (children.length === 0 && !here && !node.description) silent.push(node.id);
    for (const child of children) walk(child, here);
  };
  walk(machine.root, false);
  return silent;
}

const PRODUCT_MACHINES = { authMachine, ipCheckMachine, idleLockMachine, reconnectMachine, lobbyMachine, gameSessionMachine, videoLinkMachine, promoMachine, walletMachine };

describe("the product's charts", () => {
  it.each(Object.entries(PRODUCT_MACHINES))('%s: every state says what the player sees (a tag or a description)', (_, machine) => {
    expect(silentStates(machine)).toEqual([]);
  });

  it('the rule catches a state that says nothing, and takes a parent\'s tag for its children', () => {
    const chart = createMachine({
      id: 'door',
      initial: 'shut',
      states: { shut: {}, open: { tags: ['door:open'], initial: 'wide', states: { wide: {} } }, gone: { description: 'No door' } },
    });
    expect(silentStates(chart)).toEqual(['door.shut']);
  });
});
