import { AUDIO_ENCODER_MARKER, spawnEncoder, type Encoder } from './encoder.ts';
import type { ScreenState } from './screen.ts';
import { createMachineSound, SAMPLE_RATE } from './sound.ts';

/**
 * The machine's sound for one viewer: sound.ts renders it, a second ffmpeg of the viewer's
 * encodes it to Opus, RTP out to its own loopback port, and the session hands the packets to
 * werift's audio track. A process of its own rather than a second input of the picture's ffmpeg:
 * ffmpeg 5.1 reads two inputs through threads it polls, sleeping 10 ms whenever neither has
 * data, and chooses what to encode next by timestamps, so the sound would add to the picture's
 * press → picture time and a stalled picture would hold the sound back (docs/video.md).
 *
 * ffmpeg's raw PCM reader takes 1024 samples at a time, so the sound is written in blocks of
 * exactly that, each the moment its last instant has passed: ffmpeg gets every block whole and
 * at once, and nothing waits in the pipe for the rest of one.
 */

export const OPUS_PAYLOAD_TYPE = 111;
/** Samples per block: what ffmpeg's raw PCM demuxer reads as one packet (1024 at 48 kHz: 21.3 ms). */
export const AUDIO_BLOCK = 1024;
const BLOCK_MS = (AUDIO_BLOCK * 1000) / SAMPLE_RATE;
/** Blocks written at once at most when the event loop or ffmpeg fell behind; beyond, the clock restarts. */
const MAX_CATCH_UP_BLOCKS = 48;

export function audioEncoderArgs(sessionId: string, port: number, ssrc: number): string[] {
  return [
    '-hide_banner', '-nostats', '-loglevel', 'error',
    '-probesize', '32', '-analyzeduration', '0',
    '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0',
    // Opus's restricted low-delay mode (CELT only: 2.5 ms of look-ahead instead of 6.5 ms), 20 ms
    // frames as WebRTC sends them, variable rate: silence costs a few bytes a frame.
    '-vn', '-c:a', 'libopus', '-application', 'lowdelay', '-frame_duration', '20', '-b:a', '32000', '-vbr', 'on',
    '-metadata', `comment=${AUDIO_ENCODER_MARKER}:${sessionId}`,
    '-f', 'rtp', '-payload_type', String(OPUS_PAYLOAD_TYPE), '-ssrc', String(ssrc),
    `rtp://127.0.0.1:${port}?pkt_size=1200&rtcpport=${port}`,
  ];
}

export function startAudioEncoder(options: { ffmpegPath: string; sessionId: string }): Promise<Encoder> {
  return spawnEncoder(options.ffmpegPath, (port, ssrc) => audioEncoderArgs(options.sessionId, port, ssrc));
}

export interface AudioFeederOptions {
  screen: () => ScreenState | undefined;
  /** The screen's clock (epoch ms). */
  now: () => number;
  /** The sound's encoder. A block that finds it busy waits; the sound stays continuous. */
  sink: { ready(): boolean; write(pcm: Buffer): void };
  /** Reports a rendering failure once; the feeder stops. */
  onError: (error: unknown) => void;
}

export interface AudioFeeder {
  /**
   * Hands ffmpeg one block of silence. ffmpeg takes 65–150 ms to load (longer on a busy machine)
   * before it reads: sound written meanwhile would leave in one burst, and the browser, which
   * judges each packet's arrival against its timestamp, would take the steady packets after the
   * burst for late ones and buffer half a second of sound (measured: a 494 ms jitter buffer
   * target). So the primer's packet, once it comes back (ffmpeg is reading), is dropped and the
   * sound starts then (start()).
   */
  prime(): void;
  start(): void;
  stop(): void;
  /** Blocks handed to the encoder so far. */
  blocksWritten(): number;
}

/**
 * Writes the machine's sound in real time: block n once n + 1 blocks' worth of time has passed
 * since start. The blocks follow the wall clock (performance.now), so the RTP timestamps ffmpeg
 * gives them (it counts samples) keep pace with it; a late timer writes the blocks it missed at
 * once, and after a long stop (more than a second behind) the sound restarts from now.
 */
export function createAudioFeeder(options: AudioFeederOptions): AudioFeeder {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let origin = 0;
  let written = 0;
  let sound = createMachineSound(options.now());

  const due = () => Math.floor((performance.now() - origin) / BLOCK_MS);
  const pump = () => {
    timer = undefined;
    if (stopped) return;
    try {
      if (due() - written > MAX_CATCH_UP_BLOCKS) {
        // Far behind (the process was stopped, or ffmpeg did not read for a second): start afresh.
        origin = performance.now();
        written = 0;
        sound = createMachineSound(options.now());
      }
      while (written < due() && options.sink.ready()) {
        options.sink.write(sound.next(options.screen(), AUDIO_BLOCK));
        written += 1;
      }
    } catch (error) {
      stop();
      options.onError(error);
      return;
    }
    // The next block is due at the end of its last sample; a busy encoder is asked again shortly.
    const wait = options.sink.ready() ? origin + (written + 1) * BLOCK_MS - performance.now() : BLOCK_MS / 4;
    timer = setTimeout(pump, Math.max(0, wait));
  };
  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  return {
    prime() {
      if (!stopped && options.sink.ready()) options.sink.write(Buffer.alloc(AUDIO_BLOCK * 2));
    },
    start() {
      if (timer || stopped) return;
      origin = performance.now();
      written = 0;
      sound = createMachineSound(options.now());
      timer = setTimeout(pump, BLOCK_MS);
    },
    stop,
    blocksWritten: () => written,
  };
}
