import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { INTERNAL_ERROR } from '../http/errors.ts';
import { sendJson } from '../http/headers.ts';
import { KeyedBuckets } from '../limits/bucket.ts';
import { bandInfos, DEFAULT_BANDS, externalUrl, validateBands } from './bands.ts';
import { openSession, type ViewerSession } from './session.ts';
import { createEncoderSpares } from './spares.ts';
import type { BandSpec, VideoOptions, VideoService, WhepViewer } from './types.ts';
import { warmUp } from './warmup.ts';
import { handleWhep, isWhepPath, WhepError } from './whep.ts';

export type { BandInfo, FrameTrace, BandSpec, VideoOptions, VideoService, WhepRefusal, WhepViewer } from './types.ts';
export { DEFAULT_BANDS } from './bands.ts';
export { AUDIO_ENCODER_MARKER, ENCODER_MARKER } from './encoder.ts';

/** A band's next spare encoder starts this long after a viewer arrives (spares.ts). */
const SPARE_DELAY_MS = 500;

/** Live viewer sessions at once, all players together (VideoOptions.maxSessions). */
export const MAX_SESSIONS = 32;
/**
 * The fair share of the video (DESIGN §7: no single client can starve the simulator): viewer
 * sessions one player may hold, and one machine may have; a new offer past either closes the
 * oldest (VideoOptions.maxViewersPerPlayer, maxViewersPerMachine).
 */
export const MAX_VIEWERS_PER_PLAYER = 2;
export const MAX_VIEWERS_PER_MACHINE = 2;
/** The offers one player may POST at once, then one more every OFFER_REFILL_MS (a token bucket). */
export const OFFER_BURST = 10;
export const OFFER_REFILL_MS = 1_000;

/**
 * An admitted viewer, from the moment its offer is let in (before its encoder starts) until its
 * session ends: what the shares count, so offers that arrive together cannot all slip past them.
 */
interface Slot {
  machineId: string;
  viewer: WhepViewer | null;
  /** The session id, once known (a spare's, or a new one). */
  id?: string;
  session?: ViewerSession;
  /** Ended while still negotiating: its POST answers this instead of a 201. */
  cancelled?: WhepError;
}

/**
 * The simulator's live video: a WHEP server whose viewers each get their own encoder drawing
 * the machine's screen. This file owns the set of sessions and the control API; how a session
 * runs is session.ts, the HTTP rules are whep.ts, the picture is render.ts.
 */
export function createVideoService(options: VideoOptions): VideoService {
  const bands: readonly BandSpec[] = options.bands ?? DEFAULT_BANDS;
  validateBands(bands);
  const fps = Math.min(60, Math.max(1, Math.round(options.fps ?? 30)));
  const maxSessions = options.maxSessions ?? MAX_SESSIONS;
  const perPlayer = Math.max(1, options.maxViewersPerPlayer ?? MAX_VIEWERS_PER_PLAYER);
  const perMachine = Math.max(1, options.maxViewersPerMachine ?? MAX_VIEWERS_PER_MACHINE);
  const now = options.now ?? Date.now;
  const offers = new KeyedBuckets<string>({
    burst: Math.max(1, options.offerBurst ?? OFFER_BURST),
    perSecond: 1000 / Math.max(1, options.offerRefillMs ?? OFFER_REFILL_MS),
  });
  const sessions = new Map<string, ViewerSession>();
  // Admitted viewers in the order they came: the first of a player's or a machine's is its oldest.
  const admitted = new Set<Slot>();
  const stalled = new Set<string>();
  // When each machine's screen last answered a request (epoch ms): the trace's first line.
  const answeredAt = new Map<string, number>();
  const answerAtOnce = options.answerAtOnce ?? true;
  // Sessions still negotiating: they already own an ffmpeg, so they count and close() awaits them.
  const opening = new Set<Promise<unknown>>();
  let closed = false;
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  const warm = warmUp(ffmpegPath, bands);
  const spares = options.spareEncoders === false ? undefined : createEncoderSpares({ ffmpegPath, fps, delayMs: SPARE_DELAY_MS });

  const onClosed = (id: string, reason: string) => {
    sessions.delete(id);
    for (const slot of admitted) if (slot.id === id) admitted.delete(slot);
    if (/^(ffmpeg|drawing)/.test(reason)) console.warn(`video: session ${id} ended: ${reason}`);
  };

  /** Ends an admitted viewer: its session closes now; one still negotiating is closed when it is ready. */
  const end = (slot: Slot, reason: string, answer: WhepError): Promise<void> => {
    admitted.delete(slot);
    if (slot.session) return slot.session.close(reason);
    slot.cancelled ??= answer;
    return Promise.resolve();
  };

  /** Makes room for `slot` within its player's and its machine's share: their oldest viewers go. */
  const makeRoom = (slot: Slot): Promise<void>[] => {
    const viewer = slot.viewer;
    if (!viewer) return [];
    const closing: Promise<void>[] = [];
    const keep = (same: (other: Slot) => boolean, limit: number, whose: string) => {
      const theirs = [...admitted].filter(same);
      for (const old of theirs.slice(0, Math.max(0, theirs.length - (limit - 1)))) {
        closing.push(end(old, `replaced by a newer viewer of the ${whose}`, new WhepError(409, `replaced by a newer offer of the ${whose}`)));
      }
    };
    keep((other) => other.viewer?.playerId === viewer.playerId, perPlayer, 'player');
    keep((other) => other.viewer !== null && other.machineId === slot.machineId, perMachine, 'machine');
    return closing;
  };

  const open = async (machineId: string, band: BandSpec, offer: string, viewer: WhepViewer | null): Promise<ViewerSession> => {
    // Admitted at once (no await before it), so offers that arrive together are counted together.
    const slot: Slot = { machineId, viewer };
    const replaced = makeRoom(slot);
    admitted.add(slot);
    try {
      // The login may have ended while the offer arrived: endViewersOf could not see this viewer yet.
      if (viewer?.ended?.()) throw new WhepError(401, 'the login session has ended', { 'WWW-Authenticate': 'Bearer' });
      // The replaced viewers' encoders are stopped before this one's starts.
      await Promise.allSettled(replaced);
      if (slot.cancelled) throw slot.cancelled;
      if (closed || sessions.size + opening.size >= maxSessions) throw new WhepError(503, 'too many viewers, try again shortly', { 'Retry-After': '5' });
      return await start(slot, band, offer);
    } catch (error) {
      admitted.delete(slot);
      throw error;
    }
  };

  const start = async (slot: Slot, band: BandSpec, offer: string): Promise<ViewerSession> => {
    const machineId = slot.machineId;
    // A spare encoder has already paid ffmpeg's start-up; its session takes the id it carries.
    const spare = spares?.take(band);
    const id = spare?.id ?? randomUUID();
    slot.id = id;
    const pending = openSession(offer, {
      id,
      ...(spare ? { encoder: spare.encoder } : {}),
      machineId,
      band,
      fps,
      ffmpegPath,
      paylines: options.paylines,
      getScreen: options.getScreen,
      now,
      connectTimeoutMs: options.connectTimeoutMs ?? 15_000,
      silenceTimeoutMs: options.silenceTimeoutMs ?? 5_000,
      isStalled: () => stalled.has(machineId),
      ...(options.strip ? { strip: true } : {}),
      ...(options.sound === false ? { sound: false } : {}),
      ...(options.trace ? { trace: options.trace, requestedAt: () => answeredAt.get(machineId) ?? null } : {}),
      onClosed,
    });
    opening.add(pending);
    try {
      const session = await pending;
      sessions.set(id, session);
      slot.session = session;
      // It may have ended already (its ffmpeg died at once); onClosed ran before it was listed.
      if (session.closed()) sessions.delete(id);
      if (closed) await session.close('video service closed');
      else if (slot.cancelled) {
        await session.close(slot.cancelled.message);
        throw slot.cancelled;
      } else if (stalled.has(machineId)) session.setStalled(true);
      return session;
    } finally {
      opening.delete(pending);
    }
  };

  const backend = {
    machineExists: (machineId: string) => options.getScreen(machineId) !== undefined,
    authorize: options.authorize,
    throttle: (viewer: WhepViewer) => offers.take(viewer.playerId, now()),
    band: (bandId: string) => bands.find((band) => band.id === bandId),
    externalUrl: (machineId: string, bandId: string) => externalUrl(options.external, machineId, bandId),
    open,
    find: (sessionId: string) => sessions.get(sessionId),
  };

  return {
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      if (!isWhepPath(url.pathname)) return false;
      try {
        await handleWhep(req, res, url, backend);
      } catch (error) {
        // Never let one viewer's failure reach the process: answer 500 if we still can.
        console.error('video: unexpected error on', req.method, url.pathname, error);
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { code: INTERNAL_ERROR, ErrorMessage: 'internal error', Params: {} });
        else res.destroy();
      }
      return true;
    },
    bandsFor(machineId, baseUrl) {
      return options.getScreen(machineId) === undefined ? [] : bandInfos(machineId, bands, baseUrl);
    },
    activeSessions: () => sessions.size,
    activeEncoders: () => opening.size + [...sessions.values()].filter((session) => session.encoderRunning()).length,
    activeAudioEncoders: () => [...sessions.values()].filter((session) => session.audioEncoderRunning()).length,
    spareEncoders: () => spares?.count() ?? 0,
    requestAnswered(machineId) {
      if (options.trace) answeredAt.set(machineId, performance.timeOrigin + performance.now());
      if (!answerAtOnce) return;
      for (const session of sessions.values()) if (session.machineId === machineId) session.redraw();
    },
    stall(machineId, on) {
      if (on) stalled.add(machineId);
      else stalled.delete(machineId);
      for (const session of sessions.values()) if (session.machineId === machineId) session.setStalled(on);
    },
    endVideo(machineId) {
      for (const session of sessions.values()) if (session.machineId === machineId) void session.close('video ended by the floor');
      const answer = new WhepError(409, "the machine's video was ended while the offer was answered");
      for (const slot of admitted) if (slot.machineId === machineId) void end(slot, 'video ended by the floor', answer);
    },
    viewerLogins() {
      return new Set([...admitted].flatMap((slot) => (slot.viewer ? [slot.viewer.jti] : [])));
    },
    endViewersOf(jti) {
      const answer = new WhepError(401, 'the login session has ended', { 'WWW-Authenticate': 'Bearer' });
      for (const slot of admitted) if (slot.viewer?.jti === jti) void end(slot, 'the login session ended', answer);
    },
    async close() {
      closed = true;
      await warm;
      await spares?.close();
      await Promise.allSettled([...opening]);
      await Promise.allSettled([...sessions.values()].map((session) => session.close('video service closed')));
    },
  };
}

