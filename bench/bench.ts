/**
 * `npm run bench`: the performance bars of DESIGN.md §7, measured on this machine and printed
 * beside their budgets (also written to bench/results.json). Needs `npm run build` first.
 *
 *   --joins N        joins to time (default 20)
 *   --autoplay-s N   seconds of autoplay for the heap check (default 60; --long = 1800)
 *   --sockets N      notification sockets for the capacity check (default 500)
 *   --stress-s N     seconds of the lobby stress window (default 30)
 *   --only NAME      run one figure: sizes, joins, heap, sockets or lobby (repeatable)
 *
 * BENCH_DIST names another build folder than dist/ (e.g. a scratch build).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { chromium, type Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../simulator/server.ts';
import { lobbyStress } from './lobbyStress.ts';

const DIST = process.env.BENCH_DIST ?? 'dist';

const { values } = parseArgs({
  options: {
    joins: { type: 'string', default: '20' },
    'autoplay-s': { type: 'string', default: '60' },
    long: { type: 'boolean', default: false },
    sockets: { type: 'string', default: '500' },
    'stress-s': { type: 'string', default: '30' },
    only: { type: 'string', multiple: true },
  },
});

interface Row {
  figure: string;
  value: string;
  budget: string;
  pass: boolean | null;
}
const rows: Row[] = [];
const results: Record<string, unknown> = {};

function record(figure: string, value: string, budget: string, pass: boolean | null, raw: unknown) {
  rows.push({ figure, value, budget, pass });
  results[figure] = raw;
}

// ---- 1. what each route loads ---------------------------------------------------------------

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

function routeSizes(): void {
  const manifest = JSON.parse(readFileSync(`${DIST}/.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
  const gz = (file: string) => gzipSync(readFileSync(`${DIST}/${file}`)).length;
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key]!.imports ?? [], seen);
    }
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const entryChunks = closure([entry]);
  const sizeOf = (chunks: Set<string>) => {
    let js = 0;
    let css = 0;
    for (const key of chunks) {
      js += gz(manifest[key]!.file);
      for (const c of manifest[key]!.css ?? []) css += gz(c);
    }
    return { js, css };
  };
  const login = sizeOf(entryChunks);
  record('/login JS (gzip)', `${(login.js / 1024).toFixed(1)} KB`, '≤ 150 KB', login.js <= 150 * 1024, login);
  // A logged-in page also loads the logged-in half of the app (its machines and the player's
  // look), the English app texts, and — inside the chrome — the layout; the game has no chrome.
  const loggedIn = ['src/app/loggedIn.ts', 'locales/en/messages.po'];
  const chrome = [...loggedIn, 'src/features/layout/MainLayout.tsx'];
  const pages: Record<string, string[]> = {
    '/lobby': [...chrome, 'src/features/lobby/LobbyPage.tsx'],
    '/game': [...loggedIn, 'src/features/game/GamePage.tsx'],
    '/profile': [...chrome, 'src/features/account/ProfilePage.tsx'],
    '/slot-sessions': [...chrome, 'src/features/account/SessionsPage.tsx'],
    '/transactions': [...chrome, 'src/features/account/TransactionsPage.tsx'],
  };
  for (const [route, sources] of Object.entries(pages)) {
    if (!sources.every((src) => manifest[src])) continue;
    const extra = closure(sources, new Set(entryChunks));
    for (const key of entryChunks) extra.delete(key);
    const size = sizeOf(extra);
    record(`${route} lazy JS (gzip)`, `${(size.js / 1024).toFixed(1)} KB`, 'lazy', true, size);
  }
}

// ---- 2. join click → first decoded frame ------------------------------------------------------

async function joinLatency(sim: Simulator, page: Page, joins: number): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < joins; i++) {
    const machineId = [1, 2, 5, 9, 10][i % 5]!;
    await page.goto('/lobby');
    const play = page.getByTestId(`machine-${machineId}`).getByRole('button', { name: 'Play' });
    await play.waitFor();
    // From the click in the running app: socket join, WHEP offer/answer, ICE, DTLS, first frame.
    const started = Date.now();
    await play.click();
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && v.getVideoPlaybackQuality().totalVideoFrames > 0;
    }, undefined, { timeout: 15_000, polling: 5 });
    times.push(Date.now() - started);
    await page.getByRole('button', { name: 'Cash out' }).click();
    await page.waitForURL(/lobby/);
    await waitFor(() => sim.video.activeEncoders() === 0, 5000);
  }
  // In join order: the first join is colder (Chromium's first peer connection, no spare encoder).
  console.log(`join → first frame, each join (ms): ${times.join(', ')}`);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
  record('join → first frame (median)', `${median} ms`, '≤ 500 ms', median <= 500, times);
  record('join → first frame (p95)', `${p95} ms`, '≤ 500 ms', p95 <= 500, { p95 });
}

// ---- 3. heap over autoplay ------------------------------------------------------------------

async function heapOverAutoplay(page: Page, seconds: number): Promise<void> {
  await page.goto('/game/12/bench');
  await page.getByRole('button', { name: 'Money transfer' }).click();
  await page.getByRole('button', { name: '$1,000.00' }).click();
  const heap = async () => {
    const client = await page.context().newCDPSession(page);
    await client.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await client.send('Runtime.getHeapUsage')) as { usedSize: number };
    await client.detach();
    return usedSize;
  };
  // The box follows the machine's state, so click and wait for the server to confirm.
  await page.getByTestId('game-credits').filter({ hasText: '$1,000.00' }).waitFor();
  await page.getByLabel('Autoplay').click();
  await page.waitForFunction(() => (document.querySelector('#autoplay') as HTMLInputElement | null)?.checked === true);
  await page.waitForTimeout(5000);
  const before = await heap();
  await page.waitForTimeout(seconds * 1000);
  const after = await heap();
  const growth = (after - before) / before;
  record(
    `JS heap over ${seconds} s autoplay`,
    `${(before / 1e6).toFixed(1)} → ${(after / 1e6).toFixed(1)} MB`,
    'no growth beyond noise (±10%)',
    growth < 0.1,
    { before, after },
  );
  await page.getByLabel('Autoplay').click();
  await page.getByRole('button', { name: 'Cash out' }).click();
  await page.waitForURL(/lobby/);
}

// ---- 4. simulator capacity ------------------------------------------------------------------

async function capacity(sim: Simulator, sockets: number): Promise<void> {
  const login = await fetch(`${sim.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'player2', password: 'player2pass', site_id: 0 }),
  });
  const { token } = (await login.json()) as { token: string };
  const open: WebSocket[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: sockets }, () =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/ws/notification?token=${token}`);
        ws.on('open', () => {
          ws.send(JSON.stringify({ type: 'init', id: 2 }));
          open.push(ws);
          resolve();
        });
        ws.on('error', () => resolve());
      }),
    ),
  );
  const held = sim.sockets.counts().notification;
  record('notification sockets held', `${held} of ${sockets} in ${Date.now() - started} ms`, 'all', held >= sockets, { held });
  open.forEach((ws) => ws.close());
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

async function main(): Promise<void> {
  if (!existsSync(`${DIST}/.vite/manifest.json`)) throw new Error('run `npm run build` first');
  const only = new Set(values.only ?? []);
  const wanted = (name: string) => only.size === 0 || only.has(name);
  if (wanted('sizes')) routeSizes();
  // All machines on the lobby's first page, so a join is one click; no idle lock (a minute of
  // autoplay, or of watching the lobby, is no player activity, and the lock would stop the run).
  const sim = await startSimulator({ port: 0, memory: true, staticDir: DIST, settings: { SHOW_LOBBY: false, PIN_CHECK: false } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ baseURL: sim.url, viewport: { width: 1280, height: 800 } });
    await page.goto('/login');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/lobby/);
    // A figure that cannot be taken is a FAIL row with the reason; the others are still taken.
    const attempt = async (figure: string, take: () => Promise<void>) => {
      try {
        await take();
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
        await page.screenshot({ path: `/tmp/bench-${figure}.png` }).catch(() => undefined);
        record(figure, `not taken: ${reason.slice(0, 60)}`, '—', false, { error: reason });
        await page.goto('/lobby').catch(() => undefined);
      }
    };
    if (wanted('joins')) await attempt('joins', () => joinLatency(sim, page, Number(values.joins)));
    if (wanted('heap')) await attempt('heap', () => heapOverAutoplay(page, values.long ? 1800 : Number(values['autoplay-s'])));
    if (wanted('sockets')) await attempt('sockets', () => capacity(sim, Number(values.sockets)));
    await page.close();
    if (wanted('lobby')) {
      const stress = await lobbyStress(browser, sim, { machines: 1000, updatesPerSecond: 200, seconds: Number(values['stress-s']) });
      const pass = stress.busy < 0.1 && stress.longestTask <= 50;
      record(
        'lobby stress (1,000 machines, 200 updates/s)',
        `${(stress.busy * 100).toFixed(1)}% busy, longest task ${Math.round(stress.longestTask)} ms`,
        '< 10% busy, no task > 50 ms',
        pass,
        stress,
      );
      console.log('lobby stress detail:', JSON.stringify(stress));
    }
  } finally {
    await browser.close();
    await sim.close();
  }
  const width = Math.max(...rows.map((r) => r.figure.length));
  console.log('\nReelside benchmark\n');
  for (const r of rows) {
    const verdict = r.pass === null ? '  —  ' : r.pass ? ' PASS' : ' FAIL';
    console.log(`${r.figure.padEnd(width)}  ${r.value.padEnd(28)}  ${r.budget.padEnd(30)}${verdict}`);
  }
  if (values.only?.length) {
    console.log('\nbench/results.json not written (--only runs part of the bench)');
    return;
  }
  writeFileSync('bench/results.json', `${JSON.stringify({ at: new Date().toISOString(), rows, results }, null, 2)}\n`);
  console.log('\nwritten: bench/results.json');
}

await main();
