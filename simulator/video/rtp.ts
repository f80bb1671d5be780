import { randomInt } from 'node:crypto';

/**
 * RTP from ffmpeg, made fit for the viewer's jitter buffer. werift's sender rewrites SSRC,
 * payload type and sequence offsets itself; what it cannot know is that ffmpeg's timestamps
 * count frames fed, not time: after a stall they would resume where they stopped while the
 * wall clock ran on, and Chrome would judge every later frame as seconds late. So each new
 * frame is stamped with the wall clock at its arrival (90 kHz), as a camera stamps capture time.
 */

const VIDEO_CLOCK_PER_MS = 90;

/** True for an RTCP packet (ffmpeg's sender reports share the port; they are not forwarded). */
export function isRtcp(packet: Buffer): boolean {
  const type = packet[1] ?? 0;
  return type >= 192 && type <= 223;
}

export function isRtp(packet: Buffer): boolean {
  return packet.length >= 12 && (packet[0] ?? 0) >> 6 === 2 && !isRtcp(packet);
}

export interface Restamper {
  /** Rewrites the packet's timestamp in place; returns false for anything that is not RTP. */
  restamp(packet: Buffer): boolean;
}

export function createRestamper(nowMs: () => number = () => performance.now()): Restamper {
  const origin = nowMs();
  const base = randomInt(0, 2 ** 31);
  let lastInput: number | undefined;
  let lastOutput = base;
  return {
    restamp(packet) {
      if (!isRtp(packet)) return false;
      const input = packet.readUInt32BE(4);
      if (input !== lastInput) {
        lastInput = input;
        const stamped = (base + Math.round((nowMs() - origin) * VIDEO_CLOCK_PER_MS)) >>> 0;
        // Two frames in the same millisecond must still get distinct, increasing stamps.
        lastOutput = ((stamped - lastOutput) >>> 0) > 0 && ((stamped - lastOutput) >>> 0) < 2 ** 31 ? stamped : (lastOutput + 1) >>> 0;
      }
      packet.writeUInt32BE(lastOutput, 4);
      return true;
    },
  };
}
