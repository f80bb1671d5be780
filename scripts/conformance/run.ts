import { randomBytes } from 'node:crypto';
import { PLAYER_PERMISSION } from '../../protocol/auth.ts';
import { restOperation } from '../../protocol/contract/rest.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { Jurisdiction, JURISDICTIONS, MANDATORY_LIMITS, MAX_SESSION_MINUTES, type PlayRules } from '../../protocol/protection.ts';
import { FloorCode, SESSION_ENDED_CLOSE } from '../../protocol/sockets.ts';
import { Contract, snippet } from './contract.ts';
import { Difference, FrameSocket, request, Skip, withToken, type Answer } from './wire.ts';

/**
 * The conformance suite: logs in once, walks every call and socket flow the client uses, checks
 * each answer and frame against the contract (docs/api/) and the behaviours the client depends
 * on, and returns one result per check. It puts at most `budget` minor units at stake (the sum of
 * every transfer it sends, also those it expects refused), and cashes out what it moved.
 */

export interface ConformanceOptions {
  /** The API base, absolute (Settings.API_URL resolved against the site). */
  api: string;
  /** The sockets, absolute ws:// or wss:// URLs without the token. */
  machineWs: string;
  notificationWs: string;
  /** The origin that serves the client: /Settings.json and relative WHEP URLs resolve against it. */
  site: string;
  /** Where the settings came from, when they came from a URL (else {site}/Settings.json). */
  settingsUrl?: string;
  user: string;
  password: string;
  /** The player's PIN: with it, change-pin is called with the same PIN (a new salt, nothing else changes). */
  pin?: string;
  /** The machine to play; default the free machine with the smallest minimum bet. */
  machine?: number;
  /** Most minor units the suite moves into a machine in all (default 10000, 100.00). */
  budget: number;
  /** Deadline of every answer and awaited frame, ms. */
  timeoutMs: number;
  /** Claim the discount and bonus when they are switched on (they credit the player). */
  promo: boolean;
  /** Each check's result as it is known. */
  progress?: (result: CheckResult) => void;
}

export const AREAS = ['public', 'auth', 'access', 'lobby', 'account', 'template', 'promo', 'notification', 'machine', 'video', 'money', 'protection', 'reconnect', 'session end', 'fair share'] as const;
export type Area = (typeof AREAS)[number];

export interface CheckResult {
  area: Area;
  name: string;
  status: 'pass' | 'fail' | 'skip';
  /** fail: the first difference; skip: why it was not run. */
  detail?: string;
}

export interface ConformanceReport {
  results: CheckResult[];
  /** 0: everything checked and conforming; 1: something differs; 2: nothing differs but something was not checked. */
  exitCode: 0 | 1 | 2;
  /** Wallet before the first and after the last money check (minor units), when known. */
  wallet: { before: number | null; after: number | null };
  /** The sum of the transfers the suite sent (refused ones included): never more than the budget. */
  staked: number;
}

interface CallInit {
  token?: string;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string | number>;
  params?: Record<string, string | number>;
  /** The status this check expects. */
  expect: number;
  /** The error codes this check expects (ApiError.code). */
  codes?: readonly number[];
}

type Frame = Record<string, unknown>;

const FORGED_SIGNATURE = 'Zm9yZ2VkLXNpZ25hdHVyZS1mb3ItYS1jb25mb3JtYW5jZS1jaGVjaw';

/** A JWT's payload, read as the client reads it (not verified). */
function jwtPayload(token: string): unknown {
  const part = token.split('.')[1];
  if (!part) throw new Difference(`the token is not a JWT (no payload part): ${snippet(token, 40)}`);
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new Difference('the token\'s payload is not base64url JSON');
  }
}

function forge(token: string): string {
  const [header, payload] = token.split('.');
  return `${header}.${payload}.${FORGED_SIGNATURE}`;
}

class Run {
  readonly results: CheckResult[] = [];
  readonly contract = new Contract();
  readonly o: ConformanceOptions;
  readonly tag = randomBytes(4).toString('hex');
  token: string | null = null;
  playerId: string | null = null;
  settings: Record<string, unknown> = {};
  staked = 0;
  walletBefore: number | null = null;
  walletAfter: number | null = null;
  sockets: FrameSocket[] = [];

  constructor(options: ConformanceOptions) {
    this.o = options;
  }

  record(result: CheckResult): void {
    this.results.push(result);
    this.o.progress?.(result);
  }

  /** Runs one check; false when it did not pass. `needs` names what is missing to run it. */
  async check(area: Area, name: string, fn: () => Promise<void>, needs?: string | null): Promise<boolean> {
    if (needs) {
      this.record({ area, name, status: 'skip', detail: needs });
      return false;
    }
    try {
      await fn();
      this.record({ area, name, status: 'pass' });
      return true;
    } catch (error) {
      if (error instanceof Skip) this.record({ area, name, status: 'skip', detail: error.message });
      else if (error instanceof Difference) this.record({ area, name, status: 'fail', detail: error.message });
      else this.record({ area, name, status: 'fail', detail: `the check itself failed: ${(error as Error).stack ?? String(error)}` });
      return false;
    }
  }

  get needsLogin(): string | null {
    return this.token ? null : 'needs a login (it failed above)';
  }

  url(operationId: string, init: Pick<CallInit, 'query' | 'params'> = {}): string {
    const operation = restOperation(operationId);
    let path = operation.path;
    for (const [name, value] of Object.entries(init.params ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    let url: URL;
    if (operation.base === 'site') url = new URL(this.o.settingsUrl ?? new URL(path, this.o.site).toString());
    else if (operation.base === 'apiParent') url = new URL(`..${path}`, `${this.o.api.replace(/\/+$/, '')}/`);
    else url = new URL(`${this.o.api.replace(/\/+$/, '')}${path}`);
    for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** One REST call, judged: the expected status, the contract's body for that status, the expected codes. */
  async call(operationId: string, init: CallInit): Promise<unknown> {
    const operation = restOperation(operationId);
    const label = `${operation.method.toUpperCase()} ${operation.path}`;
    const answer: Answer = await request(this.url(operationId, init), {
      method: operation.method.toUpperCase(),
      timeoutMs: this.o.timeoutMs,
      ...(init.token !== undefined ? { token: init.token } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.rawBody !== undefined ? { rawBody: init.rawBody, headers: { 'content-type': 'application/json' } } : {}),
    });
    if (!answer.isJson) {
      throw new Difference(`${label} answered ${answer.status} with a body that is not JSON: ${snippet(answer.text)}`);
    }
    if (answer.status !== init.expect) {
      const allowed = this.contract.statuses(operationId);
      const note = allowed.includes(String(answer.status)) ? '' : ` (not an answer the contract has for this call: ${allowed.join(', ')})`;
      throw new Difference(`${label} answered ${answer.status} ${snippet(answer.json)}, expected ${init.expect}${note}`);
    }
    const difference = this.contract.restDifference(operationId, answer.status, answer.json);
    if (difference) throw new Difference(`${label} ${answer.status}: ${difference}`);
    if (init.codes) {
      const code = (answer.json as { code?: unknown }).code;
      if (!init.codes.includes(code as number)) {
        throw new Difference(`${label} answered ${answer.status} with code ${snippet(code)}, expected ${init.codes.join(' or ')}`);
      }
    }
    return answer.json;
  }

  async socket(channel: 'notification' | 'machine', token: string, violations: string[]): Promise<FrameSocket> {
    const base = channel === 'notification' ? this.o.notificationWs : this.o.machineWs;
    const socket = await FrameSocket.open(withToken(base, token), this.o.timeoutMs, (frame) => {
      const difference = this.contract.frameDifference(channel, frame);
      if (difference) violations.push(difference);
    });
    this.sockets.push(socket);
    return socket;
  }

  /** Waits for a frame and checks it against the contract (the first violation on the socket fails the wait). */
  async frame(socket: FrameSocket, violations: string[], what: string, matches: (frame: Frame) => boolean): Promise<Frame> {
    const frame = await socket.next(what, matches, this.o.timeoutMs);
    if (violations.length > 0) throw new Difference(violations[0]!);
    return frame;
  }

  async balance(): Promise<number> {
    const body = (await this.call('getBalance', { token: this.token!, expect: 200 })) as { balance: number };
    return body.balance;
  }
}

// ---- the walk ------------------------------------------------------------------------------

async function publicArea(run: Run): Promise<void> {
  await run.check('public', 'GET /Settings.json answers Settings', async () => {
    run.settings = (await run.call('getSettings', { expect: 200 })) as Record<string, unknown>;
  });
  await run.check('public', 'GET {API}/../check allows this visitor', async () => {
    const result = (await run.call('checkIp', { expect: 200 })) as { status: number; code: number; country: string; ip: string };
    if (result.status === 0 && result.code === 0) {
      throw new Difference(`the IP check blocks this visitor (${result.country}, ${result.ip}): the client would stop here`);
    }
  });
}

async function authArea(run: Run): Promise<void> {
  const unknown = `conformance-${run.tag}`;
  await run.check('auth', 'POST /login with an invalid body: 400 40000', async () => {
    await run.call('login', { body: { username: run.o.user }, expect: 400, codes: [ErrorCode.invalidRequest] });
  });
  await run.check('auth', 'POST /login with an unknown username: 403 10701', async () => {
    await run.call('login', { body: { username: unknown, password: 'not-a-password', site_id: 0 }, expect: 403, codes: [ErrorCode.wrongCredentials] });
  });
  // One wrong password, reset by the login that follows.
  await run.check('auth', 'POST /login with a wrong password: 403 10700', async () => {
    await run.call('login', { body: { username: run.o.user, password: `${run.o.password}-wrong-${run.tag}`, site_id: 0 }, expect: 403, codes: [ErrorCode.wrongCredentialsCounted] });
  });
  await run.check('auth', 'POST /login answers LoginResult', async () => {
    const siteId = typeof run.settings.SITE_ID === 'number' ? run.settings.SITE_ID : 0;
    const result = (await run.call('login', { body: { username: run.o.user, password: run.o.password, site_id: siteId }, expect: 200 })) as {
      token: string;
      user: { id: string };
    };
    run.token = result.token;
    run.playerId = result.user.id;
  });
  await run.check(
    'auth',
    `the token is a JWT the client can read: TokenClaims, permission ${PLAYER_PERMISSION}, exp ahead`,
    async () => {
      const claims = jwtPayload(run.token!);
      const difference = run.contract.componentDifference('TokenClaims', claims);
      if (difference) throw new Difference(`token payload ${difference}`);
      const { permissions, exp } = claims as { permissions: number[]; exp: number };
      if (!permissions.includes(PLAYER_PERMISSION)) throw new Difference(`token permissions ${snippet(permissions)} lack ${PLAYER_PERMISSION}: no product route would open`);
      if (exp * 1000 <= Date.now()) throw new Difference(`token exp ${exp} is already past: the client would log out at once`);
    },
    run.needsLogin,
  );
  await run.check(
    'auth',
    'GET /validate answers the same token',
    async () => {
      const result = (await run.call('validate', { token: run.token!, expect: 200 })) as { token: string };
      if (result.token !== run.token) throw new Difference(`GET /validate answered another token (${snippet(result.token, 40)})`);
    },
    run.needsLogin,
  );
  await run.check(
    'auth',
    'GET /player/balance answers BalanceResponse',
    async () => {
      run.walletBefore = await run.balance();
    },
    run.needsLogin,
  );
}

async function accessArea(run: Run): Promise<void> {
  await run.check('access', 'no bearer token: 401 (the client logs out)', async () => {
    await run.call('getBalance', { expect: 401, codes: [ErrorCode.invalidRequest, ErrorCode.signatureNotVerified, ErrorCode.sessionTerminated] });
  });
  await run.check(
    'access',
    'a token with a forged signature: 401 10',
    async () => {
      await run.call('getBalance', { token: forge(run.token!), expect: 401, codes: [ErrorCode.signatureNotVerified] });
      await run.call('validate', { token: forge(run.token!), expect: 401, codes: [ErrorCode.signatureNotVerified] });
    },
    run.needsLogin,
  );
  await run.check('access', 'not a token at all: 401', async () => {
    await run.call('getProfile', { token: 'not-a-token', expect: 401 });
  });
}

interface Lobby {
  machines: { id: number; status: string; minBet: number; reservation: unknown }[];
}

async function lobbyArea(run: Run): Promise<Lobby | null> {
  let lobby: Lobby | null = null;
  let brandId: number | null = null;
  await run.check(
    'lobby',
    'GET /machine/brands answers the brand list',
    async () => {
      const brands = (await run.call('listBrands', { token: run.token!, expect: 200 })) as { id: number }[];
      brandId = brands[0]?.id ?? null;
    },
    run.needsLogin,
  );
  await run.check(
    'lobby',
    'GET /machine/all answers the machine list',
    async () => {
      const machines = (await run.call('listMachines', { token: run.token!, expect: 200 })) as Lobby['machines'];
      lobby = { machines };
    },
    run.needsLogin,
  );
  await run.check(
    'lobby',
    'GET /machine/{brandId} answers the brand and its machines',
    async () => {
      if (brandId === null) throw new Skip('the operator lists no brand');
      await run.call('getBrand', { token: run.token!, params: { brandId }, expect: 200 });
    },
    run.needsLogin,
  );
  return lobby;
}

async function accountArea(run: Run): Promise<void> {
  const needs = run.needsLogin;
  await run.check(
    'account',
    'GET /player/profile answers the player',
    async () => {
      const profile = (await run.call('getProfile', { token: run.token!, expect: 200 })) as { username: string };
      if (profile.username.toLowerCase() !== run.o.user.toLowerCase()) throw new Difference(`the profile is ${snippet(profile.username)}'s, not ${snippet(run.o.user)}'s`);
    },
    needs,
  );
  for (const [id, label] of [
    ['listLoginLog', 'login-log'],
    ['listGameSessions', 'game-sessions'],
    ['listTransactions', 'transactions'],
  ] as const) {
    await run.check('account', `GET /player/${label} answers a page`, () => run.call(id, { token: run.token!, query: { page: 1, size: 5 }, expect: 200 }).then(() => undefined), needs);
  }
  await run.check(
    'account',
    'a page size out of range: 400 40000',
    () => run.call('listTransactions', { token: run.token!, query: { page: 1, size: 0 }, expect: 400, codes: [ErrorCode.invalidRequest] }).then(() => undefined),
    needs,
  );
  // A wrong old password with a short new one: the length is checked first (40101). Should an
  // operator accept it anyway, the password is put back at once.
  await run.check(
    'account',
    'a new password under 8 characters: 400 40101',
    async () => {
      try {
        await run.call('changePassword', { token: run.token!, body: { oldPassword: `wrong-${run.tag}`, newPassword: 'short' }, expect: 400, codes: [ErrorCode.passwordTooShort] });
      } catch (error) {
        await request(run.url('changePassword'), { method: 'POST', token: run.token!, body: { oldPassword: 'short', newPassword: run.o.password }, timeoutMs: run.o.timeoutMs }).catch(() => undefined);
        throw error;
      }
    },
    needs,
  );
  // The "new" password is the current one: even a backend that skips the check changes nothing.
  await run.check(
    'account',
    'a wrong old password: 403 40001, counted like a wrong login (Params.left_count)',
    async () => {
      const answer = (await run.call('changePassword', {
        token: run.token!,
        body: { oldPassword: `wrong-${run.tag}`, newPassword: run.o.password },
        expect: 403,
        codes: [ErrorCode.oldPasswordWrong],
      })) as { Params?: { left_count?: unknown } };
      if (typeof answer.Params?.left_count !== 'number') {
        throw new Difference(`the 40001 answer carries no Params.left_count (${snippet(answer.Params)}): a token must not buy unlimited guesses`);
      }
    },
    needs,
  );
  await run.check(
    'account',
    'POST /player/change-pin with the same PIN answers ChangePinResponse',
    () => run.call('changePin', { token: run.token!, body: { password: run.o.password, pin: run.o.pin }, expect: 200 }).then(() => undefined),
    needs ?? (run.o.pin ? null : 'needs --pin (the player\'s PIN: the suite sets the same one again)'),
  );
}

async function templateArea(run: Run): Promise<void> {
  const needs = run.needsLogin;
  await run.check(
    'template',
    'GET /auth/user, then POST /auth/user/update with the same settings',
    async () => {
      const stored = (await run.call('getUserSettings', { token: run.token!, expect: 200 })) as { user: Record<string, unknown> };
      const saved = (await run.call('updateUserSettings', { token: run.token!, body: { user: stored.user }, expect: 200 })) as { user: unknown };
      if (JSON.stringify(saved.user) !== JSON.stringify(stored.user)) throw new Difference(`POST /auth/user/update answered other settings: ${snippet(saved.user)}`);
    },
    needs,
  );
  let contactId: string | null = null;
  let chatUser: { status: string; mood: string } | null = null;
  await run.check(
    'template',
    'GET /chat/contacts and /chat/user',
    async () => {
      const contacts = (await run.call('listChatContacts', { token: run.token!, expect: 200 })) as { id: string }[];
      contactId = contacts[0]?.id ?? null;
      chatUser = (await run.call('getChatUser', { token: run.token!, expect: 200 })) as { status: string; mood: string };
    },
    needs,
  );
  await run.check(
    'template',
    'POST /chat/user/data with the same status and mood',
    async () => {
      if (!chatUser) throw new Skip('no chat user');
      await run.call('updateChatUser', { token: run.token!, body: { status: chatUser.status, mood: chatUser.mood }, expect: 200 });
    },
    needs,
  );
  await run.check(
    'template',
    'GET /chat/get-chat, POST /chat/send-message',
    async () => {
      if (contactId === null) throw new Skip('the operator lists no chat contact');
      const chat = (await run.call('getChat', { token: run.token!, query: { contactId }, expect: 200 })) as { chat: { id: string } };
      await run.call('sendChatMessage', {
        token: run.token!,
        body: { chatId: chat.chat.id, contactId, messageText: 'Reelside conformance check' },
        expect: 200,
      });
    },
    needs,
  );
  await run.check('template', 'GET /quick-panel/data', () => run.call('getQuickPanel', { token: run.token!, expect: 200 }).then(() => undefined), needs);
  await run.check('template', 'POST /auth/register with an invalid body: 400 40000', () =>
    run.call('register', { body: { username: 'x', password: 'p' }, expect: 400, codes: [ErrorCode.invalidRequest] }).then(() => undefined),
  );
  await run.check(
    'template',
    'POST /auth/register with a taken username: 200 with `error`',
    async () => {
      const result = (await run.call('register', {
        body: { username: run.o.user, password: `conformance-${run.tag}`, email: `conformance-${run.tag}@example.com`, name: 'Conformance' },
        expect: 200,
      })) as { error?: unknown };
      if (!result.error) throw new Difference(`POST /auth/register registered a username that is taken: ${snippet(result)}`);
    },
    needs,
  );
}

async function promoArea(run: Run): Promise<void> {
  for (const [id, kind, setting] of [
    ['claimDiscount', 'discount', 'AUTO_DISCOUNT'],
    ['claimBonus', 'bonus', 'AUTO_BONUS'],
  ] as const) {
    const on = run.settings[setting] === true;
    await run.check(
      'promo',
      on ? `GET /player/${kind} (${setting} on)` : `GET /player/${kind} while ${setting} is off: refused`,
      async () => {
        if (!on) {
          const refusals = restOperation(id).errors.filter((error) => error.status === 403);
          await run.call(id, { token: run.token!, expect: 403, codes: refusals.flatMap((error) => error.codes) });
          return;
        }
        if (!run.o.promo) throw new Skip(`${setting} is on: pass --promo to claim it once (it credits the player)`);
        const answer = await request(run.url(id), { token: run.token!, timeoutMs: run.o.timeoutMs });
        const difference = answer.isJson ? run.contract.restDifference(id, answer.status, answer.json) : `a body that is not JSON: ${snippet(answer.text)}`;
        if (difference) throw new Difference(`GET /player/${kind} ${answer.status}: ${difference}`);
      },
      run.needsLogin,
    );
  }
}

async function notificationArea(run: Run): Promise<{ socket: FrameSocket; violations: string[] } | null> {
  const violations: string[] = [];
  let socket: FrameSocket | null = null;
  await run.check(
    'notification',
    'init is answered ready and the balance',
    async () => {
      socket = await run.socket('notification', run.token!, violations);
      socket.send({ type: 'init', id: Number(run.playerId) });
      await run.frame(socket, violations, 'ready frame', (f) => f.type === 'ready');
      const balance = await run.frame(socket, violations, 'balance frame', (f) => f.type === 'balance');
      const rest = await run.balance();
      if (balance.balance !== rest) throw new Difference(`the balance frame says ${snippet(balance.balance)}, GET /player/balance ${rest}`);
    },
    run.needsLogin,
  );
  const open = socket as FrameSocket | null;
  const needs = open ? null : 'needs the notification socket (it failed above)';
  await run.check('notification', 'ping is answered pong', async () => {
    open!.send({ type: 'ping' });
    await run.frame(open!, violations, 'pong frame', (f) => f.type === 'pong');
  }, needs);
  await run.check('notification', 'a frame of an unknown type: error 40000, the socket stays open', async () => {
    open!.send({ type: `conformance-${run.tag}` });
    const error = await run.frame(open!, violations, 'error frame', (f) => f.type === 'error');
    if (error.code !== ErrorCode.invalidRequest) throw new Difference(`the error frame has code ${snippet(error.code)}, expected 40000`);
    open!.send({ type: 'ping' });
    await run.frame(open!, violations, 'pong frame after the error', (f) => f.type === 'pong');
  }, needs);
  return open ? { socket: open, violations } : null;
}

interface Play {
  socket: FrameSocket;
  violations: string[];
  machineId: number;
  joined: Frame;
}

function pickMachine(run: Run, lobby: Lobby | null): number {
  if (run.o.machine !== undefined) return run.o.machine;
  const free = (lobby?.machines ?? []).filter((machine) => machine.status === 'free' && machine.reservation === null);
  free.sort((a, b) => a.minBet - b.minBet || a.id - b.id);
  if (!free[0]) throw new Skip('no free machine in GET /machine/all (name one with --machine)');
  return free[0].id;
}

async function join(run: Run, machineId: number, violations: string[]): Promise<{ socket: FrameSocket; joined: Frame }> {
  const socket = await run.socket('machine', run.token!, violations);
  socket.send({ type: 'init', machineID: machineId, token: run.token });
  const joined = await run.frame(socket, violations, `joined frame for machine ${machineId}`, (f) => f.type === 'joined' || f.type === 'error');
  if (joined.type === 'error') throw new Difference(`the join of machine ${machineId} was refused: ${snippet(joined)}`);
  return { socket, joined };
}

async function machineArea(run: Run, lobby: Lobby | null): Promise<Play | null> {
  const violations: string[] = [];
  let play: Play | null = null;
  await run.check(
    'machine',
    'init joins a free machine: joined',
    async () => {
      const machineId = pickMachine(run, lobby);
      const { socket, joined } = await join(run, machineId, violations);
      const bands = joined.bands as unknown[];
      if (bands.length === 0) throw new Difference(`the joined frame of machine ${machineId} lists no video band`);
      play = { socket, violations, machineId, joined };
    },
    run.needsLogin,
  );
  const joined = play as Play | null;
  const needs = joined ? null : 'needs a joined machine (the join failed or was skipped above)';
  await run.check('machine', 'ping is answered pong', async () => {
    joined!.socket.send({ type: 'ping' });
    await run.frame(joined!.socket, violations, 'pong frame', (f) => f.type === 'pong');
  }, needs);
  await run.check('machine', 'a frame that is not JSON: error 40000, the socket stays open', async () => {
    joined!.socket.send('{not json');
    const error = await run.frame(joined!.socket, violations, 'error frame', (f) => f.type === 'error');
    if (error.code !== ErrorCode.invalidRequest) throw new Difference(`the error frame has code ${snippet(error.code)}, expected 40000`);
  }, needs);
  await run.check('machine', `a second init on the joined socket: error ${FloorCode.alreadyJoined}, still joined`, async () => {
    joined!.socket.send({ type: 'init', machineID: joined!.machineId, token: run.token });
    const error = await run.frame(joined!.socket, violations, 'error frame', (f) => f.type === 'error');
    if (error.code !== FloorCode.alreadyJoined) throw new Difference(`the error frame has code ${snippet(error.code)}, expected ${FloorCode.alreadyJoined}`);
    joined!.socket.send({ type: 'ping' });
    await run.frame(joined!.socket, violations, 'pong frame after the refusal', (f) => f.type === 'pong');
  }, needs);
  return joined;
}

async function offer(timeoutMs: number): Promise<string> {
  const { RTCPeerConnection } = await import('werift');
  const pc = new RTCPeerConnection({ iceServers: [], iceUseIpv6: false });
  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const deadline = Date.now() + timeoutMs;
    while (pc.iceGatheringState !== 'complete' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return pc.localDescription?.sdp ?? '';
  } finally {
    await pc.close();
  }
}

async function whepPost(run: Run, url: string, sdp: string, token?: string): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: sdp,
      signal: AbortSignal.timeout(run.o.timeoutMs),
    });
  } catch (error) {
    throw new Difference(`POST ${url}: ${(error as Error).name === 'TimeoutError' ? `no answer within ${run.o.timeoutMs} ms` : (error as Error).message}`);
  }
}

function bandUrl(run: Run, play: Play): string {
  const bands = [...(play.joined.bands as { whepUrl: string; Order: number }[])].sort((a, b) => a.Order - b.Order);
  return new URL(bands[0]!.whepUrl, `${run.o.site.replace(/\/+$/, '')}/`).toString();
}

async function videoArea(run: Run, play: Play | null): Promise<string | null> {
  const needs = play ? null : 'needs a joined machine';
  let sdp: string | null = null;
  await run.check('video', 'WHEP POST without the bearer: 401', async () => {
    sdp = await offer(run.o.timeoutMs);
    const response = await whepPost(run, bandUrl(run, play!), sdp);
    await response.body?.cancel();
    if (response.status !== 401) throw new Difference(`POST ${bandUrl(run, play!)} without Authorization answered ${response.status}, expected 401`);
  }, needs);
  await run.check('video', 'WHEP POST with the bearer: 201, SDP answer, Location; DELETE it with the bearer', async () => {
    sdp ??= await offer(run.o.timeoutMs);
    const url = bandUrl(run, play!);
    const response = await whepPost(run, url, sdp, run.token!);
    const text = await response.text();
    if (response.status !== 201) throw new Difference(`POST ${url} answered ${response.status} ${snippet(text)}, expected 201`);
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/sdp')) throw new Difference(`POST ${url} answered Content-Type ${snippet(type)}, expected application/sdp`);
    if (!text.startsWith('v=0')) throw new Difference(`POST ${url} answered a body that is not SDP: ${snippet(text)}`);
    const location = response.headers.get('location');
    if (!location) throw new Difference(`POST ${url} answered 201 without a Location header`);
    const resource = new URL(location, response.url).toString();
    let removed: Response;
    try {
      removed = await fetch(resource, { method: 'DELETE', headers: { authorization: `Bearer ${run.token}` }, signal: AbortSignal.timeout(run.o.timeoutMs) });
    } catch (error) {
      throw new Difference(`DELETE ${resource}: ${(error as Error).message}`);
    }
    await removed.body?.cancel();
    if (removed.status < 200 || removed.status > 299) throw new Difference(`DELETE ${resource} answered ${removed.status}, expected 200 or 204`);
  }, needs);
  return play ? bandUrl(run, play) : null;
}

async function moneyArea(run: Run, play: Play | null): Promise<void> {
  const needs = play ? null : 'needs a joined machine';
  const hotCoins = play ? [...new Set(play.joined.hotCoins as number[])].sort((a, b) => a - b) : [];
  const maxAllIn = play ? (play.joined.maxAllIn as number) : 0;
  const state = play ? (play.joined.state as { credits: number; bet: number }) : { credits: 0, bet: 0 };
  const startWallet = play ? (play.joined.balance as number) : 0;
  const first = hotCoins.find((coin) => coin <= run.o.budget && coin <= startWallet && state.credits + coin <= maxAllIn);
  const transferId = `conformance-${run.tag}-t`;
  const bets: number[] = [];
  const wins: number[] = [];
  let transferred = false;

  const socket = play?.socket;
  const violations = play?.violations ?? [];
  const ack = (requestId: string, what: string) =>
    run.frame(socket!, violations, what, (f) => (f.type === 'ack' || f.type === 'error') && f.requestId === requestId);
  const expectAck = async (requestId: string, what: string, duplicate: boolean) => {
    const answer = await ack(requestId, what);
    if (answer.type === 'error') throw new Difference(`${what}: refused with ${snippet(answer)}`);
    if (duplicate && answer.duplicate !== true) throw new Difference(`${what}: answered ${snippet(answer)}, expected an ack with duplicate: true`);
    if (!duplicate && answer.duplicate === true) throw new Difference(`${what}: answered ${snippet(answer)} as a duplicate; it is a new request`);
  };
  const noMoney = first === undefined ? `no transfer amount fits: hotCoins ${snippet(hotCoins)}, budget ${run.o.budget}, wallet ${startWallet}, maxAllIn ${maxAllIn}` : null;

  // A jurisdiction may require limits before money goes onto a machine (Sweden: a daily transfer
  // limit). Where the player has none of them yet, a transfer is refused with the code and moves
  // nothing; the suite then sets each as generously as the contract allows, and plays on.
  const jurisdiction = Jurisdiction.safeParse(run.settings.JURISDICTION ?? 'default');
  if (jurisdiction.success && MANDATORY_LIMITS[jurisdiction.data].length > 0) await run.check('money', `limits the jurisdiction requires: set before money moves (where the player has none, a transfer is refused ${FloorCode.limitRequired} with Params.limit_kind and moves nothing; then they are set)`, async () => {
    const settings = (await run.call('getProtection', { token: run.token!, expect: 200 })) as { limits: Array<{ kind: string; amount: number | null }>; mandatory: string[] };
    const mandatory = settings.mandatory.filter((kind) => settings.limits.find((limit) => limit.kind === kind)?.amount === null);
    if (settings.mandatory.length === 0) throw new Difference(`JURISDICTION ${jurisdiction.data} requires ${MANDATORY_LIMITS[jurisdiction.data].join(', ')}; GET /player/protection says none are required`);
    // Set by an earlier run (a required limit cannot be removed): nothing to probe, all is in order.
    if (mandatory.length === 0) return;
    const refusedId = `conformance-${run.tag}-tl`;
    play!.socket.send({ type: 'transfer', amount: first, requestId: refusedId });
    const refused = await ack(refusedId, 'a transfer without the required limits');
    if (refused.type === 'ack') {
      run.staked += first!;
      throw new Difference(`a transfer without the required limits (${mandatory.join(', ')}) was taken: ${snippet(refused)}, expected error ${FloorCode.limitRequired}`);
    }
    if (refused.type !== 'error' || refused.code !== FloorCode.limitRequired) throw new Difference(`a transfer without the required limits was answered ${snippet(refused)}, expected error ${FloorCode.limitRequired}`);
    const kind = (refused.Params as { limit_kind?: unknown } | undefined)?.limit_kind;
    if (typeof kind !== 'string' || !mandatory.includes(kind)) throw new Difference(`the refusal's Params.limit_kind is ${snippet(kind)}, expected one of ${mandatory.join(', ')}`);
    const wallet = await run.balance();
    if (wallet !== startWallet) throw new Difference(`after the refused transfer the wallet is ${wallet}, expected ${startWallet}`);
    // As generous as the contract allows: money at its largest amount, a session time at its longest.
    for (const required of mandatory) {
      await run.call('setLimit', { token: run.token!, body: { kind: required, amount: required === 'sessionTime' ? MAX_SESSION_MINUTES : 100_000_000 }, expect: 200 });
    }
  }, needs ?? noMoney);

  await run.check('money', `transfer ${first ?? '?'} with a requestId: ack, wallet and credits move by it`, async () => {
    run.staked += first!;
    play!.socket.send({ type: 'transfer', amount: first, requestId: transferId });
    await expectAck(transferId, 'the transfer', false);
    transferred = true;
    const wallet = await run.balance();
    if (wallet !== startWallet - first!) throw new Difference(`after the transfer the wallet is ${wallet}, expected ${startWallet} − ${first} = ${startWallet - first!}`);
  }, needs ?? noMoney);

  await run.check('money', 'the same transfer again (same id): ack duplicate: true, nothing moves', async () => {
    play!.socket.send({ type: 'transfer', amount: first, requestId: transferId });
    await expectAck(transferId, 'the repeated transfer', true);
    const wallet = await run.balance();
    if (wallet !== startWallet - first!) throw new Difference(`after the repeat the wallet is ${wallet}, expected ${startWallet - first!}: the repeat moved money`);
  }, needs ?? noMoney ?? (transferred ? null : 'needs the first transfer'));

  const second = hotCoins.find((coin) => coin !== first && run.staked + coin <= run.o.budget);
  await run.check('money', `the same id for a transfer of another amount: error ${FloorCode.requestIdReused}, nothing moves`, async () => {
    if (second === undefined) throw new Skip(`no second transfer amount fits the budget (${run.o.budget}; hotCoins ${snippet(hotCoins)})`);
    run.staked += second;
    play!.socket.send({ type: 'transfer', amount: second, requestId: transferId });
    const answer = await ack(transferId, 'the answer to the reused id');
    if (answer.type !== 'error' || answer.code !== FloorCode.requestIdReused) throw new Difference(`a reused id with another amount was answered ${snippet(answer)}, expected error ${FloorCode.requestIdReused}`);
    const wallet = await run.balance();
    if (wallet !== startWallet - first!) throw new Difference(`after the refusal the wallet is ${wallet}, expected ${startWallet - first!}`);
  }, needs ?? noMoney ?? (transferred ? null : 'needs the first transfer'));

  const spinId = `conformance-${run.tag}-s`;
  await run.check('money', 'a spin sent twice with one id spins once (ack, then ack duplicate: true)', async () => {
    let current = state.bet;
    for (let press = 0; current > state.credits + first! && press < 10; press++) {
      const id = `conformance-${run.tag}-b${press}`;
      play!.socket.send({ type: 'button', button: 'betDown', requestId: id });
      await expectAck(id, 'betDown', false);
      const next = await run.frame(play!.socket, violations, 'state frame after betDown', (f) => f.type === 'state');
      current = (next.state as { bet: number }).bet;
    }
    if (current > state.credits + first!) throw new Skip(`the smallest bet (${current}) is more than the credits (${state.credits + first!})`);
    play!.socket.send({ type: 'button', button: 'spin', requestId: spinId });
    play!.socket.send({ type: 'button', button: 'spin', requestId: spinId });
    await expectAck(spinId, 'the spin', false);
    await expectAck(spinId, 'the repeated spin', true);
    // The reels start once (spinStart now; the outcome comes with the spin frame at the stop).
    const spins = play!.socket.frames.filter((f) => (f as Frame).type === 'spinStart' && !((f as Frame).spin as { freeSpin: boolean }).freeSpin);
    if (spins.length !== 1) throw new Difference(`${spins.length} paid spinStart frames for one spin id`);
  }, needs ?? noMoney ?? (transferred ? null : 'needs the first transfer'));

  await run.check('money', 'cashout that reuses the transfer\'s id (twice): a new request, paid once, socket closes 1000', async () => {
    // A cashout is answered by its balance frame and the close (1000): the socket is gone before an ack could follow.
    play!.socket.send({ type: 'cashout', requestId: transferId });
    play!.socket.send({ type: 'cashout', requestId: transferId });
    const closed = await play!.socket.waitClosed('the cashout', run.o.timeoutMs);
    if (closed.code !== 1000) throw new Difference(`after the cashout the socket closed with ${closed.code} ${snippet(closed.reason)}, expected 1000`);
    if (violations.length > 0) throw new Difference(violations[0]!);
    for (const frame of play!.socket.frames) {
      const outcome = (frame as Frame).type === 'spin' ? ((frame as Frame).outcome as { bet: number; totalWin: number; jackpotWin: number }) : null;
      if (outcome) {
        bets.push(outcome.bet);
        wins.push(outcome.totalWin + outcome.jackpotWin);
      }
    }
    const expected = startWallet + state.credits + wins.reduce((a, b) => a + b, 0) - bets.reduce((a, b) => a + b, 0);
    run.walletAfter = await run.balance();
    if (run.walletAfter !== expected) {
      throw new Difference(`after the cashout the wallet is ${run.walletAfter}, expected ${expected} (wallet ${startWallet} + credits ${state.credits} + wins ${wins.join('+') || 0} − bets ${bets.join('+') || 0})`);
    }
  }, needs ?? noMoney ?? (transferred ? null : 'needs the first transfer'));
}

/**
 * Player protection: the rules of play the join tells are the Settings.json JURISDICTION's, and
 * the floor enforces each rule that applies (a probe per rule: autoplay where banned, a spin
 * sooner than the game cycle, a bet above the largest stake). The panic button is only checked
 * to need a login: pressing it would lock the test player out for 24 hours.
 */
async function protectionArea(run: Run, machineId: number | null): Promise<void> {
  await run.check('protection', 'POST /player/protection/panic without a token: 401 (never pressed: it locks the player out for 24 h)', async () => {
    await run.call('panicLock', { body: {}, expect: 401 });
  });
  let interval: { minutes: number; choices: number[] } | null = null;
  await run.check('protection', "GET /player/protection: the player's reality-check interval is one the operator offers", async () => {
    const answer = (await run.call('getProtection', { token: run.token!, expect: 200 })) as { realityCheck: { minutes: number; choices: number[] } };
    interval = answer.realityCheck;
    if (!interval.choices.includes(interval.minutes)) throw new Difference(`the interval is ${interval.minutes} minutes, not one of the choices ${snippet(interval.choices)}`);
  }, run.needsLogin);
  const offered = interval as { minutes: number; choices: number[] } | null;
  if (offered) {
    // The smallest positive number the operator does not offer: refused, so nothing of the player's changes.
    const odd = Array.from({ length: 1000 }, (_, index) => index + 1).find((minutes) => !offered.choices.includes(minutes))!;
    await run.check('protection', `POST /player/protection/reality-check with ${odd} minute${odd === 1 ? "" : "s"} (not offered): 400 ${ErrorCode.invalidRequest}`, async () => {
      await run.call('chooseRealityCheck', { token: run.token!, body: { minutes: odd }, expect: 400, codes: [ErrorCode.invalidRequest] });
    });
  }
  await run.check('protection', 'POST /player/protection/limit with an amount of 0 (no limit is 0): 400 40000, nothing set', async () => {
    await run.call('setLimit', { token: run.token!, body: { kind: 'lossDay', amount: 0 }, expect: 400, codes: [ErrorCode.invalidRequest] });
  }, run.needsLogin);
  await run.check('protection', "GET /player/protection/history: the player's own history, of the contract's kinds, newest first", async () => {
    const answer = (await run.call('protectionHistory', { token: run.token!, query: { page: 1, size: 20 }, expect: 200 })) as {
      items: Array<{ id: number; at: number }>;
      total: number;
    };
    const entries = answer.items;
    if (answer.total < entries.length) throw new Difference(`the total is ${answer.total}, fewer than the ${entries.length} entries of the first page`);
    const outOfOrder = entries.findIndex((entry, index) => index > 0 && entry.at > entries[index - 1]!.at);
    if (outOfOrder > 0) throw new Difference(`entry ${outOfOrder} (${snippet(entries[outOfOrder])}) is newer than the one before it`);
  }, run.needsLogin);
  const violations: string[] = [];
  let socket: FrameSocket | null = null;
  let rules: PlayRules | null = null;
  let hotCoins: number[] = [];
  const needs = machineId === null ? 'needs the machine the money checks played (they failed above)' : run.needsLogin;
  await run.check('protection', "the join tells the rules of play, and they are the profile of Settings.json's JURISDICTION", async () => {
    const joined = await join(run, machineId!, violations);
    socket = joined.socket;
    hotCoins = (joined.joined.hotCoins as number[] | undefined) ?? [];
    if (joined.joined.rules === undefined) throw new Skip('the joined frame has no rules (an operator from before player protection)');
    rules = joined.joined.rules as PlayRules;
    const named = Jurisdiction.safeParse(run.settings.JURISDICTION ?? 'default');
    if (!named.success) throw new Difference(`Settings.json JURISDICTION is ${snippet(run.settings.JURISDICTION)}, not one of ${Jurisdiction.options.join(', ')}`);
    const profile = JURISDICTIONS[named.data];
    // Field by field (any order); the game cycle only as there or not: it is in the floor's time;
    // a clock left out is none (an operator from before it).
    const differs = (Object.keys(profile) as Array<keyof PlayRules>).filter((key) =>
      key === 'minSpinMs' ? rules!.minSpinMs > 0 !== profile.minSpinMs > 0 : key === 'clock' ? (rules!.clock ?? false) !== profile.clock : rules![key] !== profile[key],
    );
    if (differs.length > 0) {
      throw new Difference(`the join tells ${snippet(rules)}; JURISDICTION ${named.data} is ${snippet(profile)} (differs in ${differs.join(', ')}; a game cycle in the floor's time)`);
    }
  }, needs);
  const play = socket as FrameSocket | null;
  const told = rules as PlayRules | null;
  const answer = (requestId: string, what: string) =>
    run.frame(play!, violations, what, (f) => (f.type === 'ack' || f.type === 'error') && f.requestId === requestId);
  const ask = (message: Frame, requestId: string, what: string) => {
    play!.send({ ...message, requestId });
    return answer(requestId, what);
  };

  if (told) {
    await run.check('protection', 'the join tells the reality checks\' interval; an answer with no check waiting is acknowledged (a late one changes nothing)', async () => {
      if (told.realityCheckMs === undefined) throw new Difference('the join\'s rules have no realityCheckMs');
      const late = await ask({ type: 'realityCheck', answer: 'continue' }, `conformance-${run.tag}-rc`, 'the answer to a reality check');
      if (late.type !== 'ack') throw new Difference(`an answer with no check waiting was answered ${snippet(late)}, expected its ack`);
    });
  }
  if (told && !told.autoplay) {
    await run.check('protection', `autoplay where the jurisdiction bans it: error ${FloorCode.autoplayNotAllowed}, no spin`, async () => {
      const refused = await ask({ type: 'autoplay', on: true }, `conformance-${run.tag}-auto`, 'the answer to autoplay');
      if (refused.type !== 'error' || refused.code !== FloorCode.autoplayNotAllowed) throw new Difference(`autoplay on was answered ${snippet(refused)}, expected error ${FloorCode.autoplayNotAllowed}`);
      if (play!.frames.some((f) => (f as Frame).type === 'spinStart')) throw new Difference('the reels started although autoplay was refused');
    });
  }
  if (told && told.maxStake !== null) {
    await run.check('protection', `Max bet stays within the largest stake (${told.maxStake}); Bet up beyond it: error ${FloorCode.stakeAboveMax}`, async () => {
      const max = await ask({ type: 'button', button: 'maxBet' }, `conformance-${run.tag}-max`, 'the answer to Max bet');
      if (max.type !== 'ack') throw new Difference(`Max bet was answered ${snippet(max)}`);
      const state = await run.frame(play!, violations, 'state frame after Max bet', (f) => f.type === 'state');
      const bet = (state.state as { bet: number }).bet;
      if (bet > told.maxStake!) throw new Difference(`after Max bet the bet is ${bet}, above the largest stake ${told.maxStake}`);
      const up = await ask({ type: 'button', button: 'betUp' }, `conformance-${run.tag}-up`, 'the answer to Bet up');
      if (up.type === 'error' && up.code !== FloorCode.stakeAboveMax) throw new Difference(`Bet up at the largest bet was answered ${snippet(up)}, expected error ${FloorCode.stakeAboveMax}`);
      if (up.type === 'ack') {
        // Taken: only where Max bet was already at the machine's top step, and then the bet stays within the stake.
        const after = await run.frame(play!, violations, 'state frame after Bet up', (f) => f.type === 'state');
        const raised = (after.state as { bet: number }).bet;
        if (raised > told.maxStake!) throw new Difference(`Bet up was taken and the bet is ${raised}, above the largest stake ${told.maxStake}: expected error ${FloorCode.stakeAboveMax}`);
      }
      const after = await ask({ type: 'button', button: 'betDown' }, `conformance-${run.tag}-down`, 'the answer to Bet down');
      if (after.type !== 'ack') throw new Difference(`Bet down was answered ${snippet(after)}`);
    });
  }
  if (told && told.minSpinMs > 0) {
    await run.check('protection', `a spin sooner than the game cycle: error ${FloorCode.spinTooSoon} with Params.wait_ms, or an ack no sooner than the cycle`, async () => {
      const coin = Math.min(...hotCoins);
      if (!Number.isFinite(coin) || run.staked + coin > run.o.budget) throw new Skip(`no transfer fits the budget (${run.o.budget})`);
      run.staked += coin;
      const moved = await ask({ type: 'transfer', amount: coin }, `conformance-${run.tag}-pt`, 'the transfer for the cycle probe');
      if (moved.type !== 'ack') throw new Skip(`the transfer for the probe was refused: ${snippet(moved)}`);
      const spinOnce = async (id: string) => {
        let reply = await ask({ type: 'button', button: 'spin' }, id, 'the answer to a spin');
        // The money checks' spin on this machine may still hold its cycle: wait it out once.
        if (reply.type === 'error' && reply.code === FloorCode.spinTooSoon) {
          await new Promise((resolve) => setTimeout(resolve, Number((reply.Params as { wait_ms?: number } | undefined)?.wait_ms ?? 0)));
          reply = await ask({ type: 'button', button: 'spin' }, `${id}-again`, 'the answer to a spin after waiting');
        }
        return reply;
      };
      const first = await spinOnce(`conformance-${run.tag}-c1`);
      if (first.type !== 'ack') throw new Skip(`the first spin of the probe was refused: ${snippet(first)}`);
      const start = await run.frame(play!, violations, 'spinStart of the first spin', (f) => f.type === 'spinStart');
      await run.frame(play!, violations, 'spin frame (the reels stopped)', (f) => f.type === 'spin');
      const second = await ask({ type: 'button', button: 'spin' }, `conformance-${run.tag}-c2`, 'the answer to a spin right after the stop');
      if (second.type === 'error') {
        if (second.code !== FloorCode.spinTooSoon) throw new Difference(`a spin right after the stop was answered ${snippet(second)}, expected error ${FloorCode.spinTooSoon} or an ack`);
        const wait = (second.Params as { wait_ms?: unknown } | undefined)?.wait_ms;
        if (typeof wait !== 'number' || wait <= 0 || wait > told.minSpinMs) throw new Difference(`the refusal's Params.wait_ms is ${snippet(wait)}, expected 1..${told.minSpinMs}`);
        return;
      }
      const again = await run.frame(play!, violations, 'spinStart of the second spin', (f) => f.type === 'spinStart' && f !== start);
      const startedAt = (frame: Frame) => (frame.spin as { settlesAt: number; settlesInMs: number }).settlesAt - (frame.spin as { settlesInMs: number }).settlesInMs;
      if (startedAt(again) - startedAt(start) < told.minSpinMs) throw new Difference(`two spins started ${startedAt(again) - startedAt(start)} ms apart, the game cycle is ${told.minSpinMs} ms`);
    });
  }
  if (play) {
    play.send({ type: 'cashout', requestId: `conformance-${run.tag}-pcash` });
    await play.waitClosed('the protection checks\' cashout', run.o.timeoutMs).catch(() => undefined);
  }
}

async function leftVideoArea(run: Run, url: string | null, play: Play | null): Promise<void> {
  await run.check('video', 'WHEP POST by a player who left the machine: 403', async () => {
    if (play?.socket.isOpen) throw new Skip('still joined (the cashout failed above)');
    const response = await whepPost(run, url!, await offer(run.o.timeoutMs), run.token!);
    await response.body?.cancel();
    if (response.status !== 403) throw new Difference(`POST ${url} by a player no longer on the machine answered ${response.status}, expected 403`);
  }, url ? run.needsLogin : 'needs a joined machine');
}

async function sessionEndArea(run: Run, notes: { socket: FrameSocket; violations: string[] } | null, machineId: number | null): Promise<void> {
  const token = run.token;
  const violations: string[] = [];
  let machine: FrameSocket | null = null;
  if (token && machineId !== null) {
    // Back on the machine (no credits), so the logout meets a joined machine socket, as in a game.
    machine = await join(run, machineId, violations).then(({ socket }) => socket, () => null);
  }
  await run.check(
    'session end',
    'POST /player/logout answers OK',
    async () => {
      await run.call('logout', { token: token!, body: {}, expect: 200 });
      run.token = null;
    },
    token ? null : 'needs a login',
  );
  for (const [name, socket, socketViolations] of [
    ['notification', notes?.socket ?? null, notes?.violations ?? []],
    ['machine', machine, violations],
  ] as const) {
    await run.check(
      'session end',
      `the ${name} socket gets error ${ErrorCode.sessionTerminated}, then closes ${SESSION_ENDED_CLOSE} "${ErrorCode.sessionTerminated}"`,
      async () => {
        if (run.token !== null) throw new Skip('the logout failed');
        const closed = await socket!.waitClosed('the logout', run.o.timeoutMs);
        const error = socket!.frames.find((f) => (f as Frame).type === 'error' && (f as Frame).code === ErrorCode.sessionTerminated);
        if (socketViolations.length > 0) throw new Difference(socketViolations[0]!);
        if (closed.code !== SESSION_ENDED_CLOSE || closed.reason !== String(ErrorCode.sessionTerminated)) {
          throw new Difference(`the ${name} socket closed with ${closed.code} ${snippet(closed.reason)}, expected ${SESSION_ENDED_CLOSE} "${ErrorCode.sessionTerminated}"`);
        }
        if (!error) throw new Difference(`the ${name} socket closed without an error frame with code ${ErrorCode.sessionTerminated} first`);
      },
      socket ? null : `needs a ${name} socket (it failed above)`,
    );
  }
  await run.check(
    'session end',
    'the ended token: 401 50100 over REST, error and close 4401 on a socket',
    async () => {
      await run.call('getBalance', { token: token!, expect: 401, codes: [ErrorCode.sessionTerminated] });
      const late: string[] = [];
      const socket = await run.socket('notification', token!, late);
      const closed = await socket.waitClosed('opening with an ended token', run.o.timeoutMs);
      if (late.length > 0) throw new Difference(late[0]!);
      if (closed.code !== SESSION_ENDED_CLOSE) throw new Difference(`a socket opened with the ended token closed with ${closed.code}, expected ${SESSION_ENDED_CLOSE}`);
      if (!socket.frames.some((f) => (f as Frame).type === 'error')) throw new Difference('a socket opened with the ended token closed without an error frame');
    },
    token && run.token === null ? null : 'needs the logout',
  );
}

/** The reconnect dialog's Kick and Cashout, on the machine the suite played (no credits on it). */
async function reconnectArea(run: Run, machineId: number | null): Promise<void> {
  const needs = run.needsLogin ?? (machineId === null ? 'needs a machine the suite has left (the money checks failed or were skipped)' : null);
  await run.check(
    'reconnect',
    `kick and cancel on a machine without the player's session: 409 ${FloorCode.notJoined}`,
    async () => {
      await run.call('kickConnection', { token: run.token!, body: { machineId }, expect: 409, codes: [FloorCode.notJoined] });
      await run.call('cancelSession', { token: run.token!, body: { machineId }, expect: 409, codes: [FloorCode.notJoined] });
    },
    needs,
  );
  await run.check(
    'reconnect',
    "POST /player/kick: the machine socket gets quit 'kicked' and closes 4002; POST /player/cancel then frees the machine",
    async () => {
      const violations: string[] = [];
      const { socket } = await join(run, machineId!, violations);
      await run.call('kickConnection', { token: run.token!, body: { machineId }, expect: 200 });
      await run.frame(socket, violations, "quit frame with reason 'kicked'", (f) => f.type === 'quit' && f.reason === 'kicked');
      const closed = await socket.waitClosed('the kick', run.o.timeoutMs);
      if (closed.code !== 4002) throw new Difference(`the kicked socket closed with ${closed.code} ${snippet(closed.reason)}, expected 4002`);
      await run.call('cancelSession', { token: run.token!, body: { machineId }, expect: 200 });
      const machines = (await run.call('listMachines', { token: run.token!, expect: 200 })) as Lobby['machines'];
      const machine = machines.find((candidate) => candidate.id === machineId);
      if (machine?.reservation !== null) throw new Difference(`after the cancel machine ${machineId} is still reserved: ${snippet(machine)}`);
    },
    needs,
  );
}

/**
 * What one client may not do to the others (docs/protocol.md "Fair share"), last, as it may leave
 * this address waiting: a frame over the limit, a flood of frames, a flood of logins.
 */
async function fairShareArea(run: Run): Promise<void> {
  const login = await request(run.url('login'), { method: 'POST', body: { username: run.o.user, password: run.o.password, site_id: 0 }, timeoutMs: run.o.timeoutMs }).catch(() => null);
  const token = login?.status === 200 ? (login.json as { token?: string }).token ?? null : null;
  if (token) run.token = token;
  const needs = token ? null : 'needs a login (it failed)';
  await run.check(
    'fair share',
    'a 1 MB frame on the notification socket: it closes 1009, nothing else',
    async () => {
      const violations: string[] = [];
      const socket = await run.socket('notification', token!, violations);
      socket.send('x'.repeat(1024 * 1024));
      const closed = await socket.waitClosed('a 1 MB frame', run.o.timeoutMs);
      if (closed.code !== 1009) throw new Difference(`the socket closed with ${closed.code} ${snippet(closed.reason)}, expected 1009 (message too big)`);
      await run.balance();
    },
    needs,
  );
  await run.check(
    'fair share',
    `a flood of 5,000 pings on one socket: error ${ErrorCode.tooManyRequests}, then close 1008 "${ErrorCode.tooManyRequests}"`,
    async () => {
      const violations: string[] = [];
      const socket = await run.socket('notification', token!, violations);
      for (let i = 0; i < 5000 && socket.isOpen; i++) socket.send({ type: 'ping' });
      const closed = await socket.waitClosed('5,000 pings', run.o.timeoutMs);
      if (violations.length > 0) throw new Difference(violations[0]!);
      if (closed.code !== 1008 || closed.reason !== String(ErrorCode.tooManyRequests)) {
        throw new Difference(`the flooding socket closed with ${closed.code} ${snippet(closed.reason)}, expected 1008 "${ErrorCode.tooManyRequests}"`);
      }
      if (!socket.frames.some((f) => (f as Frame).type === 'error' && (f as Frame).code === ErrorCode.tooManyRequests)) {
        throw new Difference(`the flooding socket closed without an error frame with code ${ErrorCode.tooManyRequests} first`);
      }
      await run.balance();
    },
    needs,
  );
  await run.check('fair share', `30 logins at once from one address: the excess answers 429 ${ErrorCode.tooManyRequests} with Retry-After`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        // A refusal may be held for its wait (the simulator holds it up to 1 s): allow for that.
        request(run.url('login'), { method: 'POST', body: { username: `conformance-${run.tag}-${i}`, password: 'not-a-password', site_id: 0 }, timeoutMs: run.o.timeoutMs + 5000 }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    if (refused.length === 0) throw new Difference(`none of 30 logins at once was refused: ${[...new Set(answers.map((a) => a.status))].join(', ')}`);
    for (const answer of refused) {
      const difference = run.contract.restDifference('login', 429, answer.json);
      if (difference) throw new Difference(`POST /login 429: ${difference}`);
      if ((answer.json as { code?: unknown }).code !== ErrorCode.tooManyRequests) throw new Difference(`a 429 with code ${snippet((answer.json as { code?: unknown }).code)}, expected ${ErrorCode.tooManyRequests}`);
      if (!answer.headers.get('retry-after')) throw new Difference('a 429 without a Retry-After header');
    }
  });
}

/** Leaves nothing behind: a machine with credits is cashed out, sockets closed, the login ended. */
async function cleanUp(run: Run, play: Play | null): Promise<void> {
  if (play?.socket.isOpen) {
    play.socket.send({ type: 'cashout', requestId: `conformance-${run.tag}-cleanup` });
    await play.socket.waitClosed('the clean-up cashout', run.o.timeoutMs).catch(() => undefined);
  }
  if (run.token) {
    await request(run.url('logout'), { method: 'POST', token: run.token, body: {}, timeoutMs: run.o.timeoutMs }).catch(() => undefined);
  }
  for (const socket of run.sockets) socket.close();
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const run = new Run(options);
  let play: Play | null = null;
  try {
    await publicArea(run);
    await authArea(run);
    await accessArea(run);
    const lobby = await lobbyArea(run);
    await accountArea(run);
    await templateArea(run);
    await promoArea(run);
    const notes = await notificationArea(run);
    play = await machineArea(run, lobby);
    const band = await videoArea(run, play);
    await moneyArea(run, play);
    await leftVideoArea(run, band, play);
    const left = play && !play.socket.isOpen ? play.machineId : null;
    await protectionArea(run, left);
    await reconnectArea(run, left);
    await sessionEndArea(run, notes, left);
    await fairShareArea(run);
  } finally {
    await cleanUp(run, play);
  }
  const failed = run.results.some((result) => result.status === 'fail');
  const skipped = run.results.some((result) => result.status === 'skip');
  return {
    results: run.results,
    exitCode: failed ? 1 : skipped ? 2 : 0,
    wallet: { before: run.walletBefore, after: run.walletAfter },
    staked: run.staked,
  };
}
