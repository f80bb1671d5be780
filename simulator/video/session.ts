import { DtlsClient, MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RTCRtpHeaderExtensionParameters } from 'werift';
import { createAudioFeeder, startAudioEncoder, type AudioFeeder } from './audio.ts';
import { startEncoder, type Encoder } from './encoder.ts';
import { createFeeder, type DrawnFrame, type Feeder } from './feeder.ts';
import { createRestamper, isRtp, PLAYOUT_DELAY_URI, playoutDelayId, withPlayoutDelay } from './rtp.ts';
import type { ScreenState } from './screen.ts';
import type { FrameTrace, BandSpec } from './types.ts';

/**
 * One WHEP viewer: a werift peer with a sendonly VP8 track, fed by its own ffmpeg: a spare
 * started ahead (spares.ts), or else one spawned before negotiation. The first frame is drawn as
 * soon as the answer is out, so ffmpeg's start-up and its first encode overlap ICE and DTLS.
 * werift stays the DTLS client (`a=setup:active`): answering as the server let the browser's first
 * handshake flight arrive before werift listened, and under load some joins never connected
 * (measured in tests/simulator/video.test.ts on a busy machine). As the client it starts the
 * handshake the moment ICE connects (handshakeAtOnce), not after werift's fixed 100 ms. That frame's packets wait
 * until the peer is connected; the steady frames follow. The first frame the viewer receives is
 * thus the encoder's first, a keyframe. When the offer has an audio section that takes Opus, an
 * Opus track carries the machine's sound (audio.ts), from a second ffmpeg started once the viewer
 * is connected (the sound is not what the first frame waits for). Every way a viewer can go away
 * ends in close(), which releases both encoders and the peer.
 */

const GATHER_LIMIT_MS = 3000;
/** Packets of the first frame held until the viewer is connected: a keyframe is a few dozen. */
const MAX_HELD_PACKETS = 256;
/** The sound's encoder starts this long after the viewer connected if no picture has gone out by then. */
const SOUND_AFTER_CONNECT_MS = 300;

export interface SessionConfig {
  id: string;
  machineId: string;
  band: BandSpec;
  fps: number;
  ffmpegPath: string;
  paylines: readonly (readonly number[])[] | undefined;
  getScreen: (machineId: string) => ScreenState | undefined;
  now: () => number;
  connectTimeoutMs: number;
  silenceTimeoutMs: number;
  /** Whether the machine's feed is stalled right now (control API): a new viewer starts stalled too. */
  isStalled?: () => boolean;
  /** An encoder already running for this session (a spare started with its id); else one is started. */
  encoder?: Encoder;
  /** Draw the request strip in every frame. */
  strip?: boolean;
  /** Send the machine's sound to a viewer whose offer can receive Opus (default true). */
  sound?: boolean;
  /** When the floor last said the machine answered a request (epoch ms), for the trace. */
  requestedAt?: () => number | null;
  trace?: (frame: FrameTrace) => void;
  onClosed: (id: string, reason: string) => void;
}

export interface ViewerSession {
  readonly id: string;
  readonly machineId: string;
  readonly bandId: string;
  /** The SDP answer, with every local candidate (no trickle ICE). */
  readonly answer: string;
  /** The machine's screen answered a request: a frame now rather than on the next tick. */
  redraw(): void;
  setStalled(stalled: boolean): void;
  encoderRunning(): boolean;
  /** Whether the sound's ffmpeg runs now. */
  audioEncoderRunning(): boolean;
  /** True from the moment close() starts. */
  closed(): boolean;
  close(reason: string): Promise<void>;
}

/** The offer could not be answered: the client's fault, a 400. */
export class OfferRejected extends Error {}

/** The encoder could not start (ffmpeg missing or broken): the server's fault, a 503. */
export class VideoUnavailable extends Error {}

export async function openSession(offer: string, config: SessionConfig): Promise<ViewerSession> {
  const encoderStart = config.encoder
    ? Promise.resolve(config.encoder)
    : startEncoder({ ffmpegPath: config.ffmpegPath, width: config.band.width, height: config.band.height, fps: config.fps, sessionId: config.id });
  encoderStart.catch(() => {}); // awaited below; a failure must not surface as unhandled first
  // The first frame goes to ffmpeg as soon as there is one (a spare: at once), to be encoded while
  // the offer is answered and the viewer connects.
  const pictureStart = encoderStart.then((encoder) => startPicture(config, encoder));
  pictureStart.catch(() => {});
  let pc: RTCPeerConnection | undefined;
  try {
    pc = createPeer(config.sound !== false);
    const track = new MediaStreamTrack({ kind: 'video' });
    const audioTrack = new MediaStreamTrack({ kind: 'audio' });
    const { answer, sound } = await negotiate(pc, track, audioTrack, offer);
    const encoder = await encoderStart;
    // A missing ffmpeg fails at spawn, long before negotiation ends: say so instead of a 201.
    if (!encoder.running()) throw new VideoUnavailable(`the video encoder did not start: ${encoder.exitReason()}`);
    return run(config, pc, track, encoder, await pictureStart, answer, sound ? audioTrack : undefined);
  } catch (error) {
    // Whatever failed, the viewer gets its 400/500 only once nothing of the session is left.
    void pictureStart.then((picture) => picture.feeder.stop(), () => undefined);
    await Promise.allSettled([pc?.close(), encoderStart.then((encoder) => encoder.stop())]);
    throw error;
  }
}

/**
 * The stream ids of the answer's tracks (a=msid): two, so the browser does not hold the picture
 * back to play it in step with the sound. Chromium synchronises the tracks of one stream by
 * delaying the earlier one, which would add the sound's jitter buffer to every press → picture.
 */
const VIDEO_STREAM_ID = 'reelside-video';
const AUDIO_STREAM_ID = 'reelside-sound';

function createPeer(sound: boolean): RTCPeerConnection {
  return new RTCPeerConnection({
    iceServers: [],
    iceUseIpv6: false,
    // werift skips loopback when gathering; a viewer on this same machine may need it.
    iceAdditionalHostAddresses: ['127.0.0.1'],
    codecs: {
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/VP8',
          clockRate: 90000,
          // PLI is advertised because browsers expect it; recovery comes from the keyframe
          // every second (ffmpeg cannot be asked for one on demand).
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'goog-remb' }],
        }),
      ],
      // Opus, as every WebRTC browser receives it (RFC 7874); without the sound, no audio codec at
      // all, and werift rejects an offer's audio section (port 0) as before.
      audio: sound ? [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })] : [],
    },
    // The playout delay hint (min = max = 0: show each frame as soon as it is decoded), when the
    // viewer offers it (Chromium does); run() adds it to the packets.
    headerExtensions: { video: [new RTCRtpHeaderExtensionParameters({ uri: PLAYOUT_DELAY_URI })], audio: [] },
  });
}

async function negotiate(pc: RTCPeerConnection, track: MediaStreamTrack, audioTrack: MediaStreamTrack, offer: string): Promise<{ answer: string; sound: boolean }> {
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  } catch (error) {
    throw new OfferRejected(`the offer could not be applied: ${error instanceof Error ? error.message : String(error)}`);
  }
  const transceiver = transceiverOf(pc);
  if (!transceiver) throw new OfferRejected('the offer has no usable video section');
  await transceiver.sender.replaceTrack(track);
  transceiver.sender.streamId = VIDEO_STREAM_ID;
  transceiver.setDirection('sendonly');
  // The first audio section the viewer receives on (recvonly or sendrecv) gets the sound; one it
  // only sends on, or further ones, are answered inactive (nothing is taken from the viewer).
  const audio = audioTransceiverOf(pc);
  if (audio) {
    await audio.sender.replaceTrack(audioTrack);
    audio.sender.streamId = AUDIO_STREAM_ID;
    audio.setDirection('sendonly');
  }
  for (const other of pc.getTransceivers()) if (other.kind === 'audio' && other !== audio) other.setDirection('inactive');
  await pc.setLocalDescription(await pc.createAnswer());
  handshakeAtOnce(pc);
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATHER_LIMIT_MS);
      pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }
  const sdp = pc.localDescription?.sdp ?? '';
  if (!/^m=video [1-9]/m.test(sdp) || !/^a=rtpmap:\d+ VP8\/90000/im.test(sdp)) throw new OfferRejected('no VP8 video could be negotiated');
  return { answer: sdp, sound: audio !== undefined && /^m=audio [1-9]/m.test(sdp) };
}

/**
 * werift 0.25 as the DTLS client waits a fixed 100 ms after ICE connects before it sends its
 * ClientHello (in case the peer's DTLS server is not listening yet). A browser's is: it has our
 * answer before ICE can connect, and Chromium keeps a ClientHello that arrives before its own
 * DTLS starts. So the wait is only latency on every join: start the handshake the moment werift
 * creates its client (it says 'connecting' and creates it in the same turn), and hand werift's own
 * call, 100 ms later, that same handshake rather than a second one. Should werift change, nothing
 * matches and its own timing stands.
 */
function handshakeAtOnce(pc: RTCPeerConnection): void {
  for (const transport of pc.dtlsTransports) {
    transport.onStateChange.subscribe((state) => {
      if (state !== 'connecting') return;
      queueMicrotask(() => {
        const dtls = transport.dtls;
        if (!(dtls instanceof DtlsClient)) return;
        const handshake = dtls.connect();
        handshake.catch(() => {}); // werift's own call (below) reports a failure
        dtls.connect = () => handshake;
      });
    });
  }
}

function transceiverOf(pc: RTCPeerConnection) {
  return pc.getTransceivers().find((candidate) => candidate.kind === 'video' && !candidate.rejected && !candidate.pendingRejection);
}

function audioTransceiverOf(pc: RTCPeerConnection) {
  return pc
    .getTransceivers()
    .find((candidate) => candidate.kind === 'audio' && !candidate.rejected && !candidate.pendingRejection && ['sendonly', 'sendrecv'].includes(candidate.offerDirection));
}

/**
 * The picture of a session from the moment it has an encoder: the feeder, and ffmpeg's packets
 * restamped and held until the viewer is connected. Its first frame is drawn in the next turn of
 * the event loop, while the offer is still being answered (with a spare encoder, that is as the
 * POST arrives). Not while stalled: a viewer who arrives during a stall sees nothing.
 */
interface Picture {
  feeder: Feeder;
  /**
   * The viewer is connected: the packets held until now (the first frame's, restamped) go to
   * `send` at once, in order, and every later one as it comes. Once; a second call is ignored.
   */
  release(send: (raw: Buffer, marker: boolean) => void): void;
  /** Drawing failed before the session ran, or the handler for when it does. */
  onError(listener: (error: unknown) => void): void;
}

function startPicture(config: SessionConfig, encoder: Encoder): Picture {
  const restamper = createRestamper();
  const tracer = config.trace ? createTracer(config, config.trace) : undefined;
  let failed: { error: unknown } | undefined;
  let fail: (error: unknown) => void = (error) => {
    failed ??= { error };
  };
  const feeder: Feeder = createFeeder({
    width: config.band.width,
    height: config.band.height,
    fps: config.fps,
    screen: () => config.getScreen(config.machineId),
    now: config.now,
    paylines: config.paylines,
    strip: config.strip,
    sink: { ready: () => encoder.ready(), write: (rgba) => encoder.writeFrame(rgba), onReady: (listener) => encoder.onReady(listener) },
    onError: (error) => fail(error),
    ...(tracer ? { onFrame: tracer.drawn } : {}),
  });
  // Stalled before the first frame is primed, so a viewer who arrives during a stall sees none.
  if (config.isStalled?.()) feeder.setStalled(true);
  // The packets until the viewer is connected (the marker read as each arrives), then where they go.
  const held: { raw: Buffer; marker: boolean }[] = [];
  let send: ((raw: Buffer, marker: boolean) => void) | undefined;
  encoder.onPacket((raw) => {
    // ffmpeg's own timestamp (frames counted at the nominal rate), before the wall clock replaces it.
    const encoded = tracer && isRtp(raw) ? raw.readUInt32BE(4) : undefined;
    if (!restamper.restamp(raw)) return;
    const marker = (raw[1] ?? 0) >= 0x80;
    if (send) send(raw, marker);
    else if (held.length < MAX_HELD_PACKETS) held.push({ raw, marker });
    if (encoded !== undefined) tracer?.packet(encoded, marker, send === undefined);
  });
  // ffmpeg has read the whole of the last frame written (its stdin drained).
  if (tracer) encoder.onReady(() => tracer.taken(performance.now()));
  setImmediate(() => feeder.prime());
  return {
    feeder,
    release(listener) {
      if (send) return;
      send = listener;
      for (const packet of held.splice(0)) listener(packet.raw, packet.marker);
      tracer?.released();
    },
    onError(listener) {
      fail = listener;
      if (failed) listener(failed.error);
    },
  };
}

function run(config: SessionConfig, pc: RTCPeerConnection, track: MediaStreamTrack, encoder: Encoder, picture: Picture, answer: string, audioTrack: MediaStreamTrack | undefined): ViewerSession {
  let closing: Promise<void> | undefined;
  let disconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const { feeder } = picture;

  // The machine's sound, for a viewer who took it: its ffmpeg starts once the viewer has the first
  // picture (soundAfterPicture, below) and stops with the session. Should it fail, the picture
  // goes on without sound. A stall stops the picture only.
  let audioStart: Promise<Encoder> | undefined;
  let audioEncoder: Encoder | undefined;
  let audioFeeder: AudioFeeder | undefined;
  const startSound = () => {
    if (!audioTrack || audioStart || closing !== undefined) return;
    const withoutSound = (reason: string) => {
      if (closing === undefined) console.warn(`video: session ${config.id} goes on without sound: ${reason}`);
    };
    audioStart = startAudioEncoder({ ffmpegPath: config.ffmpegPath, sessionId: config.id });
    audioStart.then(
      (audio) => {
        if (closing !== undefined) return; // close() stops it
        audioEncoder = audio;
        // Opus RTP (ffmpeg's RTCP on the same port is dropped); werift sets SSRC, payload type,
        // sequence. The primer's packet is not sent: it starts the sound's clock (audio.ts).
        let primed = false;
        audio.onPacket((packet) => {
          if (!isRtp(packet)) return;
          if (primed) audioTrack.writeRtp(packet);
          else {
            primed = true;
            audioFeeder?.start();
          }
        });
        audio.onExit((reason) => {
          audioFeeder?.stop();
          withoutSound(reason);
        });
        if (!audio.running()) return;
        audioFeeder = createAudioFeeder({
          screen: () => config.getScreen(config.machineId),
          now: config.now,
          sink: { ready: () => audio.ready(), write: (pcm) => audio.writeFrame(pcm) },
          onError: (error) => {
            withoutSound(`the sound failed: ${error instanceof Error ? error.message : String(error)}`);
            void audio.stop();
          },
        });
        audioFeeder.prime();
      },
      (error: unknown) => withoutSound(`the sound's encoder did not start: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  const close = (reason: string): Promise<void> => {
    closing ??= (async () => {
      try {
        clearTimeout(connectTimer);
        clearTimeout(disconnectTimer);
        clearTimeout(soundTimer);
        clearInterval(silenceTimer);
        feeder.stop();
        audioFeeder?.stop();
        track.stop();
        audioTrack?.stop();
        await Promise.allSettled([encoder.stop(), audioStart?.then((audio) => audio.stop()), pc.close()]);
      } finally {
        config.onClosed(config.id, reason);
      }
    })();
    return closing;
  };

  const connectTimer = setTimeout(() => void close('ICE/DTLS did not connect in time'), config.connectTimeoutMs);
  // Browsers send RTCP receiver reports about every second, stalled or not. A closed tab sends
  // nothing and no DTLS alert, and ICE consent would take 30 s to expire: silence ends it sooner.
  let heardAt = performance.now();
  const silenceTimer = setInterval(() => {
    if (pc.connectionState === 'connected' && performance.now() - heardAt > config.silenceTimeoutMs) void close('viewer went silent');
  }, Math.min(1000, config.silenceTimeoutMs));
  transceiverOf(pc)?.sender.onRtcp.subscribe(() => {
    heardAt = performance.now();
  });
  // The sound's ffmpeg is started once the viewer has the first picture (its last packet sent),
  // or SOUND_AFTER_CONNECT_MS after the connection at the latest: starting a process holds this
  // thread for 5–20 ms, and the first frame's packets, still on their way out of ffmpeg when the
  // viewer connects, would wait behind it. A machine at rest is silent, so nothing is missed.
  let soundTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedOnce = false;
  const soundAfterPicture = () => {
    if (soundTimer === undefined) return;
    clearTimeout(soundTimer);
    soundTimer = undefined;
    setImmediate(startSound);
  };
  // Where the viewer agreed to the playout delay extension: on every packet, so every frame says it.
  const playoutId = playoutDelayId(answer);
  const send = (raw: Buffer, marker: boolean) => {
    track.writeRtp(playoutId === undefined ? raw : withPlayoutDelay(raw, playoutId));
    if (marker) soundAfterPicture();
  };
  encoder.onExit((reason) => void close(reason));
  const onState = (state: RTCPeerConnection['connectionState']) => {
    if (state === 'connected') {
      heardAt = performance.now();
      clearTimeout(connectTimer);
      clearTimeout(disconnectTimer);
      disconnectTimer = undefined;
      if (!connectedOnce) {
        connectedOnce = true;
        // Armed first: the first frame's last packet, if it is among those held, starts the sound now.
        soundTimer = setTimeout(soundAfterPicture, SOUND_AFTER_CONNECT_MS);
        picture.release(send);
      }
      feeder.start();
    } else if (state === 'disconnected') {
      // Consent checks can miss a beat on a busy machine; give the path a moment to come back.
      disconnectTimer ??= setTimeout(() => void close('connection lost'), config.silenceTimeoutMs);
    } else if (state === 'failed' || state === 'closed') {
      void close(`connection ${state}`);
    }
  };
  pc.connectionStateChange.subscribe(onState);
  // The viewer cannot connect before it has our answer, but do not depend on that ordering.
  if (pc.connectionState !== 'new') onState(pc.connectionState);
  // Last: a drawing that failed already closes the session at once.
  picture.onError((error) => void close(`drawing failed: ${error instanceof Error ? error.message : String(error)}`));

  return {
    id: config.id,
    machineId: config.machineId,
    bandId: config.band.id,
    answer,
    redraw: () => feeder.redraw(),
    setStalled: (stalled) => feeder.setStalled(stalled),
    encoderRunning: () => encoder.running(),
    audioEncoderRunning: () => audioEncoder?.running() ?? false,
    closed: () => closing !== undefined,
    close,
  };
}

/** Epoch milliseconds with sub-millisecond precision, comparable across processes on one machine. */
const epoch = (performanceNow: number) => performance.timeOrigin + performanceNow;

/**
 * Follows each frame that first shows a new request count from the feeder through ffmpeg to
 * werift, and reports it once its last packet is sent. ffmpeg stamps frame n with
 * first + n × (90 000 / fps), so a packet's original timestamp names its frame.
 */
function createTracer(config: SessionConfig, report: (frame: FrameTrace) => void) {
  const step = 90_000 / config.fps;
  const waiting = new Map<number, DrawnFrame & { taken?: number; firstPacket?: number; packets: number; requestedAt: number | null }>();
  let lastSeq: number | undefined;
  let lastWritten = -1;
  let base: number | undefined;
  const finish = (index: number, sent: number) => {
    const frame = waiting.get(index);
    if (!frame || frame.firstPacket === undefined) return;
    waiting.delete(index);
    report({
      machineId: config.machineId,
      sessionId: config.id,
      frame: frame.index,
      requestSeq: frame.requestSeq,
      redraw: frame.redraw,
      requestedAt: frame.requestedAt,
      drawStart: epoch(frame.drawStart),
      written: epoch(frame.written),
      taken: epoch(frame.taken ?? frame.written),
      firstPacket: frame.firstPacket,
      sent: epoch(sent),
      packets: frame.packets,
    });
  };
  // Frames whose packets wait for the viewer to connect: reported when they are let go.
  const heldBack = new Set<number>();
  return {
    drawn(frame: DrawnFrame) {
      lastWritten = frame.index;
      if (frame.requestSeq !== lastSeq) waiting.set(frame.index, { ...frame, packets: 0, requestedAt: config.requestedAt?.() ?? null });
      lastSeq = frame.requestSeq;
      // A frame whose packets never came (ffmpeg dropped it) must not be kept for ever.
      for (const index of waiting.keys()) if (index < frame.index - 2 * config.fps) waiting.delete(index);
    },
    taken(at: number) {
      const frame = waiting.get(lastWritten);
      if (frame) frame.taken ??= at;
    },
    packet(timestamp: number, marker: boolean, held: boolean) {
      base ??= timestamp;
      const index = Math.round(((timestamp - base) >>> 0) / step);
      const frame = waiting.get(index);
      if (!frame) return;
      frame.firstPacket ??= epoch(performance.now());
      frame.packets += 1;
      if (!marker) return;
      if (held) heldBack.add(index);
      else finish(index, performance.now());
    },
    released() {
      const now = performance.now();
      for (const index of heldBack) finish(index, now);
      heldBack.clear();
    },
  };
}
