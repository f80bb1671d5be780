import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';

/**
 * Money is always integer minor units on the wire. Built at once: nothing to save by waiting, and
 * a stand-in (lazySchema) would put a trap on every read of every amount parsed.
 */
export const MinorUnits = z.int();

export const BalanceResponse = lazySchema(() => z.object({ balance: MinorUnits }));
export type BalanceResponse = z.infer<typeof BalanceResponse>;
