import { randomUUID } from 'node:crypto';
import { startEncoder, type Encoder } from './encoder.ts';
import type { BandSpec } from './types.ts';

/**
 * Spare encoders: one idle ffmpeg per band size, started ahead of the viewer who will use it.
 * Debian's ffmpeg loads some 200 shared libraries before it reads its first frame: ~65 ms on an
 * idle machine, 100–150 ms on a busy one (measured), longer than ICE and DTLS take on loopback,
 * so a cold encoder is what a new viewer would wait for. A spare has done all that, and encoded
 * one black frame that went nowhere (its primer: libvpx's set-up is not in the viewer's first
 * frame), and waits on its stdin at no CPU cost. It is started with the id of the session that
 * will take it, so its ENCODER_MARKER names that session like any other encoder. A band gets its
 * first spare after its first viewer, and another a moment after each take (not at once:
 * starting ffmpeg costs CPU the viewer who just took the spare still needs).
 */

/** A spare that has not encoded its primer by then is not kept (ffmpeg is stuck or gone). */
const PRIMER_TIMEOUT_MS = 5000;

export interface SpareEncoder {
  /** The id the taking session must use: it is in the encoder's command line. */
  id: string;
  encoder: Encoder;
}

export interface EncoderSpares {
  /** A ready encoder for the band's size, or undefined; either way a spare follows shortly. */
  take(band: BandSpec): SpareEncoder | undefined;
  /** Idle spares right now. */
  count(): number;
  /** Stops every spare and any still starting; resolves once they have exited. */
  close(): Promise<void>;
}

export interface SpareOptions {
  ffmpegPath: string;
  fps: number;
  /** How long after a viewer arrives its band's next spare is started. */
  delayMs: number;
}

export function createEncoderSpares(options: SpareOptions): EncoderSpares {
  const idle = new Map<string, SpareEncoder>();
  const starting = new Set<Promise<unknown>>();
  // Spares still encoding their primer: close() stops them rather than wait for it.
  const priming = new Set<Encoder>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let closed = false;
  const sizeOf = (band: BandSpec) => `${band.width}x${band.height}`;

  const start = (band: BandSpec) => {
    const size = sizeOf(band);
    if (closed || idle.has(size)) return;
    const id = randomUUID();
    const pending = startEncoder({ ffmpegPath: options.ffmpegPath, width: band.width, height: band.height, fps: options.fps, sessionId: id, primer: true })
      .then(async (encoder) => {
        // Idle once it has encoded its primer: libvpx is set up and the pipe is empty.
        let timer: ReturnType<typeof setTimeout> | undefined;
        priming.add(encoder);
        const warm = await new Promise<boolean>((resolve) => {
          encoder.onReady(() => resolve(true));
          encoder.onExit(() => resolve(false));
          timer = setTimeout(() => resolve(encoder.ready()), PRIMER_TIMEOUT_MS);
        });
        clearTimeout(timer);
        priming.delete(encoder);
        if (closed || idle.has(size) || !warm || !encoder.running()) {
          await encoder.stop();
          return;
        }
        const spare = { id, encoder };
        idle.set(size, spare);
        // A spare that dies while idle (killed from outside) is forgotten; the next viewer starts cold.
        encoder.onExit(() => {
          if (idle.get(size) === spare) idle.delete(size);
        });
      })
      .catch(() => undefined) // no ffmpeg: viewers get their 503 from their own start
      .finally(() => starting.delete(pending));
    starting.add(pending);
  };

  return {
    take(band) {
      const size = sizeOf(band);
      const spare = idle.get(size);
      idle.delete(size);
      if (!closed && !timers.has(size)) {
        const timer = setTimeout(() => {
          timers.delete(size);
          start(band);
        }, options.delayMs);
        timer.unref();
        timers.set(size, timer);
      }
      return spare?.encoder.running() ? spare : undefined;
    },
    count: () => idle.size,
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      for (const encoder of priming) void encoder.stop();
      await Promise.allSettled([...starting]);
      const spares = [...idle.values()];
      idle.clear();
      await Promise.allSettled(spares.map((spare) => spare.encoder.stop()));
    },
  };
}
