import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MachineServerMessage } from '../../src/protocol/sockets.ts';
import type { PlayerConnection } from '../../simulator/floor/context.ts';
import { startSimulator } from '../../simulator/server.ts';

/**
 * The ledger property: whatever players do, in whatever order — transfers (retried with the same
 * request id or not), spins, autoplay, collect, cashouts, dropped sockets, kicks and cancels —
 * no cent is created or lost, no balance or credit goes negative, and a retried transfer moves
 * money once.
 */

const MACHINES = [1, 2];
const PLAYERS = [1, 2];
const AMOUNTS = [500, 5000, 10000, 50000, 100000, 123, 0, -500];

const action = fc.oneof(
  fc.record({ kind: fc.constant('join' as const), player: fc.constantFrom(0, 1), machine: fc.constantFrom(0, 1) }),
  fc.record({
    kind: fc.constant('transfer' as const),
    player: fc.constantFrom(0, 1),
    amount: fc.constantFrom(...AMOUNTS),
    key: fc.constantFrom(undefined, 'a', 'b'),
  }),
  fc.record({ kind: fc.constant('spin' as const), player: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant('button' as const), player: fc.constantFrom(0, 1), button: fc.constantFrom('betUp', 'betDown', 'maxBet', 'lines', 'collect' as const) }),
  fc.record({ kind: fc.constant('autoplay' as const), player: fc.constantFrom(0, 1), on: fc.boolean() }),
  fc.record({ kind: fc.constant('cashout' as const), player: fc.constantFrom(0, 1), key: fc.constantFrom(undefined, 'c') }),
  fc.record({ kind: fc.constant('drop' as const), player: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant('kick' as const), player: fc.constantFrom(0, 1), machine: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant('cancel' as const), player: fc.constantFrom(0, 1), machine: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 8 }) }),
);

type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

function connection(playerId: number): PlayerConnection & { open: boolean; frames: MachineServerMessage[] } {
  const conn = {
    playerId,
    open: true,
    frames: [] as MachineServerMessage[],
    send: (m: MachineServerMessage) => void conn.frames.push(m),
    close: () => {
      conn.open = false;
    },
  };
  return conn;
}

describe('ledger under random play', () => {
  it('conserves money and applies retried requests once', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 50 }), fc.string({ minLength: 1, maxLength: 8 }), async (actions: Action[], seed) => {
        const sim = await startSimulator({ port: 0, memory: true, staticDir: 'dist', timerScale: 0.0005, rngSeed: seed, control: false });
        const { floor } = sim;
        const ledger = floor.context.ledger;
        const joined: Array<{ conn: ReturnType<typeof connection>; machine: number } | null> = [null, null];
        const usedKeys = new Set<string>();
        try {
          for (const step of actions) {
            const p = 'player' in step ? step.player : 0;
            const playerId = PLAYERS[p]!;
            const mine = joined[p];
            const holder = mine && mine.conn.open ? mine : null;
            try {
              switch (step.kind) {
                case 'join': {
                  const conn = connection(playerId);
                  floor.require(MACHINES[step.machine]!).join(conn);
                  joined[p] = { conn, machine: MACHINES[step.machine]! };
                  break;
                }
                case 'transfer': {
                  if (!holder) break;
                  const before = ledger.balance(playerId);
                  const retried = step.key !== undefined && usedKeys.has(`${playerId}:${step.key}`);
                  floor.require(holder.machine).handle(holder.conn, { type: 'transfer', amount: step.amount, ...(step.key ? { requestId: step.key } : {}) });
                  if (step.key !== undefined) usedKeys.add(`${playerId}:${step.key}`);
                  if (retried) expect(ledger.balance(playerId)).toBe(before);
                  break;
                }
                case 'spin':
                  if (holder) floor.require(holder.machine).handle(holder.conn, { type: 'button', button: 'spin' });
                  break;
                case 'button':
                  if (holder) floor.require(holder.machine).handle(holder.conn, { type: 'button', button: step.button });
                  break;
                case 'autoplay':
                  if (holder) floor.require(holder.machine).handle(holder.conn, { type: 'autoplay', on: step.on });
                  break;
                case 'cashout':
                  if (holder) floor.require(holder.machine).handle(holder.conn, { type: 'cashout', ...(step.key ? { requestId: step.key } : {}) });
                  break;
                case 'drop':
                  if (holder) {
                    holder.conn.open = false;
                    floor.require(holder.machine).dropped(holder.conn);
                  }
                  break;
                case 'kick':
                  floor.kick(playerId, MACHINES[step.machine]!);
                  break;
                case 'cancel':
                  floor.cancel(playerId, MACHINES[step.machine]!);
                  break;
                case 'wait':
                  await new Promise((r) => setTimeout(r, step.ms));
                  break;
              }
            } catch (error) {
              // Refusals are part of play; anything else is a bug.
              const name = (error as Error).constructor.name;
              if (name !== 'Refusal' && name !== 'LedgerError') throw error;
            }
            const audit = ledger.audit();
            expect(audit.difference).toBe(0);
            for (const id of PLAYERS) expect(ledger.balance(id)).toBeGreaterThanOrEqual(0);
            for (const id of MACHINES) expect(ledger.credits(id)).toBeGreaterThanOrEqual(0);
          }
          // Whatever was left on the machines goes home when the sessions end.
          for (const id of MACHINES) {
            const machine = floor.require(id);
            if (machine.occupantId !== null) machine.endSession('cancel');
            expect(ledger.credits(id)).toBe(0);
          }
          expect(ledger.audit().difference).toBe(0);
        } finally {
          await sim.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});
