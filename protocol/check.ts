import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';

/** Answer of GET {api base}/../check. Blocked when status and code are both 0. */
export const IpCheckResult = lazySchema(() => z.object({
  status: z.int(),
  code: z.int(),
  ip: z.string(),
  country: z.string(),
}));
export type IpCheckResult = z.infer<typeof IpCheckResult>;

/** Request header with which tests (and demos) pose as a visitor from another country. */
export const SIM_COUNTRY_HEADER = 'x-sim-country';
