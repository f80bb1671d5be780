import { ErrorCode } from '../../protocol/errors.ts';
import { fail } from '../http/errors.ts';
import { FAIR_SHARE } from './policy.ts';

/**
 * Password and PIN hashing (scrypt, PBKDF2) run on libuv's small thread pool, which file reads
 * and other crypto share. However many logins arrive, at most `concurrency` hashes run at once
 * and at most `queue` wait; any more are refused at once with 429 10708 (retry in a second),
 * so a flood of logins costs the honest players nothing but its own refusals. Token checks do
 * not hash (auth/tokens.ts verifies HMACs synchronously), so they never wait here.
 */
export class HashPool {
  readonly #concurrency: number;
  readonly #queue: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(concurrency: number = FAIR_SHARE.hashingConcurrency, queue: number = FAIR_SHARE.hashingQueue) {
    this.#concurrency = concurrency;
    this.#queue = queue;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) {
      if (this.#waiting.length >= this.#queue) throw fail(429, ErrorCode.tooManyRequests, { retry_after: 1 });
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, or is given back.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

/** The process's one pool: every scrypt and PBKDF2 of the simulator goes through it. */
export const hashing = new HashPool();
