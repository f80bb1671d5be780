import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { simCall, toasts } from './play.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('auth end to end', () => {
  it('a guest is sent to /login, keeping the requested path', async () => {
    const { page } = await h.newPage();
    await page.goto('/lobby');
    await page.waitForURL(/\/login\?redirect=%2Flobby$/);
    await expect(page.getByRole('heading', { name: 'Sign in to play' }).isVisible()).resolves.toBe(true);
  });

  it('validates the form: min length 4, submit enabled only when valid', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Login' });
    await page.getByLabel('Email or username').fill('abc');
    await page.getByLabel('Password', { exact: true }).fill('12');
    await page.getByLabel('Password', { exact: true }).blur();
    expect(await submit.isDisabled()).toBe(true);
    // Typed into the page painted from HTML, maybe before the app ran: the hints come with it.
    await expect.poll(() => page.getByText('Min character length is 4').count()).toBe(2);
    await page.getByLabel('Email or username').fill('abcd');
    await page.getByLabel('Password', { exact: true }).fill('1234');
    expect(await submit.isEnabled()).toBe(true);
    expect(await page.getByText('Min character length is 4').count()).toBe(0);
  });

  it('a wrong password shows the server message with the attempts left on the password field', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await login(page, 'player2', 'wrong-password');
    const password = page.getByLabel('Password', { exact: true });
    await page.locator('input[name=password][aria-invalid=true]').waitFor();
    const errorId = await password.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toMatch(
      /incorrect username or password\. 4 attempts left before your account is blocked for 15 minutes/,
    );
    expect(page.url()).toMatch(/\/login$/);
  });

  it('logs in to the lobby with the balance, survives a reload, and logs out', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await login(page);
    await page.waitForURL(/\/lobby$/);
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.textContent()).toContain('$1,000.00');
    expect(await page.getByRole('heading', { name: 'Lobby' }).isVisible()).toBe(true);
    // The form that had the focus is gone: the focus is on the page's heading, not lost on <body>.
    await expect.poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)).toBe('H1 Lobby');

    await page.reload();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    expect(page.url()).toMatch(/\/lobby$/);
    await expect.poll(() => balance.textContent()).toContain('$1,000.00');

    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).toBeNull();
    await page.goto('/lobby');
    await page.waitForURL(/\/login\?redirect=%2Flobby$/);
  });

  it('a deep link is kept through login', async () => {
    const { page } = await h.newPage();
    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
    await login(page);
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByText('Demo', { exact: true }).isVisible()).toBe(true);
  });

  it('/logout shows Logging out.. and a later login does not go back to /logout', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    await page.goto('/logout');
    await page.waitForURL(/\/login/);
    await login(page);
    await page.waitForURL(/\/lobby$/);
  });

  it('the Reelside wordmark fits its mark on the login, blocked-country and 404 cards', async () => {
    const pages: Array<[string, Record<string, string> | undefined]> = [
      ['/login', undefined],
      ['/login', { 'x-sim-country': 'FR' }],
      ['/no-such-page', undefined],
    ];
    for (const [path, extraHeaders] of pages) {
      const { page } = await h.newPage(extraHeaders ? { extraHeaders } : {});
      await page.goto(path);
      await page.locator('svg text.word').first().waitFor();
      // How far each wordmark's text reaches past its drawing's right edge (≤ 0: nothing cut).
      const overflow = await page.evaluate(() =>
        [...document.querySelectorAll('svg text.word')].map((text) => {
          const box = (text as SVGTextElement).getBBox();
          return box.x + box.width - text.closest('svg')!.viewBox.baseVal.width;
        }),
      );
      for (const over of overflow) expect(over, `${path} ${JSON.stringify(extraHeaders ?? {})}`).toBeLessThanOrEqual(0);
    }
  });

  it('an unknown path goes to the 404 page', async () => {
    const { page } = await h.newPage();
    await page.goto('/no/such/place');
    await page.waitForURL(/\/pages\/errors\/error-404$/);
    // The 404 page's code loads when it is first needed.
    await page.getByRole('heading', { name: '404' }).waitFor();
  });

  it('a token in the query string logs in and is removed from the address bar', async () => {
    const answer = await fetch(`${h.sim.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234', site_id: 0 }),
    });
    const { token } = (await answer.json()) as { token: string };
    const { page } = await h.newPage();
    await page.goto(`/profile?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).toBe(token);
  });

  it('a visitor from a country that is not permitted sees the country and IP', async () => {
    const { page } = await h.newPage({ extraHeaders: { 'x-sim-country': 'FR' } });
    await page.goto('/login');
    const text = page.getByText(/We see that you are connecting from FR with .* address/);
    await text.waitFor();
    // No login a person can reach (the page's painted one stays hidden behind the screen).
    expect(await page.getByRole('textbox', { name: 'Email or username' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
  });

  it('switching to Turkish translates the app and is remembered', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    await page.getByLabel('Language').selectOption('tr');
    await page.getByRole('heading', { name: 'Lobi' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Lobi' }).waitFor();
    expect(await page.getByRole('link', { name: 'Çıkış' }).isVisible()).toBe(true);
  });

  describe("SPEC §8's messages as a player meets them", () => {
    it('10702: the fifth wrong password protects the account, and says for how long', async () => {
      const { page } = await h.newPage();
      await page.goto('/login');
      for (let attempt = 1; attempt <= 4; attempt++) {
        await login(page, 'banned', `wrong-${attempt}`);
        const left = 5 - attempt;
        await page.getByText(`${left} ${left === 1 ? 'attempt' : 'attempts'} left`, { exact: false }).waitFor();
      }
      await login(page, 'banned', 'wrong-5');
      await page.getByText('Your account is protected after too many false attempts. Try again in 15 minutes.').waitFor();
    });

    it('10703: a login from a country that is not permitted, with the IP check off, is refused with its text', async () => {
      await simCall(h.sim, 'PUT', '/sim/settings', { IP_CHEKCING: false });
      try {
        const { page } = await h.newPage({ extraHeaders: { 'x-sim-country': 'FR' } });
        await page.goto('/login');
        await login(page, 'player2', 'player2pass');
        await page.getByText('Your IP is not permitted.').waitFor();
        expect(page.url()).toMatch(/\/login$/);
      } finally {
        await simCall(h.sim, 'DELETE', '/sim/settings');
      }
    });

    it('10: a token this operator did not sign, arriving in the address, is refused with a toast', async () => {
      const { page } = await h.newPage();
      await page.goto('/lobby?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged-signature');
      await page.waitForURL(/\/login/);
      await toasts(page, 'Signature not verified.').waitFor();
    });

    it('70000: an operator failing its pipeline on the token check says so while the login is kept, then lets the player in', async () => {
      const answer = await fetch(`${h.sim.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'player2', password: 'player2pass', site_id: 0 }),
      });
      const { token } = (await answer.json()) as { token: string };
      // A 500 is no "no": the token is kept and asked about again with the backoff.
      await simCall(h.sim, 'POST', '/sim/fault', { path: '/api/validate', status: 500, code: 70000, message: 'failed to start pipeline', times: 3 });
      const { page } = await h.newPage();
      await page.goto(`/lobby?token=${encodeURIComponent(token)}`);
      await page.getByRole('alert').filter({ hasText: 'Failed to start pipeline, contact the technical team.' }).waitFor();
      // In: the lobby's balance shows (no login form, the token kept).
      await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toMatch(/\$/);
      expect(page.url()).toMatch(/\/lobby$/);
    });
  });
});

