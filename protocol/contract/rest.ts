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
import { ErrorCode, OkResponse } from '../errors.ts';
import { Brand, BrandWithMachines, Machine } from '../floor.ts';
import { BalanceResponse } from '../player.ts';
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

export type Area = 'public' | 'auth' | 'lobby' | 'account' | 'promo' | 'floor' | 'template';

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
  summary: string;
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
  codes: [ErrorCode.invalidRequest, ErrorCode.signatureNotVerified, ErrorCode.sessionTerminated],
  when: '40000 no bearer token, 10 a token this operator did not sign, 50100 the session ended (expiry, logout, a login elsewhere, the operator, a ban). The client logs the player out on any 401',
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
    summary: "The operator's settings. Every field is optional: the client merges them over its defaults, and runs on the defaults when the call fails",
    auth: false,
    response: SettingsOverrides,
    responseName: 'Settings',
    errors: [],
  },
  {
    id: 'checkIp',
    method: 'get',
    path: '/check',
    base: 'apiParent',
    area: 'public',
    summary: 'The IP and country check, before anything else (IP_CHEKCING). Blocked when status and code are both 0; any answer but 200 shows the network alert',
    auth: false,
    response: IpCheckResult,
    responseName: 'IpCheckResult',
    errors: [],
  },
  {
    id: 'login',
    method: 'post',
    path: '/login',
    base: 'api',
    area: 'auth',
    summary: 'Log in. Opens the login session the token names; a player has one at a time, so this ends any other (its sockets close with 4401 "10706")',
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
        ],
        when: '10700 wrong password (Params.left_count, block_time), 10701 unknown username, 10702 blocked after too many wrong passwords (Params.block_time, minutes), 10703 country not permitted (Params.country, ip), 10704 banned',
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
    summary: 'Validate the stored token on start: the same token, the current pin_code and profile',
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
    summary: 'End the login session everywhere: the token answers 401 50100 from now on, its sockets get an error frame 50100 and close with 4401 "50100"',
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
    summary: "The wallet's balance in minor units (the client divides by 100 to show it)",
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
    summary: 'The lobby\'s brands; `jackpot` is a comma-separated list of amounts in major units ("1523.45")',
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
    summary: 'Every machine, with its status and reservation (SHOW_LOBBY off, or the lobby\'s live list)',
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
    summary: "One brand and its machines (SHOW_LOBBY on and a brand selected)",
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
    summary: "The profile screen: the player, the balance, the login before this session's, and this request's address",
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
    summary: 'Change the password. The length is checked first (40101, Params.min), then the old password (40001)',
    auth: true,
    body: ChangePasswordRequest,
    bodyName: 'ChangePasswordRequest',
    response: OkResponse,
    responseName: 'OkResponse',
    errors: [
      { status: 400, codes: [ErrorCode.invalidRequest, ErrorCode.passwordTooShort], when: '40000 invalid body, 40101 the new password is shorter than 8 characters (Params.min)' },
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
    summary: "Change the idle lock's PIN; answers the new pin_code (login and validate send it from now on)",
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
    summary: "The player's login log, newest first, paged",
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
    summary: "The player's game sessions, newest first, paged",
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
    summary: "The player's wallet moves, newest first, paged",
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
    summary: 'Claim the discount (AUTO_DISCOUNT): credits the wallet',
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
    summary: 'Claim the bonus (AUTO_BONUS): credits the wallet',
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
    summary: "The reconnect dialog's Kick: closes the player's other connection to the machine (its socket gets quit 'kicked'); the session stays, reserved",
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
    summary: "The reconnect dialog's Cashout: pays the session's credits back to the wallet and frees the machine",
    auth: true,
    body: MachineIdRequest,
    bodyName: 'MachineIdRequest',
    response: MachineActionResponse,
    responseName: 'MachineActionResponse',
    errors: [machineRefusals[0]!, UNAUTHORIZED, ...machineRefusals.slice(1)],
  },
  {
    id: 'register',
    method: 'post',
    path: '/auth/register',
    base: 'api',
    area: 'template',
    summary: 'Register and log in (template). A taken username is a form result: 200 with `error`',
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
    summary: "The player's stored UI settings (layout, theme, shortcuts)",
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
    summary: "Replace the player's UI settings (any JSON object up to 16 KB)",
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
    summary: "The chat panel's contacts (template demo)",
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
    summary: 'The player as a chat user, with their chat list (template demo)',
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
    summary: "Change the player's chat status or mood (template demo)",
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
    summary: 'One chat with a contact; opening it marks it read (template demo)',
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
    summary: 'Send a chat message (template demo; contacts do not answer)',
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
    summary: "The quick panel's events and notes (template demo)",
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
