import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BANDS } from '../../simulator/video/bands.ts';
import { encoderArgs } from '../../simulator/video/encoder.ts';
import { createFeeder, type DrawnFrame } from '../../simulator/video/feeder.ts';
import { drawFrame } from '../../simulator/video/render.ts';
import type { ScreenState } from '../../simulator/video/screen.ts';
import { machineScreen } from './screenFixture.ts';
import {
  decodeStripLumas,
  readStrip,
  STRIP_CELLS,
  stripAdvance,
  stripCells,
  stripLayout,
  stripLumas,
} from '../../protocol/videoStrip.ts';
import { loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket } from './sockets.ts';

/**
 * The request strip (protocol/videoStrip.ts) and drawing the answer to a request at once
 * (feeder.ts, the floor's call): the bench's input → video figure depends on both.
 */

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

function screen(requestSeq: number, overrides: Partial<ScreenState> = {}): ScreenState {
  return machineScreen({ credits: 123_456, bet: 200, lines: 20, jackpot: 9_876_543, requestSeq, ...overrides });
}

function render(state: ScreenState, width = 640, height = 360, strip = true, now = NOW): Uint8ClampedArray {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawFrame(ctx, width, height, { screen: state, now, frame: 7, strip });
  return ctx.getImageData(0, 0, width, height).data;
}

describe('request strip encoding', () => {
  it('reads back every value it writes, at every band size, over the real picture', () => {
    for (const band of DEFAULT_BANDS) {
      for (const count of [0, 1, 2, 127, 128, 200, 255]) {
        expect(readStrip(render(screen(count), band.width, band.height), band.width, band.height), `${count} at ${band.width}×${band.height}`).toBe(count);
      }
    }
  });

  it('carries the count modulo 256, and stripAdvance undoes the wrap', () => {
    expect(readStrip(render(screen(256 + 5)), 640, 360)).toBe(5);
    expect(stripAdvance(255, 0)).toBe(1);
    expect(stripAdvance(10, 13)).toBe(3);
    expect(stripAdvance(7, 7)).toBe(0);
  });

  it('is every value distinct: sync white, reference black, 8 bits, even parity', () => {
    const seen = new Set<string>();
    for (let count = 0; count < 256; count++) {
      const cells = stripCells(count);
      expect(cells).toHaveLength(STRIP_CELLS);
      expect(cells[0]).toBe(true);
      expect(cells[1]).toBe(false);
      expect(cells.slice(2).filter(Boolean).length % 2).toBe(0);
      seen.add(cells.join());
      const lumas = cells.map((white) => (white ? 235 : 16)); // video levels, not full range
      expect(decodeStripLumas(lumas)).toBe(count);
    }
    expect(seen.size).toBe(256);
  });

  it('finds no strip in a frame drawn without one', () => {
    expect(readStrip(render(screen(9), 640, 360, false), 640, 360)).toBeNull();
    expect(readStrip(new Uint8ClampedArray(640 * 360 * 4), 640, 360)).toBeNull(); // black
    expect(readStrip(new Uint8ClampedArray(640 * 360 * 4).fill(255), 640, 360)).toBeNull(); // white
  });

  it('refuses a frame torn between two values, and a flipped bit (parity)', () => {
    const a = render(screen(0b1010_1010));
    const b = render(screen(0b0101_0101));
    const blend = a.map((value, i) => Math.round((value + (b[i] ?? 0)) / 2));
    expect(readStrip(blend, 640, 360)).toBeNull();
    const lumas = stripCells(77).map((white) => (white ? 230 : 20));
    lumas[5] = lumas[5]! > 128 ? 20 : 230;
    expect(decodeStripLumas(lumas)).toBeNull();
    expect(decodeStripLumas(lumas.slice(0, 5))).toBeNull();
  });

  it('lays its cells on the 16-pixel macroblock grid in the top-left corner', () => {
    expect(stripLayout(640, 360)).toEqual({ x: 0, y: 0, cell: 16, width: 16 * STRIP_CELLS, height: 16 });
    expect(stripLayout(320, 180).cell).toBe(16);
    expect(stripLayout(64, 36).cell).toBeLessThan(16);
  });

  it('reads a region the way a page gets it (getImageData of the strip only)', () => {
    const data = render(screen(42));
    const layout = stripLayout(640, 360);
    const region: number[] = [];
    for (let y = 0; y < layout.height; y++) for (let x = 0; x < layout.width; x++) region.push(...data.slice(((layout.y + y) * 640 + x) * 4, ((layout.y + y) * 640 + x) * 4 + 4));
    expect(decodeStripLumas(stripLumas(region, layout.width, layout.cell))).toBe(42);
  });

  it('stands alone: the page-side functions work from their source text', () => {
    // The bench hands these to the page as text; nothing outside their bodies may be used.
    const lumasFn = new Function(`return (${stripLumas.toString()})`)() as typeof stripLumas;
    const decodeFn = new Function(`return (${decodeStripLumas.toString()})`)() as typeof decodeStripLumas;
    const layoutFn = new Function(`return (${stripLayout.toString()})`)() as typeof stripLayout;
    const data = render(screen(99));
    const layout = layoutFn(640, 360);
    const region: number[] = [];
    for (let y = 0; y < layout.height; y++) for (let x = 0; x < layout.width; x++) region.push(...data.slice((y * 640 + x) * 4, (y * 640 + x) * 4 + 4));
    expect(decodeFn(lumasFn(region, layout.width, layout.cell))).toBe(99);
  });
});

describe.skipIf(spawnSync('ffmpeg', ['-version']).status !== 0)('request strip through VP8', () => {
  it('survives the encoder at its live settings, reels spinning, at every band size', () => {
    for (const band of DEFAULT_BANDS) {
      const { width, height } = band;
      const frames: number[] = [];
      const raw: Buffer[] = [];
      // 60 frames (30 at 720p, a second of it); the count changes every few frames while the reels
      // spin (the hardest picture), and wraps past 255 either way.
      for (let i = 0; i < (width > 640 ? 30 : 60); i++) {
        const count = 250 + Math.floor(i / 3); // wraps past 255
        frames.push(count % 256);
        const spinning = { startedAt: NOW, stopsAt: [NOW + 5000, NOW + 5000, NOW + 5000, NOW + 5000, NOW + 5000] };
        raw.push(Buffer.from(render(screen(count, { spinning }), width, height, true, NOW + i * 33).buffer));
      }
      const dir = mkdtempSync(join(tmpdir(), 'strip-'));
      try {
        const file = join(dir, 'strip.ivf');
        // The live encoder's own settings (encoderArgs), with its RTP output swapped for a file.
        const live = encoderArgs({ ffmpegPath: 'ffmpeg', width, height, fps: 30, sessionId: 'strip' }, 9, 1);
        const encode = spawnSync('ffmpeg', [...live.slice(0, live.indexOf('-f', live.indexOf('pipe:0'))), '-y', file], { input: Buffer.concat(raw) });
        expect(encode.status, encode.stderr.toString()).toBe(0);
        const decode = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], { maxBuffer: 1 << 28 });
        expect(decode.status, decode.stderr.toString()).toBe(0);
        const size = width * height * 4;
        expect(decode.stdout.length).toBe(size * frames.length);
        const read = frames.map((_, i) => readStrip(decode.stdout.subarray(i * size, (i + 1) * size), width, height));
        expect(read, `${width}×${height}`).toEqual(frames);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 60_000);
});

describe('drawing the answer to a request at once', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function feeder(ready = () => true) {
    const frames: DrawnFrame[] = [];
    let seq = 0;
    let readyListener: (() => void) | undefined;
    const feed = createFeeder({
      width: 64,
      height: 36,
      fps: 10, // a 100 ms tick
      screen: () => screen(seq),
      now: () => NOW,
      strip: true,
      sink: { ready, write: () => {}, onReady: (listener) => (readyListener = listener) },
      onError: (error) => {
        throw error;
      },
      onFrame: (frame) => frames.push(frame),
    });
    return {
      feed,
      frames,
      answer(next: number) {
        seq = next;
        feed.redraw();
      },
      drained: () => readyListener?.(),
    };
  }

  it('draws the frame that answers a request now, not on the next tick, and restarts the tick from it', () => {
    const { feed, frames, answer } = feeder();
    feed.start();
    expect(frames.map((f) => f.redraw)).toEqual([false]);
    vi.advanceTimersByTime(30);
    answer(1);
    // Synchronously: the frame is in the encoder before redraw() returns.
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatchObject({ redraw: true, requestSeq: 1, index: 1 });
    // The steady tick that was due at 100 ms now comes one interval after the answer (130 ms).
    vi.advanceTimersByTime(70);
    expect(frames).toHaveLength(2);
    vi.advanceTimersByTime(30);
    expect(frames).toHaveLength(3);
    expect(frames[2]).toMatchObject({ redraw: false, requestSeq: 1 });
    feed.stop();
  });

  it('waits for a busy encoder and draws the answer the moment it takes frames again', () => {
    let ready = true;
    const { feed, frames, answer, drained } = feeder(() => ready);
    feed.start();
    ready = false;
    answer(1);
    expect(frames).toHaveLength(1);
    ready = true;
    drained();
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatchObject({ redraw: true, requestSeq: 1 });
    // Drained again with nothing waiting: no extra frame.
    drained();
    expect(frames).toHaveLength(2);
    feed.stop();
  });

  it('keeps the answer waiting through a tick that finds the encoder still busy', () => {
    let ready = true;
    const { feed, frames, answer, drained } = feeder(() => ready);
    feed.start();
    ready = false;
    answer(1);
    vi.advanceTimersByTime(100); // the steady tick: the encoder is still busy, nothing is drawn
    expect(frames).toHaveLength(1);
    ready = true;
    drained(); // not the next tick, 100 ms later: now
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatchObject({ redraw: true, requestSeq: 1 });
    feed.stop();
  });

  it('draws a tick that found the encoder busy the moment it is free, once, and keeps the steady rate', () => {
    let ready = true;
    const { feed, frames, drained } = feeder(() => ready);
    feed.start();
    ready = false;
    vi.advanceTimersByTime(100); // the tick at 100 ms finds ffmpeg still reading the first frame
    expect(frames).toHaveLength(1);
    vi.advanceTimersByTime(10);
    ready = true;
    drained(); // at 110 ms: the late tick's frame, not nothing until the tick at 200 ms
    expect(frames).toHaveLength(2);
    expect(frames[1]).toMatchObject({ redraw: false, index: 1 });
    drained(); // nothing more was due
    expect(frames).toHaveLength(2);
    vi.advanceTimersByTime(90); // the steady tick at 200 ms
    expect(frames).toHaveLength(3);
    feed.stop();
  });

  it('forgets a late tick when stalled: no frame when the encoder frees up', () => {
    let ready = true;
    const { feed, frames, drained } = feeder(() => ready);
    feed.start();
    ready = false;
    vi.advanceTimersByTime(100);
    feed.setStalled(true);
    ready = true;
    drained();
    expect(frames).toHaveLength(1);
    feed.stop();
  });

  it('draws nothing for a request before the viewer is connected, while stalled, or once stopped', () => {
    const { feed, frames, answer } = feeder();
    answer(1);
    expect(frames).toHaveLength(0);
    feed.start();
    feed.setStalled(true);
    answer(2);
    expect(frames).toHaveLength(1);
    feed.setStalled(false);
    feed.stop();
    answer(3);
    expect(frames).toHaveLength(1);
  });
});

describe('the floor tells the video about each request', () => {
  let t: TestSimulator;
  beforeEach(async () => {
    t = await startTestSimulator({ now: Date.now });
  });
  afterEach(async () => {
    await t.close();
  });

  it('counts every request handled, accepted or refused, and asks for a frame after each', async () => {
    const answered = vi.spyOn(t.sim.video, 'requestAnswered');
    const token = await loginToken(t);
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 1, token });
    await socket.next('joined');
    const machine = t.sim.floor.machine(1)!;
    const before = machine.screen().requestSeq ?? 0;
    socket.send({ type: 'button', button: 'betUp', requestId: 'up-1' });
    await socket.next('ack');
    socket.send({ type: 'button', button: 'spin', requestId: 'spin-1' }); // no credits: refused
    await socket.next('error');
    await vi.waitFor(() => expect(answered).toHaveBeenCalledTimes(2));
    expect(answered).toHaveBeenCalledWith('1');
    expect(machine.screen().requestSeq).toBe(before + 2);
    socket.close();
  });
});
