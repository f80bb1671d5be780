import type { Store } from './store.ts';

/** The player's UI settings document (layout, theme, shortcuts ...), stored as JSON text. */

export interface StoredSettings {
  json: string;
  updatedAt: number;
}

export function userSettings(store: Store, playerId: number): StoredSettings | undefined {
  const row = store.database.prepare('SELECT json, updated_at FROM user_settings WHERE player_id = ?').get(playerId);
  if (!row || typeof row.json !== 'string') return undefined;
  return { json: row.json, updatedAt: Number(row.updated_at) };
}

export function saveUserSettings(store: Store, playerId: number, json: string, at: number): void {
  store.database
    .prepare(
      `INSERT INTO user_settings (player_id, json, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (player_id) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at`,
    )
    .run(playerId, json, at);
}
