/**
 * The lobby stress figure of DESIGN.md §7: a lobby of 1,000 machines taking 200 live status
 * updates a second, measured on the real client's main thread.
 *
 * GET /api/machine/all is intercepted: it answers the simulator's machines repeated to 1,000 (new
 * ids and names, the statuses as last pushed, so the lobby's periodic refresh sees the same
 * floor). The statuses come over the simulator's own notification socket: the bench pushes
 * `machine` frames to every listener of its hub (`hub.toAll`) at the given rate, one message each,
 * so the page receives them as it would from an operator — each its own network task, nothing of
 * the bench's in the page. Everything else (login, brands, balance) is the simulator's.
 *
 * (An earlier version dispatched the frames from a generator inside the page onto a mock socket:
 * its own timers and message-port wake-ups, 200+ tasks a second, were counted as the client's —
 * with the lobby not even mounted the page read 11 % busy, of which the client's own script was
 * about 3 %.)
 *
 * Measured over the window: the renderer main thread's busy share (CDP Performance.getMetrics
 * TaskDuration in thread time, the CPU time the main thread spent running tasks, over wall time)
 * and the long tasks (PerformanceObserver 'longtask': every task over 50 ms, with its duration).
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { MachineStatus } from '../protocol/floor.ts';
import type { Simulator } from '../simulator/server.ts';
import { BLOCK_TILES, CATCH_UP_STEP_MS } from '../src/features/product/lobby/tileFeed.ts';

const STATUSES = MachineStatus.options;

export interface LobbyStressOptions {
  machines: number;
  updatesPerSecond: number;
  seconds: number;
}

export interface LobbyStressResult {
  machines: number;
  tiles: number;
  updatesSent: number;
  seconds: number;
  /** Main-thread task time over wall time (0..1). */
  busy: number;
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  longTasks: number;
  longTaskMs: number;
  longestTask: number;
  /** Tiles on the screen showing the last status pushed for them, a second after the window. */
  tilesInViewUpToDate: string;
  /** Of the last 50 machines changed, those whose tile shows the last status after a catch-up round. */
  tilesUpToDate: string;
  upToDate: boolean;
}

interface WireMachine {
  id: number;
  name: string;
  status: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    __longTasks?: number[];
  }
}

export async function lobbyStress(browser: Browser, sim: Simulator, options: LobbyStressOptions): Promise<LobbyStressResult> {
  const context = await browser.newContext({ baseURL: sim.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const hub = sim.floor.context.hub;
  // The statuses as last pushed, by machine id.
  const statuses = new Map<number, MachineStatus>();
  try {
    // ---- the floor: the simulator's machines, repeated to `machines` ----
    let floor: WireMachine[] | null = null;
    await page.route(/\/api\/machine\/all$/, async (route) => {
      if (!floor) {
        const real = (await (await route.fetch()).json()) as WireMachine[];
        floor = Array.from({ length: options.machines }, (_, i) => {
          const model = real[i % real.length]!;
          return { ...model, id: i + 1, name: `${model.name} #${i + 1}`, reservation: null };
        });
        for (const machine of floor) statuses.set(machine.id, machine.status as MachineStatus);
      }
      // The statuses as last pushed, so the lobby's periodic refresh sees the same floor.
      for (const machine of floor) machine.status = statuses.get(machine.id) ?? machine.status;
      await route.fulfill({ json: floor });
    });

    await page.goto('/login');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="machine-"]').length >= n, options.machines, {
      timeout: 60_000,
    });
    const tiles = await page.locator('[data-testid^="machine-"]').count();
    // STRESS_ROUTE=/profile: the same stream with the lobby not mounted (the cost of the socket
    // and the auth actor alone, to tell it from the lobby's).
    if (process.env.STRESS_ROUTE) await page.goto(process.env.STRESS_ROUTE);
    // The page's notification socket is open (the hub has its listener).
    const deadline = Date.now() + 30_000;
    while (hub.listeners() === 0) {
      if (Date.now() > deadline) throw new Error('the page never opened its notification socket');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Let the first render, image loads and layout settle.
    await page.waitForTimeout(3000);

    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks!.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const cdp = await context.newCDPSession(page);
    // Thread time: the main thread's own CPU time, so other load on the machine does not count
    // as the client's (long tasks are wall time, and do stretch under such load).
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const metrics = async () => {
      const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      return Object.fromEntries(list.map((m) => [m.name, m.value])) as Record<string, number>;
    };

    // STRESS_PROFILE=file.cpuprofile: also record a CPU profile of the window (to find the cost).
    const profile = process.env.STRESS_PROFILE;
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }

    // STRESS_TRACE=file.json: also record a Chrome trace of the window (main-thread breakdown).
    const trace = process.env.STRESS_TRACE;
    if (trace) await browser.startTracing(page, { path: trace, categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });

    // The frames, made before the window: every update is a change from the status the machine
    // has by then.
    const frames = framesFor(options, new Map(statuses));

    // ---- the window: `updatesPerSecond` status changes, each its own socket message ----
    const before = await metrics();
    const started = performance.now();
    const sent = await new Promise<number>((resolve) => {
      let count = 0;
      const ms = options.seconds * 1000;
      const tick = () => {
        const elapsed = performance.now() - started;
        const due = Math.min(frames.length, Math.floor((Math.min(elapsed, ms) / 1000) * options.updatesPerSecond));
        for (; count < due; count++) {
          const frame = frames[count]!;
          statuses.set(frame.id, frame.status);
          hub.toAll({ type: 'machine', machine: { id: frame.id, status: frame.status } });
        }
        if (elapsed >= ms) resolve(count);
        else setTimeout(tick, Math.max(0, ((count + 1) * 1000) / options.updatesPerSecond - elapsed));
      };
      tick();
    });
    const wall = (performance.now() - started) / 1000;
    const after = await metrics();
    if (profile) {
      const { profile: recorded } = await cdp.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(recorded));
    }
    if (trace) await browser.stopTracing();
    const longTasks = await page.evaluate(() => window.__longTasks ?? []);
    // Tiles in view show a status within half a second (the socket's batch, a render): wait past
    // that, then read every tile on the screen.
    await page.waitForTimeout(1000);
    const onScreen = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="machine-"]')]
        .filter((tile) => {
          const box = tile.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        })
        .map((tile) => [Number(tile.getAttribute('data-testid')!.slice('machine-'.length)), tile.getAttribute('data-status')] as const),
    );
    const inViewUpToDate = onScreen.filter(([id, status]) => statuses.get(id) === status).length;
    // Tiles out of view catch up a block at a time (src/features/product/lobby/tileFeed.ts): after
    // a round of the blocks, 50 of the last changed machines show their last status.
    await page.waitForTimeout(Math.ceil(options.machines / BLOCK_TILES) * CATCH_UP_STEP_MS + 1000);
    const sample = [...new Map(frames.map((frame) => [frame.id, frame.status]))].slice(-50);
    const shown = await page.evaluate(
      (ids) => ids.map((id) => document.querySelector(`[data-testid="machine-${id}"]`)?.getAttribute('data-status') ?? null),
      sample.map(([id]) => id),
    );
    const upToDate = shown.filter((status, i) => status === sample[i]![1]).length;

    const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    return {
      machines: options.machines,
      tiles,
      updatesSent: sent,
      seconds: wall,
      busy: delta('TaskDuration') / wall,
      taskMs: delta('TaskDuration') * 1000,
      scriptMs: delta('ScriptDuration') * 1000,
      layoutMs: delta('LayoutDuration') * 1000,
      styleMs: delta('RecalcStyleDuration') * 1000,
      longTasks: longTasks.length,
      longTaskMs: longTasks.reduce((a, b) => a + b, 0),
      longestTask: Math.max(0, ...longTasks),
      tilesInViewUpToDate: `${inViewUpToDate}/${onScreen.length}`,
      tilesUpToDate: `${upToDate}/${sample.length}`,
      upToDate: onScreen.length > 0 && inViewUpToDate === onScreen.length && upToDate === sample.length,
    };
  } finally {
    await context.close();
  }
}

/** The window's status changes, from a seeded generator: each one a change for its machine. */
function framesFor(options: LobbyStressOptions, current: Map<number, MachineStatus>): Array<{ id: number; status: MachineStatus }> {
  let seed = 1;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const frames: Array<{ id: number; status: MachineStatus }> = [];
  for (let i = 0; i < options.updatesPerSecond * options.seconds; i++) {
    const id = 1 + Math.floor(random() * options.machines);
    const choices = STATUSES.filter((s) => s !== current.get(id));
    const status = choices[Math.floor(random() * choices.length)]!;
    current.set(id, status);
    frames.push({ id, status });
  }
  return frames;
}
