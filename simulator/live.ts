import type { Ledger } from './store/ledger.ts';

/**
 * The simulators running in this process, by their ledgers: the test suites audit each of them
 * after every test and as it closes (tests/setup/conservation.ts). Kept apart from server.ts so
 * that reading it loads nothing else.
 */
const running = new Set<Ledger>();
const closingListeners = new Set<(ledger: Ledger) => void>();

export function liveLedgers(): ReadonlySet<Ledger> {
  return running;
}

/** Called with a simulator's ledger as the simulator starts to close (its store still open). */
export function onLedgerClosing(listener: (ledger: Ledger) => void): () => void {
  closingListeners.add(listener);
  return () => closingListeners.delete(listener);
}

/** Registers a running simulator's ledger; returns what its close() calls first. */
export function registerLedger(ledger: Ledger): () => void {
  running.add(ledger);
  return () => {
    if (!running.delete(ledger)) return;
    for (const listener of closingListeners) listener(ledger);
  };
}
