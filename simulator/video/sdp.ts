/**
 * Cheap checks on a WHEP offer before werift sees it, so garbage gets a clear 400 and never
 * reaches the SDP parser: a WHEP viewer offers at least one video section it can receive, and
 * VP8 (every WebRTC browser must support it, RFC 7742) among its codecs.
 */

export const MAX_OFFER_BYTES = 64 * 1024;

export type OfferProblem = 'not-sdp' | 'no-video' | 'not-receiving' | 'no-vp8';

export function checkOffer(sdp: string): OfferProblem | undefined {
  const lines = sdp.split(/\r?\n/);
  if (lines[0]?.trim() !== 'v=0' || !lines.some((line) => line.startsWith('o=')) || /[\0]/.test(sdp)) return 'not-sdp';
  const sections = splitMedia(lines);
  const videos = sections.filter((section) => section[0]?.startsWith('m=video '));
  if (videos.length === 0) return 'no-video';
  const receiving = videos.filter((section) => !section.some((line) => /^a=(sendonly|inactive)\s*$/.test(line)) && !/^m=video 0 /.test(section[0] ?? ''));
  if (receiving.length === 0) return 'not-receiving';
  if (!receiving.some((section) => section.some((line) => /^a=rtpmap:\d+ VP8\/90000/i.test(line)))) return 'no-vp8';
  return undefined;
}

function splitMedia(lines: string[]): string[][] {
  const sections: string[][] = [];
  for (const line of lines) {
    if (line.startsWith('m=')) sections.push([line]);
    else sections[sections.length - 1]?.push(line.trim());
  }
  return sections;
}

export const OFFER_PROBLEM_TEXT: Record<OfferProblem, string> = {
  'not-sdp': 'the body is not an SDP offer',
  'no-video': 'the offer has no video section',
  'not-receiving': 'the offer does not receive video (WHEP offers are recvonly)',
  'no-vp8': 'the offer does not accept VP8',
};
