import { z } from 'zod';

/** Money is always integer minor units on the wire. */
export const MinorUnits = z.number().int();

export const BalanceResponse = z.object({ balance: MinorUnits });
export type BalanceResponse = z.infer<typeof BalanceResponse>;
