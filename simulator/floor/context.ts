import type { PlayRules, RealityCheckPolicy } from '../../protocol/protection.ts';
import type { MachineServerMessage } from '../../protocol/sockets.ts';
import type { Ledger } from '../store/ledger.ts';
import type { MachineStore } from '../store/machines.ts';
import type { ProtectionStore } from '../store/protection.ts';
import type { RequestLog } from '../store/requests.ts';
import type { Store } from '../store/store.ts';
import type { GameEngine } from './game.ts';
import type { NotificationHub } from '../notify/hub.ts';
import type { FloorTimings } from './timings.ts';

/** A player's reality check as the floor keeps it (floor time, the operator's clock). */
export interface RealityCheckState {
  from: number;
  dueAt: number;
  pending: boolean;
  leftAt: number | null;
}

/** One joined player's machine socket, as the floor sees it. */
export interface PlayerConnection {
  readonly playerId: number;
  send(message: MachineServerMessage): void;
  /** Close the socket (4000+ codes are the floor's own). */
  close(code: number, reason: string): void;
}

/** What every machine runtime shares; built once by the Floor. */
export interface FloorContext {
  store: Store;
  ledger: Ledger;
  /** Idempotent requests: each (session, operation, request id) runs once. */
  requests: RequestLog;
  machines: MachineStore;
  /** Player protection's books: each player's reality-check interval, and the record of their answers. */
  protection: ProtectionStore;
  hub: NotificationHub;
  now(): number;
  timings(): FloorTimings;
  /**
   * Money limits from the served settings, read at the moment of use; allowZeroBalance is
   * ALLOW_0_BALANCE_TO_PLAY (false: a player with an empty wallet may not take a machine;
   * absent: true, the setting's default).
   */
  limits(): { hotCoins: number[]; maxAllIn: number; allowZeroBalance?: boolean };
  /** The jurisdiction's rules of play (JURISDICTION), read at the moment of use, in real time. */
  rules(): PlayRules;
  /** The reality checks the operator offers (REALITY_CHECK_MINUTES / _CHOICES, else the jurisdiction's), read at the moment of use. */
  realityChecks(): RealityCheckPolicy;
  /**
   * When each player's last spin started: the game cycle counts per player, across machines (a
   * player who cashes out and sits down elsewhere does not start it again; a new occupant does
   * not inherit the last one's).
   */
  spinStarts: Map<number, number>;
  /**
   * Each player's reality check (player protection), per player across machines and sessions: a
   * cash out and a join elsewhere neither skips one waiting nor starts the count again. `from`:
   * when the count began (a session's start, or the last continue); `leftAt`: when the player last
   * left a machine (a break as long as an interval starts the count again).
   */
  checks: Map<number, RealityCheckState>;
  engine(rngState: string | null, machineId: number): GameEngine;
  /**
   * Closes every viewer of a machine's video: its player left (a dropped or ended session), and
   * the video is only for the player on the machine.
   */
  endVideo(machineId: number): void;
  /**
   * The machine handled a player's request (its screen may show the answer): the video draws a
   * frame now rather than on its next tick. Called after the request's answer is sent.
   */
  requestAnswered?(machineId: number): void;
  /** Video bands of a machine, for the join answer. */
  bands(machineId: number): Array<{ id: string; name: string; Order: number; width: number; height: number; whepUrl: string }>;
}
