import type { MachineStatus } from '../../protocol/floor.ts';
import type { SymbolId } from '../game/symbols.ts';

/** Machine statuses as the floor reports them (lobby, sockets, video): the wire's. */
export type { MachineStatus };

/**
 * What a machine's screen shows at an instant: the video draws exactly this, so what the player
 * sees agrees with the game. Money is integer minor units.
 */
export interface ScreenState {
  machineId: string;
  machineName: string;
  brand: string;
  status: MachineStatus;
  credits: number;
  /** Total bet per spin (betPerLine × lines). */
  bet: number;
  lines: number;
  /** Win of the last spin (0 when none). */
  win: number;
  /** Visible window, reels[reel][row], REEL_COUNT × ROW_COUNT. */
  reels: SymbolId[][];
  /** While a spin animates: when it started and when each reel stops (epoch ms). */
  spinning: { startedAt: number; stopsAt: number[] } | null;
  /** Paylines that won on the last spin (indexes into the machine's paylines), for highlighting. */
  winningLines: number[];
  freeSpinsLeft: number;
  autoplay: boolean;
  /** The brand's progressive jackpot pool. */
  jackpot: number;
  /** A status line, e.g. 'INSERT CREDITS', 'FREE SPINS 3 LEFT', 'JACKPOT!'. */
  message: string | null;
  /**
   * Player requests the machine has handled (accepted or refused) since the simulator started:
   * what the request strip shows (protocol/videoStrip.ts). Absent: 0.
   */
  requestSeq?: number;
}
