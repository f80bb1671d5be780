import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';
import { MachineStatus } from './floor.ts';
import { MinorUnits } from './player.ts';
import { PlayRules, RealityCheckAnswer } from './protection.ts';

/**
 * The two WebSocket channels (docs/protocol.md). Every frame is one JSON object with a `type`.
 * Both ends parse with these schemas; anything else is answered with an `error` frame.
 */

/** Simulator error codes beyond SPEC §8 (the client translates CODE_{code}). */
export const FloorCode = {
  machineBusy: 60001,
  machineUnavailable: 60002,
  insufficientFunds: 60003,
  aboveAllInLimit: 60004,
  noCredits: 60005,
  unknownMachine: 60006,
  notJoined: 60007,
  duplicateRequest: 60008,
  /** A second init on a socket that is joined or joining, or a join while holding another machine. */
  alreadyJoined: 60009,
  /** A request id reused for a different request of the same operation in the same session. */
  requestIdReused: 60015,
  /** A join with a wallet of 0 while the operator's ALLOW_0_BALANCE_TO_PLAY is false. */
  balanceRequired: 60016,
  /** A spin sooner than the jurisdiction's shortest game cycle allows (`params.wait_ms`: how much sooner). */
  spinTooSoon: 60017,
  /** A bet above the jurisdiction's largest stake (`params.max_stake`, minor units). */
  stakeAboveMax: 60018,
  /** Autoplay where the jurisdiction bans it. */
  autoplayNotAllowed: 60019,
  /** A press, a coin or autoplay while a reality check waits for the player's answer. */
  realityCheckDue: 60020,
  /** A transfer past one of the player's own limits (`params.limit_kind`, `limit`, `used`, `until`: when it resets). */
  limitReached: 60021,
  /** A transfer before the player has set a limit the jurisdiction requires (`params.limit_kind`). */
  limitRequired: 60022,
} as const;

/**
 * Close code of a socket whose login session ended (logout, ban, expiry, operator, a login
 * elsewhere); the close reason is the error code (10704, 10706, 10707, 10710 or 50100) as text, and an
 * error frame with that code comes first.
 */
export const SESSION_ENDED_CLOSE = 4401;

/** One machine's new status (the notification socket's 'machine' frame; the lobby's live batches). */
export const MachineStatusChange = lazySchema(() => z.object({ id: z.int(), status: MachineStatus }));
export type MachineStatusChange = z.infer<typeof MachineStatusChange>;

export const SessionInfo = lazySchema(() => z.object({
  /** 'open' while the player holds the machine (connected or not). */
  status: z.enum(['open', 'closed']),
  id: z.int(),
  name: z.string(),
  machine_status: MachineStatus,
  /** The player's credits on the machine (minor units), so the reconnect dialog can say what is held. Absent from older operators. */
  credits: z.optional(MinorUnits),
}));
export type SessionInfo = z.infer<typeof SessionInfo>;

export const InfoMessage = lazySchema(() => z.object({
  code: z.int(),
  params: z._default(z.record(z.string(), z.unknown()), {}),
  message: z.string(),
  /** What the client should do: nothing, leave the game, or cash out and leave. */
  action: z._default(z.enum(['none', 'quit', 'closeSession']), 'none'),
}));
export type InfoMessage = z.infer<typeof InfoMessage>;

const ErrorFrame = lazySchema(() => z.object({
  type: z.literal('error'),
  code: z.int(),
  ErrorMessage: z.string(),
  requestId: z.optional(z.string()),
  /** What the code's text names (REST errors' Params): a refused spin's wait_ms, a stake's max_stake. */
  Params: z.optional(z.record(z.string(), z.unknown())),
}));

// ---- notification socket ---------------------------------------------------------------

export const NotificationClientMessage = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('init'), id: z.int() }),
  z.object({ type: z.literal('ping') }),
]));
export type NotificationClientMessage = z.infer<typeof NotificationClientMessage>;

export const NotificationServerMessage = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('balance'), balance: MinorUnits }),
  z.object({ type: z.literal('session'), session: SessionInfo }),
  z.object({ type: z.literal('machine'), machine: MachineStatusChange }),
  z.object({ type: z.literal('info'), info: InfoMessage }),
  z.object({ type: z.literal('pong') }),
  ErrorFrame,
]));
export type NotificationServerMessage = z.infer<typeof NotificationServerMessage>;

// ---- machine socket --------------------------------------------------------------------

export const MachineButton = lazySchema(() => z.enum(['spin', 'betUp', 'betDown', 'maxBet', 'lines', 'collect']));
export type MachineButton = z.infer<typeof MachineButton>;

/** Client requests may carry a requestId: a retried request with the same id is not applied twice. */
const RequestId = lazySchema(() => z.optional(z.string().check(z.minLength(1), z.maxLength(64))));

export const MachineClientMessage = lazySchema(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('init'), machineID: z.int(), token: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('button'), button: MachineButton, requestId: RequestId }),
  z.object({ type: z.literal('autoplay'), on: z.boolean(), requestId: RequestId }),
  z.object({ type: z.literal('transfer'), amount: z.int().check(z.positive()), requestId: RequestId }),
  z.object({ type: z.literal('cashout'), requestId: RequestId }),
  /** The player's answer to the reality check on screen (only `continue` lifts the pause). */
  z.object({ type: z.literal('realityCheck'), answer: RealityCheckAnswer, requestId: RequestId }),
  z.object({ type: z.literal('ping') }),
]));
export type MachineClientMessage = z.infer<typeof MachineClientMessage>;

export const VideoBand = lazySchema(() => z.object({
  id: z.string(),
  name: z.string(),
  Order: z.int(),
  width: z.int(),
  height: z.int(),
  whepUrl: z.string(),
}));
export type VideoBand = z.infer<typeof VideoBand>;

export const MachineState = lazySchema(() => z.object({
  credits: MinorUnits,
  betPerLine: MinorUnits,
  lines: z.int(),
  bet: MinorUnits,
  win: MinorUnits,
  freeSpinsLeft: z.int(),
  autoplay: z.boolean(),
  status: MachineStatus,
  jackpot: MinorUnits,
}));
export type MachineState = z.infer<typeof MachineState>;

export const SpinOutcome = lazySchema(() => z.object({
  reels: z.array(z.array(z.string())),
  totalWin: MinorUnits,
  bet: MinorUnits,
  freeSpin: z.boolean(),
  freeSpinsAwarded: z.int(),
  winningLines: z.array(z.int()),
  jackpotWin: MinorUnits,
  handPay: z.boolean(),
  /** Epoch ms when the reels have stopped on screen (the operator's clock). */
  settlesAt: z.int(),
  /**
   * The same as a duration from this frame: what a client with a wrong clock can use. Absent
   * from operators that predate it (the client then assumes DEFAULT_SPIN_MS).
   */
  settlesInMs: z.optional(z.int().check(z.nonnegative())),
}));
export type SpinOutcome = z.infer<typeof SpinOutcome>;

/**
 * A spin has started: the bet is taken, the reels turn until `settlesAt`. What they stop on, and
 * what the spin pays, comes with the `spin` frame at the stop, as a physical machine reports its
 * meters when its reels stop: a client cannot show a result the video has not.
 */
export const SpinStart = lazySchema(() => z.object({
  bet: MinorUnits,
  freeSpin: z.boolean(),
  /** Epoch ms when the reels will have stopped (the operator's clock). */
  settlesAt: z.int(),
  /** The same as a duration from this frame: what a client with a wrong clock uses. */
  settlesInMs: z.int().check(z.nonnegative()),
}));
export type SpinStart = z.infer<typeof SpinStart>;

/**
 * The game session as the operator books it. Told with the join and after every money move and
 * every reels' stop (never at a spin's start: what a spin won is the stop's to tell). `playedMs`,
 * `bets` and `wins` are what the player is shown as time played and net position (player
 * protection): a client counts the time on from `playedMs` (the operator's clock, so a wrong
 * device clock or a reload cannot reset it) and shows neither where they are missing.
 */
export const GameSessionData = lazySchema(() => z.object({
  id: z.int(),
  machineId: z.int(),
  startedAt: z.int(),
  spins: z.int(),
  freeSpins: z.int(),
  cashIn: MinorUnits,
  cashOut: MinorUnits,
  /** How long the session has run when this frame is sent, in ms. */
  playedMs: z.optional(z.int().check(z.nonnegative())),
  /** Every bet of the session's spins. */
  bets: z.optional(MinorUnits.check(z.nonnegative())),
  /** Every win of the session's spins whose reels have stopped: credits won, jackpots and hand pays. */
  wins: z.optional(MinorUnits.check(z.nonnegative())),
}));
export type GameSessionData = z.infer<typeof GameSessionData>;

export const MachineServerMessage = lazySchema(() => z.discriminatedUnion('type', [
  z.object({
    type: z.literal('joined'),
    machine: z.object({ id: z.int(), name: z.string(), brand: z.string() }),
    videoType: z.enum(['screen', 'camera']),
    bands: z.array(VideoBand),
    hotCoins: z.array(MinorUnits),
    maxAllIn: MinorUnits,
    state: MachineState,
    balance: MinorUnits,
    session: GameSessionData,
    /** The rules of play this machine is played by (player protection; absent from older operators). */
    rules: z.optional(PlayRules),
  }),
  z.object({ type: z.literal('state'), state: MachineState }),
  z.object({ type: z.literal('machine'), machine: z.object({ id: z.int(), status: MachineStatus }) }),
  z.object({ type: z.literal('balance'), balance: MinorUnits }),
  z.object({ type: z.literal('session'), session: GameSessionData }),
  /** The reels start: the bet is taken (a `state` with it follows), the outcome is not told yet. */
  z.object({ type: z.literal('spinStart'), spin: SpinStart }),
  /** The reels have stopped: what they show and what the spin paid (a `state` with the meters follows). */
  z.object({ type: z.literal('spin'), outcome: SpinOutcome }),
  z.object({ type: z.literal('info'), info: InfoMessage }),
  /**
   * A reality check is due (player protection): play is paused — autoplay stopped, presses (but
   * collect), coins and autoplay refused with 60020 — until the player answers `continue`. `session` is the game
   * session's books at the check (time played, bets, wins). Told again with every join while it waits.
   */
  z.object({ type: z.literal('realityCheck'), session: GameSessionData }),
  /** The request with this id was accepted (ends a close warning). */
  z.object({
    type: z.literal('ack'),
    requestId: z.optional(z.string()),
    request: z.string(),
    /** A repeat of a request already run in this session (same id and operation): not run again. */
    duplicate: z.optional(z.boolean()),
  }),
  z.object({ type: z.literal('quit'), reason: z.enum(['replaced', 'kicked', 'removed', 'outOfService']) }),
  z.object({ type: z.literal('closeSession'), code: z.int() }),
  z.object({ type: z.literal('pong') }),
  ErrorFrame,
]));
export type MachineServerMessage = z.infer<typeof MachineServerMessage>;
