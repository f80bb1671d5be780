import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { Ledger } from '../store/ledger.ts';
import { PastPlay } from '../store/past-play.ts';
import type { Store } from '../store/store.ts';
import { MACHINE_SEEDS } from './catalog.ts';
import { replaySession } from './replay.ts';

/**
 * Past activity for the demo players, so the account screens have something to show on a
 * fresh start: deposits, withdrawals, and closed game sessions with their spins. Every
 * cent moves through the ledger (with its clock set to the event's time), and each player's
 * history nets to zero, so balances stay what the seed gave them (docs/protocol.md). The last
 * event is a withdrawal that evens the player out.
 */

interface MoneyEvent {
  kind: 'deposit' | 'withdraw';
  /** How long before the seed's "now" it happened, ms. */
  ago: number;
  amount: number;
  tag: string;
}

interface SessionEvent {
  kind: 'session';
  ago: number;
  machineId: number;
  cashIn: number;
  /** The bet of every paid spin; the replay stops when the credits cannot cover it. */
  bet: number;
  maxSpins: number;
  seed: number;
}

type Event = MoneyEvent | SessionEvent;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Spins are this far apart in the made-up sessions. */
const SPIN_MS = 6_000;

/** Per player, oldest first. Cash-ins never exceed what earlier events left, even if every session lost everything. */
export const HISTORY: Readonly<Record<string, readonly Event[]>> = {
  demo: [
    { kind: 'deposit', ago: 21 * DAY, amount: 30_000, tag: 'card deposit' },
    { kind: 'session', ago: 20 * DAY - 2 * HOUR, machineId: 1, cashIn: 10_000, bet: 40, maxSpins: 120, seed: 11 },
    { kind: 'withdraw', ago: 14 * DAY, amount: 8_000, tag: 'bank withdrawal' },
    { kind: 'session', ago: 9 * DAY, machineId: 9, cashIn: 5_000, bet: 20, maxSpins: 150, seed: 23 },
    { kind: 'deposit', ago: 5 * DAY, amount: 10_000, tag: 'card deposit' },
    { kind: 'session', ago: 3 * DAY, machineId: 12, cashIn: 8_000, bet: 200, maxSpins: 40, seed: 37 },
    // Within the last 24 hours, so the discount has a loss to work from.
    { kind: 'session', ago: 5 * HOUR, machineId: 15, cashIn: 6_000, bet: 80, maxSpins: 60, seed: 41 },
  ],
  player2: [
    { kind: 'deposit', ago: 18 * DAY, amount: 10_000, tag: 'card deposit' },
    { kind: 'session', ago: 12 * DAY, machineId: 5, cashIn: 4_000, bet: 20, maxSpins: 100, seed: 5 },
    { kind: 'withdraw', ago: 6 * DAY, amount: 3_000, tag: 'bank withdrawal' },
    { kind: 'session', ago: 2 * DAY, machineId: 10, cashIn: 3_000, bet: 40, maxSpins: 80, seed: 9 },
  ],
};

/** When the evening-out withdrawal is dated. */
const SETTLE_AGO = HOUR;
/** Where the opening balance is moved to: before all of the history. */
const OPENING_AGO = 30 * DAY;

/** The moment the seeding ledger books at; moved through the history as events are laid down. */
interface Clock {
  at: number;
}

export function seedHistory(store: Store, now: number): void {
  const clock: Clock = { at: now };
  const ledger = new Ledger(store, () => clock.at);
  const past = new PastPlay(store);
  for (const [username, events] of Object.entries(HISTORY)) {
    const player = store.playerByUsername(username);
    if (!player) continue; // the operator removed or renamed this demo player
    past.backdateOpeningBalance(player.id, now - OPENING_AGO);
    const before = ledger.balance(player.id);
    for (const event of events) {
      clock.at = now - event.ago;
      if (event.kind === 'session') playSession({ ledger, past, clock }, player.id, event);
      else if (event.kind === 'deposit') ledger.credit(player.id, 1, event.amount, { tag: event.tag });
      else ledger.withdraw(player.id, event.amount, { tag: event.tag });
    }
    clock.at = now - SETTLE_AGO;
    const gained = ledger.balance(player.id) - before;
    if (gained > 0) ledger.withdraw(player.id, gained, { tag: 'bank withdrawal' });
    else if (gained < 0) ledger.credit(player.id, 1, -gained, { tag: 'card deposit' });
  }
}

interface Booking {
  ledger: Ledger;
  past: PastPlay;
  clock: Clock;
}

/** One closed session at clock.at: cash in, the replayed spins, cash out. */
function playSession({ ledger, past, clock }: Booking, playerId: number, event: SessionEvent): void {
  const machine = MACHINE_SEEDS.find((candidate) => candidate.id === event.machineId);
  if (!machine) throw new Error(`history names machine ${event.machineId}, which the catalog lacks`);
  const sessionId = past.openSession(playerId, machine.id, clock.at);
  ledger.cashIn(playerId, machine.id, sessionId, event.cashIn, DEFAULT_SETTINGS.MAX_ALL_IN_LIMIT);
  for (const spin of replaySession(event.cashIn, event.bet, event.maxSpins, event.seed).spins) {
    clock.at += SPIN_MS;
    ledger.bookSpin({
      playerId,
      machineId: machine.id,
      sessionId,
      brandId: machine.brandId,
      bet: spin.bet,
      win: spin.win,
      handPay: 0,
      freeSpin: spin.freeSpin,
      jackpotContribution: past.jackpot(machine.brandId),
      jackpotWin: 0,
    });
  }
  clock.at += SPIN_MS;
  ledger.cashOut(playerId, machine.id, sessionId);
  past.endSession(sessionId, clock.at);
}
