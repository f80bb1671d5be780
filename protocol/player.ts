import { z } from 'zod/mini';

/** Money is always integer minor units on the wire. */
export const MinorUnits = z.int();

export const BalanceResponse = z.object({ balance: MinorUnits });
export type BalanceResponse = z.infer<typeof BalanceResponse>;
