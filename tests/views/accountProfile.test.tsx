import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../../src/features/product/account/ProfilePage.tsx';
import { fakes, withRuntime } from './accountFixtures.tsx';
import { renderView } from './render.tsx';

/** The error text an input points at with aria-describedby (its hint too, if any). */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

const refusal = (code: number, message = `refused ${code}`) => ({ code, message, params: {} });

describe('profile', () => {
  it('shows username, name and last name, and the last-login block from the server', async () => {
    const f = fakes();
    await renderView(withRuntime(<ProfilePage />, f));
    const account = screen.getByTestId('profile-account');
    expect(within(account).getAllByRole('definition').map((d) => d.textContent)).toEqual(['demo', 'Demo', 'Player']);
    expect(within(account).getAllByRole('term').map((d) => d.textContent)).toEqual(['username', 'name', 'last name']);
    const lastLogin = screen.getByTestId('profile-last-login');
    // From the login answer first, then the server's current view (its IP for this request).
    await waitFor(() => expect(within(lastLogin).getAllByRole('definition')[0]!.textContent).toBe('203.0.113.9'));
    const [, time, ip] = within(lastLogin).getAllByRole('definition').map((d) => d.textContent);
    expect(time).toMatch(/Jan 15, 2026/);
    expect(ip).toBe('203.0.113.7');
  });

  it('change password: a wrong old password shows on that field, a short new one on its own', async () => {
    const user = userEvent.setup();
    const f = fakes();
    await renderView(withRuntime(<ProfilePage />, f));
    const form = screen.getByTestId('password-form');
    const oldPassword = within(form).getByLabelText('Old password');
    const newPassword = within(form).getByLabelText('New password');
    const submit = within(form).getByRole('button', { name: 'Change password' });
    expect(submit).toHaveProperty('disabled', true);

    f.changePassword.mockRejectedValueOnce(refusal(40001));
    await user.type(oldPassword, 'wrong-one');
    await user.type(newPassword, 'long-enough-1');
    await user.click(submit);
    await waitFor(() => expect(describedText(oldPassword)).toBe('Old password is wrong.'));
    expect(oldPassword.getAttribute('aria-invalid')).toBe('true');
    expect(newPassword.getAttribute('aria-invalid')).toBeNull();
    // Correcting the field takes its error away.
    await user.clear(oldPassword);
    expect(oldPassword.getAttribute('aria-invalid')).toBeNull();

    f.changePassword.mockRejectedValueOnce({ code: 40101, message: 'too short', params: { min: 8 } });
    await user.type(oldPassword, 'demo1234');
    await user.clear(newPassword);
    await user.type(newPassword, 'abc');
    await user.click(submit);
    await waitFor(() => expect(describedText(newPassword)).toBe('Password is too short.'));
    expect(oldPassword.getAttribute('aria-invalid')).toBeNull();

    // The old password again: the operator's 40102, on the new password.
    f.changePassword.mockRejectedValueOnce(refusal(40102));
    await user.clear(newPassword);
    await user.type(newPassword, 'demo1234');
    await user.click(submit);
    await waitFor(() => expect(describedText(newPassword)).toBe('The new password must be different from the old one.'));
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
    expect(f.changePassword.mock.calls.map(([v]) => v)).toEqual([
      { oldPassword: 'wrong-one', newPassword: 'long-enough-1' },
      { oldPassword: 'demo1234', newPassword: 'abc' },
      { oldPassword: 'demo1234', newPassword: 'demo1234' },
    ]);
  });

  it('change password: success clears the form and says so in a toast', async () => {
    const user = userEvent.setup();
    const f = fakes();
    await renderView(withRuntime(<ProfilePage />, f));
    const form = screen.getByTestId('password-form');
    await user.type(within(form).getByLabelText('Old password'), 'demo1234');
    await user.type(within(form).getByLabelText('New password'), 'new-secret-99');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await screen.findByText('Your password has been changed.');
    expect((within(form).getByLabelText('Old password') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('change PIN: digits only, 4 to 6 of them, the password checked by the server', async () => {
    const user = userEvent.setup();
    const f = fakes();
    await renderView(withRuntime(<ProfilePage />, f));
    const form = screen.getByTestId('pin-form');
    const password = within(form).getByLabelText('Current password');
    const pin = within(form).getByLabelText('PIN code');
    const submit = within(form).getByRole('button', { name: 'Change PIN' });
    await user.type(password, 'demo1234');
    await user.type(pin, '1a2');
    expect((pin as HTMLInputElement).value).toBe('12');
    await user.tab();
    expect(describedText(pin)).toContain('A PIN is 4 to 6 digits.');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(pin, '34');
    expect(pin.getAttribute('aria-invalid')).toBeNull();

    f.changePin.mockRejectedValueOnce(refusal(40001));
    await user.click(submit);
    await waitFor(() => expect(describedText(password)).toBe('Old password is wrong.'));
    await user.click(submit);
    await screen.findByText('Your PIN has been changed.');
    expect(f.changePin).toHaveBeenLastCalledWith({ password: 'demo1234', pin: '1234' });
    expect((pin as HTMLInputElement).value).toBe('');
  });

  it('a failure that belongs to no field shows under the form', async () => {
    const user = userEvent.setup();
    const f = fakes();
    f.changePassword.mockRejectedValueOnce(refusal(99999, 'Operator says no'));
    await renderView(withRuntime(<ProfilePage />, f));
    const form = screen.getByTestId('password-form');
    await user.type(within(form).getByLabelText('Old password'), 'demo1234');
    await user.type(within(form).getByLabelText('New password'), 'new-secret-99');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Operator says no');
  });

  it('lists the login log with the SPEC §8 type labels and filters it by type', async () => {
    const user = userEvent.setup();
    const f = fakes();
    await renderView(withRuntime(<ProfilePage />, f));
    const table = await screen.findByRole('table', { name: 'Login log, page 1 of 1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Changed password', 'Success', 'Check (fail or success)', 'Login fail', 'Temporarily blocked', 'Kicked by player',
      'Not allowed', 'Logout',
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[1]!.textContent).toBe('10.0.0.1 TR');
    const log = screen.getByTestId('login-log');
    await user.selectOptions(within(log).getByLabelText('Type'), 'Changed password');
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(2));
    expect(f.loginLog.queries.at(-1)?.filter.type).toBe(6);
  });

  it('says when the profile could not be refreshed, keeping what the login said', async () => {
    const user = userEvent.setup();
    const f = fakes();
    f.profile.mockRejectedValueOnce(new Error('offline'));
    await renderView(withRuntime(<ProfilePage />, f));
    const alert = await screen.findByText(/The profile could not be refreshed/);
    expect(within(screen.getByTestId('profile-last-login')).getAllByRole('definition')[0]!.textContent).toBe('10.0.0.1');
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/The profile could not be refreshed/)).toBeNull());
    expect(f.profile).toHaveBeenCalledTimes(2);
  });

  it("opens the player's protection history on their word, the latest entries said with their time and details; loaded anew at each opening; links to all", async () => {
    const f = fakes();
    const user = userEvent.setup();
    await renderView(withRuntime(<ProfilePage />, f));
    const card = within(screen.getByRole('region', { name: 'Your protection history' }));
    expect(f.protectionHistory.fetch).not.toHaveBeenCalled();
    const show = card.getByRole('button', { name: 'Show history' });
    await user.click(show);
    const items = await card.findAllByRole('listitem');
    // The latest five of the six: the first page, five long.
    expect(f.protectionHistory.queries[0]).toEqual({ page: 1, size: 5, filter: { from: null, to: null, type: null } });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Break ended early by the operator$/),
      expect.stringMatching(/Break taken\s*Until Jan 22, 2026/),
      expect.stringMatching(/Reality check: you played on\s*After 30:00 of play: bets \$24\.00, wins \$18\.00$/),
      expect.stringMatching(/Reality checks every 30 min\s*Before: the operator's default$/),
      expect.stringMatching(/Daily loss limit: \$200\.00\s*Before: \$50\.00\s*Counts from Jan 16, 2026/),
    ]);
    expect(items[0]!.querySelector('time')!.getAttribute('datetime')).toBe(new Date(Date.UTC(2026, 0, 15, 12, 0, 5)).toISOString());
    // The whole history is its own page, and the card says how long it is.
    expect(card.getByRole('link', { name: 'See all (6)' }).getAttribute('href')).toBe('/protection-history');
    await user.click(card.getByRole('button', { name: 'Hide history' }));
    expect(card.queryAllByRole('listitem')).toHaveLength(0);
    await user.click(card.getByRole('button', { name: 'Show history' }));
    await card.findAllByRole('listitem');
    expect(f.protectionHistory.fetch).toHaveBeenCalledTimes(2);
  });

  it('says when the protection history could not be loaded, and tries again on the player’s word', async () => {
    const f = fakes();
    f.protectionHistory.failOnce(new Error('offline'));
    const user = userEvent.setup();
    await renderView(withRuntime(<ProfilePage />, f));
    const card = within(screen.getByRole('region', { name: 'Your protection history' }));
    await user.click(card.getByRole('button', { name: 'Show history' }));
    await card.findByText('Your protection history could not be loaded.');
    await user.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findAllByRole('listitem')).toHaveLength(5);
  });
});
