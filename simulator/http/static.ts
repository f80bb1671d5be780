import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * Serves the built client (vite's dist/). Hashed files under /assets/ are cached forever;
 * everything else revalidates so a new build shows up at once. Paths that are not files fall
 * back to index.html so the client's router can handle /lobby, /game/..., etc. A text file the
 * build compressed (scripts/precompress.ts: FILE.br, FILE.gz) goes out in the best encoding the
 * browser accepts, with `Vary: Accept-Encoding` so no cache hands one browser another's.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** The build's compressed twins, best first: the suffix and the Content-Encoding it is sent as. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
type Coding = (typeof ENCODINGS)[number]['coding'];

/**
 * The codings an Accept-Encoding header allows (RFC 9110 §12.5.3): listed with q > 0, or
 * covered by `*` with q > 0 and not refused by name. Malformed parts are ignored.
 */
export function acceptedCodings(header: string | string[] | undefined): Set<Coding> {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const named = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    named.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepted = new Set<Coding>();
  for (const { coding } of ENCODINGS) {
    const weight = named.get(coding) ?? (coding === 'gzip' ? named.get('x-gzip') : undefined) ?? named.get('*');
    if (weight !== undefined && weight > 0) accepted.add(coding);
  }
  return accepted;
}

/** The kinds of file the build compresses (scripts/precompress.ts): pictures and fonts are compressed already. */
export const COMPRESSED_TYPES: ReadonlySet<string> = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const BUILD_HINT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reelside simulator</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>Reelside simulator</h1>
<p>The API is running, but the client has not been built yet.
Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload.</p>
</body></html>
`;

export interface StaticFiles {
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>;
}

export interface StaticOptions {
  /**
   * Serve the build's *.map files. Default true; the simulator turns it off when
   * NODE_ENV=production: the maps hold the client's whole source, comments included. They
   * then answer 404 like any missing file.
   */
  serveSourceMaps?: boolean;
  /**
   * The build's own page for an address the client's router handles (e.g. '/login' →
   * 'login.tr.html', the login painted in), asked at each request: served instead of index.html
   * when the file exists, with the same caching.
   */
  page?: (pathname: string) => string | undefined;
  /**
   * A page the server writes at each request for an address of the client's router (the painted
   * lobby with the operator's brands in it): its HTML, or undefined to go on as without it. Asked
   * before `page`; sent compressed in the best coding the browser accepts (a few kilobytes: well
   * under a millisecond), never cached.
   */
  made?: (pathname: string) => Promise<string | undefined>;
}

export function createStaticFiles(directory: string, options: StaticOptions = {}): StaticFiles {
  const root = resolve(directory);
  const index = resolve(root, 'index.html');
  const serveSourceMaps = options.serveSourceMaps ?? true;

  return {
    async serve(req, res, pathname) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendText(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      }
      const file = resolveInside(root, pathname);
      if (file === undefined) return sendText(res, 404, 'Not Found');
      if (!serveSourceMaps && extname(file).toLowerCase() === '.map') return sendText(res, 404, 'Not Found');

      const found = await fileStats(file);
      if (found) {
        const cache = pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
        return sendFile(req, res, file, found, cache);
      }
      if (looksLikeFile(pathname)) return sendText(res, 404, 'Not Found');

      const made = await options.made?.(pathname);
      if (made !== undefined) return sendMade(req, res, made);
      const own = options.page?.(pathname);
      const page = own === undefined ? undefined : resolveInside(root, `/${own}`);
      const pageStats = page === undefined ? undefined : await fileStats(page);
      if (page && pageStats) return sendFile(req, res, page, pageStats, REVALIDATE);
      const indexStats = await fileStats(index);
      if (!indexStats) return sendHtml(res, BUILD_HINT);
      return sendFile(req, res, index, indexStats, REVALIDATE);
    },
  };
}

/**
 * The file a URL path names, or undefined when the path could escape the root or names a
 * hidden file. Segments are checked after decoding, so %2e%2e and %2f tricks are caught
 * here rather than relying on the URL parser.
 */
function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment.startsWith('.'))) return undefined;
  const file = resolve(root, ...segments);
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  return file;
}

function looksLikeFile(pathname: string): boolean {
  const last = pathname.split('/').pop() ?? '';
  return last.includes('.');
}

async function fileStats(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats, cache: string): Promise<void> {
  const compressible = COMPRESSED_TYPES.has(extname(file).toLowerCase());
  // The smallest twin the browser takes, if the build made one.
  let sent = { file, stats, coding: undefined as Coding | undefined };
  if (compressible) {
    const accepted = acceptedCodings(req.headers['accept-encoding']);
    for (const { coding, suffix } of ENCODINGS) {
      if (!accepted.has(coding)) continue;
      const twin = await fileStats(file + suffix);
      // A twin older than its file is stale (the file was changed after the build): not sent.
      if (twin && twin.mtimeMs >= stats.mtimeMs) {
        sent = { file: file + suffix, stats: twin, coding };
        break;
      }
    }
  }
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${sent.coding ? `-${sent.coding}` : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cache,
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ...(sent.coding ? { 'Content-Encoding': sent.coding } : {}),
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': sent.stats.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // A client that goes away mid-file is not an error worth reporting.
  await pipeline(createReadStream(sent.file), res).catch(() => undefined);
}

/** Brotli at a quality that costs a fraction of a millisecond for a page of a few kilobytes. */
const MADE_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

function sendMade(req: IncomingMessage, res: ServerResponse, html: string): void {
  const accepted = acceptedCodings(req.headers['accept-encoding']);
  const coding = ENCODINGS.find(({ coding }) => accepted.has(coding))?.coding;
  const raw = Buffer.from(html);
  const body = coding === 'br' ? zlib.brotliCompressSync(raw, MADE_BROTLI) : coding === 'gzip' ? zlib.gzipSync(raw) : raw;
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html; charset=utf-8',
    'Cache-Control': REVALIDATE,
    Vary: 'Accept-Encoding',
    ...(coding ? { 'Content-Encoding': coding } : {}),
    'Content-Length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE, ...headers });
  res.end(text);
}

function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE });
  res.end(html);
}
