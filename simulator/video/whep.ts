import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../protocol/errors.ts';
import { sendJson } from '../http/headers.ts';
import { holdRefusal } from '../limits/tarpit.ts';
import { whepPath } from './bands.ts';
import { checkOffer, MAX_OFFER_BYTES, OFFER_PROBLEM_TEXT } from './sdp.ts';
import { OfferRejected, VideoUnavailable, type ViewerSession } from './session.ts';
import type { BandSpec, WhepRefusal, WhepViewer } from './types.ts';

/**
 * The WHEP HTTP surface (draft-ietf-wish-whep, with the HTTP rules of WHIP, RFC 9725):
 *   POST    /whep/{machine}/{band}            SDP offer in, 201 + SDP answer + Location out
 *                                             (Authorization: Bearer — the player on the machine)
 *   DELETE  /whep/{machine}/{band}/{session}  ends the session
 *   OPTIONS on either                         the allowed methods
 *   PATCH   on a session                      405: no trickle ICE, the answer has every candidate
 * Errors carry the API's JSON error body so the client parses one shape everywhere. A player's
 * offers past their rate answer 429 10708 before the offer is read (the fair share, index.ts).
 */

export interface WhepBackend {
  machineExists(machineId: string): boolean;
  authorize(req: IncomingMessage, machineId: string): Promise<WhepRefusal | WhepViewer | null>;
  /** Takes one offer of the player's rate: 0 when within it, else the milliseconds until the next. */
  throttle(viewer: WhepViewer): number;
  band(bandId: string): BandSpec | undefined;
  externalUrl(machineId: string, bandId: string): string | undefined;
  /**
   * Admits the viewer (closing the oldest past the player's or the machine's share) and answers
   * the offer. Throws a WhepError when it may not have a session after all: 503 when no more
   * viewers fit or the service is closing, 409 or 401 when it was ended while negotiating.
   */
  open(machineId: string, band: BandSpec, offer: string, viewer: WhepViewer | null): Promise<ViewerSession>;
  find(sessionId: string): ViewerSession | undefined;
}

const ENDPOINT_METHODS = 'OPTIONS, POST';
const RESOURCE_METHODS = 'OPTIONS, DELETE';

/** A refusal, answered with the API's error body (code 40000 unless said otherwise). */
export class WhepError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly code: number;
  readonly params: Record<string, unknown>;
  constructor(status: number, message: string, headers: Record<string, string> = {}, code: number = ErrorCode.invalidRequest, params: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.code = code;
    this.params = params;
  }
}

/** 429 10708: the player's offers came faster than their rate; Retry-After says when the next may. */
export function tooManyOffers(waitMs: number): WhepError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new WhepError(429, `too many video offers, try again in ${seconds} s`, { 'Retry-After': String(seconds) }, ErrorCode.tooManyRequests, { retry_after: seconds });
}

export function isWhepPath(path: string): boolean {
  return path === '/whep' || path.startsWith('/whep/');
}

export async function handleWhep(req: IncomingMessage, res: ServerResponse, url: URL, backend: WhepBackend): Promise<void> {
  try {
    await route(req, res, url, backend);
  } catch (error) {
    if (!(error instanceof WhepError)) throw error;
    if (res.headersSent || res.destroyed) return; // e.g. the viewer aborted its POST
    if (error.status === 429) await holdRefusal(res, Number(error.params.retry_after ?? 1));
    if (res.destroyed) return;
    sendJson(res, error.status, { code: error.code, ErrorMessage: error.message, Params: error.params }, error.headers);
  }
}

async function route(req: IncomingMessage, res: ServerResponse, url: URL, backend: WhepBackend): Promise<void> {
  const segments = url.pathname.split('/').slice(2).map(decodeSegment);
  const [machineId, bandId, sessionId] = segments;
  if (segments.length < 2 || segments.length > 3 || !machineId || !bandId || segments.includes(undefined)) {
    throw new WhepError(404, 'not found');
  }
  const band = backend.band(bandId);
  if (!backend.machineExists(machineId)) throw new WhepError(404, `unknown machine ${machineId}`);
  if (!band) throw new WhepError(404, `unknown video band ${bandId}`);
  const method = req.method ?? 'GET';

  if (sessionId === undefined) {
    if (method === 'OPTIONS') return sendEmpty(res, 204, { Allow: ENDPOINT_METHODS, 'Accept-Post': 'application/sdp' });
    if (method !== 'POST') throw new WhepError(405, 'method not allowed', { Allow: ENDPOINT_METHODS });
    return post(req, res, machineId, band, backend);
  }

  const session = backend.find(sessionId);
  if (!session || session.machineId !== machineId || session.bandId !== bandId) throw new WhepError(404, 'unknown WHEP session');
  if (method === 'OPTIONS') return sendEmpty(res, 204, { Allow: RESOURCE_METHODS });
  if (method === 'PATCH') {
    throw new WhepError(405, 'trickle ICE and ICE restarts are not supported: the answer carries every candidate; POST a new offer instead', { Allow: RESOURCE_METHODS });
  }
  if (method !== 'DELETE') throw new WhepError(405, 'method not allowed', { Allow: RESOURCE_METHODS });
  await session.close('viewer sent DELETE');
  sendEmpty(res, 200);
}

async function post(req: IncomingMessage, res: ServerResponse, machineId: string, band: BandSpec, backend: WhepBackend): Promise<void> {
  // WHEP's bearer token (the player's): a machine's video is for the player on it.
  const access = await backend.authorize(req, machineId);
  if (access && 'status' in access) throw new WhepError(access.status, access.message, access.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {});
  const viewer = access;
  // The player's offer rate, before the offer is read and long before any encoder starts.
  if (viewer) {
    const waitMs = backend.throttle(viewer);
    if (waitMs > 0) throw tooManyOffers(waitMs);
  }
  const external = backend.externalUrl(machineId, band.id);
  if (external) {
    // 307 keeps the method and the body: the browser re-POSTs the same offer to the media server.
    return sendEmpty(res, 307, { Location: external });
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/sdp') throw new WhepError(415, 'expected Content-Type: application/sdp', { 'Accept-Post': 'application/sdp' });
  const offer = await readOffer(req);
  const problem = checkOffer(offer);
  if (problem) throw new WhepError(400, OFFER_PROBLEM_TEXT[problem]);

  let session: ViewerSession;
  try {
    session = await backend.open(machineId, band, offer, viewer);
  } catch (error) {
    if (error instanceof OfferRejected) throw new WhepError(400, error.message);
    if (error instanceof VideoUnavailable) {
      console.warn(`video: ${error.message}`);
      throw new WhepError(503, 'video is unavailable', { 'Retry-After': '5' });
    }
    throw error;
  }
  if (res.destroyed) {
    // The viewer hung up while we negotiated: nobody will ever DELETE this session.
    await session.close('viewer left during negotiation');
    return;
  }
  const body = Buffer.from(session.answer, 'utf8');
  res.writeHead(201, {
    'Content-Type': 'application/sdp',
    'Content-Length': body.length,
    Location: `${whepPath(machineId, band.id)}/${encodeURIComponent(session.id)}`,
    ETag: `"${session.id}"`,
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

// Past this, stop draining and drop the connection: such a client will not read our answer.
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** The offer text; an oversized one is drained (not kept) so the client still gets its 413. */
function readOffer(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT_BYTES) req.destroy();
      else if (size <= MAX_OFFER_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_OFFER_BYTES) reject(new WhepError(413, `the offer exceeds ${MAX_OFFER_BYTES} bytes`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    // A viewer that hangs up mid-offer is not a server error: nothing to log, nobody to answer.
    req.on('error', () => reject(new WhepError(400, 'request aborted')));
    req.on('close', () => {
      if (!req.complete) reject(new WhepError(400, 'request aborted'));
    });
  });
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Cache-Control': 'no-store', ...(status === 204 ? {} : { 'Content-Length': '0' }), ...headers });
  res.end();
}
