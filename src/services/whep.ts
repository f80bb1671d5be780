import { fromCallback } from 'xstate';
import type { VideoCommand, VideoEvent, VideoInput, VideoStats } from '../../machines/gameSession.ts';
import { createInputDelayMeter } from './inputDelay.ts';

/**
 * A WHEP player (draft-ietf-wish-whep) as a child actor of gameSession: one recvonly video
 * transceiver, the offer POSTed with the host ICE candidates it has by then, the answer applied, the stream
 * handed to the view. Started without a URL (the join is still in flight) it creates its peer and
 * offer at once and POSTs as soon as video.play names the band. It DELETEs its resource on leave
 * and on pagehide (keepalive), and reconnects with backoff when ICE fails or frames stop arriving.
 * Every second it reports what the player's stats line shows: size, decoded frames per second,
 * the round trip of its connection, and press → picture where the video lets it be measured.
 */

const STATS_EVERY_MS = 1000;
/** No newly decoded frame for this long counts as a stall (also before the first frame). */
const STALL_MS = 3000;
/** A new connection gets this long to show its first frame. */
const FIRST_FRAME_MS = 5000;
const MAX_BACKOFF_MS = 8000;

export function whepLogic() {
  return fromCallback<VideoCommand, VideoInput>(({ input, sendBack, receive }) => {
    // Typed: only the events the parent machine understands go back to it.
    const tell = (event: VideoEvent) => sendBack(event);
    // The band's URL: known at the start, or named by video.play once the join is answered.
    let playUrl: (url: string) => void = () => {};
    const whepUrl: Promise<string> =
      input.whepUrl !== null ? Promise.resolve(input.whepUrl) : new Promise((resolve) => (playUrl = resolve));
    // The stream handed to the view, and the <video> that shows it (found when a press needs it).
    let shown: MediaStream | null = null;
    const meter = createInputDelayMeter(() => [...document.querySelectorAll('video')].find((video) => video.srcObject === shown) ?? null);
    receive((event) => {
      if (event.type === 'video.play') playUrl(event.whepUrl);
      else meter.request();
    });
    let stopped = false;
    let pc: RTCPeerConnection | null = null;
    let resource: string | null = null;
    let attempt = 0;
    let statsTimer: ReturnType<typeof setInterval> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let lastFrames = 0;
    let lastProgressAt = 0;
    let problem = false;

    const setProblem = (active: boolean) => {
      if (problem === active) return;
      problem = active;
      tell({ type: 'video.problem', active });
    };

    const release = (keepalive: boolean) => {
      clearInterval(statsTimer);
      if (resource) {
        void fetch(resource, { method: 'DELETE', keepalive }).catch(() => undefined);
        resource = null;
      }
      pc?.close();
      pc = null;
    };

    const retry = () => {
      if (stopped) return;
      setProblem(true);
      release(false);
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt++));
    };

    const sample = async () => {
      if (!pc) return;
      const report = await pc.getStats();
      let frames = 0;
      let selectedPair: string | undefined;
      const stats: VideoStats = { width: 0, height: 0, fps: 0, roundTripMs: null, inputDelayMs: meter.latest() };
      const roundTrips = new Map<string, number>();
      report.forEach((entry) => {
        if (entry.type === 'inbound-rtp' && entry.kind === 'video') {
          frames = entry.framesDecoded ?? 0;
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
      const now = Date.now();
      if (frames > lastFrames) {
        lastFrames = frames;
        lastProgressAt = now;
        attempt = 0;
        setProblem(false);
      } else if (now - lastProgressAt > (lastFrames > 0 ? STALL_MS : FIRST_FRAME_MS)) {
        // Frames stopped, or never came (the server may have dropped a silent session).
        retry();
        return;
      }
      tell({ type: 'video.stats', stats });
    };

    async function connect() {
      if (stopped) return;
      let peer: RTCPeerConnection | null = null;
      try {
        peer = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
        const self = peer;
        pc = self;
        self.addTransceiver('video', { direction: 'recvonly' });
        self.addEventListener('track', (event) => {
          // Live play wants the picture now rather than smooth: ask for the smallest buffer, by
          // the standard hint or Chromium's older one. (The sender's playout delay extension, where
          // the media server sends it, goes further: each frame shown as soon as it is decoded.)
          const receiver: { jitterBufferTarget?: number | null; playoutDelayHint?: number | null } = event.receiver;
          if ('jitterBufferTarget' in receiver) receiver.jitterBufferTarget = 0;
          else if ('playoutDelayHint' in receiver) receiver.playoutDelayHint = 0;
          shown = event.streams[0] ?? new MediaStream([event.track]);
          meter.reset();
          tell({ type: 'video.stream', stream: shown });
        });
        self.addEventListener('connectionstatechange', () => {
          if (self === pc && (self.connectionState === 'failed' || self.connectionState === 'closed')) retry();
        });
        await self.setLocalDescription(await self.createOffer());
        // The offer is ready before the join is answered; only now does it need the band. It goes
        // at once, with the host candidates gathered by then (Chromium's first comes 15–20 ms
        // after setLocalDescription, often after the join's answer on loopback): a WHEP server
        // needs none of them. Our connectivity checks teach it our address (peer-reflexive,
        // RFC 8445 §7.3.1.3), which is the only address it could use anyway when we are behind a
        // NAT; the client has no STUN or TURN servers and does not trickle.
        const url = await whepUrl;
        if (stopped || self !== pc) return;
        const response = await fetch(url, {
          method: 'POST',
          // WHEP's bearer token: the video of a machine is for the player on it.
          headers: { 'content-type': 'application/sdp', authorization: `Bearer ${input.token}` },
          body: self.localDescription?.sdp ?? '',
        });
        if (response.status !== 201) throw new Error(`WHEP answered ${response.status}`);
        const location = response.headers.get('location');
        // Resolved against where the answer came from: an external media server may have redirected.
        const session = location ? new URL(location, response.url).toString() : null;
        const answer = await response.text();
        if (stopped || self !== pc) {
          // Answered too late (the player left, or a newer peer took over): free only this one.
          if (session) void fetch(session, { method: 'DELETE', keepalive: true }).catch(() => undefined);
          self.close();
          return;
        }
        resource = session;
        await self.setRemoteDescription({ type: 'answer', sdp: answer });
        // The first frame is due from the answer on, however long the join took.
        lastFrames = 0;
        lastProgressAt = Date.now();
        statsTimer = setInterval(() => void sample().catch(() => undefined), STATS_EVERY_MS);
      } catch {
        if (peer === null || peer === pc) retry();
      }
    }

    const onPageHide = () => release(true);
    window.addEventListener('pagehide', onPageHide);
    void connect();
    return () => {
      stopped = true;
      meter.stop();
      clearTimeout(retryTimer);
      window.removeEventListener('pagehide', onPageHide);
      release(true);
    };
  });
}
