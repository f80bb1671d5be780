import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';

/** Money is always integer minor units on the wire. */
export const MinorUnits = lazySchema(() => z.int());

export const BalanceResponse = lazySchema(() => z.object({ balance: MinorUnits }));
export type BalanceResponse = z.infer<typeof BalanceResponse>;
