import { ErrorCode } from '../../protocol/errors.ts';
import { fail } from '../http/errors.ts';
import { KeyedBuckets } from './bucket.ts';
import { FAIR_SHARE } from './policy.ts';

interface Failures {
  count: number;
  lastAt: number;
}

/**
 * Per address, what one visitor may try before proving who they are (login and register):
 * - at most FAIR_SHARE.authInFlightPerAddress calls at once: more answer 429 at once, before any
 *   password is hashed;
 * - failed logins (unknown name, wrong password, blocked) are counted; past the free ones each
 *   failure doubles the wait before the address may try again (up to failureBackoffMaxMs), and
 *   an attempt inside that wait answers 429 10708 with `retry_after`. Failures are forgotten
 *   after failureMemoryMs of quiet; a success does not wipe them (an attacker's own account
 *   must not reset the count for their guesses at others);
 * - registrations come from a bucket of their own.
 * The per-player count (10700/10702, auth/attempts.ts) still applies on top.
 */
export class AddressGate {
  readonly #now: () => number;
  readonly #inFlight = new Map<string, number>();
  readonly #failures = new Map<string, Failures>();
  readonly #registrations = new KeyedBuckets<string>(FAIR_SHARE.registrations);

  /** `now` is a monotonic clock in ms (not the simulator's clock, which tests stand still). */
  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Runs one login or register call of `ip`, or refuses it with 429 10708. */
  async run<T>(ip: string, kind: 'login' | 'register', work: () => Promise<T>): Promise<T> {
    const now = this.#now();
    const wait = Math.max(this.#backoffLeft(ip, now), kind === 'register' ? this.#registrations.take(ip, now) : 0);
    if (wait > 0) throw tooMany(wait);
    const running = this.#inFlight.get(ip) ?? 0;
    if (running >= FAIR_SHARE.authInFlightPerAddress) throw tooMany(1000);
    this.#inFlight.set(ip, running + 1);
    try {
      return await work();
    } finally {
      const left = (this.#inFlight.get(ip) ?? 1) - 1;
      if (left <= 0) this.#inFlight.delete(ip);
      else this.#inFlight.set(ip, left);
    }
  }

  /** A login from `ip` failed on its credentials. */
  failed(ip: string): void {
    const now = this.#now();
    const known = this.#failures.get(ip);
    const count = known && now - known.lastAt < FAIR_SHARE.failureMemoryMs ? known.count + 1 : 1;
    this.#failures.set(ip, { count, lastAt: now });
    if (this.#failures.size > 4096) this.#forgetOld(now);
  }

  #backoffLeft(ip: string, now: number): number {
    const known = this.#failures.get(ip);
    if (!known) return 0;
    if (now - known.lastAt >= FAIR_SHARE.failureMemoryMs) {
      this.#failures.delete(ip);
      return 0;
    }
    const over = known.count - FAIR_SHARE.freeFailuresPerAddress;
    if (over <= 0) return 0;
    const backoff = Math.min(FAIR_SHARE.failureBackoffMaxMs, 1000 * 2 ** (over - 1));
    return Math.max(0, known.lastAt + backoff - now);
  }

  #forgetOld(now: number): void {
    for (const [ip, known] of this.#failures) if (now - known.lastAt >= FAIR_SHARE.failureMemoryMs) this.#failures.delete(ip);
  }
}

function tooMany(waitMs: number) {
  return fail(429, ErrorCode.tooManyRequests, { retry_after: Math.max(1, Math.ceil(waitMs / 1000)) });
}
