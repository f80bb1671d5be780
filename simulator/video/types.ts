import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VideoBand } from '../../protocol/sockets.ts';
import type { ScreenState } from './screen.ts';

/**
 * One quality of a machine's video as the simulator encodes it: the wire's VideoBand (the join
 * answer's entry, DESIGN §5) but for its WHEP address, which depends on where it is served.
 */
export type BandSpec = Omit<VideoBand, 'whepUrl'>;

/** A band as the join answer lists it. */
export type BandInfo = VideoBand;

/** Why a WHEP POST may not have the video: 401 without a valid player token, 403 for another player. */
export interface WhepRefusal {
  status: 401 | 403;
  message: string;
}

/**
 * Who is watching, as authorize found them: the player and their login session (the token's
 * jti). Their viewers count against the player's and the machine's share, their offers against
 * the player's rate, and they end with that login session (endViewersOf).
 */
export interface WhepViewer {
  playerId: string;
  jti: string;
  /**
   * Whether the login session has ended by now: asked once more when the viewer is admitted, so
   * a session that ends while the offer is still arriving leaves no viewer behind.
   */
  ended?: () => boolean;
}

export interface VideoOptions {
  /** The machine's live screen; undefined = unknown machine. */
  getScreen(machineId: string): ScreenState | undefined;
  /**
   * Who may watch: called for every WHEP POST before anything else is done with it (also
   * before an external redirect). A viewer lets it through as that player; null lets it through
   * unattributed (test harnesses): such a viewer is held only to maxSessions, not to the
   * per-player and per-machine shares or the offer rate.
   */
  authorize(req: IncomingMessage, machineId: string): Promise<WhepRefusal | WhepViewer | null>;
  bands?: BandSpec[];
  /** Frames per second drawn and encoded (default 30). */
  fps?: number;
  /** Debian's ffmpeg (DESIGN §2: the npm static build stutters on VP8). */
  ffmpegPath?: string;
  /** `${machineId}/${bandId}` or `machineId` → an external WHEP URL the POST is redirected to (307). */
  external?: Record<string, string>;
  /** Payline shapes (row index per reel) so winning lines can be drawn; without them the window glows. */
  paylines?: number[][];
  /** Give up on a viewer whose ICE/DTLS has not connected by then (default 15 000 ms). */
  connectTimeoutMs?: number;
  /**
   * Close a connected viewer that has sent nothing (browsers send RTCP about every second) or
   * stayed `disconnected` for this long (default 5 000 ms): how a closed tab is noticed.
   */
  silenceTimeoutMs?: number;
  /** Live viewer sessions at once; past it the POST answers 503 (default 32). */
  maxSessions?: number;
  /**
   * Viewer sessions one player may hold at once (default 2): a new offer past it closes the
   * player's oldest, so a re-POST replaces rather than piles up.
   */
  maxViewersPerPlayer?: number;
  /** The same per machine, over its attributed viewers (default 2). */
  maxViewersPerMachine?: number;
  /** Offers one player may POST in a burst (default 10); past it 429 10708 with Retry-After. */
  offerBurst?: number;
  /** One more offer is allowed every this many milliseconds, up to offerBurst (default 1 000). */
  offerRefillMs?: number;
  /**
   * Keep an idle ffmpeg per band size ready for the next viewer (default true): a new viewer then
   * does not wait for ffmpeg's start-up. The first spare of a band follows its first viewer.
   */
  spareEncoders?: boolean;
  /**
   * Draw the request strip in every frame (protocol/videoStrip.ts): the low bits of the
   * machine's request count, for a viewer that measures press → picture (the bench). Default off.
   */
  strip?: boolean;
  /**
   * Send the machine's sound (sound.ts: the reels, their stops, a win's jingle) as an Opus track
   * to every viewer whose offer has an audio section (default true). Off, an offer's audio
   * section is rejected (port 0) and the video goes alone.
   */
  sound?: boolean;
  /**
   * Draw the frame that answers a player's request at once (redraw) rather than on the next tick
   * (default true; false is the old behaviour, kept for the bench's comparison).
   */
  answerAtOnce?: boolean;
  /** Told, for every viewer, of each frame that first shows a new request count, once it is sent (the bench). */
  trace?: (frame: FrameTrace) => void;
  /** The clock (epoch ms) of the drawn screen and of the offer rate (default Date.now). */
  now?: () => number;
}

/**
 * How the frame that first showed a request count went through the server. Times are epoch
 * milliseconds with sub-millisecond precision (performance.timeOrigin + performance.now()), so a
 * browser on the same machine can line them up with its own.
 */
export interface FrameTrace {
  machineId: string;
  sessionId: string;
  /** The frame's index in its session (0 = the first). */
  frame: number;
  requestSeq: number;
  /** Drawn at once for the request (true) or on the steady tick. */
  redraw: boolean;
  /** When the floor last said the machine's screen answered a request (null: never). */
  requestedAt: number | null;
  drawStart: number;
  /** Drawn and handed to ffmpeg's stdin. */
  written: number;
  /** ffmpeg had read all of it (the pipe drained; = written when it fit in the pipe at once). */
  taken: number;
  /** ffmpeg's first RTP packet of the frame, and its last one handed to werift (sent). */
  firstPacket: number;
  sent: number;
  /** RTP packets of the frame. */
  packets: number;
}

export interface VideoService {
  /** Answers /whep/... paths; resolves false (untouched response) for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** The bands of a known machine (empty for an unknown one), whepUrl prefixed by baseUrl. */
  bandsFor(machineId: string, baseUrl?: string): BandInfo[];
  activeSessions(): number;
  /** The picture's ffmpeg processes of viewers, one per viewer (spares not included). */
  activeEncoders(): number;
  /** The sound's ffmpeg processes of viewers (one per viewer who takes the sound, once connected). */
  activeAudioEncoders(): number;
  /** Idle spare encoders waiting for the next viewers. */
  spareEncoders(): number;
  /**
   * The machine's screen answered a player's request (the floor calls it after each one): its
   * viewers get a frame now instead of on the next tick.
   */
  requestAnswered(machineId: string): void;
  /** Stop (on) or resume (off) feeding frames to the machine's viewers; peers stay connected. */
  stall(machineId: string, on: boolean): void;
  /**
   * Close every viewer session of the machine (the control API's fault; the floor when the
   * machine's player leaves). A client still in the game sees its track end and reconnects.
   */
  endVideo(machineId: string): void;
  /**
   * Close every viewer session opened with this login session (its jti), at once: a viewer ends
   * with the login it was opened by (logout, a login elsewhere, a ban, the operator's end).
   */
  endViewersOf(jti: string): void;
  /** The login sessions (jti) that have viewers now: the server's sweep ends those that expired. */
  viewerLogins(): Set<string>;
  /** Stop everything; resolves once every ffmpeg has exited. */
  close(): Promise<void>;
}
