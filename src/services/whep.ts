import { fromCallback } from 'xstate';
import type { VideoEvent, VideoStats } from '../../machines/gameSession.ts';

/**
 * A WHEP player (draft-ietf-wish-whep) as a child actor of gameSession: one recvonly video
 * transceiver, the offer POSTed with all ICE candidates, the answer applied, the stream handed to
 * the view. It DELETEs its resource on leave and on pagehide (keepalive), and reconnects with
 * backoff when ICE fails or frames stop arriving.
 */

const STATS_EVERY_MS = 1000;
/** No newly decoded frame for this long counts as a stall (also before the first frame). */
const STALL_MS = 3000;
/** A new connection gets this long to show its first frame. */
const FIRST_FRAME_MS = 5000;
const MAX_BACKOFF_MS = 8000;
/** Gathering on loopback is instant; a real network gets this long before the offer goes. */
const GATHER_TIMEOUT_MS = 1500;

function waitForIceGathering(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      pc.removeEventListener('icegatheringstatechange', check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, GATHER_TIMEOUT_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

export function whepLogic() {
  return fromCallback<{ type: 'noop' }, { whepUrl: string }>(({ input, sendBack }) => {
    // Typed: only the events the parent machine understands go back to it.
    const tell = (event: VideoEvent) => sendBack(event);
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
      const stats: VideoStats = { width: 0, height: 0, fps: 0, roundTripMs: null };
      report.forEach((entry) => {
        if (entry.type === 'inbound-rtp' && entry.kind === 'video') {
          frames = entry.framesDecoded ?? 0;
          stats.width = entry.frameWidth ?? 0;
          stats.height = entry.frameHeight ?? 0;
          stats.fps = Math.round(entry.framesPerSecond ?? 0);
        }
        if (entry.type === 'candidate-pair' && entry.nominated && typeof entry.currentRoundTripTime === 'number') {
          stats.roundTripMs = Math.round(entry.currentRoundTripTime * 1000);
        }
      });
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
      lastFrames = 0;
      lastProgressAt = Date.now();
      const peer = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
      pc = peer;
      peer.addTransceiver('video', { direction: 'recvonly' });
      peer.addEventListener('track', (event) => {
        // Live play wants the picture now rather than smooth: ask for the smallest buffer.
        const receiver = event.receiver as RTCRtpReceiver & { jitterBufferTarget?: number | null };
        if ('jitterBufferTarget' in receiver) receiver.jitterBufferTarget = 0;
        tell({ type: 'video.stream', stream: event.streams[0] ?? new MediaStream([event.track]) });
      });
      peer.addEventListener('connectionstatechange', () => {
        if (peer === pc && (peer.connectionState === 'failed' || peer.connectionState === 'closed')) retry();
      });
      try {
        await peer.setLocalDescription(await peer.createOffer());
        await waitForIceGathering(peer);
        const response = await fetch(input.whepUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/sdp' },
          body: peer.localDescription?.sdp ?? '',
        });
        if (response.status !== 201) throw new Error(`WHEP answered ${response.status}`);
        const location = response.headers.get('location');
        // Resolved against where the answer came from: an external media server may have redirected.
        if (location) resource = new URL(location, response.url).toString();
        const answer = await response.text();
        if (stopped || peer !== pc) {
          release(false);
          return;
        }
        await peer.setRemoteDescription({ type: 'answer', sdp: answer });
        statsTimer = setInterval(() => void sample().catch(() => undefined), STATS_EVERY_MS);
      } catch {
        if (peer === pc) retry();
      }
    }

    const onPageHide = () => release(true);
    window.addEventListener('pagehide', onPageHide);
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('pagehide', onPageHide);
      release(true);
    };
  });
}
