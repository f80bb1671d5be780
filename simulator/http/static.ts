import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Serves the built client (vite's dist/). Hashed files under /assets/ are cached forever;
 * everything else revalidates so a new build shows up at once. Paths that are not files fall
 * back to index.html so the client's router can handle /lobby, /game/..., etc.
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

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats, cache: string): Promise<void> {
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cache,
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return Promise.resolve();
  }
  res.writeHead(200, { ...headers, 'Content-Length': stats.size });
  if (req.method === 'HEAD') {
    res.end();
    return Promise.resolve();
  }
  // A client that goes away mid-file is not an error worth reporting.
  return pipeline(createReadStream(file), res).catch(() => undefined);
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE, ...headers });
  res.end(text);
}

function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE });
  res.end(html);
}
