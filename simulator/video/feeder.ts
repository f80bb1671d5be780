import { createCanvas } from '@napi-rs/canvas';
import { drawFrame } from './render.ts';
import type { ScreenState } from './screen.ts';

/**
 * Draws a machine's live screen at a steady rate and hands each frame to a sink (the encoder).
 * While the sink is busy, ticks are skipped: live video favours the newest picture over a queue.
 */

export interface FeederOptions {
  width: number;
  height: number;
  fps: number;
  screen: () => ScreenState | undefined;
  now: () => number;
  paylines?: readonly (readonly number[])[] | undefined;
  /** The encoder: a frame is drawn only when it can take one (drawing costs more than skipping). */
  sink: { ready(): boolean; write(rgba: Buffer): void };
  /** Reports a drawing failure once; the feeder stops rather than spinning on the same error. */
  onError: (error: unknown) => void;
}

export interface Feeder {
  /**
   * Draws and hands over one frame now, without starting the steady rate: the encoder starts up
   * and encodes it while the viewer is still connecting (nothing while stalled or busy).
   */
  prime(): void;
  start(): void;
  stop(): void;
  /** While stalled no frames are drawn or sent (the control API's "stall the video"). */
  setStalled(stalled: boolean): void;
  framesSent(): number;
}

export function createFeeder(options: FeederOptions): Feeder {
  const canvas = createCanvas(options.width, options.height);
  const ctx = canvas.getContext('2d');
  let timer: ReturnType<typeof setInterval> | undefined;
  let stalled = false;
  let frame = 0;

  const tick = () => {
    if (stalled || !options.sink.ready()) return;
    try {
      drawFrame(ctx, options.width, options.height, { screen: options.screen(), now: options.now(), frame, paylines: options.paylines });
      options.sink.write(canvas.data()); // data() is a copy, so the next draw cannot tear it
      frame += 1;
    } catch (error) {
      stop();
      options.onError(error);
    }
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };

  return {
    prime() {
      if (!timer) tick();
    },
    start() {
      if (timer) return;
      tick(); // the first frame now, not one interval later: it is the viewer's first picture
      timer = setInterval(tick, 1000 / options.fps);
    },
    stop,
    setStalled(value) {
      stalled = value;
    },
    framesSent: () => frame,
  };
}
