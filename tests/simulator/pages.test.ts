/**
 * /login's own page (issue 24): the build writes login.html and a sibling per language with the
 * screen painted in (scripts/prerender.ts); the simulator sends the one in its default language
 * for /login, and index.html for every other address of the client's router. /lobby's page is
 * made at each request: the build's painted lobby with the fleet's brands in its tiles.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import type { PaintedTile} from '../../protocol/pages.ts';
import { fillLobby, FIRST_SCREEN_BRANDS, PAINTED_COUNT, lobbyFileName, lobbyTileFileName, loginFileName, PAINTED_TILE_FIELDS, PAINTED_TILES, type PaintedBrand } from '../../protocol/pages.ts';
import { loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const page = (language: string) => `<!doctype html><html lang="${language}"><body><div id="root" data-prerendered="login">${language}</div></body></html>`;

async function withPages(language: 'en' | 'tr' | 'ar' | 'bg', files: string[]): Promise<TestSimulator> {
  const sim = await startTestSimulator({ settings: { DEFAULT_LANG: language } });
  for (const name of files) writeFileSync(join(sim.root, 'static', name), page(name));
  return sim;
}

describe('the login page of the build', () => {
  it('names one file per language, English the plain one', () => {
    expect(['en', 'tr', 'ar', 'bg'].map(loginFileName)).toEqual(['login.html', 'login.tr.html', 'login.ar.html', 'login.bg.html']);
  });

  it('is sent for /login in the operator’s default language, and index.html for the other addresses', async () => {
    t = await withPages('tr', ['login.html', 'login.tr.html', 'login.ar.html']);
    const login = await fetch(`${t.url}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toMatch(/^text\/html/);
    expect(login.headers.get('cache-control')).toBe('no-cache');
    expect(await login.text()).toContain('>login.tr.html<');
    for (const address of ['/lobby', '/login/x', '/', '/game/3']) {
      expect(await (await fetch(`${t.url}${address}`)).text(), address).not.toContain('data-prerendered');
    }
  });

  it('follows the operator’s language when the control API changes it', async () => {
    t = await withPages('en', ['login.html', 'login.ar.html']);
    expect(await (await fetch(`${t.url}/login`)).text()).toContain('>login.html<');
    const changed = await fetch(`${t.url}/sim/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ DEFAULT_LANG: 'ar' }) });
    expect(changed.status).toBe(200);
    expect(await (await fetch(`${t.url}/login`)).text()).toContain('>login.ar.html<');
  });

  it('is not sent while the login screen is not the form: the logo first (LOGIN_SPLASH), or no login (TOKEN_LOGIN)', async () => {
    t = await withPages('en', ['login.html']);
    for (const setting of ['LOGIN_SPLASH', 'TOKEN_LOGIN']) {
      const put = (value: boolean) =>
        fetch(`${t!.url}/sim/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ [setting]: value }) });
      expect((await put(true)).status).toBe(200);
      expect(await (await fetch(`${t.url}/login`)).text()).not.toContain('data-prerendered');
      expect((await put(false)).status).toBe(200);
      expect(await (await fetch(`${t.url}/login`)).text()).toContain('>login.html<');
    }
  });

  it('falls back to index.html when the build has no page for that language', async () => {
    t = await withPages('bg', ['login.html']);
    const text = await (await fetch(`${t.url}/login`)).text();
    expect(text).not.toContain('data-prerendered');
    expect(text.length).toBeGreaterThan(0);
  });
});

/** A tile template with every field, as the build writes one (scripts/prerender.ts). */
const TILE_HTML = `<a href="${PAINTED_TILE_FIELDS.href}"><img src="${PAINTED_TILE_FIELDS.image}" srcset="${PAINTED_TILE_FIELDS.srcset}" loading="${PAINTED_TILE_FIELDS.loading}" fetchpriority="${PAINTED_TILE_FIELDS.priority}"/><span>${PAINTED_TILE_FIELDS.name}</span><span>Jackpot ${PAINTED_TILE_FIELDS.jackpots}</span><span>${PAINTED_TILE_FIELDS.count}</span></a>`;
const TILE: PaintedTile = { html: TILE_HTML, counts: { one: `${PAINTED_COUNT} machine`, other: `${PAINTED_COUNT} machines` } };
/** Arabic's words: none for 0, 1 and 2, the number for the rest. */
const ARABIC_TILE: PaintedTile = { html: TILE_HTML, counts: { zero: 'لا توجد أجهزة', one: 'جهاز واحد', two: 'جهازان', few: `${PAINTED_COUNT} أجهزة`, many: `${PAINTED_COUNT} جهازًا`, other: `${PAINTED_COUNT} جهاز` } };
const LOBBY = `<!doctype html><html><body><div id="painted-lobby"><h2>Brands</h2><div>${PAINTED_TILES.start}<div class="placeholder"></div>${PAINTED_TILES.end}</div></div><div id="root"></div></body></html>`;
const brand = (id: number, name = `Brand ${id}`): PaintedBrand => ({ id, name, jackpots: [152345], machineCount: 4, image: `/images/machines/b${id}.webp` });

describe('the painted lobby’s tiles (fillLobby)', () => {
  it('writes each brand into the template: its address, picture, name, jackpot in the page’s language, and count', () => {
    const html = fillLobby(LOBBY, TILE, [brand(3, 'Golden Reels')], { currency: 'USD', language: 'en' });
    expect(html).toContain('<a href="/lobby/3/golden-reels"><img src="/images/machines/b3.webp" srcset="/images/machines/b3.webp 400w, /images/machines/b3@800w.webp 800w" loading="eager" fetchpriority="high"/><span>Golden Reels</span><span>Jackpot $1,523.45</span><span>4 machines</span></a>');
    expect(html).not.toContain('placeholder');
    // An operator's own picture is shown as it is: no widths of ours offered for it.
    expect(fillLobby(LOBBY, TILE, [{ ...brand(1), image: 'https://cdn.example/b1.png' }], { currency: 'USD', language: 'en' })).toContain('<img src="https://cdn.example/b1.png" srcset="" loading');
    expect(html).not.toContain('@@');
    // The client's own formatting: Turkish lira as Turkish writes it, Arabic isolated with Latin digits.
    expect(fillLobby(LOBBY, TILE, [brand(1)], { currency: 'TRY', language: 'tr' })).toContain('Jackpot ₺1.523,45');
    expect(fillLobby(LOBBY, TILE, [brand(1)], { currency: 'USD', language: 'ar' })).toMatch(/Jackpot \u2067.*1,523\.45.*\u2069/);
  });

  it('writes a machine count in the words of its plural category', () => {
    const count = (machineCount: number, tile = ARABIC_TILE, language = 'ar') =>
      fillLobby(LOBBY, tile, [{ ...brand(1), machineCount }], { currency: 'USD', language }).match(/<span>([^<]*)<\/span><\/a>/)?.[1];
    expect([0, 1, 2, 3, 11, 100].map((n) => count(n))).toEqual(['لا توجد أجهزة', 'جهاز واحد', 'جهازان', '3 أجهزة', '11 جهازًا', '100 جهاز']);
    expect([1, 4].map((n) => count(n, TILE, 'en'))).toEqual(['1 machine', '4 machines']);
  });

  it('asks for the first screen’s pictures at once and first, the rest when scrolled to', () => {
    const html = fillLobby(LOBBY, TILE, Array.from({ length: FIRST_SCREEN_BRANDS + 2 }, (_, i) => brand(i + 1)), { currency: 'USD', language: 'en' });
    expect(html.match(/loading="eager" fetchpriority="high"/g)).toHaveLength(FIRST_SCREEN_BRANDS);
    expect(html.match(/loading="lazy" fetchpriority="auto"/g)).toHaveLength(2);
  });

  it('sends the client’s page when the build’s tile is not one', async () => {
    t = await startTestSimulator();
    writeFileSync(join(t.root, 'static', lobbyFileName('en')), LOBBY);
    writeFileSync(join(t.root, 'static', lobbyTileFileName('en')), JSON.stringify({ html: TILE_HTML }));
    expect(await (await fetch(`${t.url}/lobby`)).text()).not.toContain('painted-lobby');
  });

  it('writes an operator’s brand name as text, never as markup', () => {
    const html = fillLobby(LOBBY, TILE, [brand(7, '<img src=x onerror=alert(1)> & "Co"')], { currency: 'USD', language: 'en' });
    expect(html).toContain('<span>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;</span>');
    expect(html).not.toContain('<img src=x');
  });

  it('leaves a page without the marks, or a template without every field, as it was', () => {
    expect(fillLobby('<html></html>', TILE, [brand(1)], { currency: 'USD', language: 'en' })).toBe('<html></html>');
    expect(fillLobby(LOBBY, { ...TILE, html: '<a>@@name@@</a>' }, [brand(1)], { currency: 'USD', language: 'en' })).toBe(LOBBY);
  });
});

describe('the painted lobby of the simulator', () => {
  async function withLobby(language: 'en' | 'tr' = 'en'): Promise<TestSimulator> {
    const sim = await startTestSimulator({ settings: { DEFAULT_LANG: language } });
    writeFileSync(join(sim.root, 'static', lobbyFileName(language)), LOBBY);
    writeFileSync(join(sim.root, 'static', lobbyTileFileName(language)), JSON.stringify(TILE));
    return sim;
  }

  it('is sent for /lobby with the fleet’s brands, compressed as the browser accepts and never cached', async () => {
    t = await withLobby();
    const brands = (await (await fetch(`${t.url}/api/machine/brands`, { headers: { authorization: `Bearer ${await loginToken(t)}` } })).json()) as { id: number; name: string }[];
    expect(brands.length).toBeGreaterThan(0);
    const plain = await fetch(`${t.url}/lobby`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const html = await plain.text();
    for (const { id, name } of brands) {
      expect(html).toContain(`<span>${name}</span>`);
      expect(html).toContain(`href="/lobby/${id}/`);
    }
    expect(html).not.toContain('placeholder');
    const raw = await rawGet(t.url, '/lobby', 'br');
    expect(raw.encoding).toBe('br');
    expect(brotliDecompressSync(raw.body).toString()).toBe(html);
  });

  it('is not sent where the app draws another first screen: every machine (no SHOW_LOBBY), layout 2 or 3, no toolbar', async () => {
    t = await withLobby();
    for (const change of [{ SHOW_LOBBY: false }, { LAYOUT: 'layout2' }, { LAYOUT: 'layout3' }, { HIDE_HEADER_BAR: true }]) {
      const put = (body: object) => fetch(`${t!.url}/sim/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await put(change)).status).toBe(200);
      expect(await (await fetch(`${t.url}/lobby`)).text(), JSON.stringify(change)).not.toContain('painted-lobby');
      expect((await put({ SHOW_LOBBY: true, LAYOUT: 'layout1', HIDE_HEADER_BAR: false })).status).toBe(200);
    }
    expect(await (await fetch(`${t.url}/lobby`)).text()).toContain('painted-lobby');
    // Only /lobby: a brand's page is the client's own.
    expect(await (await fetch(`${t.url}/lobby/1/golden-reels`)).text()).not.toContain('painted-lobby');
  });

  it('falls back to index.html when the build has no painted lobby for the operator’s language', async () => {
    t = await startTestSimulator({ settings: { DEFAULT_LANG: 'bg' } });
    writeFileSync(join(t.root, 'static', lobbyFileName('en')), LOBBY);
    writeFileSync(join(t.root, 'static', lobbyTileFileName('en')), JSON.stringify(TILE));
    expect(await (await fetch(`${t.url}/lobby`)).text()).not.toContain('painted-lobby');
  });
});

/** A GET whose body is not decoded by fetch. */
async function rawGet(base: string, path: string, encoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
