import type { Page } from 'playwright-core';
import type { FrameTrace } from '../simulator/video/index.ts';
import { decodeStripLumas, stripLayout, stripLumas } from '../protocol/videoStrip.ts';

/**
 * The bench's input → video figure (issue 16): the time from the player's press leaving the page
 * (the machine socket's send) to the first presented video frame that carries its answer.
 *
 * The simulator runs with the request strip on (protocol/videoStrip.ts): every frame says how
 * many player requests the machine had handled when it was drawn. The page reads the strip of each
 * presented frame (requestVideoFrameCallback, a canvas of the strip's few pixels), so it knows
 * the first frame after a press whose count went up by one. The server's trace of that frame (when
 * the floor handled the request, when it was drawn, handed to ffmpeg, and its last RTP packet
 * handed to werift) and the frame's own metadata (receiveTime, processingDuration,
 * presentationTime) split the time into the steps below. Browser and server share the machine's
 * clock: both are converted to epoch milliseconds (performance.timeOrigin + performance.now()).
 */

export interface PressSample {
  button: string;
  /** Send → first presented frame carrying the answer (the figure), ms. */
  total: number;
  /** The steps (ms); null where the bench could not see them. */
  socket: number | null;
  tickWait: number | null;
  draw: number | null;
  /** The frame through the pipe to ffmpeg (its stdin drained). */
  pipe: number | null;
  /** ffmpeg's libvpx: frame read → its first RTP packet. */
  vp8: number | null;
  /** First → last RTP packet of the frame handed to werift. */
  packets: number | null;
  encode: number | null;
  network: number | null;
  decode: number | null;
  jitterAndRender: number | null;
  /** Presentation → the display's expected refresh (not in the figure). */
  display: number | null;
  /** The answer frame was drawn at once for the request (not on a tick). */
  redraw: boolean | null;
}

export interface InputLatency {
  samples: PressSample[];
  fps: number;
  /** The game's stats line at the end, as the player saw it. */
  sideBar: string | null;
}

interface PageFrame {
  value: number | null;
  presentationTime: number;
  expectedDisplayTime: number;
  receiveTime: number | null;
  processingDuration: number | null;
}

declare global {
  interface Window {
    __benchSends?: { at: number; data: string }[];
    __benchFrames?: PageFrame[];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Joins machine 12, loads credits and presses Bet up, Bet down and Spin in turn, `presses` times,
 * spaced by a random 150–400 ms (so presses fall anywhere in the render tick) and by the spin's
 * 2 s after a Spin. `traces` is the simulator's trace sink (VideoOptions.trace), filled as frames go.
 */
export async function inputToVideo(page: Page, traces: FrameTrace[], presses: number, fps: number, chooseBand?: () => Promise<void>): Promise<InputLatency> {
  // Every button request the app sends, with its time: installed before the app's socket exists.
  await page.addInitScript(() => {
    window.__benchSends = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
      if (typeof data === 'string' && data.includes('"type":"button"')) {
        window.__benchSends!.push({ at: performance.timeOrigin + performance.now(), data });
      }
      return send.call(this, data);
    };
  });
  await page.goto('/game/12/bench');
  await page.getByRole('button', { name: 'Money transfer' }).click();
  // $100: a run's 20 spins cost at most $40, and the runs after it (another band, the other core
  // busy, the heap check) still find their coins (the $1,000 coin is off once the balance is less).
  // (A run that stopped part way left its credits on the machine: these come on top.)
  const credits = page.getByTestId('game-credits');
  await credits.filter({ hasText: /\d\.\d\d/ }).waitFor();
  const creditsBefore = await credits.textContent();
  await page.getByRole('button', { name: '$100.00' }).click();
  await page.waitForFunction((before) => {
    const now = document.querySelector('[data-testid="game-credits"]')?.textContent;
    return now !== before && /\d\.\d\d/.test(now ?? '');
  }, creditsBefore);
  await page.waitForFunction(() => (document.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0) > 0, undefined, { timeout: 15_000 });
  if (chooseBand) {
    // The band measured, picked from the quality menu as a player would; then its own frames.
    await chooseBand();
    await page.waitForTimeout(1500);
    await page.waitForFunction(() => (document.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0) > 0, undefined, { timeout: 15_000 });
  }

  // Read the strip of every presented frame, in the page.
  await readStripOfEveryFrame(page);
  await page.waitForFunction(() => (window.__benchFrames ?? []).some((frame) => frame.value !== null), undefined, { timeout: 5000 }).catch(() => {
    throw new Error('the video carries no request strip');
  });

  const plan = ['Bet up', 'Bet down', 'Spin'] as const;
  const samples: PressSample[] = [];
  for (let i = 0; i < presses; i++) {
    // Free spins (a Spin won them) keep the bet: the bet's buttons are off until they are played.
    const planned = plan[i % plan.length]!;
    const button = planned === 'Spin' || (await page.getByRole('button', { name: planned, exact: true }).isEnabled()) ? planned : 'Spin';
    const before = await page.evaluate(() => {
      const frames = window.__benchFrames!;
      for (let j = frames.length - 1; j >= 0; j--) if (frames[j]!.value !== null) return frames[j]!.value;
      return null;
    });
    if (before === null) throw new Error('no strip read before a press');
    const expected = (before + 1) % 256;
    traces.length = 0;
    const sendsBefore = await page.evaluate(() => window.__benchSends!.length);
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.waitForFunction(
      ({ expected, sendsBefore }) => {
        const send = window.__benchSends![sendsBefore];
        return send !== undefined && window.__benchFrames!.some((frame) => frame.value === expected && frame.presentationTime >= send.at);
      },
      { expected, sendsBefore },
      { timeout: 5000, polling: 10 },
    );
    const { send, frame } = await page.evaluate(
      ({ expected, sendsBefore }) => {
        const send = window.__benchSends![sendsBefore]!;
        return { send, frame: window.__benchFrames!.find((f) => f.value === expected && f.presentationTime >= send.at)! };
      },
      { expected, sendsBefore },
    );
    // The server's trace of the first frame with the new count (sent before the page saw it).
    const trace = traces.find((t) => t.machineId === '12' && t.requestSeq % 256 === expected) ?? null;
    samples.push(sample(button, send.at, frame, trace));
    await sleep(button === 'Spin' ? 2300 : 150 + Math.random() * 250);
  }
  // What the player's own stats line measured meanwhile (the median of its latest presses).
  await sleep(1100);
  await page.getByRole('button', { name: 'Video details' }).click();
  const sideBar = await page.getByTestId('video-stats').textContent();
  // Leave as the other figures expect to find the machine: free, nothing on it.
  await page.getByRole('button', { name: 'Cash out' }).click();
  await page.waitForURL(/lobby/);
  return { samples, fps, sideBar };
}

function sample(button: string, sentAt: number, frame: PageFrame, trace: FrameTrace | null): PressSample {
  const decode = frame.processingDuration;
  const receive = frame.receiveTime;
  const step = (from: number | null | undefined, to: number | null | undefined) => (from == null || to == null ? null : to - from);
  return {
    button,
    total: frame.presentationTime - sentAt,
    socket: step(sentAt, trace?.requestedAt),
    tickWait: step(trace?.requestedAt, trace?.drawStart),
    draw: step(trace?.drawStart, trace?.written),
    pipe: step(trace?.written, trace?.taken),
    vp8: step(trace?.taken, trace?.firstPacket),
    packets: step(trace?.firstPacket, trace?.sent),
    encode: step(trace?.written, trace?.sent),
    network: step(trace?.sent, receive),
    decode,
    jitterAndRender: receive === null ? null : frame.presentationTime - receive - (decode ?? 0),
    display: frame.expectedDisplayTime - frame.presentationTime,
    redraw: trace?.redraw ?? null,
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

/** The steps' medians and p95s, in the order a press goes through them. */
export function breakdown(samples: PressSample[]) {
  const steps = ['socket', 'tickWait', 'draw', 'encode', 'pipe', 'vp8', 'packets', 'network', 'decode', 'jitterAndRender', 'display'] as const;
  const of = (key: (typeof steps)[number]) => samples.map((s) => s[key]).filter((v): v is number => v !== null);
  return Object.fromEntries(steps.map((key) => [key, { median: percentile(of(key), 0.5), p95: percentile(of(key), 0.95), n: of(key).length }])) as Record<
    (typeof steps)[number],
    { median: number; p95: number; n: number }
  >;
}

/**
 * Installs in the page a reader of the request strip of every presented frame of its <video>
 * (requestVideoFrameCallback, a canvas of the strip's few pixels), kept in window.__benchFrames
 * with the frame's timing. The reading functions travel as source: they use nothing outside
 * themselves (protocol/videoStrip.ts). The bench and the video tests share it.
 */
export async function readStripOfEveryFrame(page: Page): Promise<void> {
  await page.evaluate(
    ({ layoutSource, lumasSource, decodeSource }) => {
      const layoutOf = new Function(`return (${layoutSource})`)() as typeof stripLayout;
      const lumasOf = new Function(`return (${lumasSource})`)() as typeof stripLumas;
      const decode = new Function(`return (${decodeSource})`)() as typeof decodeStripLumas;
      const video = document.querySelector('video')!;
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      const frames: PageFrame[] = [];
      window.__benchFrames = frames;
      const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
        const layout = layoutOf(meta.width, meta.height);
        if (canvas.width !== layout.width || canvas.height !== layout.height) {
          canvas.width = layout.width;
          canvas.height = layout.height;
        }
        ctx.drawImage(video, layout.x, layout.y, layout.width, layout.height, 0, 0, layout.width, layout.height);
        const pixels = ctx.getImageData(0, 0, layout.width, layout.height).data;
        const origin = performance.timeOrigin;
        frames.push({
          value: decode(lumasOf(pixels, layout.width, layout.cell)),
          presentationTime: origin + meta.presentationTime,
          expectedDisplayTime: origin + meta.expectedDisplayTime,
          receiveTime: meta.receiveTime === undefined ? null : origin + meta.receiveTime,
          processingDuration: meta.processingDuration === undefined ? null : meta.processingDuration * 1000,
        });
        if (frames.length > 4000) frames.splice(0, 2000);
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    },
    { layoutSource: stripLayout.toString(), lumasSource: stripLumas.toString(), decodeSource: decodeStripLumas.toString() },
  );
}
