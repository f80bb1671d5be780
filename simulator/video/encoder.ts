import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

/**
 * One ffmpeg per viewer: raw RGBA frames in on stdin, VP8 RTP out to a loopback UDP port that
 * only this encoder uses. Frames are written only when ffmpeg has taken the previous ones, so a
 * slow encoder drops frames instead of building latency. Killing is idempotent and resolves
 * when the process is gone, so callers can promise that no ffmpeg outlives its viewer; if Node
 * itself dies, ffmpeg sees stdin close and exits on its own.
 */

/** Appears in every encoder's command line, so tests (and operators) can find strays with pgrep. */
export const ENCODER_MARKER = 'reelside-video';
/**
 * The sound's encoders (audio.ts) carry this one, which contains ENCODER_MARKER: `pgrep -f
 * reelside-video` finds every encoder, `reelside-video:{session}` the session's picture only.
 */
export const AUDIO_ENCODER_MARKER = `${ENCODER_MARKER}-audio`;
export const RTP_PAYLOAD_TYPE = 96;
const KILL_GRACE_MS = 1000;

export interface EncoderOptions {
  ffmpegPath: string;
  width: number;
  height: number;
  fps: number;
  /** Identifies the viewer session in the command line. */
  sessionId: string;
  /**
   * Encode one black frame at once and send it nowhere (a spare's, spares.ts): libvpx is set up
   * before the viewer's first frame (~7 ms of it on an idle machine), and that frame is still a
   * keyframe. ready() says false until the primer's last packet has come back.
   */
  primer?: boolean;
}

export interface Encoder {
  readonly pid: number | undefined;
  /** False while ffmpeg has not yet taken the previous frame (or has exited). */
  ready(): boolean;
  /** Hands ffmpeg a width×height×4 RGBA frame (the sound's encoder: a block of samples). */
  writeFrame(frame: Buffer): void;
  /** Called each time ffmpeg has taken a frame that it could not take at once, or has encoded its primer (ready() turns true). */
  onReady(listener: () => void): void;
  onPacket(listener: (packet: Buffer) => void): void;
  /** Called once when ffmpeg exits or cannot start, with its last error output. */
  onExit(listener: (reason: string) => void): void;
  running(): boolean;
  /** Why ffmpeg exited ('' while it runs). */
  exitReason(): string;
  stop(): Promise<void>;
}

export function encoderArgs(options: EncoderOptions, port: number, ssrc: number): string[] {
  const { width, height, fps } = options;
  // ~0.15 bit per pixel: the cabinet is flat colour and text, which VP8 keeps sharp at this rate.
  // HD needs fewer bits per pixel for the same picture, and libvpx's fastest realtime setting costs
  // it nothing: at 1280×720 reels spinning, 0.1 bit per pixel and -cpu-used 16 give 26.4 dB PSNR
  // against 26.5 for 0.15 and 8 (43.9 at rest either way) with a third fewer packets to encrypt
  // and send, and a quarter less of ffmpeg's CPU. Smaller bands keep 8: at 640×360, 16 costs 4.6 dB.
  const hd = width * height >= 1280 * 720;
  const bitrate = Math.max(200_000, Math.round(width * height * fps * (hd ? 0.1 : 0.15)));
  const cpuUsed = hd ? '16' : '8';
  return [
    '-hide_banner', '-nostats', '-loglevel', 'error',
    // No probing: the input is fully described. (Not -fflags nobuffer: on ffmpeg 5.1 it holds
    // every frame back until the next one arrives, a frame of extra latency.)
    '-probesize', '32', '-analyzeduration', '0',
    '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-r', String(fps), '-i', 'pipe:0',
    '-an', '-c:v', 'libvpx', '-pix_fmt', 'yuv420p',
    '-deadline', 'realtime', '-cpu-used', cpuUsed, '-lag-in-frames', '0', '-error-resilient', '1', '-auto-alt-ref', '0',
    '-b:v', String(bitrate), '-maxrate', String(bitrate), '-bufsize', String(Math.round(bitrate / 2)),
    // A keyframe every second bounds how long a viewer that lost packets waits for a clean picture.
    // One thread: at these sizes libvpx encodes a frame in a few ms, and a second thread tripled
    // ffmpeg's CPU (measured 12% vs 40% of a core at 640×360, 30 fps).
    '-g', String(fps), '-threads', '1',
    // After a primer, the first real frame must be a keyframe too: the viewer never gets the primer.
    ...(options.primer ? ['-force_key_frames', 'expr:lte(n,1)'] : []),
    '-metadata', `comment=${ENCODER_MARKER}:${options.sessionId}`,
    '-f', 'rtp', '-payload_type', String(RTP_PAYLOAD_TYPE), '-ssrc', String(ssrc),
    // RTCP to the same port, where it is dropped: never to port+1, which may belong to anyone.
    `rtp://127.0.0.1:${port}?pkt_size=1200&rtcpport=${port}`,
  ];
}

export function startEncoder(options: EncoderOptions): Promise<Encoder> {
  const primer = options.primer ? Buffer.alloc(options.width * options.height * 4) : undefined;
  return spawnEncoder(options.ffmpegPath, (port, ssrc) => encoderArgs(options, port, ssrc), primer);
}

/**
 * An ffmpeg whose stdin takes raw media and whose RTP comes back to a loopback UDP port bound
 * here for it alone (`args` names the port and the SSRC to use): the picture's encoder above,
 * the sound's (audio.ts).
 */
export async function spawnEncoder(ffmpegPath: string, args: (port: number, ssrc: number) => string[], primer?: Buffer): Promise<Encoder> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const port = socket.address().port;
  const ssrc = randomInt(1, 2 ** 31);
  let child: ChildProcess;
  try {
    child = spawn(ffmpegPath, args(port, ssrc), { stdio: ['pipe', 'ignore', 'pipe'] });
  } catch (error) {
    socket.close();
    throw error;
  }
  return wrap(child, socket, ssrc, primer);
}

function wrap(child: ChildProcess, socket: Socket, ssrc: number, primer: Buffer | undefined): Encoder {
  const packetListeners: ((packet: Buffer) => void)[] = [];
  const exitListeners: ((reason: string) => void)[] = [];
  const readyListeners: (() => void)[] = [];
  let exited = false;
  let exitReason = '';
  let busy = false;
  // The primer's packets are dropped, and no frame is taken until its last one is back.
  let priming = primer !== undefined;
  let stderrTail = '';
  const exitedPromise = new Promise<void>((resolve) => {
    const finish = (reason: string) => {
      if (exited) return;
      exited = true;
      exitReason = reason;
      socket.close();
      for (const listener of exitListeners.splice(0)) listener(reason);
      resolve();
    };
    child.once('exit', (code, signal) => finish(`ffmpeg exited (${signal ?? code})${stderrTail ? `: ${stderrTail.trim()}` : ''}`));
    child.once('error', (error) => finish(`ffmpeg failed: ${error.message}`));
  });

  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-600);
  });
  // EPIPE when ffmpeg dies mid-write: the exit handler reports it; never an uncaught error.
  child.stdin?.on('error', () => {});
  child.stdin?.on('drain', () => {
    busy = false;
    if (!priming) for (const listener of readyListeners) listener();
  });
  socket.on('error', () => {});
  socket.on('message', (packet, remote) => {
    // Only our ffmpeg talks to this port; anything else on loopback is ignored.
    if (remote.address !== '127.0.0.1' || packet.length < 12 || packet.readUInt32BE(8) !== ssrc) return;
    if (priming) {
      if (packet[1] !== (0x80 | RTP_PAYLOAD_TYPE)) return; // not the frame's last packet (RTP marker)
      priming = false;
      if (!busy) for (const listener of readyListeners) listener();
      return;
    }
    for (const listener of packetListeners) listener(packet);
  });
  if (primer && child.stdin) busy = !child.stdin.write(primer);

  return {
    pid: child.pid,
    ready: () => !exited && !busy && !priming && child.stdin?.writable === true,
    writeFrame(frame) {
      if (exited || !child.stdin?.writable) return;
      busy = !child.stdin.write(frame);
    },
    onReady(listener) {
      readyListeners.push(listener);
    },
    onPacket(listener) {
      packetListeners.push(listener);
    },
    onExit(listener) {
      if (exited) listener('ffmpeg already exited');
      else exitListeners.push(listener);
    },
    running: () => !exited,
    exitReason: () => exitReason,
    async stop() {
      if (exited) return;
      child.stdin?.destroy();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}
