import { ErrorCode, type CloseWarningCode } from '../../protocol/errors.ts';
import type { MachineStatus } from '../../protocol/floor.ts';
import { MANDATORY_LIMITS, realityCheckMinutes, type PlayRules, type RealityCheckAnswer } from '../../protocol/protection.ts';
import {
  FloorCode,
  type GameSessionData,
  type InfoMessage,
  type MachineButton,
  type MachineClientMessage,
  type MachineServerMessage,
  type MachineState,
  type SessionInfo,
  type SpinOutcome,
} from '../../protocol/sockets.ts';
import type { SymbolId } from '../game/symbols.ts';
import { LedgerError } from '../store/ledger.ts';
import type { GameSessionRecord, MachinePatch, MachineRecord } from '../store/machines.ts';
import type { ScreenState } from '../video/screen.ts';
import type { FloorContext, PlayerConnection } from './context.ts';
import type { GameEngine } from './game.ts';

/** A refused request: answered with an error frame, the session goes on. */
export class Refusal extends Error {
  readonly code: number;
  /** What the code's text names (the error frame's Params). */
  readonly params: Record<string, number | string> | undefined;
  constructor(code: number, message: string, params?: Record<string, number | string>) {
    super(message);
    this.code = code;
    this.params = params;
  }
}

/** A player's request on the machine socket, as the floor runs it (the join and the link's ping aside). */
export type PlayerRequest = Exclude<MachineClientMessage, { type: 'init' | 'ping' }>;

const BUSY_WITHOUT_OCCUPANT: ReadonlySet<MachineStatus> = new Set(['playing', 'waiting', 'inBonus', 'tryingCashout']);
const OUT_OF_SERVICE: ReadonlySet<MachineStatus> = new Set(['offline', 'error', 'malfunction']);

/** Close warnings: 18800 (no credits) and 18802 (no play), counting down to 18801. */
interface Warning {
  code: CloseWarningCode;
  count: number;
}

const INFO_TEXT: Record<number, string> = {
  18800: '{count} seconds left to deposit funds',
  18802: '{count} seconds left to continue',
  18801: 'your session is being terminated',
};

/**
 * One machine of the floor: who holds it, its credits (in the ledger), its game and screen,
 * and the timers of a session (reservation after a drop, close warnings).
 */
export class MachineRuntime {
  readonly id: number;
  #record: MachineRecord;
  readonly #ctx: FloorContext;
  readonly #engine: GameEngine;
  #conn: PlayerConnection | null = null;
  #session: GameSessionRecord | null = null;
  #window: SymbolId[][];
  #lastWin = 0;
  #winningLines: number[] = [];
  /**
   * The spin in progress: its reels' stop times, the outcome told at the stop, and what the meters
   * keep back until then (the win already booked onto the credits, a payment into the wallet).
   */
  #spinning: { startedAt: number; stopsAt: number[]; outcome: SpinOutcome; heldWin: number; heldFreeSpins: number; paysWallet: boolean } | null = null;
  #settleTimer: ReturnType<typeof setTimeout> | null = null;
  #autoplay = false;
  #warning: Warning | null = null;
  #lastActionAt = 0;
  #zeroCreditsSince: number | null = null;
  #message: string | null = null;
  /** Player requests handled (accepted or refused) since start: the video's request strip. */
  #requestSeq = 0;

  constructor(record: MachineRecord, ctx: FloorContext) {
    this.id = record.id;
    this.#record = record;
    this.#ctx = ctx;
    this.#engine = ctx.engine(record.rngState, record.id);
    this.#window = this.#engine.idleWindow();
    if (record.occupantId !== null) {
      this.#session = this.#openSessionRecord(record.occupantId) ?? null;
      // Nobody is connected to a machine that was just loaded: a player the last run left on it
      // (a crash, a stop) gets the reservation of a dropped connection, so its timer frees it.
      if (record.reservedUntil === null) {
        this.#patch({ status: 'waiting', reservedUntil: ctx.now() + ctx.timings().reservationMs });
      }
    }
  }

  get status(): MachineStatus {
    return this.#record.status;
  }

  get occupantId(): number | null {
    return this.#record.occupantId;
  }

  get connected(): boolean {
    return this.#conn !== null;
  }

  get name(): string {
    return this.#record.name;
  }

  get record(): MachineRecord {
    return this.#record;
  }

  // --- joining and leaving ----------------------------------------------------------------

  /** Why this player may not join, or null. */
  refusalFor(playerId: number): Refusal | null {
    const { status, occupantId } = this.#record;
    // Not even its own player plays a machine out of service (the session waits, reserved).
    if (OUT_OF_SERVICE.has(status)) return new Refusal(FloorCode.machineUnavailable, `machine is ${status}`);
    if (occupantId === playerId) return null;
    if (occupantId !== null || BUSY_WITHOUT_OCCUPANT.has(status)) {
      return new Refusal(FloorCode.machineBusy, 'machine is taken by another player');
    }
    // A machine with no bet between its minimum and the jurisdiction's largest stake cannot be played here.
    const { maxStake } = this.#rules();
    if (maxStake !== null && this.#betWithinStake() === null) {
      return new Refusal(FloorCode.stakeAboveMax, `this machine's smallest bet is above the largest stake here (${maxStake})`, {
        max_stake: maxStake,
        min_bet: this.#record.minBet,
      });
    }
    return null;
  }

  /**
   * Why this player may not take this machine for want of money, or null: while the served
   * ALLOW_0_BALANCE_TO_PLAY is false, a player whose wallet is empty is refused (60016). The
   * player who already holds the machine (back with credits on it) may always rejoin.
   */
  fundsRefusalFor(playerId: number): Refusal | null {
    if (this.#record.occupantId === playerId) return null;
    if (this.#ctx.limits().allowZeroBalance ?? true) return null;
    if (this.#ctx.ledger.balance(playerId) > 0) return null;
    return new Refusal(FloorCode.balanceRequired, 'add money to your balance to play: this operator does not allow play with an empty wallet');
  }

  join(conn: PlayerConnection): void {
    // Every refusal comes before anything is written: a refused join never reserves the machine.
    const refusal = this.refusalFor(conn.playerId) ?? this.fundsRefusalFor(conn.playerId);
    if (refusal) throw refusal;
    const now = this.#ctx.now();
    // A new player starts at the machine's opening bet, never at what the last one left.
    const patch: MachinePatch =
      this.#record.occupantId === null
        ? { occupantId: conn.playerId, reservedUntil: null, status: 'playing', ...this.#openingBet() }
        : { reservedUntil: null, status: this.#record.freeSpinsLeft > 0 ? 'inBonus' : 'playing' };
    // The session row and the machine's occupant land together or not at all: one without the
    // other would be a session nothing ever ends (recovery.ts closes those an older run left).
    const session = this.#ctx.store.transaction(() => {
      const resumed = this.#record.occupantId === null ? undefined : (this.#session ?? this.#openSessionRecord(conn.playerId));
      const row = resumed ?? this.#ctx.machines.openSession(conn.playerId, this.id, now);
      this.#ctx.machines.update(this.id, patch);
      return row;
    });
    if (this.#conn) {
      // A second connection of the same player takes over; the first one is told to quit.
      this.#conn.send({ type: 'quit', reason: 'replaced' });
      this.#conn.close(4001, 'replaced by a newer connection');
    }
    this.#conn = conn;
    this.#session = session;
    // The player's reality check goes on from machine to machine: one waiting still waits, and the
    // count starts again only after a break as long as an interval (or the player's first game).
    const every = this.#checkEvery(conn.playerId);
    const kept = this.#ctx.checks.get(conn.playerId);
    if (!kept || (!kept.pending && kept.leftAt !== null && now - kept.leftAt >= every)) {
      const from = Math.min(now, session.startedAt);
      this.#ctx.checks.set(conn.playerId, { from, dueAt: from + every, pending: false, leftAt: null });
    } else kept.leftAt = null;
    this.#show(patch);
    this.#lastActionAt = now;
    this.#zeroCreditsSince = this.#credits() === 0 ? now : null;
    this.#warning = null;
    const limits = this.#ctx.limits();
    conn.send({
      type: 'joined',
      machine: { id: this.id, name: this.#record.name, brand: this.#record.brandName },
      videoType: this.#record.videoType,
      bands: this.#ctx.bands(this.id),
      hotCoins: limits.hotCoins,
      maxAllIn: limits.maxAllIn,
      state: this.state(),
      balance: this.#ctx.ledger.balance(conn.playerId),
      session: this.#sessionData(),
      rules: { ...this.#rules(), realityCheckMs: this.#checkEvery(conn.playerId) },
    });
    this.#notifySession('open');
    if (this.#check?.pending) conn.send({ type: 'realityCheck', session: this.#sessionData() });
  }

  /** The socket went away without a cashout: keep the machine reserved for the player. */
  dropped(conn: PlayerConnection): void {
    if (this.#conn !== conn) return;
    this.#conn = null;
    this.#autoplay = false;
    this.#warning = null;
    // A WHEP viewer has no socket of its own: it goes with the connection it belonged to.
    this.#ctx.endVideo(this.id);
    if (this.#record.occupantId === null) return;
    this.#patch({ status: 'waiting', reservedUntil: this.#ctx.now() + this.#ctx.timings().reservationMs });
    this.#notifySession('open');
  }

  /** Kick: the player's other connection is removed; the session stays, reserved. */
  kickConnection(): boolean {
    const conn = this.#conn;
    if (!conn) return false;
    conn.send({ type: 'quit', reason: 'kicked' });
    conn.close(4002, 'kicked by the player');
    this.dropped(conn);
    return true;
  }

  /**
   * Cash out and end the session (player's cashout, cancel, expiry, 18801, control kick). Every
   * credit on the machine goes back to the player's wallet first: no path frees a machine that
   * still holds them.
   */
  endSession(reason: 'cashout' | 'cancel' | 'expired' | 'terminated' | 'removed' | 'locked'): void {
    const playerId = this.#record.occupantId;
    if (playerId === null) throw new Refusal(FloorCode.notJoined, 'no open session on this machine');
    const now = this.#ctx.now();
    // A machine out of service stays so once its session is paid out; others become free.
    const after: MachineStatus = OUT_OF_SERVICE.has(this.#record.status) ? this.#record.status : 'free';
    const freed: MachinePatch = { occupantId: null, reservedUntil: null, freeSpinsLeft: 0, status: after };
    // The cash out, the session row's end and the freed machine land together or not at all.
    const result = this.#ctx.store.transaction(() => {
      // A session row lost to a crash still gets one to carry the payout.
      const session = this.#session ?? this.#openSessionRecord(playerId) ?? this.#ctx.machines.openSession(playerId, this.id, now);
      const paid = this.#ctx.ledger.cashOut(playerId, this.id, session.id);
      this.#ctx.machines.closeSession(session.id, now);
      this.#ctx.requests.forget(playerId, requestScope(session.id));
      this.#ctx.machines.update(this.id, freed);
      return paid;
    });
    // A spin still turning stops here: its outcome is told before the cash out that includes it.
    if (this.#spinning) this.#conn?.send({ type: 'spin', outcome: this.#spinning.outcome });
    this.#clearSpin();
    // Told as before: the machine tries the cash out, then is free (or stays out of service).
    this.#show({ status: 'tryingCashout' });
    const conn = this.#conn;
    this.#conn = null;
    this.#session = null;
    const check = this.#ctx.checks.get(playerId);
    if (check) check.leftAt = now;
    this.#ctx.endVideo(this.id);
    this.#autoplay = false;
    this.#warning = null;
    this.#lastWin = 0;
    this.#winningLines = [];
    this.#show(freed);
    this.#ctx.hub.toPlayer(playerId, { type: 'balance', balance: result.balance });
    this.#ctx.hub.toPlayer(playerId, {
      type: 'session',
      session: { status: 'closed', id: this.id, name: this.#record.name, machine_status: 'free', credits: 0 },
    });
    if (conn) {
      conn.send({ type: 'balance', balance: result.balance });
      if (reason === 'removed') conn.send({ type: 'quit', reason: 'removed' });
      conn.close(reason === 'cashout' ? 1000 : 4003, `session ended: ${reason}`);
    }
  }

  // --- the player's requests --------------------------------------------------------------

  /**
   * Runs one request of the joined player; throws Refusal when it is not accepted. A request with
   * an id runs once per (game session, operation, id): a repeat is not applied again and answers
   * `duplicate` (requests.ts).
   */
  handle(conn: PlayerConnection, request: PlayerRequest): { duplicate: boolean } {
    if (conn !== this.#conn || this.#session === null) throw new Refusal(FloorCode.notJoined, 'not joined to this machine');
    try {
      return this.#handle(conn, request, this.#session);
    } finally {
      // Counted whether accepted or refused: the video's request strip shows the count, and the
      // frame that answers the request is drawn now (after the answer is sent: a microtask).
      this.#requestSeq += 1;
      queueMicrotask(() => this.#ctx.requestAnswered?.(this.id));
    }
  }

  #handle(conn: PlayerConnection, request: PlayerRequest, session: GameSessionRecord): { duplicate: boolean } {
    if (request.requestId === undefined) {
      this.#apply(request);
      return { duplicate: false };
    }
    const { requestId, ...payload } = request;
    const once = this.#ctx.requests.once(
      {
        playerId: conn.playerId,
        scope: requestScope(session.id),
        operation: request.type === 'button' ? request.button : request.type,
        requestId,
        fingerprint: JSON.stringify(payload),
      },
      () => {
        this.#apply(request);
        return null;
      },
    );
    return { duplicate: once.duplicate };
  }

  #apply(request: PlayerRequest): void {
    // A reality check waiting: no press, no coin, no autoplay until the player answers it (a cash
    // out, a collect, switching autoplay off and the answer itself go through: money may always
    // leave the machine).
    const paused = (request.type === 'button' && request.button !== 'collect') || request.type === 'transfer' || (request.type === 'autoplay' && request.on);
    if (this.#check?.pending && paused) {
      throw new Refusal(FloorCode.realityCheckDue, 'a reality check waits for your answer');
    }
    switch (request.type) {
      case 'realityCheck':
        this.#answerCheck(request.answer);
        break;
      case 'button':
        this.#press(request.button);
        break;
      case 'autoplay':
        this.#setAutoplay(request.on);
        break;
      case 'transfer':
        this.#transfer(request.amount);
        break;
      case 'cashout':
        this.endSession('cashout');
        return;
    }
    this.#accepted();
  }

  #press(button: MachineButton): void {
    switch (button) {
      case 'spin':
        this.#spin();
        return;
      case 'collect': {
        this.#requireIdleReels();
        const playerId = this.#record.occupantId!;
        const result = this.#ctx.ledger.cashOut(playerId, this.id, this.#session!.id);
        this.#pushMoney(playerId, result.balance);
        return;
      }
      default:
        this.#changeBet(button);
    }
  }

  #changeBet(button: 'betUp' | 'betDown' | 'maxBet' | 'lines'): void {
    this.#requireIdleReels();
    if (this.#record.freeSpinsLeft > 0) throw new Refusal(ErrorCode.invalidRequest, 'the bet is fixed during free spins');
    const levels = this.#engine.betLevels;
    const steps = this.#engine.lineSteps;
    const level = Math.max(0, levels.indexOf(this.#record.betPerLine));
    const { betPerLine, lines, minBet } = this.#record;
    // Never under the machine's minimum bet: Bet down stops there, Lines skips the steps below it.
    const allowed = (perLine: number, count: number) => perLine * count >= minBet;
    const down = levels[Math.max(0, level - 1)]!;
    const step = steps.indexOf(lines);
    const underCap = (count: number) => this.#withinStake(betPerLine * count);
    const nextLines = [...steps.slice(step + 1), ...steps.slice(0, step + 1)].find((count) => allowed(betPerLine, count) && underCap(count)) ?? lines;
    const { maxStake } = this.#rules();
    const up = levels[Math.min(levels.length - 1, level + 1)]!;
    // Where the jurisdiction caps the stake, Bet up stops below it and Max bet is the cap's best.
    if (button === 'betUp' && maxStake !== null && up * lines > maxStake && up !== betPerLine) {
      throw new Refusal(FloorCode.stakeAboveMax, `the largest bet here is ${maxStake}`, { max_stake: maxStake });
    }
    const patch = {
      betUp: { betPerLine: up },
      betDown: { betPerLine: allowed(down, lines) ? down : betPerLine },
      maxBet: this.#largestBet(),
      lines: { lines: nextLines },
    }[button];
    this.#patch(patch);
    this.#pushState();
  }

  /**
   * Where a new player starts: all lines, the smallest bet per line that meets the machine's
   * minimum — or, where that is above the jurisdiction's largest stake, the largest bet under it.
   */
  #openingBet(): { betPerLine: number; lines: number } {
    const levels = this.#engine.betLevels;
    const lines = this.#engine.lineSteps[this.#engine.lineSteps.length - 1]!;
    const opening = { betPerLine: levels.find((level) => level * lines >= this.#record.minBet) ?? levels[levels.length - 1]!, lines };
    return this.#withinStake(opening.betPerLine * opening.lines) ? opening : this.#largestBet();
  }

  /**
   * Max bet: the largest bet the machine takes within the jurisdiction's stake; with none (the
   * jurisdiction changed under a seated player), the machine's own opening bet, which a spin refuses (60018).
   */
  #largestBet(): { betPerLine: number; lines: number } {
    const best = this.#betWithinStake();
    if (best) return best;
    const levels = this.#engine.betLevels;
    const lines = this.#engine.lineSteps[this.#engine.lineSteps.length - 1]!;
    return { betPerLine: levels.find((level) => level * lines >= this.#record.minBet) ?? levels[levels.length - 1]!, lines };
  }

  /** The largest bet at or above the machine's minimum and within the stake (more lines first on a tie), or null. */
  #betWithinStake(): { betPerLine: number; lines: number } | null {
    const levels = this.#engine.betLevels;
    const steps = this.#engine.lineSteps;
    let best: { betPerLine: number; lines: number } | null = null;
    for (const betPerLine of levels) {
      for (const lines of steps) {
        const total = betPerLine * lines;
        if (!this.#withinStake(total) || total < this.#record.minBet) continue;
        if (!best || total > best.betPerLine * best.lines || (total === best.betPerLine * best.lines && lines > best.lines)) best = { betPerLine, lines };
      }
    }
    return best;
  }

  #withinStake(total: number): boolean {
    const { maxStake } = this.#rules();
    return maxStake === null || total <= maxStake;
  }

  /** The jurisdiction's rules as this floor plays them: its game cycle in the floor's (scaled) time. */
  #rules(): PlayRules {
    const rules = this.#ctx.rules();
    return { ...rules, minSpinMs: Math.round(rules.minSpinMs * this.#ctx.timings().scale) };
  }

  #setAutoplay(on: boolean): void {
    if (on && !this.#rules().autoplay) throw new Refusal(FloorCode.autoplayNotAllowed, 'autoplay is not allowed in this jurisdiction');
    this.#autoplay = on;
    this.#pushState();
    if (on && !this.#spinning) this.#spin();
  }

  #transfer(amount: number): void {
    const playerId = this.#record.occupantId!;
    const { hotCoins, maxAllIn } = this.#ctx.limits();
    if (!hotCoins.includes(amount)) throw new Refusal(ErrorCode.invalidRequest, `transfer one of ${hotCoins.join(', ')}`);
    // The player's own limits (and one the jurisdiction requires): nothing moves past them.
    const limited = this.#ctx.protection.transferRefusal(playerId, amount, this.#ctx.now(), MANDATORY_LIMITS[this.#ctx.rules().jurisdiction]);
    if (limited?.reason === 'limitRequired') {
      throw new Refusal(FloorCode.limitRequired, `set a ${limited.kind} limit before you put money on a machine`, { limit_kind: limited.kind });
    }
    if (limited) {
      throw new Refusal(FloorCode.limitReached, `this would pass your ${limited.kind} limit of ${limited.limit}`, {
        limit_kind: limited.kind,
        limit: limited.limit,
        used: limited.used,
        until: limited.until,
      });
    }
    const result = this.#ctx.ledger.cashIn(playerId, this.id, this.#session!.id, amount, maxAllIn);
    this.#pushMoney(playerId, result.balance);
  }

  // --- spinning ---------------------------------------------------------------------------

  #spin(): void {
    if (this.#spinning) throw new Refusal(ErrorCode.invalidRequest, 'the reels are still spinning');
    const playerId = this.#record.occupantId!;
    const session = this.#session!;
    const free = this.#record.freeSpinsLeft > 0;
    const bet = free ? 0 : this.#record.betPerLine * this.#record.lines;
    const now = this.#ctx.now();
    const rules = this.#rules();
    // The jurisdiction's game cycle: from the player's last spin's start to the next, free spins included.
    const wait = this.#cycleLeft(playerId, now);
    if (wait > 0) throw new Refusal(FloorCode.spinTooSoon, `a game lasts at least ${rules.minSpinMs} ms here`, { wait_ms: wait, min_spin_ms: rules.minSpinMs });
    if (!free && !this.#withinStake(bet)) {
      throw new Refusal(FloorCode.stakeAboveMax, `the largest bet here is ${rules.maxStake}`, { max_stake: rules.maxStake! });
    }
    if (!free && this.#credits() < bet) {
      this.#autoplay = false;
      this.#pushState();
      throw new Refusal(FloorCode.noCredits, 'not enough credits for this bet');
    }
    const result = this.#engine.spin(this.#record.betPerLine, this.#record.lines, free);
    const jackpot = this.#ctx.machines.jackpot(this.#record.brandId);
    const contribution = bet > 0 ? this.#engine.contribute(bet, jackpot.pool, jackpot.carry) : { pool: jackpot.pool, carry: jackpot.carry };
    const jackpotWin = bet > 0 && this.#engine.hitsJackpot(bet) ? contribution.pool : 0;
    const handPay = result.totalWin >= this.#engine.handPayLimit ? result.totalWin : 0;
    const win = handPay > 0 ? 0 : result.totalWin;
    this.#ctx.ledger.bookSpin({
      playerId,
      machineId: this.id,
      sessionId: session.id,
      brandId: this.#record.brandId,
      bet,
      win,
      handPay,
      freeSpin: free,
      jackpotContribution: contribution,
      jackpotWin,
    });
    const freeSpinsLeft = this.#record.freeSpinsLeft - (free ? 1 : 0) + result.freeSpinsAwarded;
    this.#patch({
      freeSpinsLeft,
      rngState: this.#engine.rngState(),
      status: freeSpinsLeft > 0 ? 'inBonus' : 'playing',
    });
    this.#ctx.spinStarts.set(playerId, now);
    const spinMs = this.#ctx.timings().spinMs;
    const stopsAt = result.reels.map((_, reel) => now + Math.round(spinMs * (0.5 + (0.5 * (reel + 1)) / result.reels.length)));
    const settlesAt = stopsAt[stopsAt.length - 1] ?? now;
    const outcome: SpinOutcome = {
      reels: result.reels,
      totalWin: result.totalWin,
      bet,
      freeSpin: free,
      freeSpinsAwarded: result.freeSpinsAwarded,
      winningLines: result.winningLines,
      jackpotWin,
      handPay: handPay > 0,
      settlesAt,
      settlesInMs: 0,
    };
    // Booked now (money is never in flight), told at the stop: until then the meters show the
    // bet taken and no win, like a physical machine's.
    this.#spinning = { startedAt: now, stopsAt, outcome, heldWin: win, heldFreeSpins: result.freeSpinsAwarded, paysWallet: jackpotWin > 0 || handPay > 0 };
    this.#window = result.reels;
    this.#lastWin = result.totalWin + jackpotWin;
    this.#winningLines = result.winningLines;
    this.#message = jackpotWin > 0 ? 'JACKPOT!' : handPay > 0 ? 'HAND PAY' : null;
    this.#conn?.send({ type: 'spinStart', spin: { bet, freeSpin: free, settlesAt, settlesInMs: Math.max(0, settlesAt - now) } });
    this.#pushState();
    this.#settleTimer = setTimeout(() => this.#settle(), Math.max(0, settlesAt - now));
  }

  #settle(): void {
    this.#settleTimer = null;
    const spun = this.#spinning;
    this.#spinning = null;
    // The reels have stopped: what they show, then the meters (and the wallet, for a jackpot or
    // a hand pay) as they are now.
    if (spun) {
      this.#conn?.send({ type: 'spin', outcome: spun.outcome });
      const playerId = this.#record.occupantId;
      if (spun.paysWallet && playerId !== null) this.#pushMoney(playerId, this.#ctx.ledger.balance(playerId));
      else {
        this.#pushState();
        this.#conn?.send({ type: 'session', session: this.#sessionData() });
      }
    }
    this.#zeroCreditsSince = this.#credits() === 0 && this.#record.freeSpinsLeft === 0 ? this.#ctx.now() : null;
    this.#stopBannedAutoplay();
    if (!this.#autoplay && this.#record.freeSpinsLeft === 0) return;
    // Autoplay and free spins go on by themselves after a short pause, never sooner than the game cycle.
    const playerId = this.#record.occupantId;
    const cycleLeft = playerId === null ? 0 : this.#cycleLeft(playerId, this.#ctx.now());
    this.#continueIn(Math.max(this.#ctx.timings().autoplayGapMs, cycleLeft));
  }

  /** The next autoplay or free spin, `ms` from now; a timer a little early for the cycle waits what is left. */
  #continueIn(ms: number): void {
    this.#settleTimer = setTimeout(() => {
      this.#settleTimer = null;
      // A reality check waiting: free spins wait for the answer (autoplay has stopped).
      if (!this.#conn || this.#spinning || this.#check?.pending) return;
      this.#stopBannedAutoplay();
      if (!this.#autoplay && this.#record.freeSpinsLeft === 0) return;
      try {
        this.#spin();
      } catch (error) {
        if (!(error instanceof Refusal || error instanceof LedgerError)) throw error;
        if (error instanceof Refusal && error.code === FloorCode.spinTooSoon) {
          this.#continueIn(Number(error.params?.wait_ms ?? 0));
          return;
        }
        this.#autoplay = false;
        this.#pushState();
      }
    }, ms);
  }

  /** The operator's jurisdiction changed under a running autoplay where it is banned: it stops. */
  #stopBannedAutoplay(): void {
    if (!this.#autoplay || this.#rules().autoplay) return;
    this.#autoplay = false;
    this.#pushState();
  }

  /** What is left of the player's game cycle at `now` (ms; 0 when a spin may start). */
  #cycleLeft(playerId: number, now: number): number {
    const last = this.#ctx.spinStarts.get(playerId);
    return last === undefined ? 0 : Math.max(0, last + this.#rules().minSpinMs - now);
  }

  #clearSpin(): void {
    if (this.#settleTimer) clearTimeout(this.#settleTimer);
    this.#settleTimer = null;
    this.#spinning = null;
  }

  #requireIdleReels(): void {
    if (this.#spinning) throw new Refusal(ErrorCode.invalidRequest, 'the reels are still spinning');
  }

  // --- timers -----------------------------------------------------------------------------

  /** The floor's tick: reservation expiry and the close-warning countdowns. */
  tick(now: number): void {
    const timings = this.#ctx.timings();
    if (this.#record.occupantId === null) return;
    if (this.#check && !this.#check.pending && now >= this.#check.dueAt) this.#startCheck();
    if (!this.#conn) {
      if (this.#record.reservedUntil !== null && this.#record.reservedUntil <= now) this.endSession('expired');
      return;
    }
    if (this.#warning) {
      this.#warning.count -= 1;
      if (this.#warning.count <= 0) {
        this.#terminate();
        return;
      }
      this.#sendWarning();
      return;
    }
    // A reality check waiting holds free spins, and the player may not insert credits: only the
    // idle countdown runs (from the check), so a machine is never held by an unanswered check.
    const waiting = this.#check?.pending === true;
    if (!waiting && (this.#spinning || this.#autoplay || this.#record.freeSpinsLeft > 0)) return;
    if (!waiting && this.#zeroCreditsSince !== null && now - this.#zeroCreditsSince >= timings.noCreditsGraceMs) {
      this.warn(ErrorCode.depositCountdown);
    } else if (now - this.#lastActionAt >= timings.idleGraceMs) {
      this.warn(ErrorCode.continueCountdown);
    }
  }

  // --- reality checks ------------------------------------------------------------------------

  /** The occupant's reality check (the player's, kept across machines), or undefined on a free machine. */
  get #check() {
    const playerId = this.#record.occupantId;
    return playerId === null ? undefined : this.#ctx.checks.get(playerId);
  }

  /** How long the occupant plays between reality checks: their choice if the jurisdiction offers it, else its default (floor time). */
  #checkEvery(playerId: number): number {
    return checkEvery(this.#ctx, playerId);
  }

  /** The reality check is due: play pauses (autoplay stops; a spin turning lands) and the player is asked. */
  #startCheck(): void {
    this.#check!.pending = true;
    // The player's time to answer counts from the check, not from their last press (an autoplay
    // may have run for the whole interval): a close warning under way stops, and none comes
    // before the idle grace has passed again.
    this.#lastActionAt = this.#ctx.now();
    this.#warning = null;
    if (this.#autoplay) {
      this.#autoplay = false;
      this.#pushState();
    }
    this.#conn?.send({ type: 'realityCheck', session: this.#sessionData() });
  }

  /**
   * The player's answer, recorded with the books it was given on; `continue` lifts the pause until
   * the next interval. With no check waiting (an answer that came late, after one the floor took)
   * there is nothing to answer: acknowledged, nothing recorded, nothing changed.
   */
  #answerCheck(answer: RealityCheckAnswer): void {
    const check = this.#check;
    if (!check?.pending) return;
    const playerId = this.#record.occupantId!;
    const now = this.#ctx.now();
    const books = this.#sessionData();
    this.#ctx.protection.record(playerId, now, 'realityCheck', {
      answer,
      machineId: this.id,
      sessionId: books.id,
      playedMs: books.playedMs,
      bets: books.bets,
      wins: books.wins,
    });
    if (answer !== 'continue') return;
    Object.assign(check, { from: now, dueAt: now + this.#checkEvery(playerId), pending: false });
    // Free spins held by the check go on by themselves again.
    if (this.#record.freeSpinsLeft > 0 && !this.#spinning && !this.#settleTimer) this.#continueIn(this.#ctx.timings().autoplayGapMs);
  }

  /** Control API: the occupant's reality check is due now (as if the interval had passed); one already waiting is told again. */
  checkNow(): void {
    if (this.#record.occupantId === null || !this.#check) throw new Refusal(FloorCode.notJoined, 'no open session on this machine');
    if (!this.#check.pending) this.#startCheck();
    else this.#conn?.send({ type: 'realityCheck', session: this.#sessionData() });
  }

  /** Start a close warning (also the control API's way to provoke one). */
  warn(code: CloseWarningCode, count = this.#ctx.timings().countdownSeconds): void {
    if (!this.#conn) throw new Refusal(FloorCode.notJoined, 'no player is connected');
    this.#warning = { code, count };
    this.#sendWarning();
  }

  #sendWarning(): void {
    const warning = this.#warning!;
    this.#info({ code: warning.code, params: { count: warning.count }, message: INFO_TEXT[warning.code]!, action: 'none' });
  }

  #terminate(): void {
    this.#warning = null;
    this.#info({ code: 18801, params: {}, message: INFO_TEXT[18801]!, action: 'closeSession' });
    this.#conn?.send({ type: 'closeSession', code: 18801 });
    this.endSession('terminated');
  }

  #accepted(): void {
    this.#lastActionAt = this.#ctx.now();
    this.#warning = null;
  }

  // --- control ------------------------------------------------------------------------------

  /** Control API: force a status (a fault or maintenance); out-of-service ends the session. */
  /**
   * Control API: force a status (a fault, maintenance, or any status the reconnect dialog must
   * show). A player's session survives it: a connected player is sent back to the lobby (quit
   * `outOfService`, close 4005) with the machine reserved, and sees the status in the reconnect
   * dialog; the credits stay on the machine until the player cashes out or the reservation lapses.
   */
  force(status: MachineStatus): void {
    const conn = this.#conn;
    if (OUT_OF_SERVICE.has(status) && conn) {
      conn.send({ type: 'quit', reason: 'outOfService' });
      conn.close(4005, 'machine out of service');
      this.dropped(conn);
    }
    this.#patch({ status });
    this.#notifySession('open');
  }

  // --- what others see --------------------------------------------------------------------

  state(): MachineState {
    const jackpot = this.#ctx.machines.jackpot(this.#record.brandId);
    return {
      // While the reels turn, the win already booked is not on the meters yet.
      credits: this.#credits() - (this.#spinning?.heldWin ?? 0),
      betPerLine: this.#record.betPerLine,
      lines: this.#record.lines,
      bet: this.#record.betPerLine * this.#record.lines,
      win: this.#spinning ? 0 : this.#lastWin,
      freeSpinsLeft: this.#record.freeSpinsLeft - (this.#spinning?.heldFreeSpins ?? 0),
      autoplay: this.#autoplay,
      status: this.#record.status,
      jackpot: jackpot.pool,
    };
  }

  screen(): ScreenState {
    const state = this.state();
    const settled = this.#spinning === null;
    return {
      machineId: String(this.id),
      machineName: this.#record.name,
      brand: this.#record.brandName,
      status: state.status,
      credits: state.credits,
      bet: state.bet,
      lines: state.lines,
      win: settled ? this.#lastWin : 0,
      reels: this.#window,
      spinning: this.#spinning,
      winningLines: settled ? this.#winningLines : [],
      freeSpinsLeft: state.freeSpinsLeft,
      autoplay: state.autoplay,
      jackpot: state.jackpot,
      message: this.#screenMessage(state),
      requestSeq: this.#requestSeq,
    };
  }

  #screenMessage(state: MachineState): string | null {
    if (this.#warning) return INFO_TEXT[this.#warning.code]!.replace('{count}', String(this.#warning.count)).toUpperCase();
    if (this.#message && this.#spinning === null) return this.#message;
    if (state.freeSpinsLeft > 0) return `FREE SPINS ${state.freeSpinsLeft} LEFT`;
    if (this.#record.occupantId !== null && state.credits < state.bet) return 'INSERT CREDITS';
    if (this.#record.occupantId === null && state.status === 'free') return 'PLAY ME';
    return null;
  }

  // --- plumbing -----------------------------------------------------------------------------

  #credits(): number {
    return this.#ctx.ledger.credits(this.id);
  }

  #openSessionRecord(playerId: number): GameSessionRecord | undefined {
    return this.#ctx.machines.openSessionOf(playerId, this.id);
  }

  #sessionData(): GameSessionData {
    // Re-read: the ledger has just changed its totals.
    if (this.#session) this.#session = this.#ctx.machines.session(this.#session.id) ?? this.#session;
    const s = this.#session!;
    // A spin still turning is booked already; what it won is the stop's to tell (a transfer or a
    // join while the reels turn must not tell it).
    const held = this.#spinning ? this.#spinning.outcome.totalWin + this.#spinning.outcome.jackpotWin : 0;
    return {
      id: s.id,
      machineId: this.id,
      startedAt: s.startedAt,
      spins: s.spins,
      freeSpins: s.freeSpins,
      cashIn: s.cashIn,
      cashOut: s.cashOut,
      playedMs: Math.max(0, this.#ctx.now() - s.startedAt),
      bets: s.betTotal,
      wins: s.winTotal + this.#ctx.ledger.walletWinsOf(s.id) - held,
    };
  }

  #patch(patch: MachinePatch): void {
    this.#ctx.machines.update(this.id, patch);
    this.#show(patch);
  }

  /** Takes a patch already written into the runtime's record, and tells everyone a new status. */
  #show(patch: MachinePatch): void {
    const before = this.#record.status;
    this.#record = { ...this.#record, ...patch } as MachineRecord;
    if (this.#record.status !== before) {
      const message = { type: 'machine' as const, machine: { id: this.id, status: this.#record.status } };
      this.#ctx.hub.toAll(message);
      this.#conn?.send(message);
    }
  }

  #pushState(): void {
    this.#conn?.send({ type: 'state', state: this.state() });
  }

  #pushMoney(playerId: number, balance: number): void {
    this.#zeroCreditsSince = this.#credits() === 0 ? this.#ctx.now() : null;
    this.#pushState();
    this.#conn?.send({ type: 'balance', balance });
    this.#ctx.hub.toPlayer(playerId, { type: 'balance', balance });
    this.#conn?.send({ type: 'session', session: this.#sessionData() });
  }

  #info(info: InfoMessage): void {
    this.#conn?.send({ type: 'info', info });
  }

  #notifySession(status: 'open' | 'closed'): void {
    const playerId = this.#record.occupantId;
    if (playerId === null) return;
    this.#ctx.hub.toPlayer(playerId, { type: 'session', session: this.sessionInfo(status) });
  }

  /** The session as the player's notification socket tells it: the machine, its status, the credits held. */
  sessionInfo(status: 'open' | 'closed'): SessionInfo {
    return { status, id: this.id, name: this.#record.name, machine_status: this.#record.status, credits: this.#credits() };
  }

  /** Stop timers (server shutdown). */
  dispose(): void {
    this.#clearSpin();
  }
}

export type { MachineServerMessage };

/** How long a player plays between reality checks: their choice if the operator offers it, else its default (floor time). */
export function checkEvery(ctx: FloorContext, playerId: number): number {
  const minutes = realityCheckMinutes(ctx.realityChecks(), ctx.protection.realityCheckMinutes(playerId));
  return Math.max(1, Math.round(minutes * 60_000 * ctx.timings().scale));
}

/** Request ids count within one game session (requests.ts). */
function requestScope(sessionId: number): string {
  return `session:${sessionId}`;
}

