/**
 * The account screens end to end: the real simulator, the built client, Chromium.
 * Profile with a password change, and a session played just now showing up in Game Sessions
 * and Transactions (played through the machine socket, as another device of the player would).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineSocket } from '../simulator/sockets.ts';
import { login, PHONE_PORTRAIT, startHarness, type Harness } from '../../scripts/browser/harness.ts';

let h: Harness;
beforeAll(async () => {
  // Spins settle in 100 ms instead of 2 s.
  h = await startHarness({ timerScale: 0.05 });
});
afterAll(async () => {
  await h?.close();
});

const usd = (minor: number, sign = false) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: sign ? 'exceptZero' : 'auto' }).format(minor / 100);

async function loginToLobby(page: Page, username: string, password: string) {
  await page.goto('/login');
  await login(page, username, password);
  await page.waitForURL(/\/lobby$/);
}

/** The text an input points at with aria-describedby. */
async function describedText(page: Page, input: Locator): Promise<string> {
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' | ');
}

async function apiCall(path: string, body: unknown, token?: string): Promise<unknown> {
  const answer = await fetch(`${h.sim.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  return answer.json();
}

const apiLogin = async (username: string, password: string) =>
  ((await apiCall('/login', { username, password, site_id: 0 })) as { token: string }).token;

/** Logs in over the API, joins machine 1, moves 50.00 in, spins `spins` times, cashes out. */
async function playSession(spins: number): Promise<{ net: number; machineName: string; cashOut: number }> {
  const token = await apiLogin('demo', 'demo1234');
  const socket = await machineSocket(h.sim.url, token);
  socket.send({ type: 'init', machineID: 1, token });
  const joined = await socket.next('joined');
  socket.send({ type: 'transfer', amount: 5000 });
  await socket.next('ack', (a) => a.request === 'transfer');
  for (let i = 0; i < spins; i++) {
    socket.send({ type: 'button', button: 'spin' });
    // Free spins won on the way play by themselves (they are not paid spins): wait them out.
    // The machine reports at the reels' stop: the spin, then its meters (the state frame after it).
    for (;;) {
      const spin = await socket.next('spin', undefined, 15_000);
      const at = socket.frames.indexOf(spin);
      const state = await socket.next('state', (frame) => socket.frames.indexOf(frame) > at, 15_000);
      if (state.state.freeSpinsLeft === 0) break;
    }
  }
  socket.send({ type: 'cashout' });
  await socket.closed;
  const balances = socket.frames.filter((f) => f.type === 'balance');
  const after = balances.at(-1)!.balance;
  return { net: after - joined.balance, machineName: joined.machine.name, cashOut: after - (joined.balance - 5000) };
}

describe('account screens end to end', () => {
  it('profile: shows the player, refuses a wrong old password and a short new one, changes it, and the new one logs in', async () => {
    // player2's seeded reservation on machine 7 would open the reconnect dialog over the page.
    await apiCall('/player/cancel', { machineId: 7 }, await apiLogin('player2', 'player2pass'));
    const { page } = await h.newPage();
    await loginToLobby(page, 'player2', 'player2pass');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    const account = page.getByTestId('profile-account');
    await expect.poll(() => account.locator('dd').allTextContents()).toEqual(['player2', expect.any(String), expect.any(String)]);
    expect(await page.getByTestId('profile-last-login').locator('dd').first().textContent()).toMatch(/\d/);

    const form = page.getByTestId('password-form');
    const oldPassword = form.getByLabel('Old password');
    const newPassword = form.getByLabel('New password');
    const submit = form.getByRole('button', { name: 'Change password' });

    await oldPassword.fill('not-my-password');
    await newPassword.fill('brand-new-pass');
    await submit.click();
    await form.locator('input[name=oldPassword][aria-invalid=true]').waitFor();
    expect(await describedText(page, oldPassword)).toBe('Old password is wrong.');

    await oldPassword.fill('player2pass');
    await newPassword.fill('short');
    await submit.click();
    await form.locator('input[name=newPassword][aria-invalid=true]').waitFor();
    expect(await describedText(page, newPassword)).toBe('Password is too short.');
    expect(await oldPassword.getAttribute('aria-invalid')).toBeNull();

    await newPassword.fill('brand-new-pass');
    await submit.click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
    expect(await oldPassword.inputValue()).toBe('');
    expect(await newPassword.inputValue()).toBe('');

    // The login log has the change on top: the reload's token check is not logged again (one
    // check per login session and address per 30 minutes), the first one is below it.
    await page.reload();
    const log = page.getByTestId('login-log');
    await log.getByRole('table').waitFor();
    const types = await log.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(types.slice(0, 2)).toEqual(['Changed password', 'Check (fail or success)']);

    await page.goto('/logout');
    await page.waitForURL(/\/login/);
    await login(page, 'player2', 'player2pass');
    await page.locator('input[name=password][aria-invalid=true]').waitFor();
    await login(page, 'player2', 'brand-new-pass');
    await page.waitForURL(/\/lobby$/);
  });

  it('a session played just now is on top of Game Sessions with its result, and in Transactions', async () => {
    const played = await playSession(3);
    const { page } = await h.newPage();
    await loginToLobby(page, 'demo', 'demo1234');

    await page.goto('/slot-sessions');
    const sessions = page.getByTestId('sessions');
    const table = sessions.getByRole('table');
    await table.waitFor();
    const first = table.locator('tbody tr').first();
    const cells = await first.locator('td').allTextContents();
    expect(cells[0]).toBe(`${played.machineName}Golden Reels`);
    expect(cells[2]).not.toBe('In play');
    expect(cells[4]).toContain(usd(played.net, true));
    expect(cells[4]).toContain(`In $50.00 · Out ${usd(played.cashOut)}`);
    expect(Number(cells[5])).toBe(3);
    expect(await first.getAttribute('data-state')).toBe(played.net > 0 ? 'won' : played.net < 0 ? 'lost' : 'even');
    // The seeded four and this one; the summary adds them up and draws a bar for each.
    expect(await table.locator('tbody tr').count()).toBe(5);
    const summary = page.getByTestId('sessions-summary');
    expect(await summary.locator('rect').count()).toBe(5);
    expect(await page.getByTestId('page-of').textContent()).toBe('Page 1 of 1');

    // Today's window keeps it; a window in the past does not.
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await sessions.getByLabel('From', { exact: true }).fill(today);
    // The seeded sessions are days old, but the newest of them may be from earlier today.
    await expect.poll(() => table.locator('tbody tr').count()).toBeLessThanOrEqual(2);
    expect(await table.locator('tbody tr').first().locator('td').first().textContent()).toBe(`${played.machineName}Golden Reels`);
    await sessions.getByLabel('From', { exact: true }).fill('2000-01-01');
    await sessions.getByLabel('To', { exact: true }).fill('2000-01-31');
    await page.getByText('No game sessions match these filters.').waitFor();
    await sessions.getByRole('button', { name: 'Clear filters' }).first().click();
    await table.waitFor();

    await page.goto('/transactions');
    const moves = page.getByTestId('transactions');
    await moves.getByRole('table').waitFor();
    const rows = moves.locator('tbody tr');
    expect((await rows.nth(0).locator('td').allTextContents()).slice(1, 5)).toEqual([
      'Cash Out',
      usd(played.cashOut, true),
      '—',
      played.machineName,
    ]);
    expect((await rows.nth(1).locator('td').allTextContents()).slice(1, 5)).toEqual(['Cash In', '-$50.00', '—', played.machineName]);
    expect(await page.getByTestId('page-of').textContent()).toBe('Page 1 of 2');

    await moves.getByLabel('Type', { exact: true }).selectOption({ label: 'Cash In' });
    await expect.poll(() => rows.locator('td:nth-child(2)').allTextContents()).toEqual(Array(5).fill('Cash In'));
    // The filter is in the address: a reload (or a shared link) shows the same rows.
    await expect.poll(() => new URL(page.url()).search).toMatch(/^\?type=\d$/);
    await page.reload();
    await expect.poll(() => rows.locator('td:nth-child(2)').allTextContents()).toEqual(Array(5).fill('Cash In'));
    expect(await moves.getByLabel('Type', { exact: true }).inputValue()).not.toBe('');
    // A link whose end is before its start asks nothing and says why.
    await page.goto('/transactions?from=2026-02-10&to=2026-02-01');
    await moves.getByRole('alert').filter({ hasText: 'The end date is before the start date.' }).waitFor();
    expect(await moves.getByLabel('From', { exact: true }).inputValue()).toBe('2026-02-10');
    await page.goto('/transactions');
    await moves.getByLabel('Items per page', { exact: true }).selectOption('25');
    await moves.getByLabel('Type', { exact: true }).selectOption({ label: 'All types' });
    await expect.poll(() => page.getByTestId('page-of').textContent()).toBe('Page 1 of 1');
  });

  it('on a phone the tables become cards', async () => {
    const { page } = await h.newPage({ context: PHONE_PORTRAIT });
    await loginToLobby(page, 'demo', 'demo1234');
    await page.goto('/slot-sessions');
    const row = page.getByTestId('sessions').locator('tbody tr').first();
    await row.waitFor();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    expect(await page.locator('thead').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    const label = await row.locator('td').nth(1).evaluate((el) => getComputedStyle(el, '::before').content);
    expect(label).toBe('"Start"');
    const box = await page.getByTestId('sessions').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  });
});
