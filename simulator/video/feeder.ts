import { createCanvas } from '@napi-rs/canvas';
import { createRenderer } from './render.ts';
import type { ScreenState } from './screen.ts';

/**
 * Draws a machine's live screen at a steady rate and hands each frame to a sink (the encoder).
 * While the sink is busy nothing queues: a tick that finds it busy draws the moment it is free
 * (one frame at most, drawn then, so it is the newest picture), and the next tick comes on time.
 * A request that changed the screen asks for a frame at once (redraw): it is drawn now, or the
 * moment the encoder takes frames again, and the steady rate restarts from it, so the player's
 * press does not wait for the next tick and the rate never exceeds fps.
 */

export interface FeederOptions {
  width: number;
  height: number;
  fps: number;
  screen: () => ScreenState | undefined;
  now: () => number;
  paylines?: readonly (readonly number[])[] | undefined;
  /** Draw the request strip (protocol/videoStrip.ts) in every frame. */
  strip?: boolean | undefined;
  /**
   * The encoder: a frame is drawn only when it can take one (drawing costs more than skipping).
   * onReady, when given, is called whenever it can take a frame again (a waiting redraw goes then).
   */
  sink: { ready(): boolean; write(rgba: Buffer): void; onReady?(listener: () => void): void };
  /** Reports a drawing failure once; the feeder stops rather than spinning on the same error. */
  onError: (error: unknown) => void;
  /** Told of every frame handed to the sink (the bench's trace). */
  onFrame?: (frame: DrawnFrame) => void;
}

export interface DrawnFrame {
  /** 0 for the first frame handed to this sink, then 1, 2, … */
  index: number;
  /** The screen's request count drawn into it. */
  requestSeq: number;
  /** Drawn because a request asked for it, not on the steady tick. */
  redraw: boolean;
  /** performance.now() when drawing started, and when the frame had been handed to the sink. */
  drawStart: number;
  written: number;
}

export interface Feeder {
  /**
   * Draws and hands over one frame now, without starting the steady rate: the encoder starts up
   * and encodes it while the viewer is still connecting (nothing while stalled or busy).
   */
  prime(): void;
  start(): void;
  stop(): void;
  /**
   * The screen answered a request: draw a frame now (or as soon as the encoder is free) instead
   * of on the next tick. Only once started, and not while stalled.
   */
  redraw(): void;
  /** While stalled no frames are drawn or sent (the control API's "stall the video"). */
  setStalled(stalled: boolean): void;
  framesSent(): number;
}

export function createFeeder(options: FeederOptions): Feeder {
  const canvas = createCanvas(options.width, options.height);
  const ctx = canvas.getContext('2d');
  const renderer = createRenderer(options.width, options.height);
  const interval = 1000 / options.fps;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stalled = false;
  let frame = 0;
  // A redraw asked for while the encoder was busy: it goes the moment the encoder is free.
  let pending = false;
  // A tick that found the encoder busy: its frame goes the moment the encoder is free, so a frame
  // that takes ffmpeg a little over one interval costs that little, not a whole tick (at 720p on
  // a busy machine, skipped ticks halved the rate while ffmpeg was idle half the time).
  let late = false;
  let stopped = false;

  const draw = (redraw: boolean): boolean => {
    if (stalled || stopped || !options.sink.ready()) return false;
    try {
      const drawStart = performance.now();
      const screen = options.screen();
      renderer.draw(ctx, { screen, now: options.now(), frame, paylines: options.paylines, strip: options.strip });
      options.sink.write(canvas.data()); // data() is a copy, so the next draw cannot tear it
      options.onFrame?.({ index: frame, requestSeq: screen?.requestSeq ?? 0, redraw, drawStart, written: performance.now() });
      frame += 1;
      return true;
    } catch (error) {
      stop();
      options.onError(error);
      return false;
    }
  };
  const tick = () => {
    // A tick that finds the encoder busy leaves a waiting answer waiting: it goes when ffmpeg is free.
    if (draw(false)) pending = false;
    else late = !stalled && !stopped;
  };
  const restart = () => {
    if (timer) clearInterval(timer);
    timer = setInterval(tick, interval);
  };
  const answer = () => {
    pending = !draw(true) && !stalled && !stopped;
    // The steady rate goes on one interval after this frame: never two frames closer than that.
    if (!pending) restart();
  };
  const stop = () => {
    stopped = true;
    pending = false;
    late = false;
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  options.sink.onReady?.(() => {
    if (!timer) return;
    if (pending) answer();
    else if (late && draw(false)) late = false;
  });

  return {
    prime() {
      if (!timer) draw(false);
    },
    start() {
      if (timer || stopped) return;
      draw(false); // the first frame now, not one interval later: it is the viewer's first picture
      restart();
    },
    stop,
    redraw() {
      if (timer) answer();
    },
    setStalled(value) {
      stalled = value;
      if (value) pending = late = false;
    },
    framesSent: () => frame,
  };
}
