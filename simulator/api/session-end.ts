import { ErrorCode } from '../../protocol/errors.ts';
import type { SessionEndReason, Store } from '../store/store.ts';

/** The code a client is shown when its login session ends for this reason (SPEC §8). */
export const SESSION_END_CODE: Record<SessionEndReason, number> = {
  logout: ErrorCode.sessionTerminated,
  banned: ErrorCode.banned,
  kicked: ErrorCode.sessionEndedByOperator,
  elsewhere: ErrorCode.loggedInElsewhere,
  locked: ErrorCode.sessionLocked,
  timeLimit: ErrorCode.sessionTimeLimit,
};

type Listener = (jti: string, code: number) => void;

/**
 * A login session is one thing everywhere: ending it (logout, ban, an operator's kick, a login
 * elsewhere) revokes the REST token and tells the socket server, which closes that session's
 * machine and notification sockets at once. Expiry needs no event: `endedCode` reports it, and
 * the socket server sweeps for it.
 */
export class SessionEnds {
  readonly #store: Store;
  readonly #now: () => number;
  readonly #listeners = new Set<Listener>();

  readonly #sessionTimeMs: (playerId: number, at: number) => number | null;

  /** `sessionTimeMs`: how long one login of the player may last (their own limit), null for no limit. */
  constructor(store: Store, now: () => number, sessionTimeMs: (playerId: number, at: number) => number | null = () => null) {
    this.#store = store;
    this.#now = now;
    this.#sessionTimeMs = sessionTimeMs;
  }

  /** Called with each session that ends; returns the unsubscription. */
  onEnded(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Ends one login session; false when it was unknown or had already ended. */
  end(jti: string, reason: SessionEndReason): boolean {
    const ended = this.#store.revokeSession(jti, this.#now(), reason);
    if (ended) this.#tell(jti, SESSION_END_CODE[reason]);
    return ended;
  }

  /** Ends every live session of a player but `keep`; returns how many ended. */
  endAllOf(playerId: number, reason: SessionEndReason, keep?: string): number {
    const jtis = this.#store.revokeSessionsOf(playerId, this.#now(), reason, keep);
    for (const jti of jtis) this.#tell(jti, SESSION_END_CODE[reason]);
    return jtis.length;
  }

  /** Bans (or lifts the ban of) a player; a ban ends all of their sessions. */
  setBanned(playerId: number, banned: boolean): void {
    this.#store.setBanned(playerId, banned);
    if (banned) this.endAllOf(playerId, 'banned');
  }

  /** Null while the session may act; otherwise the code it ended with. Synchronous: no await. */
  endedCode(jti: string): number | null {
    const session = this.#store.session(jti);
    if (!session) return ErrorCode.sessionTerminated;
    if (session.revokedAt !== null) return session.endReason ? SESSION_END_CODE[session.endReason] : ErrorCode.sessionTerminated;
    const now = this.#now();
    if (session.expiresAt <= now) return ErrorCode.sessionTerminated;
    const player = this.#store.playerById(session.playerId);
    if (!player) return ErrorCode.sessionTerminated;
    if (player.banned) return ErrorCode.banned;
    // The player's own session-time limit: at that age the login ends, and once seen here it is
    // revoked (whatever the limit becomes later), and its sockets hear why.
    const allowed = this.#sessionTimeMs(session.playerId, now);
    if (allowed !== null && session.createdAt + allowed <= now) {
      this.end(jti, 'timeLimit');
      return ErrorCode.sessionTimeLimit;
    }
    return null;
  }

  /**
   * When the live login session `jti` of `playerId` reaches the player's session-time limit (epoch
   * ms), as the limit stands now; null without a limit, once the session has ended, or when the
   * token expires first (then the limit does not end it). Without a limit it reads nothing from
   * the database (the limits are kept in memory): the sweep asks it for every login.
   */
  timeLimitAt(jti: string, playerId: number): number | null {
    const allowed = this.#sessionTimeMs(playerId, this.#now());
    if (allowed === null) return null;
    const session = this.#store.session(jti);
    if (!session || session.revokedAt !== null || session.playerId !== playerId) return null;
    if (session.createdAt + allowed >= session.expiresAt) return null;
    return session.createdAt + allowed;
  }

  #tell(jti: string, code: number): void {
    for (const listener of this.#listeners) listener(jti, code);
  }
}
