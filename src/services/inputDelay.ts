import { decodeStripLumas, stripAdvance, stripLayout, stripLumas } from '../../protocol/videoStrip.ts';

/**
 * Press → picture, measured where it can be: when the machine's video carries the request strip
 * (protocol/videoStrip.ts, a simulator option), each presented frame says how many of the
 * player's requests the machine had handled, so the time from a request's send to the first frame
 * that counts it is known. Frames are read (requestVideoFrameCallback, the strip's few pixels
 * through a canvas) only while a request waits for its answer. A video without the strip — a real
 * camera, the simulator by default — is recognised on the first request and never read again:
 * the delay is then unknown, and said to be (null), not guessed.
 */

/** Frames without a readable strip, before any was seen, that mean the video has none. */
const NO_STRIP_AFTER = 10;
/** A request not answered on the video by then is forgotten (lost, or the video stalled). */
const GIVE_UP_MS = 2000;
/** The figure is the median of the latest measurements. */
const KEEP = 5;

export interface InputDelayMeter {
  /** A player request has just been sent. */
  request(): void;
  /** The video changed (a new stream): what was read before says nothing about it. */
  reset(): void;
  /** Median press → picture of the latest requests (ms), or null while unknown. */
  latest(): number | null;
  stop(): void;
}

type FrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?(callback: (now: number, meta: { presentationTime: number; width: number; height: number }) => void): number;
};

/** Reads the strip of the frame the video shows now (width×height): its count, or null. */
export type StripReader = (video: HTMLVideoElement, width: number, height: number) => number | null;

export function createInputDelayMeter(findVideo: () => HTMLVideoElement | null, readFrame?: StripReader): InputDelayMeter {
  let pending: number[] = [];
  let last: number | null = null;
  let absent = false;
  let misses = 0;
  let running = false;
  let stopped = false;
  const delays: number[] = [];
  let ctx: CanvasRenderingContext2D | null = null;

  const canvasRead: StripReader = (video, width, height) => {
    const layout = stripLayout(width, height);
    ctx ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    if (ctx.canvas.width !== layout.width || ctx.canvas.height !== layout.height) {
      ctx.canvas.width = layout.width;
      ctx.canvas.height = layout.height;
    }
    ctx.drawImage(video, layout.x, layout.y, layout.width, layout.height, 0, 0, layout.width, layout.height);
    return decodeStripLumas(stripLumas(ctx.getImageData(0, 0, layout.width, layout.height).data, layout.width, layout.cell));
  };

  const read = readFrame ?? canvasRead;

  const onFrame = (video: FrameVideo, presentedAt: number, width: number, height: number) => {
    const value = read(video, width, height);
    const now = performance.now();
    if (value === null) {
      // Before any strip was seen: after a few frames, this video has none.
      if (last === null && ++misses >= NO_STRIP_AFTER) {
        absent = true;
        pending = [];
      }
    } else if (last === null) {
      misses = 0;
      last = value; // what the machine had counted before the request: the next change answers it
    } else if (value !== last) {
      const answered = pending.splice(0, Math.min(stripAdvance(last, value), pending.length));
      for (const sentAt of answered) delays.push(presentedAt - sentAt);
      delays.splice(0, Math.max(0, delays.length - KEEP));
      last = value;
    }
    const waiting = pending.filter((sentAt) => now - sentAt < GIVE_UP_MS);
    // A request given up on may still be answered later: read the count afresh for the next one.
    if (waiting.length < pending.length) last = null;
    pending = waiting;
    watch();
  };

  function watch(): void {
    running = false;
    if (stopped || absent || pending.length === 0) return;
    const video = findVideo() as FrameVideo | null;
    if (!video?.requestVideoFrameCallback) {
      pending = [];
      return;
    }
    running = true;
    video.requestVideoFrameCallback((_now, meta) => onFrame(video, meta.presentationTime, meta.width, meta.height));
  }

  return {
    request() {
      if (absent || stopped) return;
      pending.push(performance.now());
      // A video that presents nothing (paused, hidden) must not collect requests for ever.
      if (pending.length > 20) pending.shift();
      if (!running) watch();
    },
    reset() {
      last = null;
      misses = 0;
      absent = false;
      pending = [];
    },
    latest() {
      if (delays.length === 0) return null;
      const sorted = [...delays].sort((a, b) => a - b);
      return Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!);
    },
    stop() {
      stopped = true;
      pending = [];
    },
  };
}
