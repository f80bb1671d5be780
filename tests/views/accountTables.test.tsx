import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../../machines/accountList.ts';
import { SessionsPage } from '../../src/features/product/account/SessionsPage.tsx';
import { TransactionsPage } from '../../src/features/product/account/TransactionsPage.tsx';
import { fakes, sessions, withRuntime } from './accountFixtures.tsx';
import { renderView } from './render.tsx';

/** The data rows of the table named `name` (its caption starts with it). */
function bodyRows(name: RegExp) {
  const table = screen.getByRole('table', { name });
  return within(table).getAllByRole('row').slice(1);
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('game sessions table', () => {
  it('shows a loading state, then the first 10 sessions with money, dates, durations and counts', async () => {
    const f = fakes({ sessions: sessions(23, true) });
    await renderView(withRuntime(<SessionsPage />, f));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await screen.findByRole('table', { name: 'Game sessions, page 1 of 3' });
    const rows = bodyRows(/Game sessions/);
    expect(rows).toHaveLength(10);
    // The open session: no end yet, what moved so far.
    expect(cellsOf(rows[0]!)).toEqual([
      'Pharaoh Gold SphinxPharaoh Gold',
      expect.stringMatching(/Jan 24, 2026/),
      'In play',
      '1:05',
      '-$5.00 LostIn $50.00 · Out $45.00',
      '25',
      '0',
    ]);
    expect(cellsOf(rows[1]!)[4]).toBe('-$24.00 LostIn $50.00 · Out $26.00');
    expect(cellsOf(rows[2]!)[4]).toBe('+$12.40 WonIn $50.00 · Out $62.40');
    expect(rows[1]!.getAttribute('data-state')).toBe('lost');
    expect(rows[2]!.getAttribute('data-state')).toBe('won');
    expect(screen.getByText('1–10 of 24')).toBeTruthy();
    expect(f.sessions.queries).toEqual([{ page: 1, size: 10, filter: NO_FILTER }]);
  });

  it('sums up how the sessions shown went, with a bar per session', async () => {
    await renderView(withRuntime(<SessionsPage />, fakes()));
    const summary = await screen.findByTestId('sessions-summary');
    // Page 1: five losses of 24.00 and five wins of 12.40.
    expect(within(summary).getByTestId('sessions-net').textContent).toBe('-$58.00');
    expect(within(summary).getByText('5 won · 5 lost')).toBeTruthy();
    const chart = within(summary).getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('Net result per session, oldest first: 5 won, 5 lost, -$58.00 in total.');
    expect(chart.querySelectorAll('rect.won')).toHaveLength(5);
    expect(chart.querySelectorAll('rect.lost')).toHaveLength(5);
  });

  it('pages with Previous and Next, "Page x of y", and disables them at the ends', async () => {
    const user = userEvent.setup();
    const f = fakes();
    await renderView(withRuntime(<SessionsPage />, f));
    await screen.findByRole('table', { name: 'Game sessions, page 1 of 3' });
    const previous = screen.getByRole('button', { name: /Previous/ });
    const next = screen.getByRole('button', { name: /Next/ });
    expect(previous).toHaveProperty('disabled', true);
    await user.click(next);
    await screen.findByRole('table', { name: 'Game sessions, page 2 of 3' });
    expect(screen.getByTestId('page-of').textContent).toBe('Page 2 of 3');
    expect(screen.getByText('11–20 of 23')).toBeTruthy();
    await user.click(next);
    await screen.findByRole('table', { name: 'Game sessions, page 3 of 3' });
    expect(bodyRows(/Game sessions/)).toHaveLength(3);
    expect(next).toHaveProperty('disabled', true);
    await user.click(previous);
    await screen.findByRole('table', { name: 'Game sessions, page 2 of 3' });
    expect(f.sessions.queries.map((q) => q.page)).toEqual([1, 2, 3, 2]);
  });

  it('changes the items per page (10, 25, 50)', async () => {
    const user = userEvent.setup();
    const f = fakes();
    await renderView(withRuntime(<SessionsPage />, f));
    await screen.findByRole('table', { name: 'Game sessions, page 1 of 3' });
    const select = screen.getByLabelText('Items per page');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['10', '25', '50']);
    await user.selectOptions(select, '25');
    await screen.findByRole('table', { name: 'Game sessions, page 1 of 1' });
    expect(bodyRows(/Game sessions/)).toHaveLength(23);
    expect(f.sessions.queries.at(-1)).toMatchObject({ page: 1, size: 25 });
  });

  it('filters by date from page 1 and says when the end is before the start', async () => {
    const f = fakes();
    await renderView(withRuntime(<SessionsPage />, f));
    await screen.findByRole('table', { name: 'Game sessions, page 1 of 3' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-09' } });
    await screen.findByRole('table', { name: 'Game sessions, page 1 of 1' });
    expect(bodyRows(/Game sessions/)).toHaveLength(5);
    expect(f.sessions.queries.at(-1)).toEqual({ page: 1, size: 10, filter: { from: '2026-01-05', to: '2026-01-09', type: null } });

    const asked = f.sessions.queries.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-02' } });
    expect(screen.getByRole('alert').textContent).toBe('The end date is before the start date.');
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    await new Promise((r) => setTimeout(r, 30));
    expect(f.sessions.queries.length).toBe(asked);
  });

  it('says so when the player has no sessions at all', async () => {
    await renderView(withRuntime(<SessionsPage />, fakes({ sessions: [] })));
    await screen.findByText('You have not played a session yet.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('sessions-summary')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows a failure with the server text and loads again on Try again', async () => {
    const user = userEvent.setup();
    const f = fakes();
    f.sessions.failOnce({ code: 50100, message: 'terminated', params: {} });
    await renderView(withRuntime(<SessionsPage />, f));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded. The session has been terminated, the transaction cannot be processed.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Game sessions, page 1 of 3' });
  });
});

describe('transactions table', () => {
  it('shows date, type label, signed amount, tag, machine and balance after', async () => {
    await renderView(withRuntime(<TransactionsPage />, fakes()));
    await screen.findByRole('table', { name: 'Transactions, page 1 of 2' });
    const rows = bodyRows(/Transactions/);
    // Day 20 → action 3 (cash in, out of the wallet), day 19 → 2 (withdraw), day 18 → 1 (deposit).
    expect(cellsOf(rows[0]!)).toEqual([expect.stringMatching(/Jan 20, 2026/), 'Cash In', '-$200.00', '—', 'Diamond Rush Platinum', '$1,000.00']);
    expect(cellsOf(rows[1]!).slice(1, 5)).toEqual(['Withdraw', '-$190.00', 'bank withdrawal', '—']);
    expect(cellsOf(rows[2]!).slice(1, 5)).toEqual(['Deposit', '+$180.00', 'card deposit', '—']);
    const types = rows.map((r) => cellsOf(r)[1]);
    expect(types).toEqual(expect.arrayContaining(['Cash Out', 'Hand Pay', 'JACKPOT']));
  });

  it('filters by type (the six action codes) and clears the filters', async () => {
    const user = userEvent.setup();
    const f = fakes();
    await renderView(withRuntime(<TransactionsPage />, f));
    await screen.findByRole('table', { name: 'Transactions, page 1 of 2' });
    const type = screen.getByLabelText('Type');
    expect([...type.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All types', 'Deposit', 'Withdraw', 'Cash In', 'Cash Out', 'Hand Pay', 'JACKPOT',
    ]);
    await user.selectOptions(type, 'Hand Pay');
    await screen.findByRole('table', { name: 'Transactions, page 1 of 1' });
    expect(bodyRows(/Transactions/).map((r) => cellsOf(r)[1])).toEqual(['Hand Pay', 'Hand Pay', 'Hand Pay']);
    expect(f.transactions.queries.at(-1)?.filter).toEqual({ from: null, to: null, type: 5 });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('table', { name: 'Transactions, page 1 of 2' });
    expect(f.transactions.queries.at(-1)?.filter).toEqual(NO_FILTER);
    expect((type as HTMLSelectElement).value).toBe('');
  });

  it('says when the filters leave nothing, with a way back', async () => {
    const user = userEvent.setup();
    await renderView(withRuntime(<TransactionsPage />, fakes()));
    await screen.findByRole('table', { name: 'Transactions, page 1 of 2' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    const empty = await screen.findByText('No transactions match these filters.');
    expect(screen.queryByRole('table')).toBeNull();
    const notice = empty.closest('[data-state="empty"]') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('table', { name: 'Transactions, page 1 of 2' });
  });

  it('says so when there are no transactions at all', async () => {
    await renderView(withRuntime(<TransactionsPage />, fakes({ transactions: [] })));
    await screen.findByText('There are no transactions yet.');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', true);
  });

  it('formats money and dates in the UI language', async () => {
    await renderView(withRuntime(<TransactionsPage />, fakes()), 'tr');
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    const first = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(first[2]!.textContent).toBe('-$200,00');
    expect(first[5]!.textContent).toBe('$1.000,00');
    expect(first[0]!.textContent).toMatch(/20 Oca 2026/);
    // The operator's known tags, in the UI language.
    const rows = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows[1]![3]).toBe('banka çekimi');
    expect(rows[2]![3]).toBe('kartla yatırma');
  });
});
