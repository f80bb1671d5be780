import type { Store } from './store.ts';

/** A player's credentials as the account screens change them (hashes only, never clear text). */

export function setPasswordHash(store: Store, playerId: number, passwordHash: string): void {
  store.database.prepare('UPDATE players SET password_hash = ? WHERE id = ?').run(passwordHash, playerId);
}

export function setPinHash(store: Store, playerId: number, pinHash: string): void {
  store.database.prepare('UPDATE players SET pin_hash = ? WHERE id = ?').run(pinHash, playerId);
}
