import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';

/** The JWT payload the operator signs (HS256). Times are seconds since the epoch. */
export const TokenClaims = lazySchema(() => z.object({
  sub: z.string(),
  username: z.string(),
  permissions: z.array(z.int()),
  group: z.int(),
  type: z.int(),
  exp: z.int(),
  iat: z.int(),
  jti: z.string(),
}));
export type TokenClaims = z.infer<typeof TokenClaims>;

/** Permission id that every product menu item and route needs (SPEC §6). */
export const PLAYER_PERMISSION = 145;

/**
 * One policy for every secret a player types: the password (login, change password, change
 * PIN) and the idle lock's PIN. This many wrong in a row and the account is blocked for
 * blockMinutes (10702) — or, at the idle lock, the player is logged out (10705).
 */
export const SECRET_ATTEMPTS = { max: 5, blockMinutes: 15 } as const;

export const LoginRequest = lazySchema(() => z.object({
  username: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  site_id: z._default(z.int().check(z.nonnegative()), 0),
}));
export type LoginRequest = z.input<typeof LoginRequest>;

export const PlayerProfile = lazySchema(() => z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
}));
export type PlayerProfile = z.infer<typeof PlayerProfile>;

/** Answer of POST /login and GET /validate. */
export const LoginResult = lazySchema(() => z.object({
  token: z.string().check(z.minLength(1)),
  /**
   * The idle lock's PIN verifier (see PinCode), never the PIN itself; absent while the player
   * has no usable PIN. Kept a plain string here on purpose: a pin_code the client refuses must
   * not refuse the login, only the unlock (the idle lock parses it with PinCode).
   */
  pin_code: z.optional(z.string()),
  ip_address: z.string(),
  versions: z.string(),
  last_logon: z.nullable(z.string()),
  last_logon_ip: z.nullable(z.string()),
  user: PlayerProfile,
}));
export type LoginResult = z.infer<typeof LoginResult>;

/** Login log entry types (SPEC §8 log type labels). */
export const LoginLogType = {
  success: 1,
  loginFail: 2,
  notAllowed: 3,
  check: 4,
  logout: 5,
  changedPassword: 6,
  temporarilyBlocked: 7,
  kickedByPlayer: 8,
} as const;
export type LoginLogType = (typeof LoginLogType)[keyof typeof LoginLogType];
