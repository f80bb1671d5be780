import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';
import { ErrorCode } from './errors.ts';
import { MachineStatus } from './floor.ts';
import { InfoMessage } from './sockets.ts';

/**
 * The simulator's control API (/sim/*), used by end-to-end tests and demos to steer the
 * operator. A real operator has no such API; the client never calls it.
 */

/** ISO 3166-1 alpha-2 country code, upper case on the wire. */
export const CountryCode = lazySchema(() => z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{2}$/, 'two-letter country code')),
  z.transform((code: string) => code.toUpperCase()),
));

/** PUT /sim/allowed-countries: replaces the list of countries that may log in. */
export const AllowedCountriesRequest = lazySchema(() => z.strictObject({
  countries: z.array(CountryCode).check(z.maxLength(300)),
}));
export type AllowedCountriesRequest = z.input<typeof AllowedCountriesRequest>;

/**
 * POST /sim/fault: the next `times` requests whose path starts with `path` answer `status`
 * with an error body (code defaults to the status, ErrorMessage to 'simulated fault'), and/or
 * are held `delayMs` first, or answer 200 with garbage instead of JSON.
 */
export const FaultRequest = z
  .strictObject({
    path: z.string().check(z.startsWith('/'), z.maxLength(512)),
    /** Only requests of this method (a WHEP offer's POST, not its session's DELETE); any when absent. */
    method: z.optional(z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
    /** Answer this error status (with an error body). */
    status: z.optional(z.int().check(z.gte(400), z.lte(599))),
    times: z._default(z.int().check(z.gte(1), z.lte(1000)), 1),
    code: z.optional(z.int()),
    message: z.optional(z.string().check(z.maxLength(512))),
    /** Hold the answer this long first (a slow operator); alone, the real answer follows. */
    delayMs: z.optional(z.int().check(z.gte(1), z.lte(60_000))),
    /** Answer 200 with a body that is not the promised JSON (a broken operator). */
    garbage: z.optional(z.boolean()),
  })
  .check(
    z.refine((f) => f.status !== undefined || f.delayMs !== undefined || f.garbage === true, {
      message: 'a fault needs a status, a delay or garbage',
    }),
  );
export type FaultRequest = z.input<typeof FaultRequest>;

/** GET /sim/health. */
export const SimHealth = lazySchema(() => z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  pendingFaults: z.int(),
  allowedCountries: z.array(z.string()),
}));
export type SimHealth = z.infer<typeof SimHealth>;

/** POST /sim/machine-status: force a machine's status (a fault, maintenance, a busy machine). */
export const MachineStatusRequest = lazySchema(() => z.strictObject({
  machineId: z.int(),
  status: MachineStatus,
}));

/** POST /sim/drop: cut every socket of a player, as a network failure would. */
export const DropRequest = lazySchema(() => z.strictObject({ username: z.string().check(z.minLength(1), z.maxLength(64)) }));

/**
 * POST /sim/silence: the player's link goes silent for `ms` without closing — nothing their sockets
 * send is heard and nothing is sent to them, as on a dead mobile connection.
 */
export const SilenceRequest = lazySchema(() => z.strictObject({ username: DropRequest.shape.username, ms: z.int().check(z.gte(1), z.lte(120_000)) }));

/**
 * POST /sim/hold: the floor is slow to act on the player's next machine request of this type (a
 * busy machine controller): it is handled `ms` later, while the link stays alive (pings answered,
 * other frames flow).
 */
export const HoldRequest = lazySchema(() => z.strictObject({
  username: DropRequest.shape.username,
  request: z.enum(['init', 'button', 'autoplay', 'transfer', 'cashout', 'realityCheck']),
  ms: SilenceRequest.shape.ms,
}));

/**
 * POST /sim/link: for `ms`, a slow and lossy link on the player's sockets without closing them —
 * every frame either way is delayed `delayMs` (in order) and/or every `dropEvery`-th frame each way
 * is lost. A new call replaces the last; what was delayed still arrives after it ends.
 */
export const LinkRequest = z
  .strictObject({
    username: DropRequest.shape.username,
    delayMs: z._default(z.int().check(z.gte(0), z.lte(10_000)), 0),
    dropEvery: z.optional(z.int().check(z.gte(2), z.lte(1000))),
    ms: SilenceRequest.shape.ms,
  })
  .check(
    z.refine((l) => l.delayMs > 0 || l.dropEvery !== undefined, {
      message: 'a link fault needs delayMs or dropEvery',
    }),
  );
export type LinkRequest = z.input<typeof LinkRequest>;

/** POST /sim/ban: ban a player (every session of theirs ends at once, 10704) or lift the ban. */
export const BanRequest = lazySchema(() => z.strictObject({ username: DropRequest.shape.username, banned: z.boolean() }));

/** POST /sim/end-session: the operator ends every login session of a player (10707). */
export const EndSessionRequest = DropRequest;

/**
 * POST /sim/cashier: the casino's cashier moves money into or out of a player's wallet (a deposit
 * or a withdrawal made outside the client, e.g. in another of the casino's pages), in minor units.
 */
export const CashierRequest = lazySchema(() => z.strictObject({
  username: DropRequest.shape.username,
  action: z.enum(['deposit', 'withdraw']),
  amount: z.int().check(z.gte(1), z.lte(100_000_000)),
}));

/**
 * POST /sim/notify: the operator's message to a player's pages (the notification socket's `info`
 * frame): shown as a toast, its text from the code when the client knows it.
 */
export const NotifyRequest = lazySchema(() => z.strictObject({
  username: DropRequest.shape.username,
  code: InfoMessage.shape.code,
  message: z.string().check(z.maxLength(512)),
  params: InfoMessage.shape.params,
  action: InfoMessage.shape.action,
}));

/** POST /sim/warn: start a close warning on a joined machine now. */
export const WarnRequest = lazySchema(() => z.strictObject({
  machineId: z.int(),
  code: z.union([z.literal(ErrorCode.depositCountdown), z.literal(ErrorCode.continueCountdown)]),
  count: z.optional(z.int().check(z.gte(1), z.lte(60))),
}));

/** POST /sim/remove: the operator removes the player from the machine (quit, cash out). */
export const RemoveRequest = lazySchema(() => z.strictObject({ machineId: z.int() }));

/** POST /sim/reality-check: the player on the machine gets their reality check now (as if its interval had passed). */
export const RealityCheckNowRequest = lazySchema(() => z.strictObject({ machineId: z.int() }));

/** POST /sim/video: stall (stop feeding frames), resume, or end every viewer of a machine. */
export const VideoControlRequest = lazySchema(() => z.strictObject({
  machineId: z.int(),
  action: z.enum(['stall', 'resume', 'end']),
}));

/** PUT /sim/timers: multiply every floor timer (reservation, grace periods, countdown steps). */
export const TimersRequest = lazySchema(() => z.strictObject({ scale: z.number().check(z.positive(), z.lte(100)) }));
