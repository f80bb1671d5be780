/**
 * One date format (issue 14, bug 9): layout 3's last-login block writes a moment exactly as the
 * account pages do — 'Jan 15, 2026, 11:30 AM', never '1/15/26' beside it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../../src/features/product/account/ProfilePage.tsx';
import { TransactionsPage } from '../../src/features/product/account/TransactionsPage.tsx';
import { LastLogin } from '../../src/features/shell/layout/LastLogin.tsx';
import type { Language } from '../../src/ui/i18n.ts';
import type { TransactionItem } from '../../protocol/account.ts';
import { fakes, session, withRuntime } from './accountFixtures.tsx';
import { renderView } from './render.tsx';

/** A deposit at the very moment of the player's last login. */
const deposit: TransactionItem = {
  id: 1, at: session.user.lastLogon!, amount: 10_000, action: 1, tag: 'card deposit', machineId: null, machineName: null, balanceAfter: 110_000,
};

/** The text of the definition after the term at `index` of a block of facts. */
const definition = (block: HTMLElement, index: number) => within(block).getAllByRole('definition')[index]!.textContent;

describe('dates', () => {
  it.each(['en', 'tr', 'ar'] as const)('%s: the drawer, the profile and the transactions show a moment the same way', async (language: Language) => {
    const f = fakes({ transactions: [deposit] });
    await renderView(
      withRuntime(
        <>
          <LastLogin />
          <ProfilePage />
          <TransactionsPage />
        </>,
        f,
      ),
      language,
    );
    const transactions = screen.getByTestId('transactions');
    const table = await within(transactions).findByRole('table');
    const tableDate = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]!.textContent;
    const drawerDate = definition(screen.getByTestId('last-login'), 1);
    const profileDate = definition(screen.getByTestId('profile-last-login'), 1);

    expect(drawerDate).toBe(tableDate);
    expect(profileDate).toBe(tableDate);
    // The medium date with the year in full, not a short numeric one.
    expect(drawerDate).toMatch(/2026/);
    if (language === 'en') expect(drawerDate).toMatch(/^Jan 15, 2026, \d{1,2}:30\s[AP]M$/);
  });
});
