import { z } from 'zod';

/**
 * The simulator's control API (/sim/*), used by end-to-end tests and demos to steer the
 * operator. A real operator has no such API; the client never calls it.
 */

/** ISO 3166-1 alpha-2 country code, upper case on the wire. */
export const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'two-letter country code')
  .transform((code) => code.toUpperCase());

/** PUT /sim/allowed-countries: replaces the list of countries that may log in. */
export const AllowedCountriesRequest = z.strictObject({
  countries: z.array(CountryCode).max(300),
});
export type AllowedCountriesRequest = z.input<typeof AllowedCountriesRequest>;

/**
 * POST /sim/fault: the next `times` requests whose path starts with `path` answer `status`
 * with an error body (code defaults to the status, ErrorMessage to 'simulated fault').
 */
export const FaultRequest = z.strictObject({
  path: z.string().startsWith('/').max(512),
  status: z.number().int().min(400).max(599),
  times: z.number().int().min(1).max(1000).default(1),
  code: z.number().int().optional(),
  message: z.string().max(512).optional(),
});
export type FaultRequest = z.input<typeof FaultRequest>;

/** GET /sim/health. */
export const SimHealth = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  pendingFaults: z.number().int(),
  allowedCountries: z.array(z.string()),
});
export type SimHealth = z.infer<typeof SimHealth>;
