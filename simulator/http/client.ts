import type { IncomingMessage } from 'node:http';
import { SIM_COUNTRY_HEADER } from '../../protocol/check.ts';

/**
 * Who is calling. The IP is the socket's peer address: forwarding headers are not trusted,
 * because anyone could send them (a proxy deployment would add that deliberately).
 */
export function clientIp(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/**
 * The simulator has no GeoIP database: a visitor is from `fallback` (the host's country)
 * unless the request poses as another country with the x-sim-country header.
 */
export function visitorCountry(req: IncomingMessage, fallback: string): string {
  const posed = req.headers[SIM_COUNTRY_HEADER];
  if (typeof posed === 'string' && /^[A-Za-z]{2}$/.test(posed.trim())) return posed.trim().toUpperCase();
  return fallback;
}
