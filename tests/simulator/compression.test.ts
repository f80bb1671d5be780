/**
 * Compressed delivery (issue 24): the build writes a Brotli and a gzip twin of each text file
 * (scripts/precompress.ts) and the simulator sends the best one the browser accepts.
 */
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDirectory, MIN_BYTES } from '../../scripts/precompress.ts';
import { acceptedCodings } from '../../simulator/http/static.ts';
import { startTestSimulator, type TestSimulator } from './helpers.ts';

/** A script big and repetitive enough to compress, as a real chunk is. */
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = "reel ${i % 7}";`).join('\n');
const PAGE = `<!doctype html><html><head><title>Reelside</title></head><body>${'<p>lobby</p>'.repeat(200)}</body></html>`;

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator();
  const dir = join(t.root, 'static');
  writeFileSync(join(dir, 'assets', 'big-abc.js'), BIG_JS);
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'art.png'), Buffer.alloc(4096, 7));
  await compressDirectory(dir);
});
afterAll(async () => {
  await t?.close();
});

/** The raw answer: headers and the bytes as they travelled (no decoding). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('build-time compression', () => {
  it('writes .br and .gz twins of text files that decode to the original, and none for pictures or tiny files', () => {
    const dir = join(t.root, 'static');
    const js = join(dir, 'assets', 'big-abc.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(BIG_JS);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(BIG_JS);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(readFileSync(`${js}.gz`).length);
    expect(existsSync(join(dir, 'assets', 'art.png.br'))).toBe(false);
    // app-abc123.js of the helpers is under MIN_BYTES.
    expect(readFileSync(join(dir, 'assets', 'app-abc123.js')).length).toBeLessThan(MIN_BYTES);
    expect(existsSync(join(dir, 'assets', 'app-abc123.js.br'))).toBe(false);
  });
});

describe('serving the compressed twins', () => {
  it('sends Brotli to a browser that takes it, with its length, Vary and the same cache rule', async () => {
    const answer = await get('/assets/big-abc.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(BIG_JS.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(BIG_JS);
  });

  it('sends gzip where Brotli is not taken, and the file itself where nothing is', async () => {
    const gzipped = await get('/assets/big-abc.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(BIG_JS);
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await get('/assets/big-abc.js', accept === undefined ? {} : { 'accept-encoding': accept });
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body.toString(), String(accept)).toBe(BIG_JS);
      expect(plain.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('compresses the page for client routes too, and never a picture', async () => {
    const page = await get('/lobby', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe(PAGE);
    const art = await get('/assets/art.png', { 'accept-encoding': 'br, gzip' });
    expect(art.headers['content-encoding']).toBeUndefined();
    expect(art.headers.vary).toBeUndefined();
  });

  it('each encoding has its own ETag: a 304 only for the one the browser holds', async () => {
    const br = await get('/assets/big-abc.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/big-abc.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect((await get('/assets/big-abc.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    expect((await get('/assets/big-abc.js', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  it('a file changed after the build goes out as it is now, not as its stale twin says', async () => {
    const dir = join(t.root, 'static');
    const changed = `${BIG_JS}\n// changed after the build\n`;
    writeFileSync(join(dir, 'assets', 'late-abc.js'), BIG_JS);
    await compressDirectory(dir);
    writeFileSync(join(dir, 'assets', 'late-abc.js'), changed);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'assets', 'late-abc.js'), later, later);
    const answer = await get('/assets/late-abc.js', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(changed);
  });

  it('HEAD tells the compressed length without a body', async () => {
    const head = await get('/assets/big-abc.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(readFileSync(join(t.root, 'static', 'assets', 'big-abc.js.br')).length);
    expect(head.body.length).toBe(0);
  });
});

describe('Accept-Encoding', () => {
  it('reads weights, the wildcard and refusals', () => {
    expect([...acceptedCodings('gzip, deflate, br')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedCodings('br;q=0.5, gzip;q=0')]).toEqual(['br']);
    expect([...acceptedCodings('*')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedCodings('*;q=1, br;q=0')]).toEqual(['gzip']);
    expect([...acceptedCodings('x-gzip')]).toEqual(['gzip']);
    expect([...acceptedCodings('')]).toEqual([]);
    expect([...acceptedCodings('br;q=abc, ;;, gzip')]).toEqual(['gzip']);
    expect([...acceptedCodings(['br', 'gzip'])].sort()).toEqual(['br', 'gzip']);
  });
});
