import { z } from 'zod';
import { PlayerProfile } from './auth.ts';
import { MinorUnits } from './player.ts';

/**
 * The account screens (profile, password, PIN, login log, game sessions, transactions) and the
 * discount/bonus calls. Queries arrive as strings, so their schemas parse digits into numbers.
 */

/** Simulator codes for discount and bonus refusals (the client translates CODE_{code}). */
export const AccountCode = {
  /** Discount refused: the balance is at or above DISCOUNT_MIN; Params.amount is that limit. */
  discountBalanceTooHigh: 60010,
  /** Discount already claimed in the last 5 minutes; Params.retryAfterSeconds. */
  discountTooSoon: 60011,
  /** Bonus already claimed in the last 5 minutes; Params.retryAfterSeconds. */
  bonusTooSoon: 60012,
  /** No machine loss to discount since the last discount (within 24 hours). */
  nothingToDiscount: 60013,
  /** The operator has switched the feature off (AUTO_DISCOUNT / AUTO_BONUS false). */
  promoDisabled: 60014,
} as const;

/** Shortest password change-password accepts (shorter answers 40101). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

// ---- profile and credentials -------------------------------------------------------------

export const ProfileResponse = PlayerProfile.extend({
  balance: MinorUnits,
  /** The login before the current session's, like LoginResult.last_logon; null on a first login. */
  lastLogon: z.string().nullable(),
  lastLogonIp: z.string().nullable(),
  /** The address this request came from. */
  ip: z.string(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** The new password's length is checked by the server (40101), not here, so it gets its own code. */
export const ChangePasswordRequest = z.object({
  oldPassword: z.string().min(1),
  newPassword: z.string().max(MAX_PASSWORD_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ChangePinRequest = z.object({
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  pin: z.string().regex(/^\d{4,6}$/, 'a PIN is 4 to 6 digits'),
});
export type ChangePinRequest = z.infer<typeof ChangePinRequest>;

export const ChangePinResponse = z.object({
  code: z.literal(20000),
  /** The new hash the idle lock compares against (see pinHashInput). */
  pin_code: z.string(),
});
export type ChangePinResponse = z.infer<typeof ChangePinResponse>;

// ---- paged lists -------------------------------------------------------------------------

/** A non-negative integer written in decimal digits, as a query string carries it. */
const QueryInt = z
  .string()
  .regex(/^\d{1,15}$/, 'expected a non-negative integer')
  .transform(Number);

const inRange = (min: number, max: number) => QueryInt.pipe(z.number().int().min(min).max(max));

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/** page (from 1), size (1–100, default 10), and an optional time window from…to in epoch ms, both inclusive. */
const PagingFields = {
  page: inRange(1, 1_000_000).default(1),
  size: inRange(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  from: QueryInt.optional(),
  to: QueryInt.optional(),
};

function withWindow<T extends { from?: number | undefined; to?: number | undefined }>(query: T, context: z.RefinementCtx): void {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  }
}

export const LoginLogQuery = z.object({ ...PagingFields, type: inRange(1, 8).optional() }).superRefine(withWindow);
export type LoginLogQuery = z.output<typeof LoginLogQuery>;

export const GameSessionQuery = z
  .object({ ...PagingFields, machineId: inRange(1, Number.MAX_SAFE_INTEGER).optional() })
  .superRefine(withWindow);
export type GameSessionQuery = z.output<typeof GameSessionQuery>;

export const TransactionQuery = z.object({ ...PagingFields, action: inRange(1, 6).optional() }).superRefine(withWindow);
export type TransactionQuery = z.output<typeof TransactionQuery>;

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Rows matching the filters over all pages. */
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    size: z.number().int().positive(),
  });
}

export const LoginLogItem = z.object({
  id: z.number().int(),
  ip: z.string(),
  country: z.string(),
  /** LoginLogType (auth.ts). */
  type: z.number().int(),
  at: z.string(),
});
export type LoginLogItem = z.infer<typeof LoginLogItem>;
export const LoginLogPage = pageOf(LoginLogItem);
export type LoginLogPage = z.infer<typeof LoginLogPage>;

export const GameSessionItem = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  machineName: z.string(),
  brand: z.string(),
  start: z.string(),
  /** null while the session is open. */
  end: z.string().nullable(),
  /** Up to the end, or up to now while open. */
  durationSeconds: z.number().int().nonnegative(),
  /** The player's net result: cashOut − cashIn (negative: the player lost that much). */
  amount: MinorUnits,
  cashIn: MinorUnits,
  cashOut: MinorUnits,
  betTotal: MinorUnits,
  winTotal: MinorUnits,
  spinCount: z.number().int().nonnegative(),
  freeSpinCount: z.number().int().nonnegative(),
});
export type GameSessionItem = z.infer<typeof GameSessionItem>;
export const GameSessionPage = pageOf(GameSessionItem);
export type GameSessionPage = z.infer<typeof GameSessionPage>;

export const TransactionItem = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Always positive; the action says which way it moved. */
  amount: MinorUnits,
  /** AmountAction (floor.ts): 1 deposit, 2 withdraw, 3 cash in, 4 cash out, 5 hand pay, 6 jackpot. */
  action: z.number().int().min(1).max(6),
  tag: z.string(),
  machineId: z.number().int().nullable(),
  machineName: z.string().nullable(),
  /** The wallet balance right after this move. */
  balanceAfter: MinorUnits,
});
export type TransactionItem = z.infer<typeof TransactionItem>;
export const TransactionPage = pageOf(TransactionItem);
export type TransactionPage = z.infer<typeof TransactionPage>;

// ---- discount and bonus ------------------------------------------------------------------

/** 200 answer of GET /player/discount and /player/bonus. */
export const PromoResult = z.object({
  status: z.literal(1),
  code: z.literal(20000),
  ErrorMessage: z.string(),
  Params: z.object({
    /** What was credited, minor units. */
    amount: MinorUnits,
    /** The wallet balance afterwards. */
    balance: MinorUnits,
  }),
});
export type PromoResult = z.infer<typeof PromoResult>;
