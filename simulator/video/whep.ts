import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../src/protocol/errors.ts';
import { sendJson } from '../http/headers.ts';
import { whepPath } from './bands.ts';
import { checkOffer, MAX_OFFER_BYTES, OFFER_PROBLEM_TEXT } from './sdp.ts';
import { OfferRejected, VideoUnavailable, type ViewerSession } from './session.ts';
import type { VideoBand, WhepRefusal } from './types.ts';

/**
 * The WHEP HTTP surface (draft-ietf-wish-whep, with the HTTP rules of WHIP, RFC 9725):
 *   POST    /whep/{machine}/{band}            SDP offer in, 201 + SDP answer + Location out
 *                                             (Authorization: Bearer — the player on the machine)
 *   DELETE  /whep/{machine}/{band}/{session}  ends the session
 *   OPTIONS on either                         the allowed methods
 *   PATCH   on a session                      405: no trickle ICE, the answer has every candidate
 * Errors carry the API's JSON error body so the client parses one shape everywhere.
 */

export interface WhepBackend {
  machineExists(machineId: string): boolean;
  authorize(req: IncomingMessage, machineId: string): Promise<WhepRefusal | null>;
  band(bandId: string): VideoBand | undefined;
  externalUrl(machineId: string, bandId: string): string | undefined;
  /** False when no more viewers fit (503) or the service is closing. */
  hasRoom(): boolean;
  open(machineId: string, band: VideoBand, offer: string): Promise<ViewerSession>;
  find(sessionId: string): ViewerSession | undefined;
}

const ENDPOINT_METHODS = 'OPTIONS, POST';
const RESOURCE_METHODS = 'OPTIONS, DELETE';

class WhepError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
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
    sendJson(res, error.status, { code: ErrorCode.invalidRequest, ErrorMessage: error.message, Params: {} }, error.headers);
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

async function post(req: IncomingMessage, res: ServerResponse, machineId: string, band: VideoBand, backend: WhepBackend): Promise<void> {
  // WHEP's bearer token (the player's): a machine's video is for the player on it.
  const refusal = await backend.authorize(req, machineId);
  if (refusal) throw new WhepError(refusal.status, refusal.message, refusal.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {});
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
  if (!backend.hasRoom()) throw new WhepError(503, 'too many viewers, try again shortly', { 'Retry-After': '5' });

  let session: ViewerSession;
  try {
    session = await backend.open(machineId, band, offer);
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
