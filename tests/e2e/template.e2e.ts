import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startHarness, type Harness } from '../../scripts/browser/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page);
  await page.waitForURL(/\/lobby$/);
  await page.getByRole('heading', { name: 'Lobby' }).waitFor();
}

/** Template pages outside the chrome, open to everyone: path → a heading they show. */
const OPEN_PAGES: [string, string][] = [
  ['/pages/auth/login', 'Login to your account'],
  ['/pages/auth/login-2', 'Login to your account'],
  ['/pages/auth/login-3', 'Login to your account'],
  ['/pages/auth/register', 'Create an account'],
  ['/pages/auth/register-2', 'Create an account'],
  ['/pages/auth/register-3', 'Create an account'],
  ['/pages/auth/forgot-password', 'Recover your password'],
  ['/pages/auth/forgot-password-2', 'Recover your password'],
  ['/pages/auth/reset-password', 'Reset your password'],
  ['/pages/auth/reset-password-2', 'Reset your password'],
  ['/pages/auth/lock', 'Your session is locked'],
  ['/pages/auth/mail-confirm', 'Confirm your email address!'],
  ['/pages/coming-soon', 'Coming soon!'],
  ['/pages/errors/error-404', '404'],
  ['/pages/errors/error-500', '500'],
  ['/auth/guest-role-example', 'Guest role example'],
];

/** Template pages inside the app layout (logged-in players). */
const LAYOUT_PAGES: [string, string][] = [
  ['/pages/profile', 'Demo Player'],
  ['/pages/search/classic', 'Search'],
  ['/pages/search/modern', 'What are you looking for?'],
  ['/ui/page-layouts/carded', 'Carded page'],
  ['/ui/page-layouts/simple', 'Simple page'],
  ['/ui/page-layouts/blank', 'Blank page'],
  ['/ui/icons', 'Icons'],
  ['/ui/typography', 'Typography'],
  ['/ui/helper-classes', 'Helper classes'],
  ['/documentation', 'Documentation'],
];

describe('template pages end to end', () => {
  it('every open template page renders for a guest, without the app chrome', async () => {
    const { page } = await h.newPage();
    for (const [path, heading] of OPEN_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await page.getByTestId('chat-toggle').count(), path).toBe(0);
    }
  });

  it('an auth demo form checks its fields and never logs in', async () => {
    const { page } = await h.newPage();
    await page.goto('/pages/auth/reset-password');
    await page.getByRole('button', { name: 'Reset my password' }).click();
    expect(await page.getByText('This field is required.').count()).toBeGreaterThan(0);
    await page.getByLabel('Email').fill('demo@example.test');
    await page.getByLabel('Password', { exact: true }).fill('long-enough');
    await page.getByLabel('Password (confirm)').fill('long-enough');
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await page.getByTestId('demo-result').waitFor();
    await page.goto('/lobby');
    await page.waitForURL(/\/login/);
  });

  it('register: a taken username shows on its field; a new player lands logged in on the lobby', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await page.goto('/pages/auth/register');
    await page.getByLabel('Name', { exact: true }).fill('Nova');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Email').fill('nova@reelside.test');
    await page.getByLabel('Password', { exact: true }).fill('nova-secret-1');
    await page.getByLabel('Password (confirm)').fill('nova-secret-1');
    await page.getByLabel('I read and accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByText('This username is already taken.').waitFor();
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/pages/auth/register');

    await page.getByLabel('Username').fill('nova_e2e');
    await page.getByRole('button', { name: 'Create an account' }).click();
    // The token login took the token from the address and dropped it there.
    await page.waitForURL((url) => url.pathname === '/lobby' && !url.searchParams.has('token'));
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    await expect.poll(() => page.getByTestId('toolbar-user').textContent()).toContain('nova_e2e');
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$0.00');

    // The login is kept like any other: a reload stays logged in as the new player.
    await page.reload();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    await expect.poll(() => page.getByTestId('toolbar-user').textContent()).toContain('nova_e2e');
  });

  it('every layout template page renders inside the chrome for a player; a guest is sent to /login', async () => {
    const guest = (await h.newPage()).page;
    await guest.goto('/ui/icons');
    await guest.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/ui/icons');

    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(page);
    for (const [path, heading] of LAYOUT_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor({ state: 'attached' });
      expect(new URL(page.url()).pathname, path).toBe(path);
      await page.getByTestId('chat-toggle').waitFor();
    }
    // the search pages look through the pages
    await page.goto('/pages/search/classic');
    await page.getByRole('searchbox', { name: 'Search the pages' }).fill('typo');
    await page.getByRole('link', { name: 'Typography' }).click();
    await page.waitForURL(/\/ui\/typography$/);
  });

  it('role example pages: a guest goes to /login with the target kept; a player (role user) goes to /', async () => {
    const guest = (await h.newPage()).page;
    for (const path of ['/auth/admin-role-example', '/auth/staff-role-example']) {
      await guest.goto(path);
      await guest.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === path);
    }
    await guest.goto('/auth/guest-role-example');
    await guest.getByRole('heading', { name: 'Guest role example' }).waitFor();

    const { page } = await h.newPage();
    await signIn(page);
    for (const path of ['/auth/admin-role-example', '/auth/staff-role-example', '/auth/guest-role-example']) {
      await page.goto(path);
      await page.waitForURL(/\/lobby$/);
      await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    }
  });

  it('chat panel: unread badge, open a chat, an empty message is refused, a sent one is kept; Esc closes', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(page);
    expect(await page.getByTestId('chat-unread').textContent()).toBe('3');
    await page.getByTestId('chat-toggle').click();
    const panel = page.getByRole('dialog', { name: 'Team Chat' });
    await panel.getByText('Select a contact to start a conversation.').waitFor();
    // The panel slides in; its width is the design's 360 px once the slide has ended.
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(360);

    await panel.getByTestId('chat-contact-ayse').click();
    const input = panel.getByTestId('chat-input');
    await input.fill('   ');
    expect(await panel.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await input.press('Enter');
    await input.fill('Merhaba from the e2e test');
    await input.press('Enter');
    await panel.getByText('Merhaba from the e2e test').waitFor();

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // ayse's chat was read; support's 2 are left
    await expect.poll(() => page.getByTestId('chat-unread').textContent()).toBe('2');

    // kept by the simulator
    await page.reload();
    await page.getByTestId('chat-toggle').click();
    await panel.getByTestId('chat-contact-ayse').click();
    await panel.getByText('Merhaba from the e2e test').waitFor();
    // the close button closes it
    await panel.getByRole('button', { name: 'Close the panel' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('chat panel: the player’s own status is saved by the simulator and survives reopening and a reload', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(page);
    await page.getByTestId('chat-toggle').click();
    const panel = page.getByRole('dialog', { name: 'Team Chat' });
    const status = panel.getByLabel('Your status');
    await expect.poll(() => status.inputValue()).toBe('online');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/chat/user/data') && r.request().method() === 'POST');
    await status.selectOption({ label: 'Do not disturb' });
    expect((await saved).status()).toBe(200);
    await expect.poll(() => panel.getByTestId('chat-status').getAttribute('data-state')).toBe('idle');
    expect(await status.inputValue()).toBe('do-not-disturb');

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await page.getByTestId('chat-toggle').click();
    await expect.poll(() => status.inputValue()).toBe('do-not-disturb');

    await page.reload();
    await page.getByTestId('chat-toggle').click();
    await expect.poll(() => status.inputValue()).toBe('do-not-disturb');
    await status.selectOption('online');
    await expect.poll(() => panel.getByTestId('chat-status').getAttribute('data-state')).toBe('idle');
    expect(await status.inputValue()).toBe('online');
  });

  it('quick panel: today, events and notes from the simulator', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 1280, height: 800 } } });
    await signIn(page);
    await page.getByTestId('quick-panel-toggle').click();
    const panel = page.getByRole('dialog', { name: 'Quick panel' });
    await panel.getByTestId('quick-today').waitFor();
    await expect.poll(async () => panel.locator('li').count()).toBeGreaterThan(0);
    await panel.getByRole('switch', { name: 'Cloud sync' }).check();
    await page.mouse.click(100, 400); // outside
    await panel.waitFor({ state: 'detached' });
  });
});
