import type { IncomingMessage } from 'node:http';
import type { TokenClaims } from '../../protocol/auth.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { fail } from '../http/errors.ts';
import type { PlayerRecord, SessionRecord } from '../store/store.ts';
import type { ApiDeps } from './deps.ts';

export interface Authenticated {
  token: string;
  claims: TokenClaims;
  session: SessionRecord;
  player: PlayerRecord;
}

/**
 * The token rules of every authenticated call: no bearer token → 401 40000; a token we did
 * not sign → 401 10; expired, logged out, or its player gone or banned → 401 50100; past the
 * player's own session-time limit → 401 10711. The
 * session row is the authority, so logout takes effect before the token's exp.
 */
export async function authenticate(req: IncomingMessage, deps: ApiDeps): Promise<Authenticated> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return authenticateToken(match?.[1], deps);
}

/** The same rules for a token that arrives another way (the sockets carry it in the query). */
export async function authenticateToken(
  token: string | undefined,
  deps: Pick<ApiDeps, 'tokens' | 'store' | 'now' | 'protection' | 'sessions'>,
): Promise<Authenticated> {
  if (token === undefined || token === '') throw fail(401, ErrorCode.invalidRequest);

  const check = await deps.tokens.verify(token);
  if (!check.ok) {
    throw fail(401, check.reason === 'expired' ? ErrorCode.sessionTerminated : ErrorCode.signatureNotVerified);
  }
  const { claims } = check;
  const session = deps.store.session(claims.jti);
  const now = deps.now();
  // The session time the player set themselves: the login has ended, and every answer says why
  // (also after the first one, or the socket sweep, revoked it).
  if (session && deps.sessions.endedCode(session.jti) === ErrorCode.sessionTimeLimit) throw fail(401, ErrorCode.sessionTimeLimit);
  if (!session || session.revokedAt !== null || session.expiresAt <= now || String(session.playerId) !== claims.sub) {
    throw fail(401, ErrorCode.sessionTerminated);
  }
  const player = deps.store.playerById(session.playerId);
  if (!player || player.banned) throw fail(401, ErrorCode.sessionTerminated);
  // A lock the player chose is the authority, not only the sessions it ended: a token that
  // outlived it (its end failed half-way) is refused all the same.
  if (deps.protection.activeLock(player.id, now)) throw fail(401, ErrorCode.sessionTerminated);
  return { token, claims, session, player };
}
