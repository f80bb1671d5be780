import type { ServerResponse } from 'node:http';

/** The live-chat providers' origins (src/services/liveChat.ts loads their widget). */
const LIVE_CHAT_ORIGINS: Record<'tawk' | 'jivo', { script: string[]; connect: string[]; frame: string[] }> = {
  tawk: { script: ['https://embed.tawk.to', 'https://*.tawk.to'], connect: ['https://*.tawk.to', 'wss://*.tawk.to'], frame: ['https://*.tawk.to'] },
  jivo: {
    script: ['https://code.jivosite.com', 'https://*.jivosite.com'],
    connect: ['https://*.jivosite.com', 'wss://*.jivosite.com'],
    frame: ['https://*.jivosite.com'],
  },
};

export interface PolicyInputs {
  /** The live chat the operator turned on (SPEC §9 LIVE_CHAT). */
  liveChat: 'none' | 'tawk' | 'jivo';
  /** Origins of external WHEP servers the video may be redirected to (the POST follows there). */
  videoOrigins?: readonly string[];
}

/**
 * Sent on every response (DESIGN §7). styled-components injects <style> tags, hence
 * 'unsafe-inline' for styles only; scripts come from our own origin alone — plus the live-chat
 * provider's, when the operator turned one on. frame-src 'self' lets the footer's info modal
 * embed our own pages. An external WHEP server's origin is allowed to be connected to.
 */
export function contentSecurityPolicy({ liveChat, videoOrigins = [] }: PolicyInputs): string {
  const chat = liveChat === 'none' ? { script: [], connect: [], frame: [] } : LIVE_CHAT_ORIGINS[liveChat];
  const list = (...sources: string[]) => sources.join(' ');
  return [
    "default-src 'self'",
    list("img-src 'self' data: blob:", ...chat.frame),
    "media-src 'self' blob:",
    list("connect-src 'self' ws: wss:", ...videoOrigins, ...chat.connect),
    list("style-src 'self' 'unsafe-inline'", ...chat.frame),
    list("script-src 'self'", ...chat.script),
    list("frame-src 'self'", ...chat.frame),
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const OTHER_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'SAMEORIGIN',
};

export function applySecurityHeaders(res: ServerResponse, policy: PolicyInputs): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(policy));
  for (const [name, value] of Object.entries(OTHER_SECURITY_HEADERS)) res.setHeader(name, value);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}
