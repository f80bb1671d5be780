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
 * not sign → 401 10; expired, logged out or its player gone → 401 50100; a login ended for
 * another reason → 401 with that reason's code (banned 10704, elsewhere 10706, by the operator
 * 10707, locked 10710 — also a token that outlived its player's lock —, the player's session-time
 * limit 10711: SESSION_END_CODE). The session row
 * is the authority, so logout takes effect before the token's exp.
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
  if (!session || String(session.playerId) !== claims.sub) throw fail(401, ErrorCode.sessionTerminated);
  // An ended login answers every call with the reason it ended (the code its sockets close
  // with): a request that crosses the end — a ban, a kick, a login elsewhere, the player's own
  // limit — tells the client why, whichever of the socket and the request it hears first.
  const ended = deps.sessions.endedCode(session.jti);
  if (ended !== null) throw fail(401, ended);
  const player = deps.store.playerById(session.playerId);
  if (!player) throw fail(401, ErrorCode.sessionTerminated);
  // A lock the player chose is the authority, not only the sessions it ended: a token that
  // outlived it (its end failed half-way) is refused all the same.
  if (deps.protection.activeLock(player.id, deps.now())) throw fail(401, ErrorCode.sessionLocked);
  return { token, claims, session, player };
}
