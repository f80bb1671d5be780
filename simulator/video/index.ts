import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { INTERNAL_ERROR } from '../http/errors.ts';
import { sendJson } from '../http/headers.ts';
import { bandInfos, DEFAULT_BANDS, externalUrl, validateBands } from './bands.ts';
import { openSession, type ViewerSession } from './session.ts';
import { createEncoderSpares } from './spares.ts';
import type { VideoBand, VideoOptions, VideoService } from './types.ts';
import { warmUp } from './warmup.ts';
import { handleWhep, isWhepPath } from './whep.ts';

export type { BandInfo, FrameTrace, VideoBand, VideoOptions, VideoService } from './types.ts';
export { DEFAULT_BANDS } from './bands.ts';
export { ENCODER_MARKER } from './encoder.ts';

/** A band's next spare encoder starts this long after a viewer arrives (spares.ts). */
const SPARE_DELAY_MS = 500;

/**
 * The simulator's live video: a WHEP server whose viewers each get their own encoder drawing
 * the machine's screen. This file owns the set of sessions and the control API; how a session
 * runs is session.ts, the HTTP rules are whep.ts, the picture is render.ts.
 */
export function createVideoService(options: VideoOptions): VideoService {
  const bands: readonly VideoBand[] = options.bands ?? DEFAULT_BANDS;
  validateBands(bands);
  const fps = Math.min(60, Math.max(1, Math.round(options.fps ?? 30)));
  const maxSessions = options.maxSessions ?? 32;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, ViewerSession>();
  const stalled = new Set<string>();
  // When each machine's screen last answered a request (epoch ms): the trace's first line.
  const answeredAt = new Map<string, number>();
  const answerAtOnce = options.answerAtOnce ?? true;
  // Sessions still negotiating: they already own an ffmpeg, so they count and close() awaits them.
  const opening = new Set<Promise<unknown>>();
  let closed = false;
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  const warm = warmUp(ffmpegPath);
  const spares = options.spareEncoders === false ? undefined : createEncoderSpares({ ffmpegPath, fps, delayMs: SPARE_DELAY_MS });

  const onClosed = (id: string, reason: string) => {
    sessions.delete(id);
    if (/^(ffmpeg|drawing)/.test(reason)) console.warn(`video: session ${id} ended: ${reason}`);
  };

  const open = async (machineId: string, band: VideoBand, offer: string): Promise<ViewerSession> => {
    // A spare encoder has already paid ffmpeg's start-up; its session takes the id it carries.
    const spare = spares?.take(band);
    const id = spare?.id ?? randomUUID();
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
      ...(options.trace ? { trace: options.trace, requestedAt: () => answeredAt.get(machineId) ?? null } : {}),
      onClosed,
    });
    opening.add(pending);
    try {
      const session = await pending;
      sessions.set(id, session);
      // It may have ended already (its ffmpeg died at once); onClosed ran before it was listed.
      if (session.closed()) sessions.delete(id);
      if (closed) await session.close('video service closed');
      else if (stalled.has(machineId)) session.setStalled(true);
      return session;
    } finally {
      opening.delete(pending);
    }
  };

  const backend = {
    machineExists: (machineId: string) => options.getScreen(machineId) !== undefined,
    authorize: options.authorize,
    band: (bandId: string) => bands.find((band) => band.id === bandId),
    externalUrl: (machineId: string, bandId: string) => externalUrl(options.external, machineId, bandId),
    hasRoom: () => !closed && sessions.size + opening.size < maxSessions,
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
