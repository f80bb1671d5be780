import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';
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

export const ProfileResponse = lazySchema(() => z.extend(PlayerProfile, {
  balance: MinorUnits,
  /** The login before the current session's, like LoginResult.last_logon; null on a first login. */
  lastLogon: z.nullable(z.string()),
  lastLogonIp: z.nullable(z.string()),
  /** The address this request came from. */
  ip: z.string(),
}));
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** The new password's length is checked by the server (40101), not here, so it gets its own code. */
export const ChangePasswordRequest = lazySchema(() => z.object({
  oldPassword: z.string().check(z.minLength(1)),
  newPassword: z.string().check(z.maxLength(MAX_PASSWORD_LENGTH)),
}));
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ChangePinRequest = lazySchema(() => z.object({
  password: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_LENGTH)),
  pin: z.string().check(z.regex(/^\d{4,6}$/, 'a PIN is 4 to 6 digits')),
}));
export type ChangePinRequest = z.infer<typeof ChangePinRequest>;

export const ChangePinResponse = lazySchema(() => z.object({
  code: z.literal(20000),
  /** The new PIN's pin_code (see protocol/pinCode.ts), with a fresh salt: /login and /validate send it from now on. */
  pin_code: z.string(),
}));
export type ChangePinResponse = z.infer<typeof ChangePinResponse>;

// ---- paged lists -------------------------------------------------------------------------

/** A non-negative integer written in decimal digits, as a query string carries it. */
const QueryInt = lazySchema(() => z.pipe(
  z.string().check(z.regex(/^\d{1,15}$/, 'expected a non-negative integer')),
  z.transform(Number),
));

const inRange = (min: number, max: number) => z.pipe(QueryInt, z.int().check(z.gte(min), z.lte(max)));

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * page (from 1), size (1–100, default 10), and an optional time window from…to in epoch ms, both
 * inclusive. Every paged list of the player's takes them (protection's history too: protection.ts).
 */
export const PagingFields = {
  page: z._default(inRange(1, 1_000_000), 1),
  size: z._default(inRange(1, MAX_PAGE_SIZE), DEFAULT_PAGE_SIZE),
  from: z.optional(QueryInt),
  to: z.optional(QueryInt),
};

/** A list query's check: the window's end is not before its start. */
export function withWindow<T extends { from?: number | undefined; to?: number | undefined }>(query: T, context: z.core.$RefinementCtx<T>): void {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  }
}

export const LoginLogQuery = lazySchema(() => z.object({ ...PagingFields, type: z.optional(inRange(1, 8)) }).check(z.superRefine(withWindow)));
export type LoginLogQuery = z.output<typeof LoginLogQuery>;

export const GameSessionQuery = z
  .object({ ...PagingFields, machineId: z.optional(inRange(1, Number.MAX_SAFE_INTEGER)) })
  .check(z.superRefine(withWindow));
export type GameSessionQuery = z.output<typeof GameSessionQuery>;

export const TransactionQuery = lazySchema(() => z.object({ ...PagingFields, action: z.optional(inRange(1, 6)) }).check(z.superRefine(withWindow)));
export type TransactionQuery = z.output<typeof TransactionQuery>;

/** One page of a list: the items, with how many match over all pages and the page asked. */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Rows matching the filters over all pages. */
    total: z.int().check(z.nonnegative()),
    page: z.int().check(z.positive()),
    size: z.int().check(z.positive()),
  });
}

export const LoginLogItem = lazySchema(() => z.object({
  id: z.int(),
  ip: z.string(),
  country: z.string(),
  /** LoginLogType (auth.ts). */
  type: z.int(),
  at: z.string(),
}));
export type LoginLogItem = z.infer<typeof LoginLogItem>;
export const LoginLogPage = pageOf(LoginLogItem);
export type LoginLogPage = z.infer<typeof LoginLogPage>;

export const GameSessionItem = lazySchema(() => z.object({
  id: z.int(),
  machineId: z.int(),
  machineName: z.string(),
  brand: z.string(),
  start: z.string(),
  /** null while the session is open. */
  end: z.nullable(z.string()),
  /** Up to the end, or up to now while open. */
  durationSeconds: z.int().check(z.nonnegative()),
  /** The player's net result: cashOut − cashIn (negative: the player lost that much). */
  amount: MinorUnits,
  cashIn: MinorUnits,
  cashOut: MinorUnits,
  betTotal: MinorUnits,
  winTotal: MinorUnits,
  spinCount: z.int().check(z.nonnegative()),
  freeSpinCount: z.int().check(z.nonnegative()),
}));
export type GameSessionItem = z.infer<typeof GameSessionItem>;
export const GameSessionPage = pageOf(GameSessionItem);
export type GameSessionPage = z.infer<typeof GameSessionPage>;

export const TransactionItem = lazySchema(() => z.object({
  id: z.int(),
  at: z.string(),
  /** Always positive; the action says which way it moved. */
  amount: MinorUnits,
  /** AmountAction (floor.ts): 1 deposit, 2 withdraw, 3 cash in, 4 cash out, 5 hand pay, 6 jackpot. */
  action: z.int().check(z.gte(1), z.lte(6)),
  tag: z.string(),
  machineId: z.nullable(z.int()),
  machineName: z.nullable(z.string()),
  /** The wallet balance right after this move. */
  balanceAfter: MinorUnits,
}));
export type TransactionItem = z.infer<typeof TransactionItem>;
export const TransactionPage = pageOf(TransactionItem);
export type TransactionPage = z.infer<typeof TransactionPage>;

// ---- discount and bonus ------------------------------------------------------------------

/** The two promotions a player claims: GET /player/discount and /player/bonus. */
export const PromoKind = lazySchema(() => z.enum(['discount', 'bonus']));
export type PromoKind = z.infer<typeof PromoKind>;

/** 200 answer of GET /player/discount and /player/bonus. */
export const PromoResult = lazySchema(() => z.object({
  status: z.literal(1),
  code: z.literal(20000),
  ErrorMessage: z.string(),
  Params: z.object({
    /** What was credited, minor units. */
    amount: MinorUnits,
    /** The wallet balance afterwards. */
    balance: MinorUnits,
  }),
}));
export type PromoResult = z.infer<typeof PromoResult>;
