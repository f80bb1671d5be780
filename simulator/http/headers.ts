import type { ServerResponse } from 'node:http';
import type { LiveChat, Settings } from '../../protocol/settings.ts';

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
  liveChat: LiveChat;
  /** Origins of external WHEP servers the video may be redirected to (the POST follows there). */
  videoOrigins?: readonly string[];
  /** Origins of the API and the two sockets when the served settings place them elsewhere. */
  serviceOrigins?: readonly string[];
}

/**
 * Sent on every response (DESIGN §7). styled-components injects <style> tags, hence
 * 'unsafe-inline' for styles only; scripts come from our own origin alone — plus the live-chat
 * provider's, when the operator turned one on. frame-src 'self' lets the footer's info modal
 * embed our own pages. connect-src names no bare ws:/wss: (that would let a script talk to any
 * host): 'self' covers our own sockets (CSP3 matches ws/wss to the page's origin), and the
 * API, sockets and external WHEP servers configured elsewhere are listed by origin.
 */
export function contentSecurityPolicy({ liveChat, videoOrigins = [], serviceOrigins = [] }: PolicyInputs): string {
  const chat = liveChat === 'none' ? { script: [], connect: [], frame: [] } : LIVE_CHAT_ORIGINS[liveChat];
  const list = (...sources: string[]) => sources.join(' ');
  return [
    "default-src 'self'",
    list("img-src 'self' data: blob:", ...chat.frame),
    "media-src 'self' blob:",
    list("connect-src 'self'", ...new Set([...serviceOrigins, ...videoOrigins]), ...chat.connect),
    list("style-src 'self' 'unsafe-inline'", ...chat.frame),
    list("script-src 'self'", ...chat.script),
    list("frame-src 'self'", ...chat.frame),
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

// An origin as the URL parser writes it, and nothing that could end a CSP source or directive.
const PLAIN_ORIGIN = /^(https?|wss?):\/\/[A-Za-z0-9.\-[\]:]+$/;

/**
 * The origins of API_URL, MACHINE_URL and NOTIFICATION_URL that are absolute URLs (paths on
 * this site are 'self'). The client turns an http(s) socket URL into ws(s)
 * (src/services/sockets.ts), and an https: source does not match wss: in CSP3, so the
 * sockets' origins are listed with the scheme the browser will use.
 */
export function serviceOrigins(settings: Pick<Settings, 'API_URL' | 'MACHINE_URL' | 'NOTIFICATION_URL'>): string[] {
  const origin = (value: string, socket: boolean): string[] => {
    if (!URL.canParse(value)) return [];
    const url = new URL(value);
    if (socket) url.protocol = url.protocol.replace(/^http/, 'ws');
    return PLAIN_ORIGIN.test(url.origin) ? [url.origin] : [];
  };
  return [
    ...origin(settings.API_URL, false),
    ...origin(settings.MACHINE_URL, true),
    ...origin(settings.NOTIFICATION_URL, true),
  ];
}

const OTHER_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'SAMEORIGIN',
  // The player needs none of these; fullscreen and autoplay only for our own frames.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), fullscreen=(self), autoplay=(self)',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export interface HeaderInputs extends PolicyInputs {
  /**
   * The page was asked for with ?inspect=stately: it opens Stately Inspector in a window and
   * talks to it through window.opener, which COOP same-origin would cut. Such a page keeps
   * the popups it opens (and is still cut off from cross-origin windows that open it).
   */
  opensInspectorWindow?: boolean;
}

export function applySecurityHeaders(res: ServerResponse, inputs: HeaderInputs): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(inputs));
  for (const [name, value] of Object.entries(OTHER_SECURITY_HEADERS)) res.setHeader(name, value);
  if (inputs.opensInspectorWindow) res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
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
