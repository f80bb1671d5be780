import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';
import { pageOf, PagingFields, withWindow } from './account.ts';
import { Jurisdiction } from './jurisdiction.ts';
import type { Settings } from './settings.ts';

/**
 * Player protection: the rules of play a jurisdiction writes down, as the operator's
 * JURISDICTION setting names them. The floor enforces them (a refused request has a code); the
 * client adapts to them (docs/operators.md, "Jurisdictions").
 */
export { Jurisdiction };

/**
 * The rules the floor plays a machine by, told with the join. Absent from older operators: a
 * client then assumes none (no minimum, no maximum, autoplay allowed, no panic button).
 */
export const PlayRules = lazySchema(() => z.object({
  jurisdiction: Jurisdiction,
  /**
   * The shortest game cycle: a spin is accepted this long after the last one started at the
   * earliest (UK RTS 14: 2.5 s; Germany: 5 s). 0 for none. In the floor's time (tests scale it).
   */
  minSpinMs: z.int().check(z.nonnegative()),
  /** The largest total bet of one spin, in minor units; null for none (Germany: 1.00). */
  maxStake: z.nullable(z.int().check(z.positive())),
  /** Autoplay may be switched on (banned in the UK and in Germany). */
  autoplay: z.boolean(),
  /** The player may lock themselves out for 24 hours at once (Germany's panic button). */
  panicButton: z.boolean(),
  /**
   * A clock beside the session time: the time of day by the operator's clock, in the player's
   * time zone (Sweden). Absent (an operator from before it): the client goes by the
   * jurisdiction's profile; the conformance suite asks for it where the profile shows one.
   */
  clock: z.optional(z.boolean()),
  /**
   * How long this player plays between reality checks (the player's choice from the operator's
   * list, else the operator's default), in the floor's time. Absent from older operators: no checks.
   */
  realityCheckMs: z.optional(z.int().check(z.positive())),
}));
export type PlayRules = z.infer<typeof PlayRules>;

/** Each jurisdiction's rules, in real time (the floor scales minSpinMs with its timers). */
export const JURISDICTIONS: Readonly<Record<Jurisdiction, PlayRules>> = {
  default: { jurisdiction: 'default', minSpinMs: 0, maxStake: null, autoplay: true, panicButton: false, clock: false },
  // UK Gambling Commission, RTS 14: at least 2.5 s per game cycle, no autoplay.
  uk: { jurisdiction: 'uk', minSpinMs: 2_500, maxStake: null, autoplay: false, panicButton: false, clock: false },
  // Germany, GlüStV 2021: 5 s per game, at most €1 a spin, no autoplay, the panic button.
  de: { jurisdiction: 'de', minSpinMs: 5_000, maxStake: 100, autoplay: false, panicButton: true, clock: false },
  // Sweden: a clock and the session time (shown everywhere), no game-cycle or stake rules.
  se: { jurisdiction: 'se', minSpinMs: 0, maxStake: null, autoplay: true, panicButton: false, clock: true },
};

/**
 * Reality checks (UK RTS 13): every so many minutes of a game session play pauses until the player
 * has seen what it cost and chosen to go on. The operator's default and the intervals a player may
 * choose instead, per jurisdiction, in minutes.
 */
export interface RealityCheckPolicy {
  defaultMinutes: number;
  choices: readonly number[];
}

export const REALITY_CHECKS: Readonly<Record<Jurisdiction, RealityCheckPolicy>> = {
  default: { defaultMinutes: 60, choices: [15, 30, 60, 120] },
  uk: { defaultMinutes: 60, choices: [15, 30, 45, 60] },
  de: { defaultMinutes: 60, choices: [15, 30, 60] },
  se: { defaultMinutes: 60, choices: [15, 30, 60] },
};

/**
 * The reality checks the operator offers: its settings' default and list (REALITY_CHECK_MINUTES,
 * REALITY_CHECK_CHOICES) where it gave them, else the jurisdiction's. The default is always one of
 * the choices (added to the list when the operator's list leaves it out); the list is in order.
 */
export function realityCheckPolicy(settings: Pick<Settings, 'JURISDICTION' | 'REALITY_CHECK_MINUTES' | 'REALITY_CHECK_CHOICES'>): RealityCheckPolicy {
  const profile = REALITY_CHECKS[settings.JURISDICTION];
  const defaultMinutes = settings.REALITY_CHECK_MINUTES ?? profile.defaultMinutes;
  const choices = new Set([...(settings.REALITY_CHECK_CHOICES ?? profile.choices), defaultMinutes]);
  return { defaultMinutes, choices: [...choices].sort((a, b) => a - b) };
}

/** The player's reality-check interval in minutes: their choice while the operator offers it, else the operator's default. */
export function realityCheckMinutes(policy: RealityCheckPolicy, chosen: number | null): number {
  return chosen !== null && policy.choices.includes(chosen) ? chosen : policy.defaultMinutes;
}

/** The player's answer to a reality check: play on, look at their history, or leave the machine. */
export const RealityCheckAnswer = lazySchema(() => z.enum(['continue', 'history', 'leave']));
export type RealityCheckAnswer = z.infer<typeof RealityCheckAnswer>;

/**
 * The limits a player sets themselves (UK RTS 13): net loss per day, week and month (money put on
 * machines less what came back), money put on machines per day — calendar days, weeks (from
 * Monday) and months, UTC — and how long one login session may last (`sessionTime`, in minutes:
 * at that age the login ends, 10711, like an expiry the player chose).
 */
export const LimitKind = lazySchema(() => z.enum(['lossDay', 'lossWeek', 'lossMonth', 'transferDay', 'sessionTime']));
export type LimitKind = z.infer<typeof LimitKind>;

/** The money limits (minor units, calendar periods); the others are in minutes. */
export const MoneyLimitKind = lazySchema(() => z.enum(['lossDay', 'lossWeek', 'lossMonth', 'transferDay']));
export type MoneyLimitKind = z.infer<typeof MoneyLimitKind>;

/** Whether a limit kind is one of money (minor units), not of time (minutes). */
export function isMoneyLimit(kind: LimitKind): kind is MoneyLimitKind {
  return MoneyLimitKind.safeParse(kind).success;
}

/** The longest session-time limit a player may set, in minutes (a day). */
export const MAX_SESSION_MINUTES = 24 * 60;

/** How long before a session-time limit ends the login the player is told (10712 on the notification socket). */
export const SESSION_TIME_WARNING_MS = 5 * 60 * 1000;

/** A raise (or a removal) waits this long before it counts; a lower limit counts at once. */
export const LIMIT_COOLING_OFF_MS = 24 * 60 * 60 * 1000;

/** The limits a jurisdiction requires before any money goes onto a machine (Sweden: a deposit limit). */
export const MANDATORY_LIMITS: Readonly<Record<Jurisdiction, readonly LimitKind[]>> = {
  default: [],
  uk: [],
  de: [],
  se: ['transferDay'],
};

/** One of the player's limits: in force now (minor units, or minutes for `sessionTime`; null: none), and a raise or removal waiting out its cooling-off. */
export const PlayerLimit = lazySchema(() => z.object({
  kind: LimitKind,
  amount: z.nullable(z.int().check(z.positive())),
  pending: z.nullable(z.object({ amount: z.nullable(z.int().check(z.positive())), from: z.int() })),
}));
export type PlayerLimit = z.infer<typeof PlayerLimit>;

/**
 * Body of POST /api/player/protection/limit: a limit in minor units (minutes for `sessionTime`, at
 * most MAX_SESSION_MINUTES), or null to have none.
 */
export const LimitRequest = z
  .object({ kind: LimitKind, amount: z.nullable(z.int().check(z.positive(), z.maximum(100_000_000))) })
  .check(
    z.refine((request) => isMoneyLimit(request.kind) || request.amount === null || request.amount <= MAX_SESSION_MINUTES, {
      message: `a session time is at most ${MAX_SESSION_MINUTES} minutes`,
      path: ['amount'],
    }),
  );
export type LimitRequest = z.infer<typeof LimitRequest>;

const DAY = 24 * 60 * 60 * 1000;

/** The calendar period (UTC) of a limit kind that `at` falls in: its start and when it resets. */
export function limitPeriod(kind: MoneyLimitKind, at: number): { from: number; resetsAt: number } {
  const date = new Date(at);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (kind === 'lossDay' || kind === 'transferDay') return { from: day, resetsAt: day + DAY };
  if (kind === 'lossWeek') {
    const monday = day - ((date.getUTCDay() + 6) % 7) * DAY;
    return { from: monday, resetsAt: monday + 7 * DAY };
  }
  return { from: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1), resetsAt: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) };
}

/** GET /api/player/protection: the player's reality-check interval and the ones they may choose, and their limits. */
export const ProtectionSettings = lazySchema(() => z.object({
  realityCheck: z.object({
    minutes: z.int().check(z.positive()),
    defaultMinutes: z.int().check(z.positive()),
    choices: z.array(z.int().check(z.positive())),
  }),
  /** Every kind, in LimitKind's order. */
  limits: z.array(PlayerLimit),
  /** The kinds this operator's jurisdiction requires before money goes onto a machine. */
  mandatory: z.array(LimitKind),
}));
export type ProtectionSettings = z.infer<typeof ProtectionSettings>;

/** Body of POST /api/player/protection/reality-check: one of the operator's choices. */
export const RealityCheckChoice = lazySchema(() => z.object({ minutes: z.int().check(z.positive()) }));
export type RealityCheckChoice = z.infer<typeof RealityCheckChoice>;

/** What a panic-button lock lasts. */
export const PANIC_LOCK_MS = 24 * 60 * 60 * 1000;

/** Why a player is locked out: the panic button (24 h), a break they took, or a self-exclusion. */
export const LockKind = lazySchema(() => z.enum(['panic', 'break', 'exclusion']));
export type LockKind = z.infer<typeof LockKind>;

/** How long a break lasts: a day, a week, a month, six weeks. */
export const BreakPeriod = lazySchema(() => z.enum(['24h', '1w', '1m', '6w']));
export type BreakPeriod = z.infer<typeof BreakPeriod>;

/** How long a self-exclusion lasts: six months and more. */
export const ExclusionPeriod = lazySchema(() => z.enum(['6m', '1y', '5y']));
export type ExclusionPeriod = z.infer<typeof ExclusionPeriod>;

/** Body of POST /api/player/protection/lock: a break or a self-exclusion, for one of its periods. */
export const LockRequest = lazySchema(() => z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('break'), period: BreakPeriod }),
  z.object({ kind: z.literal('exclusion'), period: ExclusionPeriod }),
]));
export type LockRequest = z.infer<typeof LockRequest>;

/** The answer of the panic button and of a break or exclusion: the player is locked out until `until` (epoch ms). */
export const LockResult = lazySchema(() => z.object({
  code: z.literal(20000),
  kind: LockKind,
  until: z.int(),
}));
export type LockResult = z.infer<typeof LockResult>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Each period as days or calendar months (every period is one or the other). */
const PERIODS: Record<BreakPeriod | ExclusionPeriod, { days: number } | { months: number }> = {
  '24h': { days: 1 },
  '1w': { days: 7 },
  '6w': { days: 42 },
  '1m': { months: 1 },
  '6m': { months: 6 },
  '1y': { months: 12 },
  '5y': { months: 60 },
};

/**
 * When a break or exclusion taken at `from` ends: days as days, months as calendar months (UTC),
 * at the same time of day. A day the target month has not (the 31st, a 29th of February) ends
 * the lock on the first of the month after: protection errs on the long side.
 */
export function lockEnd(from: number, period: BreakPeriod | ExclusionPeriod): number {
  const length = PERIODS[period];
  if ('days' in length) return from + length.days * DAY_MS;
  const start = new Date(from);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + length.months;
  const day = start.getUTCDate();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const time = from - Date.UTC(year, start.getUTCMonth(), day);
  return (day > lastDay ? Date.UTC(year, month + 1, 1) : Date.UTC(year, month, day)) + time;
}

/** A lock as the operator's control API lists it (times epoch ms; endedAt when the operator ended it early). */
export const ProtectionLock = lazySchema(() => z.object({
  id: z.int(),
  kind: LockKind,
  startedAt: z.int(),
  endsAt: z.int(),
  endedAt: z.nullable(z.int()),
  endedBy: z.nullable(z.string()),
}));
export type ProtectionLock = z.infer<typeof ProtectionLock>;

/** One entry of a player's protection history: what they chose (or the operator did) and when. */
export const ProtectionRecord = lazySchema(() => z.object({
  id: z.int(),
  at: z.int(),
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
}));
export type ProtectionRecord = z.infer<typeof ProtectionRecord>;

/** GET /sim/players/{username}/protection: the player's locks and history, newest first. */
export const ProtectionReport = lazySchema(() => z.object({
  locks: z.array(ProtectionLock),
  records: z.array(ProtectionRecord),
}));
export type ProtectionReport = z.infer<typeof ProtectionReport>;

/**
 * One entry of the player's own protection history (GET /api/player/protection/history), as the
 * player reads it: a limit set (or a raise or removal asked: `from` when it counts), the
 * reality-check interval chosen, a reality check answered with the session's books, a lock taken
 * (the panic button, a break, an exclusion) and a lock the operator ended early.
 */
const entryBase = { id: z.int(), at: z.int() };
export const ProtectionEntry = lazySchema(() => z.discriminatedUnion('kind', [
  z.object({
    ...entryBase,
    kind: z.literal('limit'),
    limit: LimitKind,
    amount: z.nullable(z.int()),
    before: z.nullable(z.int()),
    from: z.int(),
  }),
  z.object({ ...entryBase, kind: z.literal('realityCheckInterval'), minutes: z.int(), before: z.nullable(z.int()) }),
  z.object({
    ...entryBase,
    kind: z.literal('realityCheck'),
    answer: RealityCheckAnswer,
    playedMs: z.int().check(z.nonnegative()),
    bets: z.int().check(z.nonnegative()),
    wins: z.int().check(z.nonnegative()),
  }),
  z.object({ ...entryBase, kind: z.literal('lock'), lock: LockKind, until: z.int() }),
  z.object({ ...entryBase, kind: z.literal('lockEnded'), lock: LockKind }),
]));
export type ProtectionEntry = z.infer<typeof ProtectionEntry>;

/**
 * GET /api/player/protection/history's query: paged and windowed (on `at`) as the other lists of
 * the player's (the login log, the transactions).
 */
export const ProtectionHistoryQuery = lazySchema(() => z.object({ ...PagingFields }).check(z.superRefine(withWindow)));
export type ProtectionHistoryQuery = z.output<typeof ProtectionHistoryQuery>;

/** GET /api/player/protection/history: one page of the player's protection choices, newest first. */
export const ProtectionHistoryPage = pageOf(ProtectionEntry);
export type ProtectionHistoryPage = z.infer<typeof ProtectionHistoryPage>;

/**
 * The kinds of record the player is shown (protectionEntry reads these, and only these): the
 * books may hold others for the operator alone, and a page must count only what it can show.
 */
export const PLAYER_RECORD_KINDS = ['limit', 'realityCheckInterval', 'realityCheck', 'panic', 'break', 'exclusion', 'lockEnded'] as const;

/** A record of the protection books as the player reads it, or null for one the player is not shown. */
export function protectionEntry(record: ProtectionRecord): ProtectionEntry | null {
  const { id, at, kind, detail } = record;
  if (!(PLAYER_RECORD_KINDS as readonly string[]).includes(kind)) return null;
  const candidate =
    kind === 'limit'
      ? { id, at, kind, limit: detail.kind, amount: detail.amount, before: detail.before, from: detail.from }
      : kind === 'panic' || kind === 'break' || kind === 'exclusion'
        ? { id, at, kind: 'lock', lock: kind, until: detail.until }
        : kind === 'lockEnded'
          ? { id, at, kind, lock: detail.kind }
          : { id, at, kind, ...detail };
  const parsed = ProtectionEntry.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
