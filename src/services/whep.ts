import { fromCallback } from 'xstate';
import type { PageEvent, PeerCommand, PeerEvent, PeerInput, VideoStats } from '../../machines/videoLink.ts';
import { createInputDelayMeter } from './inputDelay.ts';

/**
 * One WHEP session (draft-ietf-wish-whep) as the video link's `peer` (machines/videoLink.ts): a
 * recvonly video transceiver and a recvonly audio one (the machine's sound; a media server
 * without sound rejects that section and the picture plays alone), the offer POSTed with the host
 * ICE candidates it has by then, the answer applied, one stream with the picture and the sound
 * handed on. Started without a URL (the join is still in flight) it creates its peer and offer at
 * once and POSTs as soon as peer.play names the band. Every second it reports what the player's
 * stats line shows — size, decoded frames per second, the round trip of its connection, press →
 * picture where the video lets it be measured — and the decoded-frame count, from which the
 * link's chart decides whether the picture moves. ICE failing or the WHEP server refusing is
 * peer.failed. Stopped (a retry, the page going away, the player leaving) it DELETEs its resource
 * with keepalive and closes the connection.
 */

const STATS_EVERY_MS = 1000;

/** A WHEP POST answered other than 201, with the operator's code when its body carried one. */
class WhepRefused extends Error {
  readonly refusal: { code: number; params: Record<string, unknown> } | undefined;
  constructor(status: number, refusal: { code: number; params: Record<string, unknown> } | undefined) {
    super(`WHEP answered ${status}${refusal === undefined ? '' : ` (${refusal.code})`}`);
    this.refusal = refusal;
  }
}

/**
 * The SPEC §8 code of a refusal's error body (`{code, ErrorMessage, Params}`), when it names one
 * the player should read (70000: the pipeline failed); the usual 40000 and none are not.
 */
async function operatorCode(response: Response): Promise<{ code: number; params: Record<string, unknown> } | undefined> {
  // Read by hand, not with the wire's zod schema: that would pull protocol/errors.ts into a
  // chunk of its own, shared with /login's entry (the error body is only `code` and `Params` here).
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, Params } = body as { code?: unknown; Params?: unknown };
  if (typeof code !== 'number' || !Number.isInteger(code) || code === INVALID_REQUEST) return undefined;
  return { code, params: typeof Params === 'object' && Params !== null ? (Params as Record<string, unknown>) : {} };
}
const INVALID_REQUEST = 40000;

export function whepPeerLogic() {
  return fromCallback<PeerCommand, PeerInput>(({ input, sendBack, receive }) => {
    // Typed: only the events the link understands go back to it.
    const tell = (event: PeerEvent) => sendBack(event);
    // The band's URL: known at the start, or named by peer.play once the join is answered.
    let playUrl: (url: string) => void = () => {};
    const whepUrl: Promise<string> =
      input.whepUrl !== null ? Promise.resolve(input.whepUrl) : new Promise((resolve) => (playUrl = resolve));
    // The <video> that shows the stream, as the view hands it to the link (video.surface).
    // Measured only while it shows this peer's stream (not the last band's).
    let surface = input.surface;
    let shown: MediaStream | null = null;
    const meter = createInputDelayMeter(() => (surface !== null && shown !== null && surface.srcObject === shown ? surface : null));
    receive((event) => {
      if (event.type === 'peer.play') playUrl(event.whepUrl);
      else if (event.type === 'peer.surface') surface = event.surface;
      else meter.request();
    });
    let stopped = false;
    let resource: string | null = null;
    let statsTimer: ReturnType<typeof setInterval> | undefined;
    const failed = (reason: string, refusal?: { code: number; params: Record<string, unknown> }) => {
      if (!stopped) tell({ type: 'peer.failed', reason, ...(refusal === undefined ? {} : { refusal }) });
    };

    const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    // What the <video> plays: every track this peer receives, in one stream of its own, however
    // the server groups them (the simulator puts the sound in a stream apart from the picture, so
    // the browser does not delay the picture to play it in step with the sound).
    const stream = new MediaStream();
    pc.addEventListener('track', (event) => {
      // Live play wants the picture and the sound now rather than smooth: ask for the smallest
      // buffer, by the standard hint or Chromium's older one. (The sender's playout delay extension,
      // where the media server sends it, goes further: each frame shown as soon as it is decoded.)
      const receiver: { jitterBufferTarget?: number | null; playoutDelayHint?: number | null } = event.receiver;
      if ('jitterBufferTarget' in receiver) receiver.jitterBufferTarget = 0;
      else if ('playoutDelayHint' in receiver) receiver.playoutDelayHint = 0;
      stream.addTrack(event.track);
      // The link is told once; a later track (both arrive as the answer is applied) joins the stream it has.
      if (shown === stream) return;
      shown = stream;
      meter.reset();
      tell({ type: 'peer.stream', stream });
    });
    pc.addEventListener('connectionstatechange', () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') failed(`connection ${pc.connectionState}`);
    });

    const sample = async () => {
      const report = await pc.getStats();
      let framesDecoded = 0;
      let selectedPair: string | undefined;
      const stats: VideoStats = { width: 0, height: 0, fps: 0, roundTripMs: null, inputDelayMs: meter.latest() };
      const roundTrips = new Map<string, number>();
      report.forEach((entry) => {
        if (entry.type === 'inbound-rtp' && entry.kind === 'video') {
          framesDecoded = entry.framesDecoded ?? 0;
          stats.width = entry.frameWidth ?? 0;
          stats.height = entry.frameHeight ?? 0;
          stats.fps = Math.round(entry.framesPerSecond ?? 0);
        }
        if (entry.type === 'transport' && typeof entry.selectedCandidatePairId === 'string') selectedPair = entry.selectedCandidatePairId;
        if (entry.type === 'candidate-pair' && typeof entry.currentRoundTripTime === 'number') {
          roundTrips.set(entry.id, entry.currentRoundTripTime);
          if (entry.nominated && entry.state === 'succeeded') roundTrips.set('nominated', entry.currentRoundTripTime);
        }
      });
      // The pair the transport uses (or, where that is not reported, the nominated one).
      const roundTrip = (selectedPair ? roundTrips.get(selectedPair) : undefined) ?? roundTrips.get('nominated');
      if (roundTrip !== undefined) stats.roundTripMs = Math.round(roundTrip * 1000);
      if (!stopped) tell({ type: 'peer.stats', stats, framesDecoded });
    };

    const connect = async () => {
      await pc.setLocalDescription(await pc.createOffer());
      // The offer is ready before the join is answered; only now does it need the band. It goes
      // at once, with the host candidates gathered by then (Chromium's first comes 15–20 ms
      // after setLocalDescription, often after the join's answer on loopback): a WHEP server
      // needs none of them. Our connectivity checks teach it our address (peer-reflexive,
      // RFC 8445 §7.3.1.3), which is the only address it could use anyway when we are behind a
      // NAT; the client has no STUN or TURN servers and does not trickle.
      const url = await whepUrl;
      if (stopped) return;
      const response = await fetch(url, {
        method: 'POST',
        // WHEP's bearer token: the video of a machine is for the player on it.
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${input.token}` },
        body: pc.localDescription?.sdp ?? '',
      });
      if (response.status !== 201) throw new WhepRefused(response.status, await operatorCode(response));
      const location = response.headers.get('location');
      // Resolved against where the answer came from: an external media server may have redirected.
      const session = location ? new URL(location, response.url).toString() : null;
      const answer = await response.text();
      if (stopped) {
        // Answered after the link let this session go: free it.
        if (session) void fetch(session, { method: 'DELETE', keepalive: true }).catch(() => undefined);
        return;
      }
      resource = session;
      await pc.setRemoteDescription({ type: 'answer', sdp: answer });
      tell({ type: 'peer.answered' });
      statsTimer = setInterval(() => void sample().catch(() => undefined), STATS_EVERY_MS);
    };
    connect().catch((error: unknown) =>
      failed(error instanceof Error ? error.message : String(error), error instanceof WhepRefused ? error.refusal : undefined),
    );

    return () => {
      stopped = true;
      meter.stop();
      clearInterval(statsTimer);
      if (resource) void fetch(resource, { method: 'DELETE', keepalive: true }).catch(() => undefined);
      pc.close();
    };
  });
}

/** The page's lifecycle for the video link: leaving the page (or its freezing into the back/forward cache) and coming back. */
export function pageLifecycleLogic() {
  return fromCallback(({ sendBack }) => {
    const tell = (event: PageEvent) => sendBack(event);
    const onHide = () => tell({ type: 'page.hidden' });
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) tell({ type: 'page.shown' });
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  });
}
