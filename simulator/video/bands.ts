import type { BandInfo, BandSpec } from './types.ts';

/**
 * 16:9 bands, highest quality first; an operator's real camera brings its own. Named by their
 * real size (the player picks from these names). The ids are the WHEP URLs' and stay as they
 * were when 640×360 was called "HD"; 1280×720, the one HD band, came later. Each viewer draws and
 * encodes its own band, so a band costs CPU only while someone watches it (docs/video.md).
 */
export const DEFAULT_BANDS: readonly BandSpec[] = [
  { id: '720p', name: '720p', Order: 3, width: 1280, height: 720 },
  { id: 'hd', name: '360p', Order: 2, width: 640, height: 360 },
  { id: 'sd', name: '180p', Order: 1, width: 320, height: 180 },
];

/** Path of a machine band's WHEP endpoint; ids are URI-encoded so any id stays one segment. */
export function whepPath(machineId: string, bandId: string): string {
  return `/whep/${encodeURIComponent(machineId)}/${encodeURIComponent(bandId)}`;
}

export function bandInfos(machineId: string, bands: readonly BandSpec[], baseUrl = ''): BandInfo[] {
  const base = baseUrl.replace(/\/+$/, '');
  return bands.map((band) => ({ ...band, whepUrl: `${base}${whepPath(machineId, band.id)}` }));
}

/**
 * Checks bands once at start: ffmpeg and VP8 need even sizes, and a bad list is a programming
 * error that should fail loudly at boot rather than on the first viewer.
 */
export function validateBands(bands: readonly BandSpec[]): void {
  const ids = new Set<string>();
  for (const band of bands) {
    if (!band.id || ids.has(band.id)) throw new Error(`video: duplicate or empty band id "${band.id}"`);
    ids.add(band.id);
    for (const size of [band.width, band.height]) {
      if (!Number.isInteger(size) || size < 16 || size > 4096 || size % 2 !== 0) {
        throw new Error(`video: band ${band.id} needs even integer sizes in 16..4096, got ${band.width}x${band.height}`);
      }
    }
  }
}

/** The external WHEP URL configured for this machine band, the band-specific one first. */
export function externalUrl(external: Record<string, string> | undefined, machineId: string, bandId: string): string | undefined {
  if (!external) return undefined;
  // Own keys only: a machine id such as "__proto__" must not reach Object.prototype.
  for (const key of [`${machineId}/${bandId}`, machineId]) {
    const url = Object.hasOwn(external, key) ? external[key] : undefined;
    if (typeof url === 'string' && url !== '') return url;
  }
  return undefined;
}

/**
 * `6=https://media.example/whep/cam-6,1/hd=https://…`: the WHEP servers a machine's video (or
 * one band of it) comes from instead of the simulator's own picture (docs/video.md).
 */
export function parseExternalVideo(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const map: Record<string, string> = {};
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const at = entry.indexOf('=');
    const key = entry.slice(0, at);
    const url = entry.slice(at + 1);
    if (at <= 0 || !/^\d+(\/[A-Za-z0-9_-]+)?$/.test(key)) {
      throw new Error(`invalid external video ${JSON.stringify(entry)}: expected MACHINE[/BAND]=URL`);
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`invalid external video URL ${JSON.stringify(url)}`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`invalid external video URL ${JSON.stringify(url)}: http(s) only`);
    map[key] = parsed.toString();
  }
  return map;
}
