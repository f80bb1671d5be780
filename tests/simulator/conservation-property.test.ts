import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JURISDICTIONS, REALITY_CHECKS } from '../../protocol/protection.ts';
import { ProtectionStore } from '../../simulator/store/protection.ts';
import { PLAYER_PERMISSION, type TokenClaims } from '../../protocol/auth.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import type { MachineButton, MachineClientMessage, MachineServerMessage } from '../../protocol/sockets.ts';
import { SESSION_END_CODE, SessionEnds } from '../../simulator/api/session-end.ts';
import { NO_PIN } from '../../simulator/secrets/pin.ts';
import { createTokens, type Tokens } from '../../simulator/auth/tokens.ts';
import { MACHINE_SEEDS } from '../../simulator/fleet/catalog.ts';
import { seedFleetOnce } from '../../simulator/fleet/seed.ts';
import { MachineChannel, type Transport } from '../../simulator/floor/channel.ts';
import { Floor } from '../../simulator/floor/floor.ts';
import { createEngine } from '../../simulator/floor/game.ts';
import { NotificationHub } from '../../simulator/notify/hub.ts';
import { DEFAULT_TIMINGS } from '../../simulator/floor/timings.ts';
import { Ledger } from '../../simulator/store/ledger.ts';
import { MachineStore } from '../../simulator/store/machines.ts';
import { RequestLog } from '../../simulator/store/requests.ts';
import { seedOnce } from '../../simulator/store/seed.ts';
import { DATABASE_FILE, openStore, type Store } from '../../simulator/store/store.ts';

/**
 * Conservation under random interleavings. Three players, each with as many machine channels
 * (MachineChannel over a fake transport) as they open, do random things in random order: joins
 * (whose token check can be held open, so joins race on one channel and across channels),
 * transfers (hot coins and invalid amounts), spins, bet buttons, autoplay, collect, cashouts,
 * repeated and reused request ids, dropped transports (also while a join is pending), logout,
 * an operator's kick, ban and unban, a login elsewhere, the reconnect dialog's kick and cancel,
 * and time passing (spins settling, autoplay, reservations lapsing, close warnings counting down
 * to 18801, login sessions expiring).
 *
 * After every step: the per-player and the global audit are sound, no balance or credit is
 * negative, no player holds two machines, every occupied machine has an open channel or a
 * reservation, a refused or repeated request moved no money, and a channel whose login session
 * ended (or whose transport closed) moves no money and joins nothing. At the end every session
 * is cancelled and no machine holds credits.
 *
 * The world is built as server.ts builds it, without HTTP, video or password hashing per run:
 * one database seeded in beforeAll is copied into memory per run, the clock and the timers are
 * fake (vi fake timers; the floor ticks once a fake second), the game RNGs are seeded, and token
 * checks complete only when the sequence says so. A run is a pure function of its actions, so a
 * failure shrinks to a short sequence, printed one action at a time. Whether a login session has
 * ended is read from its row, not from SessionEnds, which is under test like the rest.
 */

const START = Date.UTC(2026, 0, 15, 12, 0, 0);
const RNG_SEED = 'conservation-property';
const SIGNING_KEY = new Uint8Array(32).fill(7);
/** Login sessions last 10 minutes, so long waits expire them. */
const TTL_SECONDS = 10 * 60;
const TICK_MS = DEFAULT_TIMINGS.tickMs;
const SWEEP_LAG_MS = 200;
/** Operations this file runs at least (each executed action counts once), across all runs. */
const TARGET_OPERATIONS = 100_000;
const RUNS_PER_BATCH = 40;
const MAX_ACTIONS = 600;

const PLAYERS = ['demo', 'player2', 'carol'] as const;
/** Free machines, player2's seeded reservation (7), a busy (3), a broken (4) and an unknown one. */
const MACHINES = [1, 2, 5, 7, 3, 4, 99] as const;
/** Each player's usual machine (player2's is the one reserved for them). */
const HOME = [1, 7, 5] as const;
const HOT_COINS = DEFAULT_SETTINGS.HOT_COIN_PRICES;
const SESSION_ENDED_CODES = new Set<number>([...Object.values(SESSION_END_CODE), ErrorCode.sessionTerminated]);

// ---- actions -----------------------------------------------------------------------------

type Request =
  | { type: 'transfer'; amount: number }
  | { type: 'button'; button: MachineButton }
  | { type: 'autoplay'; on: boolean }
  | { type: 'cashout' };

/**
 * Which of the player's channels: 'live' is the newest open one, as a client talks on its
 * current socket (with none open, the client first reconnects: a new channel that joins the
 * machine it holds, else its usual one); 'older' is the second newest, often closed (a stale tab).
 */
type ChannelRef = 'live' | 'older';

/** 'resume': the machine the player holds (as the reconnect dialog offers), else their usual one. */
type MachineChoice = (typeof MACHINES)[number] | 'resume';

type Action =
  | { kind: 'login'; p: number }
  | { kind: 'init'; p: number; socket: 'new' | ChannelRef; machine: MachineChoice; token: 'own' | 'stale' | 'other'; hold: boolean }
  | { kind: 'send'; p: number; on: ChannelRef; request: Request; id: string | undefined }
  | { kind: 'repeat'; p: number; on: ChannelRef }
  | { kind: 'drop'; p: number; on: ChannelRef }
  | { kind: 'auth'; pick: number }
  | { kind: 'logout'; p: number }
  | { kind: 'operatorKick'; p: number }
  | { kind: 'ban'; p: number }
  | { kind: 'unban'; p: number }
  | { kind: 'dialogKick'; p: number; machine: MachineChoice }
  | { kind: 'dialogCancel'; p: number; machine: MachineChoice }
  | { kind: 'wait'; ms: number };

function describeRequest(r: Request): string {
  switch (r.type) {
    case 'transfer':
      return `transfer ${r.amount}`;
    case 'button':
      return r.button;
    case 'autoplay':
      return `autoplay ${r.on ? 'on' : 'off'}`;
    case 'cashout':
      return 'cashout';
  }
}

const describeMachine = (a: { p: number; machine: MachineChoice }): string =>
  a.machine === 'resume' ? `held or ${HOME[a.p]}` : String(a.machine);

function describeAction(a: Action): string {
  const who = 'p' in a ? PLAYERS[a.p] : '';
  switch (a.kind) {
    case 'init':
      return `init(${who} ${a.socket} → ${describeMachine(a)}${a.token === 'own' ? '' : `, ${a.token} token`}${a.hold ? ', held' : ''})`;
    case 'send':
      return `send(${who} ${a.on}, ${describeRequest(a.request)}${a.id ? `, id ${a.id}` : ''})`;
    case 'repeat':
    case 'drop':
      return `${a.kind}(${who} ${a.on})`;
    case 'auth':
      return `auth(${a.pick})`;
    case 'dialogKick':
    case 'dialogCancel':
      return `${a.kind}(${who}, ${describeMachine(a)})`;
    case 'wait':
      return `wait(${a.ms}ms)`;
    default:
      return `${a.kind}(${who})`;
  }
}

/** A constant among weighted choices; shrinks towards the first. */
function weighted<T>(...choices: Array<[T, number]>): fc.Arbitrary<T> {
  return fc.oneof(...choices.map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })));
}

const player = fc.integer({ min: 0, max: PLAYERS.length - 1 });
const on = weighted<ChannelRef>(['live', 12], ['older', 1]);
const machine = weighted<MachineChoice>(['resume', 20], ...MACHINES.map((id): [MachineChoice, number] => [id, 1]));
const requestId = weighted<string | undefined>([undefined, 5], ['a', 3], ['b', 2], ['c', 1]);
const request: fc.Arbitrary<Request> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      amount: weighted([500, 8], [5000, 4], [10000, 2], [50000, 1], [100000, 1], [123, 1], [0, 1], [-500, 1], [2.5, 1]),
    }),
  },
  { weight: 8, arbitrary: fc.constant({ type: 'button' as const, button: 'spin' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('button' as const), button: fc.constantFrom<MachineButton>('betUp', 'betDown', 'maxBet', 'lines') }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'button' as const, button: 'collect' as const }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('autoplay' as const), on: weighted([true, 2], [false, 1]) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'cashout' as const }) },
);

const actionArbitrary: fc.Arbitrary<Action> = fc
  .oneof(
    { weight: 40, arbitrary: fc.record({ kind: fc.constant('send' as const), p: player, on, request, id: requestId }) },
    {
      weight: 16,
      arbitrary: fc.record({
        kind: fc.constant('init' as const),
        p: player,
        socket: weighted<'new' | ChannelRef>(['new', 5], ['live', 1], ['older', 1]),
        machine,
        token: weighted<'own' | 'stale' | 'other'>(['own', 22], ['stale', 1], ['other', 1]),
        hold: weighted([false, 3], [true, 1]),
      }),
    },
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('repeat' as const), p: player, on }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('auth' as const), pick: fc.nat(3) }) },
    {
      weight: 14,
      arbitrary: fc.record({
        kind: fc.constant('wait' as const),
        ms: weighted([2_100, 10], [300, 3], [1_000, 3], [10_000, 2], [61_000, 1], [121_000, 1], [181_000, 1]),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), p: player, on }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('dialogKick' as const), p: player, machine }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('dialogCancel' as const), p: player, machine }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('login' as const), p: player }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('logout' as const), p: player }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('operatorKick' as const), p: player }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('ban' as const), p: player }) },
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('unban' as const), p: player }) },
  )
  .map((a) => Object.assign(a, { [fc.toStringMethod]: () => describeAction(a) }));

// ---- the world ---------------------------------------------------------------------------

class FakeTransport implements Transport {
  open = true;
  readonly frames: MachineServerMessage[] = [];
  closeCode: number | null = null;
  /** closed() has been called on the channel (the socket's close event). */
  notified = false;
  readonly #onInternalError: (frame: MachineServerMessage) => void;

  constructor(onInternalError: (frame: MachineServerMessage) => void) {
    this.#onInternalError = onInternalError;
  }

  send(message: MachineServerMessage): void {
    if (message.type === 'error' && message.code === 50000) this.#onInternalError(message);
    this.frames.push(message);
  }

  close(code: number): void {
    if (!this.open) return;
    this.open = false;
    this.closeCode = code;
  }
}

interface Chan {
  label: string;
  jti: string;
  channel: MachineChannel;
  transport: FakeTransport;
  /** Set once its login session is seen to have ended: what it held then. */
  ended: { machineId: number | null; frames: number } | null;
}

interface PlayerState {
  index: number;
  name: string;
  id: number;
  session: { jti: string; token: string } | null;
  tokens: string[];
  logins: number;
  channels: Chan[];
  /** The player's last frame, for repeats (also on another channel, as a client's retry). */
  last: MachineClientMessage | null;
}

interface Gate {
  chan: Chan | null;
  token: string;
  resolve: (check: Awaited<ReturnType<Tokens['verify']>>) => void;
}

class Violation extends Error {}

let templateDir = '';
let templateTables: string[] = [];
let operations = 0;

/** A fresh in-memory store holding exactly what the seeded template holds. */
function storeFromTemplate(now: () => number): Store {
  const store = openStore({ memory: true, now });
  const db = store.database;
  db.exec('PRAGMA foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS template').run(join(templateDir, DATABASE_FILE));
  for (const table of templateTables) db.exec(`DELETE FROM main."${table}"; INSERT INTO main."${table}" SELECT * FROM template."${table}";`);
  db.exec('DETACH DATABASE template');
  db.exec('PRAGMA foreign_keys = ON');
  return store;
}

function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function runSequence(actions: Action[]): Promise<void> {
  vi.clearAllTimers();
  vi.setSystemTime(START);
  const now = () => Date.now();
  const store = storeFromTemplate(now);
  const ledger = new Ledger(store, now);
  const sessions = new SessionEnds(store, now);
  const realTokens = createTokens(SIGNING_KEY, now);
  // A token check completes only when the sequence releases it (auth, or an init not held).
  const pending: Gate[] = [];
  let initiating: Chan | null = null;
  const tokens: Tokens = {
    sign: (claims) => realTokens.sign(claims),
    verify: (token) => new Promise((resolve) => pending.push({ chan: initiating, token, resolve })),
  };
  const protection = new ProtectionStore(store);
  const floor = new Floor({
    store,
    ledger,
    requests: new RequestLog(store, now),
    machines: new MachineStore(store),
    protection,
    hub: new NotificationHub(),
    now,
    timings: () => DEFAULT_TIMINGS,
    limits: () => ({ hotCoins: HOT_COINS, maxAllIn: DEFAULT_SETTINGS.MAX_ALL_IN_LIMIT }),
    rules: () => JURISDICTIONS.default,
    realityChecks: () => REALITY_CHECKS.default,
    spinStarts: new Map(),
    checks: new Map(),
    endVideo: () => undefined,
    engine: (rngState, machineId) => createEngine(rngState, `${RNG_SEED}:${machineId}`),
    bands: () => [],
  });
  const deps = { tokens, store, now, sessions, protection };
  const problems: string[] = [];
  const consoleErrors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`);
  });
  const players: PlayerState[] = PLAYERS.map((name, index) => ({
    index,
    name,
    id: store.playerByUsername(name)!.id,
    session: null,
    tokens: [],
    logins: 0,
    channels: [],
    last: null,
  }));
  /** Channels whose socket's close event has not been delivered yet. */
  const open = new Set<Chan>();
  // As the socket server does: a login session that ends closes its sockets at once.
  sessions.onEnded((jti, code) => {
    for (const chan of open) if (chan.jti === jti) chan.channel.end(code);
  });
  const fingerprint = store.database.prepare(
    `SELECT (SELECT count(*) FROM transactions) || '/' || (SELECT coalesce(sum(spins + free_spins), 0) FROM game_sessions)
       || '/' || (SELECT group_concat(balance_minor) FROM players) || '/' || (SELECT group_concat(credits) FROM machines) AS f`,
  );
  const money = () => String(fingerprint.get()!.f);
  const health = store.database.prepare(
    `SELECT (SELECT min(balance_minor) FROM players) AS balance, (SELECT min(credits) FROM machines) AS credits,
       (SELECT count(*) FROM (SELECT player_id FROM game_sessions WHERE ended_at IS NULL GROUP BY player_id HAVING count(*) > 1)) AS doubles`,
  );
  // The audits are pure functions of these rows: while no row changed (total_changes), or none of
  // the columns they read, they would answer as before, so they are not asked again.
  const changes = store.database.prepare('SELECT total_changes() AS n');
  const auditInputs = store.database.prepare(
    `SELECT (SELECT group_concat(id || ':' || balance_minor) FROM players)
       || '|' || (SELECT group_concat(id || ':' || coalesce(occupant_id, '-') || ':' || credits) FROM machines)
       || '|' || (SELECT group_concat(id || ':' || player_id || ':' || machine_id || ':' || coalesce(ended_at, '-') || ':' || cash_in
                  || ':' || cash_out || ':' || win_total || ':' || bet_total) FROM game_sessions)
       || '|' || (SELECT group_concat(id || ':' || player_id || ':' || coalesce(session_id, '-') || ':' || action || ':' || amount) FROM transactions) AS f`,
  );
  let changesAudited = -1;
  let inputsAudited = '';
  let nextTick = START + TICK_MS;
  let step = -1;

  const fail = (message: string): never => {
    const where = step < 0 ? 'setup' : step < actions.length ? `step ${step} ${describeAction(actions[step]!)}` : 'teardown (pending joins complete, every session cancelled)';
    throw new Violation(`${where}: ${message}`);
  };

  const banned = (p: PlayerState) => store.playerById(p.id)!.banned;
  const live = (p: PlayerState) => p.session !== null && sessions.endedCode(p.session.jti) === null;
  /** Whether a login session has ended, read from the rows themselves (not from SessionEnds, which is under test). */
  const over = (jti: string): boolean => {
    const session = store.session(jti);
    return !session || session.revokedAt !== null || session.expiresAt <= now() || store.playerById(session.playerId)!.banned;
  };
  const inert = (chan: Chan) => !chan.transport.open || over(chan.jti);
  const machineOf = (a: { p: number; machine: MachineChoice }): number =>
    a.machine === 'resume' ? (floor.sessionsOf(players[a.p]!.id)[0]?.id ?? HOME[a.p]!) : a.machine;

  function pick(p: PlayerState, ref: ChannelRef): Chan | undefined {
    const mine = p.channels;
    if (ref === 'older') return mine[mine.length - 2];
    return mine.findLast((c) => c.transport.open) ?? mine[mine.length - 1];
  }

  async function login(p: PlayerState): Promise<void> {
    const at = now();
    p.logins += 1;
    const jti = `${p.name}-${p.logins}`;
    const iat = Math.floor(at / 1000);
    const claims: TokenClaims = {
      sub: String(p.id),
      username: p.name,
      permissions: [100, PLAYER_PERMISSION],
      group: 1,
      type: 1,
      iat,
      exp: iat + TTL_SECONDS,
      jti,
    };
    // As POST /api/login does: the new session ends the player's others, sockets and all.
    store.transaction(() => {
      store.createSession({ jti, playerId: p.id, ip: '127.0.0.1', createdAt: at, expiresAt: claims.exp * 1000, previousLogon: null, previousLogonIp: null });
      sessions.endAllOf(p.id, 'elsewhere', jti);
    });
    const token = await tokens.sign(claims);
    p.session = { jti, token };
    p.tokens.push(token);
    // The socket server sweeps for expired sessions every 250 ms; here once, just after the expiry.
    setTimeout(sweep, claims.exp * 1000 - at + SWEEP_LAG_MS);
  }

  /** A new socket, as the server accepts it: with the token of a live login session (logging in again if needed). */
  async function connect(p: PlayerState): Promise<Chan | null> {
    if (banned(p)) return null;
    if (!live(p)) await login(p);
    const transport = new FakeTransport((frame) => problems.push(`internal error frame ${JSON.stringify(frame)}`));
    const { jti } = p.session!;
    const chan: Chan = {
      label: `${p.name}'s channel ${p.channels.length + 1}`,
      jti,
      channel: new MachineChannel(deps, floor, { playerId: p.id, jti }, transport),
      transport,
      ended: null,
    };
    p.channels.push(chan);
    open.add(chan);
    return chan;
  }

  /** Sends init; the token check completes now unless held. */
  async function init(chan: Chan, machineId: number, token: string, hold: boolean): Promise<void> {
    const waiting = pending.length;
    const wasInert = inert(chan);
    const joined = chan.channel.machineId;
    initiating = chan;
    void chan.channel.receive({ type: 'init', machineID: machineId, token });
    initiating = null;
    if (!hold && pending.length > waiting) await release(pending.length - 1);
    else await settle();
    if (wasInert && chan.channel.machineId !== joined) fail(`${chan.label} joined after its session ended or its socket closed`);
  }

  /** The channel a frame goes on; a client with no open socket reconnects first. */
  async function channelFor(p: PlayerState, ref: ChannelRef): Promise<{ chan: Chan | undefined; ops: number }> {
    const chan = pick(p, ref);
    if (ref === 'older' || chan?.transport.open) return { chan, ops: 0 };
    const fresh = await connect(p);
    if (!fresh) return { chan, ops: 0 };
    await init(fresh, machineOf({ p: p.index, machine: 'resume' }), p.session!.token, false);
    return { chan: fresh, ops: 1 };
  }

  /** The socket's close event for every transport the server closed. */
  function deliverCloses(): void {
    for (const chan of open) {
      if (chan.transport.open) continue;
      open.delete(chan);
      if (!chan.transport.notified) {
        chan.transport.notified = true;
        chan.channel.closed();
      }
    }
  }

  /** The socket server's sweep: sockets of a session that has expired are ended. */
  function sweep(): void {
    for (const chan of open) {
      if (!chan.transport.open) continue;
      const code = sessions.endedCode(chan.jti);
      if (code !== null) chan.channel.end(code);
    }
    deliverCloses();
  }

  /** Time passes: timers fire in order, and the floor ticks once a second. */
  function advance(ms: number): void {
    const until = now() + ms;
    while (now() < until) {
      vi.advanceTimersByTime(Math.min(until, nextTick) - now());
      if (now() >= nextTick) {
        floor.tick();
        deliverCloses();
        nextTick += TICK_MS;
      }
    }
  }

  /** Completes a pending token check; one whose channel had ended must not join. */
  async function release(index: number): Promise<void> {
    const [gate] = pending.splice(index, 1);
    if (!gate) return;
    const chan = gate.chan;
    const wasInert = chan ? inert(chan) : false;
    const before = money();
    const frames = chan?.transport.frames.length ?? 0;
    const joined = chan?.channel.machineId ?? null;
    gate.resolve(await realTokens.verify(gate.token));
    await settle();
    if (chan && wasInert) {
      if (chan.channel.machineId !== joined) fail(`${chan.label} joined after its session ended or its socket closed`);
      if (chan.transport.frames.slice(frames).some((f) => f.type === 'joined')) fail(`${chan.label} got 'joined' after it ended`);
      if (money() !== before) fail(`${chan.label}'s late join moved money`);
    }
  }

  /** A client frame on a channel; checks what it may and may not have moved. */
  async function send(p: PlayerState, chan: Chan, message: MachineClientMessage): Promise<void> {
    const wasInert = inert(chan);
    const before = money();
    const frames = chan.transport.frames.length;
    p.last = message;
    void chan.channel.receive(message);
    await settle();
    const answers = chan.transport.frames.slice(frames);
    const after = money();
    if (wasInert) {
      if (after !== before) fail(`a frame on ${chan.label}, whose session had ended or socket had closed, moved money`);
      const bad = answers.find((f) => f.type !== 'error' || !SESSION_ENDED_CODES.has(f.code));
      if (bad) fail(`${chan.label} answered ${JSON.stringify(bad)} after its session ended`);
      return;
    }
    const answer = answers.find((f) => f.type === 'ack' || f.type === 'error');
    if (answer?.type === 'ack' && answer.duplicate && after !== before) fail(`a duplicate ${answer.request} moved money`);
    if (answer?.type === 'error' && after !== before) fail(`a refused request (${answer.code} ${answer.ErrorMessage}) moved money`);
  }

  function check(): void {
    if (problems.length > 0) fail(problems.join('; '));
    const changed = Number(changes.get()!.n);
    if (changed !== changesAudited) {
      changesAudited = changed;
      const inputs = String(auditInputs.get()!.f);
      if (inputs !== inputsAudited) {
        audit();
        inputsAudited = inputs;
      }
    }
    checkFloor();
  }

  function audit(): void {
    const findings = ledger.auditPlayers();
    if (findings.length > 0) fail(`per-player audit: ${JSON.stringify(findings)}`);
    const { difference } = ledger.audit();
    if (difference !== 0) fail(`global audit is off by ${difference}`);
    const h = health.get()!;
    if (Number(h.balance) < 0 || Number(h.credits) < 0) fail(`negative money: balance ${h.balance}, credits ${h.credits}`);
    if (Number(h.doubles) > 0) fail('a player has two open game sessions');
  }

  function checkFloor(): void {
    for (const p of players) {
      const held = floor.sessionsOf(p.id);
      if (held.length > 1) fail(`${p.name} holds machines ${held.map((m) => m.id).join(', ')}`);
    }
    for (const { id } of MACHINE_SEEDS) {
      const m = floor.require(id);
      if (m.occupantId === null || m.record.reservedUntil !== null) continue;
      if (!m.connected) fail(`machine ${id} is occupied by ${m.occupantId}, neither connected nor reserved`);
      const holder = [...open].find((c) => c.transport.open && c.channel.playerId === m.occupantId && c.channel.machineId === id);
      if (!holder) fail(`machine ${id} is occupied by ${m.occupantId} and connected, but no open channel holds it`);
    }
    // A closed channel is told nothing more (its transport is gone): only open ones can misbehave.
    const ended = new Map<string, boolean>();
    for (const chan of open) {
      if (chan.ended === null) {
        if (!ended.has(chan.jti)) ended.set(chan.jti, over(chan.jti));
        if (ended.get(chan.jti)) chan.ended = { machineId: chan.channel.machineId, frames: chan.transport.frames.length };
        continue;
      }
      if (chan.channel.machineId !== chan.ended.machineId) fail(`${chan.label} joined machine ${chan.channel.machineId} after its session ended`);
      const late = chan.transport.frames.slice(chan.ended.frames).find((f) => f.type === 'ack' || f.type === 'joined');
      if (late) fail(`${chan.label} answered ${JSON.stringify(late)} after its session ended`);
    }
  }

  /** Runs one action; returns how many operations it executed (0 when there was nothing to do). */
  async function act(action: Action): Promise<number> {
    if (action.kind === 'auth') {
      if (pending.length === 0) return 0;
      await release(action.pick % pending.length);
      return 1;
    }
    if (action.kind === 'wait') {
      advance(action.ms);
      return 1;
    }
    const p = players[action.p]!;
    switch (action.kind) {
      case 'login':
        if (banned(p)) return 0;
        await login(p);
        return 1;
      case 'init': {
        const chan = (action.socket === 'new' ? undefined : pick(p, action.socket)) ?? (await connect(p));
        if (!chan) return 0;
        const other = players[(action.p + 1) % players.length]!;
        const own = p.session?.token ?? p.tokens[p.tokens.length - 1]!;
        const token = action.token === 'own' ? own : action.token === 'stale' ? (p.tokens[p.tokens.length - 2] ?? own) : (other.session?.token ?? own);
        await init(chan, machineOf(action), token, action.hold);
        return 1;
      }
      case 'send': {
        const { chan, ops } = await channelFor(p, action.on);
        if (!chan) return ops;
        await send(p, chan, { ...action.request, ...(action.id ? { requestId: action.id } : {}) } as MachineClientMessage);
        return ops + 1;
      }
      case 'repeat': {
        if (!p.last) return 0;
        const { chan, ops } = await channelFor(p, action.on);
        if (!chan) return ops;
        await send(p, chan, p.last);
        return ops + 1;
      }
      case 'drop': {
        const chan = pick(p, action.on);
        if (!chan || !chan.transport.open) return 0;
        chan.transport.close(1006);
        chan.transport.notified = true;
        open.delete(chan);
        chan.channel.closed();
        return 1;
      }
      case 'logout':
        if (!p.session) return 0;
        sessions.end(p.session.jti, 'logout');
        return 1;
      case 'operatorKick':
        sessions.endAllOf(p.id, 'kicked');
        return 1;
      case 'ban':
      case 'unban':
        sessions.setBanned(p.id, action.kind === 'ban');
        return 1;
      case 'dialogKick':
      case 'dialogCancel':
        try {
          if (action.kind === 'dialogKick') floor.kick(p.id, machineOf(action));
          else floor.cancel(p.id, machineOf(action));
        } catch (error) {
          if (!(error instanceof Error && 'code' in error)) throw error;
        }
        return 1;
    }
  }

  try {
    for (const p of players) await login(p);
    check();
    for (step = 0; step < actions.length; step++) {
      operations += await act(actions[step]!);
      await settle();
      deliverCloses();
      check();
    }
    // Every pending token check completes, then every session ends: nothing stays on a machine.
    while (pending.length > 0) await release(0);
    deliverCloses();
    check();
    for (const { id } of MACHINE_SEEDS) {
      const m = floor.require(id);
      if (m.occupantId !== null) floor.cancel(m.occupantId, id);
    }
    deliverCloses();
    check();
    for (const { id } of MACHINE_SEEDS) {
      const m = floor.require(id);
      if (m.occupantId === null && ledger.credits(id) !== 0) fail(`machine ${id} is free but holds ${ledger.credits(id)}`);
    }
  } finally {
    consoleErrors.mockRestore();
    floor.stop();
    vi.clearAllTimers();
    store.close();
  }
}

// ---- the property ------------------------------------------------------------------------

beforeAll(async () => {
  // One seeded database for every run: players (password hashing once), opening balances, fleet.
  templateDir = mkdtempSync(join(tmpdir(), 'reelside-conservation-template-'));
  const now = () => START;
  const store = openStore({ dataDir: templateDir, now });
  try {
    await seedOnce(store, START);
    store.insertPlayer({
      username: 'carol',
      name: 'Carol',
      lastname: 'Third',
      email: 'carol@reelside.test',
      passwordHash: 'not-used',
      pinHash: NO_PIN,
      balanceMinor: 300_000,
      banned: false,
    });
    new Ledger(store, now).recordOpeningBalances();
    seedFleetOnce(store, START);
    templateTables = (store.database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    store.close();
  }
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterAll(() => {
  vi.useRealTimers();
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
});

describe('money under random interleavings of players, channels, sessions and time', () => {
  it(`is conserved per player after every one of at least ${TARGET_OPERATIONS} operations`, { timeout: 120_000 }, async () => {
    const property = fc.asyncProperty(fc.array(actionArbitrary, { maxLength: MAX_ACTIONS, size: 'max' }), runSequence);
    // Batches of runs until enough operations have run; each batch has its own seed, reported on failure.
    for (let batch = 0; operations < TARGET_OPERATIONS && batch < 50; batch++) {
      await fc.assert(property, { numRuns: RUNS_PER_BATCH });
    }
    expect(operations).toBeGreaterThanOrEqual(TARGET_OPERATIONS);
  });
});
