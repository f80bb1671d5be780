import type { MachineStatus } from '../../protocol/floor.ts';
import { FloorCode } from '../../protocol/sockets.ts';
import { describeRecovery, recoverOpenSessions } from '../store/recovery.ts';
import type { FloorContext, PlayerConnection } from './context.ts';
import { checkEvery, MachineRuntime, Refusal } from './machine.ts';

/**
 * The machine floor: every machine's runtime, the tick that drives their timers, and the
 * player-level operations (open sessions, kick, cancel) the REST API and sockets use.
 */
export class Floor {
  readonly #ctx: FloorContext;
  readonly #machines = new Map<number, MachineRuntime>();
  #timer: ReturnType<typeof setInterval> | null = null;
  #tickMs = 0;

  constructor(ctx: FloorContext) {
    this.#ctx = ctx;
    // Before any runtime reads its record: game sessions a crash left open (a session row whose
    // machine its player does not hold) are paid back and closed, once (recovery.ts).
    const recovered = describeRecovery(recoverOpenSessions(ctx));
    if (recovered) console.warn(recovered);
    for (const record of ctx.machines.all()) this.#machines.set(record.id, new MachineRuntime(record, ctx));
  }

  get context(): FloorContext {
    return this.#ctx;
  }

  machine(id: number): MachineRuntime | undefined {
    return this.#machines.get(id);
  }

  require(id: number): MachineRuntime {
    const machine = this.#machines.get(id);
    if (!machine) throw new Refusal(FloorCode.unknownMachine, `no machine ${id}`);
    return machine;
  }

  /**
   * Joins a player's connection to a machine. One player holds at most one machine: a join while
   * holding another (connected or reserved) is refused with 60009; a player with an empty wallet
   * may not take a machine while ALLOW_0_BALANCE_TO_PLAY is false (60016, MachineRuntime.join).
   * Synchronous, so joins from several sockets of one player are serialised by the event loop.
   */
  join(conn: PlayerConnection, machineId: number): void {
    const machine = this.require(machineId);
    const refusal = machine.refusalFor(conn.playerId);
    if (refusal) throw refusal;
    const other = this.sessionsOf(conn.playerId).find((held) => held.id !== machineId);
    if (other) throw new Refusal(FloorCode.alreadyJoined, `you hold machine ${other.id}: continue or cash out there first`);
    machine.join(conn);
  }

  /** Machines the player holds (joined now, or reserved after a drop). */
  sessionsOf(playerId: number): MachineRuntime[] {
    return [...this.#machines.values()].filter((m) => m.occupantId === playerId);
  }

  /** Kick: remove the player's other connection to the machine; the session stays reserved. */
  kick(playerId: number, machineId: number): void {
    const machine = this.require(machineId);
    if (machine.occupantId !== playerId) throw new Refusal(FloorCode.notJoined, 'you have no session on this machine');
    machine.kickConnection();
  }

  /** Cancel: cash out the player's open session on the machine and free it. */
  cancel(playerId: number, machineId: number): void {
    const machine = this.require(machineId);
    if (machine.occupantId !== playerId) throw new Refusal(FloorCode.notJoined, 'you have no session on this machine');
    machine.endSession('cancel');
  }

  /**
   * Every machine the player holds is paid back and freed (the player has locked themselves out).
   * Each session's end is one transaction of its own: one that fails is logged and left held (its
   * reservation lapses and pays it back later), the others still end.
   */
  payBack(playerId: number): void {
    for (const machine of this.sessionsOf(playerId)) {
      try {
        machine.endSession('locked');
      } catch (error) {
        console.error(`simulator: paying back machine ${machine.id} for player ${playerId} failed`, error);
      }
    }
  }

  /** The player chose another reality-check interval: a shorter one brings their next check forward (counted from when the count began). */
  intervalChanged(playerId: number): void {
    const check = this.#ctx.checks.get(playerId);
    if (!check || check.pending) return;
    check.dueAt = Math.min(check.dueAt, check.from + checkEvery(this.#ctx, playerId));
  }

  force(machineId: number, status: MachineStatus): void {
    this.require(machineId).force(status);
  }

  /** Starts (or restarts, when the timer scale changed) the tick. */
  start(): void {
    const tickMs = this.#ctx.timings().tickMs;
    if (this.#timer && tickMs === this.#tickMs) return;
    if (this.#timer) clearInterval(this.#timer);
    this.#tickMs = tickMs;
    this.#timer = setInterval(() => this.tick(), tickMs);
    this.#timer.unref?.();
  }

  tick(): void {
    const now = this.#ctx.now();
    for (const machine of this.#machines.values()) {
      try {
        machine.tick(now);
      } catch (error) {
        console.error(`floor: machine ${machine.id} tick failed`, error);
      }
    }
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    for (const machine of this.#machines.values()) machine.dispose();
  }
}
