import type { Ledger } from './ledger.ts';
import type { MachineStore } from './machines.ts';
import { int, intOrNull, type Row } from './rows.ts';
import type { Store } from './store.ts';

/**
 * Startup recovery of game sessions a crash left open. A join writes its session row and the
 * machine's occupant in one transaction now, but a data folder written by an older version (or
 * by a crash between two of its commits) may hold a session row that is open (ended_at IS NULL)
 * while its machine is not held by its player. Nothing would ever end such a session: history
 * shows it open for ever, and the per-player audit (Ledger.auditPlayers) counts its machine's
 * credits for it once the player sits at that machine again.
 *
 * Each open session is kept only when its machine's occupant is its player and it is that
 * player's newest open session on the machine (the runtime resumes it, reserved). Every other one
 * is paid back what it holds (cash in − cash out + wins − bets) from its machine's credits when
 * the machine is free or held by the same player (a cash out through the ledger, so the
 * wallet, the session's cash out and the transactions stay one story), then closed. Credits on a
 * machine another player holds are that player's: they are never taken, and a session whose
 * money is not on its machine is closed with the rest reported as unsettled rather than paid out
 * of nothing. All of it is one transaction, run before any machine runtime reads its record; a
 * second start finds nothing to recover.
 */

export interface RecoveredSession {
  sessionId: number;
  playerId: number;
  machineId: number;
  /** Moved from the machine's credits back to the player's wallet. */
  paid: number;
  /** What the session held that was not on its machine (0 when the books were whole). */
  unsettled: number;
}

export interface RecoveryDeps {
  store: Store;
  ledger: Ledger;
  machines: MachineStore;
  now(): number;
}

export function recoverOpenSessions({ store, ledger, machines, now }: RecoveryDeps): RecoveredSession[] {
  return store.transaction(() => {
    const rows = store.database
      .prepare(
        `SELECT g.id, g.player_id, g.machine_id, g.cash_in - g.cash_out + g.win_total - g.bet_total AS held,
           m.occupant_id,
           (SELECT max(k.id) FROM game_sessions k
              WHERE k.player_id = m.occupant_id AND k.machine_id = m.id AND k.ended_at IS NULL) AS kept
         FROM game_sessions g JOIN machines m ON m.id = g.machine_id
         WHERE g.ended_at IS NULL
         ORDER BY g.id`,
      )
      .all() as Row[];
    const recovered: RecoveredSession[] = [];
    const at = now();
    for (const row of rows) {
      const sessionId = int(row, 'id');
      const playerId = int(row, 'player_id');
      const machineId = int(row, 'machine_id');
      const occupantId = intOrNull(row, 'occupant_id');
      if (occupantId === playerId && intOrNull(row, 'kept') === sessionId) continue;
      const held = int(row, 'held');
      let paid = 0;
      if (held > 0 && (occupantId === null || occupantId === playerId)) {
        const before = ledger.credits(machineId);
        paid = before - ledger.cashOut(playerId, machineId, sessionId, held).credits;
      }
      machines.closeSession(sessionId, at);
      recovered.push({ sessionId, playerId, machineId, paid, unsettled: held - paid });
    }
    return recovered;
  });
}

/** One line for the operator's log, or null when nothing was recovered. */
export function describeRecovery(recovered: readonly RecoveredSession[]): string | null {
  if (recovered.length === 0) return null;
  const each = recovered.map(
    (r) =>
      `session ${r.sessionId} (player ${r.playerId}, machine ${r.machineId}): ${r.paid} paid back` +
      (r.unsettled !== 0 ? `, ${r.unsettled} not on the machine` : ''),
  );
  return `floor: closed ${recovered.length} game session(s) a crash left open: ${each.join('; ')}`;
}
