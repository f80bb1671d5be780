import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../src/protocol/errors.ts';
import type { ControlState } from './control/state.ts';
import { ApiFailure, fail, INTERNAL_ERROR, notFound } from './http/errors.ts';
import { applySecurityHeaders, sendJson } from './http/headers.ts';
import { clientIp, visitorCountry } from './http/client.ts';
import { createApiRequest, type Router } from './http/router.ts';
import type { StaticFiles } from './http/static.ts';

/**
 * Every request, in order: security headers; an injected fault, if one matches; an API
 * route; a 404 JSON answer under the reserved prefixes; otherwise the static client.
 * Nothing a client sends may crash the process: unexpected errors become a 500 body.
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
}

export function createRequestHandler(config: HandlerConfig) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // The policy follows the served settings (the live chat may be turned on at run time).
    applySecurityHeaders(res, { liveChat: config.control.settings().LIVE_CHAT, videoOrigins: config.videoOrigins ?? [] });
    try {
      await route(req, res, config);
    } catch (error) {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      if (error instanceof ApiFailure) {
        sendJson(res, error.status, error.body());
        return;
      }
      if (req.destroyed) return; // the client went away mid-request
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
    const fault = config.control.takeFault(path);
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

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
