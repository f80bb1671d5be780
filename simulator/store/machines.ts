import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { MachineStatus } from '../../protocol/floor.ts';
import { int, intOrNull, text, textOrNull, type Row } from './rows.ts';
import type { Store } from './store.ts';

/** The live floor's reads and writes of machines, brands' jackpots and game sessions. */

export interface MachineRecord {
  id: number;
  brandId: number;
  brandName: string;
  name: string;
  image: string | null;
  videoType: 'screen' | 'camera';
  status: MachineStatus;
  occupantId: number | null;
  reservedUntil: number | null;
  credits: number;
  betPerLine: number;
  lines: number;
  freeSpinsLeft: number;
  rngState: string | null;
  /** The smallest total bet the lobby advertises. */
  minBet: number;
}

export interface JackpotRecord {
  brandId: number;
  seed: number;
  pool: number;
  carry: number;
}

export interface GameSessionRecord {
  id: number;
  playerId: number;
  machineId: number;
  startedAt: number;
  endedAt: number | null;
  spins: number;
  freeSpins: number;
  betTotal: number;
  winTotal: number;
  cashIn: number;
  cashOut: number;
}

export type MachinePatch = Partial<
  Pick<MachineRecord, 'status' | 'occupantId' | 'reservedUntil' | 'betPerLine' | 'lines' | 'freeSpinsLeft' | 'rngState'>
>;

const COLUMNS: Record<keyof MachinePatch, string> = {
  status: 'status',
  occupantId: 'occupant_id',
  reservedUntil: 'reserved_until',
  betPerLine: 'bet_per_line',
  lines: 'lines',
  freeSpinsLeft: 'free_spins_left',
  rngState: 'rng_state',
};

export class MachineStore {
  readonly #db: DatabaseSync;

  constructor(store: Store) {
    this.#db = store.database;
  }

  all(): MachineRecord[] {
    return (this.#db
      .prepare(
        `SELECT m.*, b.name AS brand_name FROM machines m JOIN brands b ON b.id = m.brand_id
         ORDER BY m.sort_order, m.id`,
      )
      .all() as Row[]).map(machineFromRow);
  }

  get(id: number): MachineRecord | undefined {
    const row = this.#db
      .prepare('SELECT m.*, b.name AS brand_name FROM machines m JOIN brands b ON b.id = m.brand_id WHERE m.id = ?')
      .get(id) as Row | undefined;
    return row ? machineFromRow(row) : undefined;
  }

  update(id: number, patch: MachinePatch): void {
    const keys = Object.keys(patch) as Array<keyof MachinePatch>;
    if (keys.length === 0) return;
    const sets = keys.map((k) => `${COLUMNS[k]} = ?`).join(', ');
    const values = keys.map((k) => (patch[k] ?? null) as SQLInputValue);
    this.#db.prepare(`UPDATE machines SET ${sets} WHERE id = ?`).run(...values, id);
  }

  jackpot(brandId: number): JackpotRecord {
    const row = this.#db.prepare('SELECT id, jackpot_seed, jackpot_pool, jackpot_carry FROM brands WHERE id = ?').get(brandId) as Row;
    return { brandId: int(row, 'id'), seed: int(row, 'jackpot_seed'), pool: int(row, 'jackpot_pool'), carry: int(row, 'jackpot_carry') };
  }

  openSession(playerId: number, machineId: number, at: number): GameSessionRecord {
    const result = this.#db
      .prepare('INSERT INTO game_sessions (player_id, machine_id, started_at) VALUES (?, ?, ?)')
      .run(playerId, machineId, at);
    return this.session(Number(result.lastInsertRowid))!;
  }

  closeSession(id: number, at: number): void {
    this.#db.prepare('UPDATE game_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL').run(at, id);
  }

  session(id: number): GameSessionRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM game_sessions WHERE id = ?').get(id) as Row | undefined;
    return row ? toSession(row) : undefined;
  }

  /** The player's session still open on a machine, if any. */
  openSessionOf(playerId: number, machineId: number): GameSessionRecord | undefined {
    const row = this.#db
      .prepare('SELECT * FROM game_sessions WHERE player_id = ? AND machine_id = ? AND ended_at IS NULL ORDER BY id DESC')
      .get(playerId, machineId) as Row | undefined;
    return row ? toSession(row) : undefined;
  }
}

/** One machine row (`m.*` with the brand's name as brand_name); the fleet's reads use it too. */
export function machineFromRow(row: Row): MachineRecord {
  return {
    id: int(row, 'id'),
    brandId: int(row, 'brand_id'),
    brandName: text(row, 'brand_name'),
    name: text(row, 'name'),
    image: textOrNull(row, 'image'),
    videoType: text(row, 'video_type') as 'screen' | 'camera',
    status: text(row, 'status') as MachineStatus,
    occupantId: intOrNull(row, 'occupant_id'),
    reservedUntil: intOrNull(row, 'reserved_until'),
    credits: int(row, 'credits'),
    betPerLine: int(row, 'bet_per_line'),
    lines: int(row, 'lines'),
    freeSpinsLeft: int(row, 'free_spins_left'),
    rngState: textOrNull(row, 'rng_state'),
    minBet: int(row, 'min_bet'),
  };
}

function toSession(row: Row): GameSessionRecord {
  return {
    id: int(row, 'id'),
    playerId: int(row, 'player_id'),
    machineId: int(row, 'machine_id'),
    startedAt: int(row, 'started_at'),
    endedAt: intOrNull(row, 'ended_at'),
    spins: int(row, 'spins'),
    freeSpins: int(row, 'free_spins'),
    betTotal: int(row, 'bet_total'),
    winTotal: int(row, 'win_total'),
    cashIn: int(row, 'cash_in'),
    cashOut: int(row, 'cash_out'),
  };
}
