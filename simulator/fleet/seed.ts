import { FleetStore } from '../store/fleet.ts';
import type { Store } from '../store/store.ts';
import { BRAND_SEEDS, FLEET_LINES, MACHINE_SEEDS, RESERVATION_MINUTES } from './catalog.ts';
import { seedHistory } from './history.ts';

// Its own key, not seed.ts's: a data folder created before the fleet existed gets it on upgrade.
const FLEET_KEY = 'fleet_seeded_at';

/**
 * Lays down the brands, the machines and the demo players' past play, once per database. Call
 * after the players are seeded and their opening balances booked. A database that already has
 * brands (made some other way) is left alone.
 */
export function seedFleetOnce(store: Store, now: number): boolean {
  const fleet = new FleetStore(store);
  // Re-checked inside the transaction: only the first of two concurrent starts inserts.
  const inserted = store.transaction(() => {
    if (store.getMeta(FLEET_KEY) !== undefined) return false;
    store.initMeta(FLEET_KEY, new Date(now).toISOString());
    if (fleet.brands().length > 0) return false;
    for (const brand of BRAND_SEEDS) fleet.insertBrand(brand);
    for (const [index, machine] of MACHINE_SEEDS.entries()) {
      const reservedFor = machine.reservedFor === undefined ? undefined : store.playerByUsername(machine.reservedFor);
      fleet.insertMachine({
        ...machine,
        occupantId: reservedFor?.id ?? null,
        reservedUntil: reservedFor ? now + RESERVATION_MINUTES * 60_000 : null,
        betPerLine: machine.minBet / FLEET_LINES,
        lines: FLEET_LINES,
        sortOrder: index,
      });
    }
    return true;
  });
  // The ledger runs its own transactions, so the history follows the fleet's; only the start
  // that inserted the fleet lays it down.
  if (inserted) seedHistory(store, now);
  return inserted;
}
