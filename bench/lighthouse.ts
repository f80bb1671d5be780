/**
 * Lighthouse (pinned 12.2.3, Debian's Chromium) on the real product served by the simulator,
 * as a player's phone and a desktop first meet it (issue 24): /login, and /lobby logged in (the
 * token in the address logs in, as an operator's link does). Performance, FCP, LCP, TBT, CLS and
 * what actually travelled: the bytes on the wire (compressed), scripts apart.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS } from '../scripts/browser/harness.ts';
import { startSimulator } from '../simulator/server.ts';

export interface LighthouseFigure {
  page: '/login' | '/lobby';
  preset: 'mobile' | 'desktop';
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Compressed bytes of every response, and of the scripts alone. */
  wireBytes: number;
  scriptBytes: number;
}

/** The budgets (mobile; the desktop preset is reported beside them). */
export const LIGHTHOUSE_BUDGET = { performance: 95, lcpMs: 1800, tbtMs: 100, cls: 0.02, loginScriptKB: 110 };

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/**
 * BENCH_LIGHTHOUSE_ONLY="/lobby:mobile,/login:desktop" measures only those (the step being worked
 * on, several times over, paired with the build before it); every page and preset by default.
 */
function wanted(page: LighthouseFigure['page'], preset: LighthouseFigure['preset']): boolean {
  const only = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',').map((item) => item.trim()).filter(Boolean);
  return !only?.length || only.includes(`${page}:${preset}`);
}

export async function lighthouseFigures(dist: string): Promise<LighthouseFigure[]> {
  const sim = await startSimulator({ port: 0, memory: true, staticDir: dist });
  const figures: LighthouseFigure[] = [];
  try {
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const page of ['/login', '/lobby'] as const) {
        if (wanted(page, preset)) figures.push(await measureAgainIfTraceLost(sim.url, preset, page));
      }
    }
  } finally {
    await sim.close();
  }
  return figures;
}

/**
 * Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP… "run Lighthouse again"):
 * that run is measured again, at most twice more; any other failure, or a third lost trace, stops
 * the bench.
 */
const TRACE_LOST = /^NO_(NAVSTART|FCP|LCP|TRACING_STARTED|RESOURCE_REQUEST)/;

async function measureAgainIfTraceLost(base: string, preset: LighthouseFigure['preset'], page: LighthouseFigure['page']): Promise<LighthouseFigure> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(base, preset, page);
    } catch (error) {
      const code = error instanceof LighthouseRunError ? error.code : '';
      if (!TRACE_LOST.test(code) || attempt === 3) throw error;
      console.error(`lighthouse ${page} (${preset}): ${code}, measured again`);
    }
  }
}

class LighthouseRunError extends Error {
  readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

/** One Lighthouse run, in a browser of its own: no service worker, cache or token from the last. */
async function measure(base: string, preset: LighthouseFigure['preset'], page: LighthouseFigure['page']): Promise<LighthouseFigure> {
  let url = `${base}${page}`;
  if (page === '/lobby') {
    const answer = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234', site_id: 0 }),
    });
    const { token } = (await answer.json()) as { token: string };
    url = `${url}?token=${encodeURIComponent(token)}`;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${page} (${preset})`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRunError(`lighthouse ${page} (${preset}): ${lhr.runtimeError.message}`, lhr.runtimeError.code);
    // BENCH_LIGHTHOUSE_DIR=dir keeps each run's whole report (long tasks, LCP element, bootup per script)
    // and the trace it was computed from (open it in DevTools' Performance panel).
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      await mkdir(keep, { recursive: true });
      await writeFile(join(keep, `${page.replace(/\W+/g, '') || 'root'}-${preset}.json`), JSON.stringify(lhr));
      // The trace it simulated from (unthrottled: Lighthouse scales its tasks by the preset's CPU factor).
      await writeFile(join(keep, `${page.replace(/\W+/g, '') || 'root'}-${preset}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    return {
      page,
      preset,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      wireBytes: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      scriptBytes: items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    };
  } finally {
    chrome.kill();
  }
}

// `node bench/lighthouse.ts`: the figures alone, as JSON.
if (import.meta.main) {
  console.log(JSON.stringify(await lighthouseFigures(process.env.BENCH_DIST ?? 'dist'), null, 2));
}
