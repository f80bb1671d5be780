import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { MachineStatus } from '../../protocol/floor.ts';
import { int, text, type Row } from './rows.ts';
import { machineFromRow, type MachineRecord } from './machines.ts';
import type { Store } from './store.ts';

/** Brands and machines as the lobby reads them, and the inserts the fleet seed makes. */

export interface BrandRecord {
  id: number;
  name: string;
  jackpotSeed: number;
  jackpotPool: number;
  jackpotCarry: number;
  machineCount: number;
}

export type { MachineRecord } from './machines.ts';

export interface NewBrand {
  id: number;
  name: string;
  jackpotSeed: number;
  jackpotPool: number;
}

export interface NewMachine {
  id: number;
  brandId: number;
  name: string;
  image: string | null;
  videoType: 'screen' | 'camera';
  status: MachineStatus;
  occupantId: number | null;
  reservedUntil: number | null;
  minBet: number;
  betPerLine: number;
  lines: number;
  sortOrder: number;
}

const BRAND_SELECT = `
  SELECT b.id, b.name, b.jackpot_seed, b.jackpot_pool, b.jackpot_carry,
         (SELECT count(*) FROM machines m WHERE m.brand_id = b.id) AS machine_count
  FROM brands b`;

const MACHINE_SELECT = `
  SELECT m.*, b.name AS brand_name FROM machines m JOIN brands b ON b.id = m.brand_id`;

const MACHINE_ORDER = 'ORDER BY m.sort_order, m.id';

export class FleetStore {
  readonly #db: DatabaseSync;

  constructor(store: Store) {
    this.#db = store.database;
  }

  brands(): BrandRecord[] {
    return this.#all(`${BRAND_SELECT} ORDER BY b.id`).map(toBrand);
  }

  brand(id: number): BrandRecord | undefined {
    const row = this.#db.prepare(`${BRAND_SELECT} WHERE b.id = ?`).get(id) as Row | undefined;
    return row && toBrand(row);
  }

  machines(): MachineRecord[] {
    return this.#all(`${MACHINE_SELECT} ${MACHINE_ORDER}`).map(machineFromRow);
  }

  machinesOfBrand(brandId: number): MachineRecord[] {
    return this.#all(`${MACHINE_SELECT} WHERE m.brand_id = ? ${MACHINE_ORDER}`, brandId).map(machineFromRow);
  }

  // --- seeding ----------------------------------------------------------------------------

  insertBrand(brand: NewBrand): void {
    this.#db
      .prepare('INSERT INTO brands (id, name, jackpot_seed, jackpot_pool) VALUES (?, ?, ?, ?)')
      .run(brand.id, brand.name, brand.jackpotSeed, brand.jackpotPool);
  }

  insertMachine(machine: NewMachine): void {
    this.#db
      .prepare(
        `INSERT INTO machines (id, brand_id, name, image, video_type, status, occupant_id, reserved_until,
           min_bet, bet_per_line, lines, sort_order)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        machine.id,
        machine.brandId,
        machine.name,
        machine.image,
        machine.videoType,
        machine.status,
        machine.occupantId,
        machine.reservedUntil,
        machine.minBet,
        machine.betPerLine,
        machine.lines,
        machine.sortOrder,
      );
  }

  #all(sql: string, ...params: SQLInputValue[]): Row[] {
    return this.#db.prepare(sql).all(...params) as Row[];
  }
}

function toBrand(row: Row): BrandRecord {
  return {
    id: int(row, 'id'),
    name: text(row, 'name'),
    jackpotSeed: int(row, 'jackpot_seed'),
    jackpotPool: int(row, 'jackpot_pool'),
    jackpotCarry: int(row, 'jackpot_carry'),
    machineCount: int(row, 'machine_count'),
  };
}
