/**
 * A token bucket: `burst` tokens, refilled at `perSecond`. take() spends one when there is one;
 * otherwise it says how long until there will be. Time comes from the caller's clock.
 */
export class TokenBucket {
  readonly #burst: number;
  readonly #perMs: number;
  #tokens: number;
  #at: number;

  constructor(rate: { burst: number; perSecond: number }, now: number) {
    this.#burst = rate.burst;
    this.#perMs = rate.perSecond / 1000;
    this.#tokens = rate.burst;
    this.#at = now;
  }

  /** 0 when a token was spent, else the milliseconds until one is free (nothing spent). */
  take(now: number): number {
    this.#refill(now);
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - this.#tokens) / this.#perMs);
  }

  /** Whether the bucket is back to full (it can be forgotten). */
  full(now: number): boolean {
    this.#refill(now);
    return this.#tokens >= this.#burst;
  }

  #refill(now: number): void {
    const elapsed = Math.max(0, now - this.#at);
    this.#at = Math.max(this.#at, now);
    this.#tokens = Math.min(this.#burst, this.#tokens + elapsed * this.#perMs);
  }
}

/** One bucket per key, forgotten once full again (so the map stays as small as the abuse). */
export class KeyedBuckets<K> {
  readonly #rate: { burst: number; perSecond: number };
  readonly #buckets = new Map<K, TokenBucket>();
  #sweptAt = 0;

  constructor(rate: { burst: number; perSecond: number }) {
    this.#rate = rate;
  }

  take(key: K, now: number): number {
    let bucket = this.#buckets.get(key);
    if (!bucket) this.#buckets.set(key, (bucket = new TokenBucket(this.#rate, now)));
    const wait = bucket.take(now);
    if (this.#buckets.size > 1024 && now - this.#sweptAt > 1000) this.sweep(now);
    return wait;
  }

  sweep(now: number): void {
    this.#sweptAt = now;
    for (const [key, bucket] of this.#buckets) if (bucket.full(now)) this.#buckets.delete(key);
  }
}
