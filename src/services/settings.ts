import { mergeSettings, type Settings } from '../../protocol/settings.ts';

/** GET /Settings.json merged over the defaults; throws on failure so the machine falls back. */
export async function fetchSettings(): Promise<Settings> {
  const response = await fetch('/Settings.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`Settings.json: HTTP ${response.status}`);
  return mergeSettings(await response.json());
}
