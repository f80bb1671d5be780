import { mergeSettings, type Settings } from '../../protocol/settings.ts';

/**
 * GET /Settings.json merged over the defaults; throws on failure so the machine falls back.
 * `asked`: that request, already sent (the page's first script sends it).
 */
export async function fetchSettings(asked?: Promise<Response>): Promise<Settings> {
  const response = await (asked ?? fetch('/Settings.json', { cache: 'no-store' }));
  if (!response.ok) throw new Error(`Settings.json: HTTP ${response.status}`);
  return mergeSettings(await response.json());
}
