import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCode } from '../protocol/errors.ts';
import type { ControlState } from './control/state.ts';
import { ApiFailure, bodyCutShort, bodyTimeout, fail, INTERNAL_ERROR, invalidRequest, notFound } from './http/errors.ts';
import { applySecurityHeaders, sendJson, serviceOrigins } from './http/headers.ts';
import { clientIp, visitorCountry } from './http/client.ts';
import { holdRefusal } from './limits/tarpit.ts';
import { createApiRequest, type Router } from './http/router.ts';
import type { StaticFiles } from './http/static.ts';

/**
 * Every request, in order: security headers; a deadline for its body; an injected fault, if
 * one matches; an API route; a 404 JSON answer under the reserved prefixes; otherwise the
 * static client. Nothing a client sends may crash the process: unexpected errors become a
 * 500 body.
 */

// Paths the client's router never owns, so they never fall back to index.html.
const RESERVED_PREFIXES = ['/api', '/sim', '/check', '/ws', '/whep'];

export interface HandlerConfig {
  router: Router;
  /** The WHEP endpoints (/whep/...), answered before the API. */
  video?: { handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> };
  files: StaticFiles;
  control: ControlState;
  localCountry: string;
  /** Origins of the external WHEP servers configured for the video (allowed in connect-src). */
  videoOrigins?: readonly string[];
  /** How long a request's body may take to arrive after its headers. */
  bodyTimeoutMs: number;
  /** The simulator's clock: every answer's `Date` (the client measures token expiry with it). */
  now?: () => number;
}

// The response under way on each connection, for answerClientError.
const answering = new WeakMap<Duplex, ServerResponse>();

export function createRequestHandler(config: HandlerConfig) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // The policy follows the served settings (live chat, API and socket URLs change at run time).
    const settings = config.control.settings();
    applySecurityHeaders(res, {
      liveChat: settings.LIVE_CHAT,
      videoOrigins: config.videoOrigins ?? [],
      serviceOrigins: serviceOrigins(settings),
      opensInspectorWindow: /[?&]inspect=stately(&|$)/.test(req.url ?? ''),
    });
    // The operator's clock, which tokens' exp is measured on (tests move it): clients learn it here.
    if (config.now) res.setHeader('Date', new Date(config.now()).toUTCString());
    answering.set(req.socket, res);
    guardBody(req, res, config.bodyTimeoutMs);
    try {
      await route(req, res, config);
    } catch (error) {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      if (error instanceof ApiFailure) {
        const wait = retryAfter(error);
        if (wait['Retry-After']) await holdRefusal(res, Number(wait['Retry-After']));
        if (res.destroyed) return;
        sendJson(res, error.status, error.body(), wait);
        return;
      }
      // The client went away mid-request. (Not req.destroyed: a request whose body was read to
      // its end is destroyed too, and its client still waits for the answer.)
      if (res.destroyed || req.socket.destroyed) return;
      console.error('simulator: unexpected error on', req.method, req.url?.split('?')[0], error);
      sendJson(res, 500, new ApiFailure(500, INTERNAL_ERROR, 'internal error').body());
    }
  };
}

async function route(req: IncomingMessage, res: ServerResponse, config: HandlerConfig): Promise<void> {
  const target = req.url ?? '';
  if (!target.startsWith('/')) throw fail(400, ErrorCode.invalidRequest);
  const url = new URL(target, 'http://simulator.invalid');
  const path = url.pathname;

  if (!underPrefix(path, '/sim')) {
    const fault = config.control.takeFault(path, req.method ?? 'GET');
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.garbage) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('<html>not the JSON you asked for');
      return;
    }
    if (fault?.status !== undefined) {
      throw new ApiFailure(fault.status, fault.code ?? fault.status, fault.message ?? 'simulated fault', {
        simulated: true,
      });
    }
  }

  if (config.video && underPrefix(path, '/whep') && (await config.video.handle(req, res, url))) return;

  const match = config.router.match(req.method ?? 'GET', path);
  if (match && 'route' in match) {
    const request = createApiRequest(req, url, clientIp(req), visitorCountry(req, config.localCountry));
    const reply = await match.route.handle(request);
    sendJson(res, reply.status, reply.body);
    return;
  }
  if (match) {
    sendJson(
      res,
      405,
      new ApiFailure(405, ErrorCode.invalidRequest, 'method not allowed', { allowed: match.allowed }).body(),
      { Allow: match.allowed.join(', ') },
    );
    return;
  }
  if (RESERVED_PREFIXES.some((prefix) => underPrefix(path, prefix))) throw notFound(path);
  await config.files.serve(req, res, path);
}

/**
 * A client that announces a body and stops sending it would otherwise hold its handler and
 * its connection until Node's own requestTimeout. After `ms` it gets a coded 408 with
 * `Connection: close` (Node ends the connection once that is written). When the answer has
 * already gone out without the body (a route that reads none), the connection is dropped:
 * it cannot carry another request before that body ends anyway.
 */
function guardBody(req: IncomingMessage, res: ServerResponse, ms: number): void {
  const announced = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!announced) return;
  const socket = req.socket;
  const stop = () => {
    clearTimeout(timer);
    socket.off('close', stop);
  };
  const timer = setTimeout(() => {
    stop();
    if (req.complete) return;
    if (!res.headersSent) sendJson(res, 408, bodyTimeout(ms).body(), { Connection: 'close' });
    else if (res.writableEnded) socket.destroy();
  }, ms);
  req.once('end', stop);
  socket.once('close', stop);
}

/**
 * The server's 'clientError': what Node's HTTP parser refuses outside a handler's reach — a
 * body cut short (the client half-closed before its Content-Length), a malformed request,
 * Node's own headersTimeout / requestTimeout. Node would answer a bare status; this answers
 * the API's coded error body, through the response under way when there is one, and closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const res = answering.get(socket);
  const underWay = res !== undefined && !res.writableEnded;
  if (error.code === 'ECONNRESET' || !socket.writable || (underWay && res.headersSent)) {
    socket.destroy();
    return;
  }
  const failure = clientFailure(error);
  if (underWay) {
    sendJson(res, failure.status, failure.body(), { Connection: 'close' });
    return;
  }
  const payload = JSON.stringify(failure.body());
  const head = [
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(payload)}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${payload}`, () => socket.destroy());
}

function clientFailure(error: Error & { code?: string }): ApiFailure {
  const issue = (code: string, message: string) => ({ issues: [{ path: '', code, message }] });
  switch (error.code) {
    case 'HPE_INVALID_EOF_STATE':
      return bodyCutShort();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return fail(408, ErrorCode.invalidRequest, issue('timeout', 'the request did not arrive in time'));
    case 'HPE_HEADER_OVERFLOW':
      return fail(431, ErrorCode.invalidRequest, issue('too_big', 'request headers too large'));
    default:
      return invalidRequest(issue('malformed_request', error.code ?? 'malformed HTTP request').issues);
  }
}

/** A 429's wait, in seconds, as the standard header too (RFC 9110 §10.2.3). */
function retryAfter(error: ApiFailure): Record<string, string> {
  const seconds = error.params.retry_after;
  return error.status === 429 && typeof seconds === 'number' ? { 'Retry-After': String(seconds) } : {};
}

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
