import { z } from 'zod/mini';
import {
  AccountCode,
  ChangePasswordRequest,
  ChangePinRequest,
  ChangePinResponse,
  GameSessionPage,
  GameSessionQuery,
  LoginLogPage,
  LoginLogQuery,
  ProfileResponse,
  PromoResult,
  TransactionPage,
  TransactionQuery,
} from '../account.ts';
import { LoginRequest, LoginResult } from '../auth.ts';
import { IpCheckResult } from '../check.ts';
import { ErrorCode, OkResponse, SESSION_END_CODES } from '../errors.ts';
import { Brand, BrandWithMachines, Machine } from '../floor.ts';
import { BalanceResponse } from '../player.ts';
import {
  LimitRequest,
  LockRequest,
  LockResult,
  ProtectionHistoryPage,
  ProtectionHistoryQuery,
  ProtectionSettings,
  RealityCheckChoice,
} from '../protection.ts';
import { SettingsOverrides } from '../settings.ts';
import { FloorCode } from '../sockets.ts';
import {
  ChatContact,
  ChatUser,
  ChatUserUpdate,
  GetChatQuery,
  GetChatResponse,
  QuickPanelData,
  RegisterRequest,
  RegisterResult,
  SendMessageRequest,
  SendMessageResponse,
  UserSettingsResponse,
  UserSettingsUpdate,
} from '../template.ts';

/**
 * Every REST call the client makes, as data: where it lives, the schemas it sends and accepts
 * (the very zod schemas the client and the simulator parse with), and the error codes each one
 * may answer. docs/api/openapi.json is generated from this table (protocol/contract/openapi.ts)
 * and the conformance suite (scripts/conformance/) walks it.
 */

/** Body of POST /player/kick and /player/cancel (the reconnect dialog's Kick and Cashout). */
export const MachineIdRequest = z.object({ machineId: z.int() });
export type MachineIdRequest = z.infer<typeof MachineIdRequest>;

/** What the client accepts from kick and cancel: the OK body, anything else beside it (cancel adds `balance`). */
export const MachineActionResponse = z.catchall(OkResponse, z.unknown());

/** POST /player/logout carries an empty JSON object. */
export const EmptyRequest = z.object({});

/** The `{brandId}` segment of GET /machine/{brandId}: a positive decimal integer. */
export const BrandIdParam = z.int().check(z.positive());

export type Base =
  /** Under Settings.API_URL (default /api). */
  | 'api'
  /** Beside the API: {API_URL}/../check. */
  | 'apiParent'
  /** The site that serves the client (/Settings.json). */
  | 'site';

export type Area = 'public' | 'auth' | 'lobby' | 'account' | 'promo' | 'floor' | 'protection' | 'template';

export interface ErrorAnswer {
  status: number;
  codes: readonly number[];
  when: string;
}

export interface RestOperation {
  id: string;
  method: 'get' | 'post';
  /** Relative to `base`; `{name}` segments are path parameters. */
  path: string;
  base: Base;
  area: Area;
  /** A few words: the call's name in lists (no final period). */
  summary: string;
  /** What the call does and what a backend must know to answer it, in sentences. */
  description: string;
  /** Needs `Authorization: Bearer <token>` (then any 401 logs the player out). */
  auth: boolean;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  pathParams?: Record<string, z.ZodMiniType>;
  /** The 200 answer. */
  response: z.ZodMiniType;
  /** Names the response schema in the documents. */
  responseName: string;
  bodyName?: string;
  errors: readonly ErrorAnswer[];
  /** Answers that carry no ApiError, by status or range (`4XX`): what the client does with them. */
  otherAnswers?: Readonly<Record<string, string>>;
}

export const INVALID_BODY: ErrorAnswer = {
  status: 400,
  codes: [ErrorCode.invalidRequest],
  when: 'malformed JSON, wrong or missing fields (Params.issues lists them), a body over 64 KB, a content type other than JSON',
};
export const INVALID_QUERY: ErrorAnswer = {
  status: 400,
  codes: [ErrorCode.invalidRequest],
  when: 'a query parameter out of range or not decimal digits',
};
export const UNAUTHORIZED: ErrorAnswer = {
  status: 401,
  codes: [ErrorCode.invalidRequest, ErrorCode.signatureNotVerified, ...SESSION_END_CODES],
  when: '40000 no bearer token, 10 a token this operator did not sign, 50100 the session ended (expiry, logout), or the code it ended with (10704 a ban, 10706 a login elsewhere, 10707 the operator, 10710 the player\'s own lock, 10711 their session-time limit). The client logs the player out on any 401',
};

/** The fair share of one address (login, register) or of the password hashing (docs/operators.md). */
export const TOO_MANY: ErrorAnswer = {
  status: 429,
  codes: [ErrorCode.tooManyRequests],
  when: 'too many calls at once from this address, its failed logins backing off, or the password hashing full: wait Params.retry_after seconds (also the Retry-After header)',
};
/** A wrong current password, under the login's attempt policy. */
const WRONG_CURRENT_PASSWORD: ErrorAnswer = {
  status: 403,
  codes: [ErrorCode.oldPasswordWrong, ErrorCode.temporarilyBlocked],
  when: '40001 the current password is wrong (Params.left_count, block_time: it counts with wrong logins), 10702 the account is blocked after too many (Params.block_time, minutes; the password is then not checked)',
};

const machineRefusals: ErrorAnswer[] = [
  INVALID_BODY,
  { status: 404, codes: [FloorCode.unknownMachine], when: 'no such machine' },
  { status: 409, codes: [FloorCode.notJoined], when: 'the player has no session on that machine' },
];

export const REST_OPERATIONS: readonly RestOperation[] = [
  {
    id: 'getSettings',
    method: 'get',
    path: '/Settings.json',
    base: 'site',
    area: 'public',
summary: "The operator's settings",
    description:
      'No authentication; the client fetches it from its own site. Every field is optional: the client merges what it gets over its defaults (`DEFAULT_SETTINGS`, protocol/settings.ts), and runs on the defaults when the file is missing or the call fails.',
    auth: false,
    response: SettingsOverrides,
    responseName: 'Settings',
    errors: [],
    otherAnswers: { '4XX': 'no settings file, or any other failure (a 5XX, no answer, a body that is not JSON): the client runs on its defaults' },
  },
  {
    id: 'checkIp',
    method: 'get',
    path: '/check',
    base: 'apiParent',
    area: 'public',
summary: 'The IP and country check',
    description:
      'No authentication; the client calls it before anything else while IP_CHEKCING is on. `status` and `code` both 0 block the visitor (the blocked screen shows `country` and `ip`); anything else lets them in.',
    auth: false,
    response: IpCheckResult,
    responseName: 'IpCheckResult',
    errors: [],
    otherAnswers: { '4XX': 'any answer but 200 (also a 5XX, or none): the client asks again with backoff, four calls in all, then shows the network-error screen' },
  },
  {
    id: 'login',
    method: 'post',
    path: '/login',
    base: 'api',
    area: 'auth',
summary: 'Log in',
    description:
      'Opens a login session, which the token names (`jti`). A player has one at a time: this login ends any other, whose sockets get an error frame 10706 and close with 4401 "10706". The checks, in order: the body, the visitor\'s country (10703), the username (10701), a block (10702: the password is not checked while blocked), the password (10700 with `Params.left_count`; the fifth wrong one in a row blocks the account for 15 minutes), a ban (10704, told only to a holder of the right password), a lock the player chose (10709 with `Params.until`, epoch ms, and `Params.kind`: panic, break or exclusion; likewise told only to a holder of the right password). `last_logon` and `last_logon_ip` are the previous login\'s, null on the first; `pin_code` is absent while the player has no usable PIN.',
    auth: false,
    body: LoginRequest,
    bodyName: 'LoginRequest',
    response: LoginResult,
    responseName: 'LoginResult',
    errors: [
      INVALID_BODY,
      {
        status: 403,
        codes: [
          ErrorCode.wrongCredentialsCounted,
          ErrorCode.wrongCredentials,
          ErrorCode.temporarilyBlocked,
          ErrorCode.ipNotPermitted,
          ErrorCode.banned,
          ErrorCode.playerLocked,
        ],
        when: '10700 wrong password (Params.left_count, block_time), 10701 unknown username, 10702 blocked after too many wrong passwords (Params.block_time, minutes), 10703 country not permitted (Params.country, ip), 10704 banned, 10709 locked out at their own request until Params.until (Params.kind)',
      },
      TOO_MANY,
    ],
  },
  {
    id: 'validate',
    method: 'get',
    path: '/validate',
    base: 'api',
    area: 'auth',
summary: 'Validate the stored token',
    description:
      "The client calls it on start with the token it kept. Answers the same token with the current `pin_code`, profile and `ip_address`, and the `last_logon` the login reported. Only a 401 ends the client's login: with no answer, a timeout or a 5xx it keeps the token and asks again with backoff. The client measures the token's `exp` against the `Date` header of the answers, not the device's clock.",
    auth: true,
    response: LoginResult,
    responseName: 'LoginResult',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'logout',
    method: 'post',
    path: '/player/logout',
    base: 'api',
    area: 'auth',
summary: 'Log out',
    description:
      'Ends the token\'s login session everywhere: the token answers 401 50100 from now on, even before its `exp`; its sockets get an error frame 50100 and close with 4401 "50100"; its WHEP viewers close. A machine the player was on stays reserved for them, as after a dropped connection. The client also calls it after five wrong PINs at the idle lock.',
    auth: true,
    body: EmptyRequest,
    bodyName: 'EmptyRequest',
    response: OkResponse,
    responseName: 'OkResponse',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'getBalance',
    method: 'get',
    path: '/player/balance',
    base: 'api',
    area: 'auth',
summary: "The wallet's balance",
    description:
      'In minor units (the client divides by 100 to show it). Every later change arrives as a `balance` frame on the notification socket.',
    auth: true,
    response: BalanceResponse,
    responseName: 'BalanceResponse',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'listBrands',
    method: 'get',
    path: '/machine/brands',
    base: 'api',
    area: 'lobby',
summary: "The lobby's brands",
    description:
      'Ordered by id. `jackpot` is the brand\'s progressive pool as a comma-separated list of amounts in major units with two decimals ("1523.45"): the one amount on the wire that is not in minor units.',
    auth: true,
    response: z.array(Brand),
    responseName: 'BrandList',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'listMachines',
    method: 'get',
    path: '/machine/all',
    base: 'api',
    area: 'lobby',
summary: 'Every machine',
    description:
      "Each with its status and reservation: `reservation` is set while a player holds the machine (`until` in epoch ms, `mine` when that player is the caller) and null otherwise; `image` null means the brand's picture. The lobby lists them while no brand is selected; later status changes arrive as `machine` frames on the notification socket.",
    auth: true,
    response: z.array(Machine),
    responseName: 'MachineList',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'getBrand',
    method: 'get',
    path: '/machine/{brandId}',
    base: 'api',
    area: 'lobby',
summary: 'One brand and its machines',
    description:
      'The lobby calls it instead of GET /machine/all while a brand is selected. `brandId` is a positive decimal integer; an unknown brand answers 404 60006 with `Params.brandId`.',
    auth: true,
    pathParams: { brandId: BrandIdParam },
    response: BrandWithMachines,
    responseName: 'BrandWithMachines',
    errors: [
      { status: 400, codes: [ErrorCode.invalidRequest], when: 'brandId is not a positive integer' },
      UNAUTHORIZED,
      { status: 404, codes: [FloorCode.unknownMachine], when: 'no such brand (Params.brandId)' },
    ],
  },
  {
    id: 'getProfile',
    method: 'get',
    path: '/player/profile',
    base: 'api',
    area: 'account',
summary: "The player's profile",
    description:
      'For the profile screen: the player, the balance in minor units, the login before the one that opened this session (`lastLogon`, `lastLogonIp`; null on a first login) and the address this request came from (`ip`).',
    auth: true,
    response: ProfileResponse,
    responseName: 'ProfileResponse',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'changePassword',
    method: 'post',
    path: '/player/change-password',
    base: 'api',
    area: 'account',
summary: 'Change the password',
    description:
      "The checks, in order: the body; the new password's length, at least 8 characters (400 40101 with `Params.min`, before any hashing); a block (403 10702: the password is not checked); the current password (403 40001 with `Params.left_count` and `block_time`: wrong ones count with wrong logins, the fifth in a row blocks the account for 15 minutes). Success writes `changedPassword` to the login log; the player's sessions stay valid.",
    auth: true,
    body: ChangePasswordRequest,
    bodyName: 'ChangePasswordRequest',
    response: OkResponse,
    responseName: 'OkResponse',
    errors: [
      {
        status: 400,
        codes: [ErrorCode.invalidRequest, ErrorCode.passwordTooShort, ErrorCode.passwordUnchanged],
        when: '40000 invalid body, 40101 the new password is shorter than 8 characters (Params.min), 40102 the new password is the old one',
      },
      UNAUTHORIZED,
      WRONG_CURRENT_PASSWORD,
      TOO_MANY,
    ],
  },
  {
    id: 'changePin',
    method: 'post',
    path: '/player/change-pin',
    base: 'api',
    area: 'account',
summary: "Change the idle lock's PIN",
    description:
      'Takes the account password, not just the token: a wrong one answers 403 40001 and counts with wrong logins (10702 once blocked). `pin` is 4 to 6 digits. Answers the new `pin_code`, with a fresh salt, which login and validate send from now on; a player without a usable PIN gets one this way.',
    auth: true,
    body: ChangePinRequest,
    bodyName: 'ChangePinRequest',
    response: ChangePinResponse,
    responseName: 'ChangePinResponse',
    errors: [INVALID_BODY, UNAUTHORIZED, WRONG_CURRENT_PASSWORD, TOO_MANY],
  },
  {
    id: 'listLoginLog',
    method: 'get',
    path: '/player/login-log',
    base: 'api',
    area: 'account',
summary: 'The login log',
    description:
      "The caller's own entries, newest first, paged: `page` from 1, `size` 1–100 (default 10), `from` and `to` in epoch ms, both inclusive, on the entry's time. `type` (1–8, LoginLogType) filters. `total` counts the matching entries over all pages; a page past the end has no items.",
    auth: true,
    query: LoginLogQuery,
    response: LoginLogPage,
    responseName: 'LoginLogPage',
    errors: [INVALID_QUERY, UNAUTHORIZED],
  },
  {
    id: 'listGameSessions',
    method: 'get',
    path: '/player/game-sessions',
    base: 'api',
    area: 'account',
summary: 'The game sessions',
    description:
      "The caller's own sessions, newest first, paged as the login log; the window applies to the session's start, `machineId` filters. `amount` is the player's net result, `cashOut − cashIn`; a session still open (`end` null) counts what has moved so far.",
    auth: true,
    query: GameSessionQuery,
    response: GameSessionPage,
    responseName: 'GameSessionPage',
    errors: [INVALID_QUERY, UNAUTHORIZED],
  },
  {
    id: 'listTransactions',
    method: 'get',
    path: '/player/transactions',
    base: 'api',
    area: 'account',
summary: "The wallet's moves",
    description:
      "The caller's own moves, newest first, paged as the login log; the window applies to the move's time, `action` filters. `amount` is always positive and `action` gives the direction: 1 deposit, 2 withdraw, 3 cash in, 4 cash out, 5 hand pay, 6 jackpot (2 and 3 take money out of the wallet). `balanceAfter` is the wallet right after the move.",
    auth: true,
    query: TransactionQuery,
    response: TransactionPage,
    responseName: 'TransactionPage',
    errors: [INVALID_QUERY, UNAUTHORIZED],
  },
  {
    id: 'claimDiscount',
    method: 'get',
    path: '/player/discount',
    base: 'api',
    area: 'promo',
summary: 'Claim the discount',
    description:
      'Credits the wallet (a deposit tagged `discount`) and answers the amount and the new balance in `Params`; the new balance also arrives on the notification socket. Refused while AUTO_DISCOUNT is off (60014), within 5 minutes of the last claim (429 60011), while DISCOUNT_BALANCE_CHECK is on and the balance is at or above DISCOUNT_MIN (60010), and when there is no loss to discount (60013). The simulator pays 10% of the machine loss (cash in − cash out) of the sessions that ended in the last 24 hours and after the previous discount, at least 1.00.',
    auth: true,
    response: PromoResult,
    responseName: 'PromoResult',
    errors: [
      UNAUTHORIZED,
      {
        status: 403,
        codes: [AccountCode.discountBalanceTooHigh, AccountCode.nothingToDiscount, AccountCode.promoDisabled],
        when: '60010 the balance is at or above DISCOUNT_MIN (Params.amount, minor units), 60013 no machine loss to discount, 60014 switched off',
      },
      { status: 429, codes: [AccountCode.discountTooSoon], when: 'claimed less than 5 minutes ago (Params.retryAfterSeconds)' },
    ],
  },
  {
    id: 'claimBonus',
    method: 'get',
    path: '/player/bonus',
    base: 'api',
    area: 'promo',
summary: 'Claim the bonus',
    description:
      "Credits the wallet (a deposit tagged `bonus`) and answers the amount and the new balance in `Params`; the new balance also arrives on the notification socket. Refused while AUTO_BONUS is off (60014) and within 5 minutes of the last claim (429 60012). The simulator's bonus is a fixed 5.00.",
    auth: true,
    response: PromoResult,
    responseName: 'PromoResult',
    errors: [
      UNAUTHORIZED,
      { status: 403, codes: [AccountCode.promoDisabled], when: 'switched off' },
      { status: 429, codes: [AccountCode.bonusTooSoon], when: 'claimed less than 5 minutes ago (Params.retryAfterSeconds)' },
    ],
  },
  {
    id: 'kickConnection',
    method: 'post',
    path: '/player/kick',
    base: 'api',
    area: 'floor',
summary: 'Kick the other connection',
    description:
      "The reconnect dialog's Kick: closes the player's other connection to the machine (its socket gets `quit` `kicked` and close 4002). The game session stays, reserved for the player, who may then join the machine from here. Written to the login log as `kickedByPlayer`.",
    auth: true,
    body: MachineIdRequest,
    bodyName: 'MachineIdRequest',
    response: MachineActionResponse,
    responseName: 'MachineActionResponse',
    errors: [machineRefusals[0]!, UNAUTHORIZED, ...machineRefusals.slice(1)],
  },
  {
    id: 'cancelSession',
    method: 'post',
    path: '/player/cancel',
    base: 'api',
    area: 'floor',
summary: 'Cash out a held session',
    description:
      "The reconnect dialog's Cashout: pays the session's credits back to the wallet, ends the game session and frees the machine (one out of service stays so); answers the new `balance` beside the code. A socket still joined to the machine gets the balance frame and close 4003.",
    auth: true,
    body: MachineIdRequest,
    bodyName: 'MachineIdRequest',
    response: MachineActionResponse,
    responseName: 'MachineActionResponse',
    errors: [machineRefusals[0]!, UNAUTHORIZED, ...machineRefusals.slice(1)],
  },
  {
    id: 'panicLock',
    method: 'post',
    path: '/player/protection/panic',
    base: 'api',
    area: 'protection',
    summary: 'The panic button: lock out for 24 hours',
    description:
      "Player protection (Germany's GlüStV §6i: one press, no question asked; offered in every jurisdiction, shown where the jurisdiction's rules say `panicButton`). Locks the player out for 24 hours from now and answers when the lock ends (`until`, epoch ms). Every login session of the player ends: the token answers 401 from now on, the sockets get an error frame 10710 and close with 4401 \"10710\"; then the credits on any machine the player holds go back to the wallet and the machine is free. Until `until`, a login is refused with 10709. Only the operator ends a lock early. Written to the player's protection history.",
    auth: true,
    body: EmptyRequest,
    bodyName: 'EmptyRequest',
    response: LockResult,
    responseName: 'LockResult',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'selfLock',
    method: 'post',
    path: '/player/protection/lock',
    base: 'api',
    area: 'protection',
    summary: 'Take a break or exclude oneself',
    description:
      "Player protection: a break (`kind: 'break'`, `period` 24h, 1w, 1m or 6w) or a self-exclusion (`kind: 'exclusion'`, `period` 6m, 1y or 5y; months are calendar months, UTC, and a day the last month has not ends on the 1st after). Locks the player out from now until the period's end and answers it (`until`, epoch ms). As the panic button: every login session of the player ends (sockets: error 10710, close 4401), the credits on any machine go back to the wallet, and until `until` a login is refused with 10709 (`Params.kind`, `Params.until`). Only the operator ends a lock early. Written to the player's protection history.",
    auth: true,
    body: LockRequest,
    bodyName: 'LockRequest',
    response: LockResult,
    responseName: 'LockResult',
    errors: [INVALID_BODY, UNAUTHORIZED],
  },
  {
    id: 'getProtection',
    method: 'get',
    path: '/player/protection',
    base: 'api',
    area: 'protection',
    summary: "The player's reality-check interval and money limits",
    description:
      "Player protection (UK RTS 13): how many minutes of a game session pass between reality checks for this player (`minutes`: their choice while the operator's jurisdiction offers it, else its `defaultMinutes`) and the intervals they may choose (`choices`); the player's money limits, every kind (`amount` in force, null for none; `pending`: a raise or removal and when it counts), and the kinds the jurisdiction requires before money goes onto a machine (`mandatory`).",
    auth: true,
    response: ProtectionSettings,
    responseName: 'ProtectionSettings',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'protectionHistory',
    method: 'get',
    path: '/player/protection/history',
    base: 'api',
    area: 'protection',
    summary: "The player's own protection history",
    description:
      "Every protection choice of the player, newest first, paged as the login log (`page`, `size`, `from` and `to` in epoch ms on the entry's time `at`, both inclusive; `total` counts the entries over all pages): a limit set (`limit`: the kind; `amount` asked, null for none; `before`, the one in force then; `from`, when it counts — later than `at` for a raise waiting its 24 hours), the reality-check interval chosen, a reality check answered (`answer`, with the session's `playedMs`, `bets` and `wins` it showed), a lock taken (`lock`: panic, break or exclusion, `until` when it ends) and a lock the operator ended early (`lockEnded`). The operator lists the same books through the control API.",
    auth: true,
    query: ProtectionHistoryQuery,
    response: ProtectionHistoryPage,
    responseName: 'ProtectionHistoryPage',
    errors: [INVALID_QUERY, UNAUTHORIZED],
  },
  {
    id: 'chooseRealityCheck',
    method: 'post',
    path: '/player/protection/reality-check',
    base: 'api',
    area: 'protection',
    summary: 'Choose the reality-check interval',
    description:
      "Keeps one of the jurisdiction's `choices` (minutes) as the player's reality-check interval and answers the settings as GET /player/protection does; another number is refused with 40000 and `Params.choices`. A machine the player is on asks at the new interval from its next check on. Written to the player's protection history.",
    auth: true,
    body: RealityCheckChoice,
    bodyName: 'RealityCheckChoice',
    response: ProtectionSettings,
    responseName: 'ProtectionSettings',
    errors: [INVALID_BODY, UNAUTHORIZED],
  },
  {
    id: 'setLimit',
    method: 'post',
    path: '/player/protection/limit',
    base: 'api',
    area: 'protection',
    summary: 'Set one of the player\'s own money limits',
    description:
      "Player protection (UK RTS 13): a limit on net loss per day, week or month (`lossDay`, `lossWeek`, `lossMonth`: money put on machines in the period less what came back to the wallet from them) or on money put on machines per day (`transferDay`), in minor units; or how long one login session may last (`sessionTime`, in minutes, 1 to 1440: at that age the login ends — REST answers 401 10711, the sockets close with 10711 — and a new login starts a new session); `amount: null` for none. Calendar periods, UTC (a week from Monday). A lower limit (or a first one) counts at once; a higher one, or none, only after 24 hours (`pending.from`), the one in force holding meanwhile; setting the one in force again drops a change waiting. A transfer past a limit is refused on the machine socket with 60021. A limit the jurisdiction requires (`mandatory`: Sweden's `transferDay`) may be changed but not removed (400 40000). Answers the settings as GET /player/protection does. Written to the player's protection history.",
    auth: true,
    body: LimitRequest,
    bodyName: 'LimitRequest',
    response: ProtectionSettings,
    responseName: 'ProtectionSettings',
    errors: [INVALID_BODY, UNAUTHORIZED],
  },
  {
    id: 'register',
    method: 'post',
    path: '/auth/register',
    base: 'api',
    area: 'template',
summary: 'Register (template)',
    description:
      'Creates the player with an empty wallet and logs them in as POST /login does (a session, a `success` row in the login log); answers the user and `access_token`. A taken username is a form result, 200 with `error.username`, not a failure. A visitor from a country not permitted gets 403 10703 before anything is created. Without `pin`, the player gets the served DEFAULT_PIN.',
    auth: false,
    body: RegisterRequest,
    bodyName: 'RegisterRequest',
    response: RegisterResult,
    responseName: 'RegisterResult',
    errors: [INVALID_BODY, { status: 403, codes: [ErrorCode.ipNotPermitted], when: 'country not permitted' }, TOO_MANY],
  },
  {
    id: 'getUserSettings',
    method: 'get',
    path: '/auth/user',
    base: 'api',
    area: 'template',
summary: 'The UI settings (template)',
    description:
      "The player's stored UI settings (layout, theme, shortcuts) as one JSON document in `user`, with the time of the last update; before the first, `{user: {}, updatedAt: null}`.",
    auth: true,
    response: UserSettingsResponse,
    responseName: 'UserSettingsResponse',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'updateUserSettings',
    method: 'post',
    path: '/auth/user/update',
    base: 'api',
    area: 'template',
summary: 'Replace the UI settings (template)',
    description:
      '`user` is any JSON object of at most 16 KB (16,384 bytes of compact UTF-8 JSON); it replaces the stored one. Answers as GET /auth/user.',
    auth: true,
    body: UserSettingsUpdate,
    bodyName: 'UserSettingsUpdate',
    response: UserSettingsResponse,
    responseName: 'UserSettingsResponse',
    errors: [INVALID_BODY, UNAUTHORIZED],
  },
  {
    id: 'listChatContacts',
    method: 'get',
    path: '/chat/contacts',
    base: 'api',
    area: 'template',
summary: 'The chat contacts (template demo)',
    description:
      "The chat panel's contacts, each with the caller's `unread` count; `status` is online, do-not-disturb, away or offline, `avatar` a data: URL.",
    auth: true,
    response: z.array(ChatContact),
    responseName: 'ChatContactList',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'getChatUser',
    method: 'get',
    path: '/chat/user',
    base: 'api',
    area: 'template',
summary: 'The caller as a chat user (template demo)',
    description:
      "`id` is the player id; `chatList` holds the caller's chats, most recent first.",
    auth: true,
    response: ChatUser,
    responseName: 'ChatUser',
    errors: [UNAUTHORIZED],
  },
  {
    id: 'updateChatUser',
    method: 'post',
    path: '/chat/user/data',
    base: 'api',
    area: 'template',
summary: 'Change the chat status or mood (template demo)',
    description:
      '`status` and `mood` (at most 200 characters) are each optional; what is left out stays. Answers the chat user as GET /chat/user.',
    auth: true,
    body: ChatUserUpdate,
    bodyName: 'ChatUserUpdate',
    response: ChatUser,
    responseName: 'ChatUser',
    errors: [INVALID_BODY, UNAUTHORIZED],
  },
  {
    id: 'getChat',
    method: 'get',
    path: '/chat/get-chat',
    base: 'api',
    area: 'template',
summary: 'Open a chat (template demo)',
    description:
      "The chat with `contactId` (its dialog: `who` is the player id or the contact id) and the caller's chat list. Opening a chat marks it read; a contact without a chat yet gets an empty one. `userId` is accepted and ignored: the token says whose chats these are.",
    auth: true,
    query: GetChatQuery,
    response: GetChatResponse,
    responseName: 'GetChatResponse',
    errors: [INVALID_QUERY, UNAUTHORIZED, { status: 404, codes: [ErrorCode.invalidRequest], when: 'unknown contact (Params.contactId)' }],
  },
  {
    id: 'sendChatMessage',
    method: 'post',
    path: '/chat/send-message',
    base: 'api',
    area: 'template',
summary: 'Send a chat message (template demo)',
    description:
      "`messageText` is trimmed, then 1–2000 characters. A `chatId` that is not one of the caller's chats answers 404; a `contactId` that is not that chat's, 400. Answers the message and the caller's chat list. Contacts do not answer.",
    auth: true,
    body: SendMessageRequest,
    bodyName: 'SendMessageRequest',
    response: SendMessageResponse,
    responseName: 'SendMessageResponse',
    errors: [INVALID_BODY, UNAUTHORIZED, { status: 404, codes: [ErrorCode.invalidRequest], when: 'not one of the caller\'s chats' }],
  },
  {
    id: 'getQuickPanel',
    method: 'get',
    path: '/quick-panel/data',
    base: 'api',
    area: 'template',
summary: 'The quick panel (template demo)',
    description:
      "The quick panel's events and notes: fixed demo content.",
    auth: true,
    response: QuickPanelData,
    responseName: 'QuickPanelData',
    errors: [UNAUTHORIZED],
  },
];

export function restOperation(id: string): RestOperation {
  const operation = REST_OPERATIONS.find((candidate) => candidate.id === id);
  if (!operation) throw new Error(`no REST operation ${id} in the contract`);
  return operation;
}
