import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../../machines/accountList.ts';
import { ProtectionHistoryPage } from '../../src/features/product/account/ProtectionHistoryPage.tsx';
import { fakes, manyProtectionEntries, withRuntime } from './accountFixtures.tsx';
import { renderView } from './render.tsx';

/** The data rows of the protection history's table. */
function bodyRows() {
  const table = screen.getByRole('table', { name: /^Protection history/ });
  return within(table).getAllByRole('row').slice(1);
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('protection history page', () => {
  it('lists every kind of entry with its date and time, what happened and its details, as the profile card words them', async () => {
    const f = fakes();
    await renderView(withRuntime(<ProtectionHistoryPage />, f));
    await screen.findByRole('table', { name: 'Protection history, page 1 of 1' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date and time', 'What happened', 'Details']);
    const rows = bodyRows();
    expect(rows.map(cellsOf)).toEqual([
      [expect.stringMatching(/Jan 15, 2026/), 'Break ended early by the operator', '—'],
      [expect.stringMatching(/Jan 15, 2026/), 'Break taken', expect.stringMatching(/^Until Jan 22, 2026/)],
      [expect.stringMatching(/Jan 15, 2026/), 'Reality check: you played on', 'After 30:00 of play: bets $24.00, wins $18.00'],
      [expect.stringMatching(/Jan 15, 2026/), 'Reality checks every 30 min', "Before: the operator's default"],
      [expect.stringMatching(/Jan 15, 2026/), 'Daily loss limit: $200.00', expect.stringMatching(/^Before: \$50\.00Counts from Jan 16, 2026/)],
      [expect.stringMatching(/Jan 15, 2026/), 'Daily loss limit: $50.00', 'Before: none'],
    ]);
    // The time is machine-readable too.
    expect(rows[0]!.querySelector('time')!.getAttribute('datetime')).toBe(new Date(Date.UTC(2026, 0, 15, 12, 0, 5)).toISOString());
    expect(screen.getByText('1–6 of 6')).toBeTruthy();
    expect(f.protectionHistory.queries).toEqual([{ page: 1, size: 10, filter: NO_FILTER }]);
  });

  it('pages with Previous and Next and the page size, asking the server for each page', async () => {
    const user = userEvent.setup();
    const f = fakes({ protectionHistory: manyProtectionEntries(23) });
    await renderView(withRuntime(<ProtectionHistoryPage />, f));
    await screen.findByRole('table', { name: 'Protection history, page 1 of 3' });
    expect(cellsOf(bodyRows()[0]!).slice(1)).toEqual(['Reality checks every 38 min', 'Before: every 37 min']);
    const next = screen.getByRole('button', { name: /Next/ });
    await user.click(next);
    await screen.findByRole('table', { name: 'Protection history, page 2 of 3' });
    expect(screen.getByText('11–20 of 23')).toBeTruthy();
    await user.click(next);
    await screen.findByRole('table', { name: 'Protection history, page 3 of 3' });
    expect(bodyRows()).toHaveLength(3);
    expect(next).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText('Items per page'), '25');
    await screen.findByRole('table', { name: 'Protection history, page 1 of 1' });
    expect(bodyRows()).toHaveLength(23);
    expect(f.protectionHistory.queries.map((q) => [q.page, q.size])).toEqual([[1, 10], [2, 10], [3, 10], [1, 25]]);
  });

  it('filters by date from page 1 (the window goes to the server), and says when nothing matches', async () => {
    const user = userEvent.setup();
    const f = fakes({ protectionHistory: manyProtectionEntries(23) });
    await renderView(withRuntime(<ProtectionHistoryPage />, f));
    await screen.findByRole('table', { name: 'Protection history, page 1 of 3' });
    // No type filter: the history has only dates.
    expect(screen.queryByLabelText('Type')).toBeNull();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-09' } });
    await screen.findByRole('table', { name: 'Protection history, page 1 of 1' });
    expect(bodyRows().map((row) => cellsOf(row)[1])).toEqual([9, 8, 7, 6, 5].map((day) => `Reality checks every ${15 + day} min`));
    expect(f.protectionHistory.queries.at(-1)).toEqual({ page: 1, size: 10, filter: { from: '2026-01-05', to: '2026-01-09', type: null } });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-05' } });
    await screen.findByText('Nothing in your protection history matches these dates.');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('table', { name: 'Protection history, page 1 of 3' });
  });

  it('says so when the player has no entries at all', async () => {
    await renderView(withRuntime(<ProtectionHistoryPage />, fakes({ protectionHistory: [] })));
    await screen.findByText('Nothing here yet: your limits, reality checks and breaks will be listed here.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows a failure and loads again on Try again', async () => {
    const user = userEvent.setup();
    const f = fakes();
    f.protectionHistory.failOnce(new Error('offline'));
    await renderView(withRuntime(<ProtectionHistoryPage />, f));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Protection history, page 1 of 1' });
  });
});
