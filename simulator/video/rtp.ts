import { randomInt } from 'node:crypto';
import { RtpPacket } from 'werift';

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

/**
 * The playout delay RTP header extension (webrtc.org's, which Chromium offers): the sender's
 * word on how long the receiver may hold a frame. Min 0 and max 0 (units of 10 ms) ask it to
 * show each frame as soon as it is decoded, with no smoothing buffer: right for a live game,
 * where a press must show at once and a late frame is better shown late than held back.
 */
export const PLAYOUT_DELAY_URI = 'http://www.webrtc.org/experiments/rtp-hdrext/playout-delay';
const PLAYOUT_NOW = Buffer.alloc(3); // min 0 (12 bits), max 0 (12 bits)

/** The extension's id in the answer's video section, or undefined when it was not agreed. */
export function playoutDelayId(answer: string): number | undefined {
  for (const line of answer.split(/\r?\n/)) {
    const [map, uri] = line.trim().split(/\s+/);
    if (uri !== PLAYOUT_DELAY_URI || !map?.startsWith('a=extmap:')) continue;
    const id = Number.parseInt(map.slice('a=extmap:'.length), 10);
    // One-byte header extensions only (ids 1–14), the form written here.
    return id >= 1 && id <= 14 ? id : undefined;
  }
  return undefined;
}

/** The packet with a zero playout delay in its header extensions (any others it had are kept). */
export function withPlayoutDelay(packet: Buffer, id: number): RtpPacket {
  const rtp = RtpPacket.deSerialize(packet);
  rtp.header.extensions = [...rtp.header.extensions.filter((extension) => extension.id !== id), { id, payload: PLAYOUT_NOW }];
  return rtp;
}
