import { afterAll, afterEach, expect } from 'vitest';
import { liveLedgers, onLedgerClosing } from '../../simulator/live.ts';
import type { Ledger } from '../../simulator/store/ledger.ts';

/**
 * After every test, every simulator of this process must balance: in total, and per player
 * (wallets, sessions, machines: Ledger.auditPlayers). Money moved from one player to another
 * leaves the total at 0, so the per-player audit is the one that catches it. A simulator is
 * audited while it runs and once more as it closes (a test's own afterEach closes it first).
 */
const broken: unknown[] = [];

function audit(ledger: Ledger): void {
  const { difference } = ledger.audit();
  if (difference !== 0) broken.push({ rule: 'total', difference });
  broken.push(...ledger.auditPlayers());
}

onLedgerClosing(audit);

function expectSound(): void {
  for (const ledger of liveLedgers()) audit(ledger);
  expect(broken.splice(0), 'money is conserved per player and in total').toEqual([]);
}

afterEach(expectSound);
afterAll(expectSound);
