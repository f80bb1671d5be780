/**
 * The lobby stress figure of DESIGN.md §7: a lobby of 1,000 machines taking 200 live status
 * updates a second, measured on the real client's main thread.
 *
 * The simulator is left as it is (17 machines): the page's own requests are intercepted instead.
 * GET /api/machine/all answers the simulator's machines repeated to 1,000 (new ids and names,
 * the statuses as last pushed, so the lobby's periodic refresh sees the same floor), and the
 * notification socket is a mock installed in the page before the app, on which an in-page
 * generator dispatches `machine` frames at the given rate, one message per task as a real
 * socket delivers them. Everything else (login, brands, balance, settings with SHOW_LOBBY off)
 * is the simulator's.
 *
 * Why not playwright's `page.routeWebSocket`: each frame it delivers is a protocol round trip
 * into the page, whose own cost (~1 ms of main thread per frame, measured) would be counted as
 * the client's and swamp the 10% budget at 200 frames a second.
 *
 * Measured over the window: the renderer main thread's busy share (CDP Performance.getMetrics
 * TaskDuration in thread time, the CPU time the main thread spent running tasks, over wall time)
 * and the long tasks (PerformanceObserver 'longtask': every task over 50 ms, with its duration).
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { Simulator } from '../simulator/server.ts';

const STATUSES = ['free', 'playing', 'waiting', 'inBonus', 'tryingCashout', 'error', 'malfunction', 'offline'] as const;

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
  /** Tiles whose status on screen is the last one pushed for them (sampled at the end). */
  tilesUpToDate: string;
  /** Wall time the page spent in the socket's message listeners (the client's own handling). */
  dispatchMs: number;
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
    __floor?: { sockets: EventTarget[]; statuses: Record<number, string> };
  }
}

/**
 * Runs in the page before the app: `new WebSocket(...)` to /ws/notification gets an open socket
 * that answers nothing and delivers what the generator dispatches on it; other sockets are real.
 */
function installSocketMock(): void {
  const Real = window.WebSocket;
  const floor = { sockets: [] as EventTarget[], statuses: {} as Record<number, string> };
  window.__floor = floor;
  class MockSocket extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    url: string;
    constructor(url: string) {
      super();
      this.url = url;
      floor.sockets.push(this);
      setTimeout(() => {
        this.readyState = 1;
        this.dispatchEvent(new Event('open'));
      }, 0);
    }
    send(): void {}
    close(): void {
      this.readyState = 3;
      floor.sockets.splice(floor.sockets.indexOf(this), 1);
    }
  }
  window.WebSocket = new Proxy(Real, {
    construct(target, args: [string | URL, (string | string[])?]) {
      return String(args[0]).includes('/ws/notification') ? new MockSocket(String(args[0])) : new target(...args);
    },
  });
}

export async function lobbyStress(browser: Browser, sim: Simulator, options: LobbyStressOptions): Promise<LobbyStressResult> {
  const context = await browser.newContext({ baseURL: sim.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
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
      }
      // The statuses as last pushed, so the lobby's periodic refresh sees the same floor.
      const statuses = await page.evaluate(() => window.__floor?.statuses ?? {}).catch(() => ({}) as Record<number, string>);
      for (const machine of floor) machine.status = statuses[machine.id] ?? machine.status;
      await route.fulfill({ json: floor });
    });

    // ---- the notification socket: a page-side mock that the bench's generator feeds ----
    await page.addInitScript(installSocketMock);

    await page.goto('/login');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="machine-"]').length >= n, options.machines, {
      timeout: 60_000,
    });
    const tiles = await page.locator('[data-testid^="machine-"]').count();
    await page.waitForFunction(() => (window.__floor?.sockets.length ?? 0) > 0);
    // The generator starts from the statuses on screen, so every update is a change.
    await page.evaluate(() => {
      for (const tile of document.querySelectorAll('[data-testid^="machine-"]')) {
        window.__floor!.statuses[Number(tile.getAttribute('data-testid')!.slice('machine-'.length))] = tile.getAttribute('data-status')!;
      }
    });
    // STRESS_ROUTE=/profile: the same stream with the lobby not mounted (the cost of the socket
    // and the auth actor alone, to tell it from the lobby's).
    if (process.env.STRESS_ROUTE) {
      await page.goto(process.env.STRESS_ROUTE);
      await page.waitForFunction(() => (window.__floor?.sockets.length ?? 0) > 0);
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

    // The frames are written before the window, so building them is not counted as the
    // client's time: every update is a change from the status the machine has by then.
    await page.evaluate(
      ({ machines, total, statuses }) => {
        const current = { ...window.__floor!.statuses };
        let seed = 1;
        const random = () => {
          seed = (seed * 48271) % 2147483647;
          return seed / 2147483647;
        };
        const frames: Array<{ id: number; status: string; data: string }> = [];
        for (let i = 0; i < total; i++) {
          const id = 1 + Math.floor(random() * machines);
          const choices = statuses.filter((s) => s !== current[id]);
          const status = choices[Math.floor(random() * choices.length)]!;
          current[id] = status;
          frames.push({ id, status, data: JSON.stringify({ type: 'machine', machine: { id, status } }) });
        }
        (window as unknown as { __frames: typeof frames }).__frames = frames;
      },
      { machines: options.machines, total: options.updatesPerSecond * options.seconds, statuses: [...STATUSES] },
    );

    // ---- the window: `updatesPerSecond` status changes, each its own socket message (task) ----
    const before = await metrics();
    const started = performance.now();
    const sent = await page.evaluate(
      ({ rate, ms }) =>
        new Promise<number>((resolve) => {
          const floor = window.__floor!;
          const frames = (window as unknown as { __frames: Array<{ id: number; status: string; data: string }> }).__frames;
          let count = 0;
          let dispatchMs = 0;
          // Behind schedule: the next frame in the next task (a message port is not clamped to
          // 4 ms as nested timeouts are); on schedule: wait for the next one.
          const port = new MessageChannel();
          port.port1.onmessage = () => tick();
          const begin = performance.now();
          const tick = () => {
            const elapsed = performance.now() - begin;
            const due = Math.min(frames.length, Math.floor((Math.min(elapsed, ms) / 1000) * rate));
            if (count < due) {
              // One frame per task, as the network delivers them; catch up on the next ticks.
              const frame = frames[count]!;
              floor.statuses[frame.id] = frame.status;
              const sentAt = performance.now();
              for (const socket of floor.sockets) socket.dispatchEvent(new MessageEvent('message', { data: frame.data }));
              dispatchMs += performance.now() - sentAt;
              count++;
            }
            if (elapsed >= ms && count >= due) {
              (window as unknown as { __dispatchMs: number }).__dispatchMs = dispatchMs;
              resolve(count);
            } else if (count < due) port.port2.postMessage(null);
            // On schedule: sleep until the next frame is due (not a 1 ms poll, whose wake-ups
            // would be counted as the client's main-thread time).
            else setTimeout(tick, Math.max(0, ((count + 1) * 1000) / rate - elapsed));
          };
          tick();
        }),
      { rate: options.updatesPerSecond, ms: options.seconds * 1000 },
    );
    const wall = (performance.now() - started) / 1000;
    const after = await metrics();
    if (profile) {
      const { profile: recorded } = await cdp.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(recorded));
    }
    if (trace) await browser.stopTracing();
    const longTasks = await page.evaluate(() => window.__longTasks ?? []);
    // Statuses reach the tiles within half a second (socket and lobby batches): wait past that.
    await page.waitForTimeout(1000);
    const last = Object.entries(await page.evaluate(() => window.__floor!.statuses)).map(([id, status]) => [Number(id), status] as const);
    const sample = last.slice(-50);
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
      tilesUpToDate: `${upToDate}/${sample.length}`,
      dispatchMs: await page.evaluate(() => (window as unknown as { __dispatchMs?: number }).__dispatchMs ?? 0),
    };
  } finally {
    await context.close();
  }
}
