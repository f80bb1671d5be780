import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { brandImagePath } from '../../protocol/floor.ts';
import { fillLobby, lobbyFileName, lobbyTileFileName, PaintedTile, type PaintedBrand } from '../../protocol/pages.ts';
import type { Settings } from '../../protocol/settings.ts';

/**
 * /lobby painted from HTML (scripts/prerender.ts wrote lobby*.html and one tile's template): the
 * build's page in the operator's language with the operator's brands filled into its tiles
 * (protocol/pages.ts), so a phone's first visit shows the lobby's pictures before any script has
 * run. Only where the page is the one the app draws first: the brands-first lobby (SHOW_LOBBY) in
 * the default layout with its toolbar (layout 1, no HIDE_HEADER_BAR). Brands are the operator's
 * shop window, the same for every player: the page carries nothing of the player's (their balance
 * shows as loading until the app has it).
 */
export function lobbyPage(directory: string, settings: () => Settings, brands: () => PaintedBrand[]): (pathname: string) => Promise<string | undefined> {
  return async (pathname) => {
    if (pathname !== '/lobby') return undefined;
    const served = settings();
    if (!served.SHOW_LOBBY || served.LAYOUT !== 'layout1' || served.HIDE_HEADER_BAR) return undefined;
    const language = served.DEFAULT_LANG;
    // A build without the painted lobby (or an unreadable one) serves the client's page as before.
    const files = await Promise.all([readFile(resolve(directory, lobbyFileName(language)), 'utf8'), readFile(resolve(directory, lobbyTileFileName(language)), 'utf8')]).catch(() => undefined);
    if (!files) return undefined;
    const [page, tileJson] = files;
    const tile = parseTile(tileJson);
    return tile ? fillLobby(page, tile, brands(), { currency: served.CURRENCY, language }) : undefined;
  };
}

/** The build's tile, or undefined if the file is not one (the client's page is sent instead). */
function parseTile(json: string): PaintedTile | undefined {
  try {
    const parsed = PaintedTile.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A brand of the fleet as the painted lobby shows it. */
export function paintedBrand(brand: { id: number; name: string; jackpotPool: number; machineCount: number }): PaintedBrand {
  return { id: brand.id, name: brand.name, jackpots: [brand.jackpotPool], machineCount: brand.machineCount, image: brandImagePath(brand.name) };
}
