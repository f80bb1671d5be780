import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';
import { machinePictureSrcSet } from './floor.ts';
import { formatMoney, intlLocale } from './format.ts';
import { slug } from './slug.ts';

/**
 * The build's pages beside index.html that a server sends for an address of the client's router
 * (scripts/prerender.ts writes them; the simulator and docs/operators.md serve them).
 */

/** /login with its screen painted in, in one language: login.html for English, login.tr.html… */
export function loginFileName(language: string): string {
  return language === 'en' ? 'login.html' : `login.${language}.html`;
}

/**
 * /lobby with its first screen painted in, in one language (lobby.html, lobby.tr.html…): the
 * operator's default chrome and the brands' section, whose tiles the server fills in at each
 * request (fillLobby); sent as the build wrote it, the page shows the tiles' placeholders.
 */
export function lobbyFileName(language: string): string {
  return language === 'en' ? 'lobby.html' : `lobby.${language}.html`;
}

/** One brand tile of the painted lobby as the build rendered it (PaintedTile, JSON). */
export function lobbyTileFileName(language: string): string {
  return language === 'en' ? 'lobby-tile.json' : `lobby-tile.${language}.json`;
}

/** Where a machine count's number goes in its words. */
export const PAINTED_COUNT = '@@n@@';

/**
 * The painted lobby's tile: its HTML with PAINTED_TILE_FIELDS in place of a brand's, and a machine
 * count's words (HTML, as the build rendered them) per plural category of the language
 * (Intl.PluralRules: 'one', 'few'…), the number as PAINTED_COUNT where the words have it.
 */
export const PaintedTile = lazySchema(() => z.object({
  html: z.string(),
  counts: z.partialRecord(z.enum(['zero', 'one', 'two', 'few', 'many', 'other']), z.string()),
}));
export type PaintedTile = z.infer<typeof PaintedTile>;

/**
 * How many brand tiles a first screen shows at most (a phone's two columns, a desktop's row): their
 * pictures are the lobby's largest paint, so the browser asks for them at once and first, not when
 * it finds them in view (which it knows only after a layout). The app's lobby and the painted one.
 */
export const FIRST_SCREEN_BRANDS = 6;

/** Where the painted lobby's tiles go: the build's placeholders stand between the two marks. */
export const PAINTED_TILES = { start: '<!--tiles-->', end: '<!--/tiles-->' } as const;

/** The painted tile's fields, as the build writes them into its template (none is text a page has otherwise). */
export const PAINTED_TILE_FIELDS = {
  href: '@@href@@',
  image: '@@image@@',
  srcset: '@@srcset@@',
  name: '@@name@@',
  jackpots: '@@jackpots@@',
  count: '@@count@@',
  loading: '@@loading@@',
  priority: '@@priority@@',
} as const;

/** A brand as the painted lobby shows it. */
export interface PaintedBrand {
  id: number;
  name: string;
  /** Its jackpots, in minor units. */
  jackpots: readonly number[];
  machineCount: number;
  image: string;
}

/**
 * The painted lobby with `brands` in its tiles, written as the client writes them (the amounts in
 * `currency` and the page's `language`), the first screen's pictures asked for at once and first.
 * A page without the marks (or a tile without a field) is returned as it was: the placeholders stay.
 */
export function fillLobby(
  page: string,
  { html: tile, counts }: PaintedTile,
  brands: readonly PaintedBrand[],
  { currency, language }: { currency: string; language: string },
): string {
  const start = page.indexOf(PAINTED_TILES.start);
  const end = page.indexOf(PAINTED_TILES.end, start);
  if (start < 0 || end < 0 || !Object.values(PAINTED_TILE_FIELDS).every((field) => tile.includes(field)) || counts.other === undefined) return page;
  const other = counts.other;
  const plural = new Intl.PluralRules(intlLocale(language));
  const number = new Intl.NumberFormat(language);
  const tiles = brands.map((brand, index) => {
    const values: Record<keyof typeof PAINTED_TILE_FIELDS, string> = {
      href: `/lobby/${brand.id}/${slug(brand.name)}`,
      image: brand.image,
      srcset: machinePictureSrcSet(brand.image) ?? '',
      name: brand.name,
      jackpots: brand.jackpots.map((minor) => formatMoney(minor, currency, language)).join(' · '),
      count: (counts[plural.select(brand.machineCount) as keyof typeof counts] ?? other).split(PAINTED_COUNT).join(number.format(brand.machineCount)),
      loading: index < FIRST_SCREEN_BRANDS ? 'eager' : 'lazy',
      priority: index < FIRST_SCREEN_BRANDS ? 'high' : 'auto',
    };
    let html = tile;
    for (const key of Object.keys(PAINTED_TILE_FIELDS) as (keyof typeof PAINTED_TILE_FIELDS)[]) {
      // The count's words are the build's HTML, its number digits; the rest is the operator's text.
      html = html.split(PAINTED_TILE_FIELDS[key]).join(key === 'count' ? values[key] : escapeHtml(values[key]));
    }
    return html;
  });
  return `${page.slice(0, start)}${PAINTED_TILES.start}${tiles.join('')}${page.slice(end)}`;
}

/** Text as HTML: safe in an element and in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
