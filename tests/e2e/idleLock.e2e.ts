import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startHarness, type Harness } from '../../scripts/browser/harness.ts';

/** Idle for a minute on the fake clock until the lock shows (its timer may start a moment late). */
async function idleUntilLocked(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  for (let attempt = 0; attempt < 3 && !(await dialog.isVisible()); attempt += 1) {
    await page.clock.fastForward(61_000);
    await dialog.waitFor({ timeout: 2000 }).catch(() => undefined);
  }
  await dialog.waitFor().catch(async (error: unknown) => {
    // Say what the page showed instead: where it was, and which dialogs were up (two modal dialogs
    // hide each other from the accessibility tree).
    const shown = await page.evaluate(() => ({
      path: location.pathname,
      dialogs: [...document.querySelectorAll('[role="dialog"],[role="alertdialog"],dialog')].map((node) => node.textContent?.slice(0, 80)),
      lock: localStorage.getItem('reelside.locked'),
    }));
    throw new Error(`no "${title}" dialog: ${JSON.stringify(shown)}`, { cause: error });
  });
}

/** demo logged in, on the lobby, with the page's clock under the test's hand from the start. */
async function lobbyOnFakeClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto('/login');
  await login(page);
  await page.waitForURL(/\/lobby$/);
  // The lock's minute runs from the login (or the player's last touch or key): the lobby may take
  // a moment to come, so the player presses a key once it is there and the minute starts again.
  await page.getByRole('heading', { name: 'Lobby' }).waitFor();
  await page.keyboard.press('Shift');
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('idle lock end to end (fake clock)', () => {
  it("the player's touch or key starts the minute again", async () => {
    const { page } = await h.newPage();
    await lobbyOnFakeClock(page);
    const dialog = page.getByRole('dialog', { name: 'LOCKED!' });

    await page.clock.fastForward(50_000);
    await page.keyboard.press('Shift');
    await page.clock.fastForward(30_000);
    expect(await dialog.count()).toBe(0);
    await page.mouse.click(5, 5);
    await page.clock.fastForward(59_000);
    expect(await dialog.count()).toBe(0);
    await page.clock.fastForward(2_000);
    await dialog.waitFor();
  });

  it('locks after 60 s idle, refuses a wrong PIN, survives a reload, and the right PIN unlocks', async () => {
    const { page } = await h.newPage();
    await lobbyOnFakeClock(page);

    await page.clock.fastForward(59_000);
    expect(await page.getByRole('dialog', { name: 'LOCKED!' }).count()).toBe(0);
    // The minute's edge to the second is the first test's; here the lock only has to come.
    await idleUntilLocked(page, 'LOCKED!');
    const dialog = page.getByRole('dialog', { name: 'LOCKED!' });
    expect(await dialog.textContent()).toContain("Deactivated Detected: You haven't acted for a long time. Do you want to continue?");

    await page.getByLabel('PIN code').fill('9999');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Wrong PIN code').waitFor();
    await page.getByText('4 attempts left before you are logged out.').waitFor();

    await page.reload();
    await page.getByRole('dialog', { name: 'LOCKED!' }).waitFor();
    // The count came through the reload.
    await page.getByText('4 attempts left before you are logged out.').waitFor();

    // The server's salted PBKDF2 pin_code, derived in the browser with its own parameters.
    await page.getByLabel('PIN code').fill('1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'LOCKED!' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => [localStorage.getItem('reelside.locked'), localStorage.getItem('reelside.lockAttempts')])).toEqual([null, null]);
  });

  it('five wrong PINs in a row, a reload among them, log out to /login with the coded message', async () => {
    const { page } = await h.newPage();
    await page.clock.install();
    await page.goto('/login');
    // demo, not player2: player2's seeded open session brings up the reconnect dialog too, and
    // two open modal dialogs hide each other from the accessibility tree.
    await login(page);
    await page.waitForURL(/\/lobby$/);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    await idleUntilLocked(page, 'LOCKED!');

    const wrong = async (left: number) => {
      await page.getByLabel('PIN code').fill('9999');
      await page.getByRole('button', { name: 'Continue' }).click();
      if (left > 0) await page.getByText(left === 1 ? '1 attempt left before you are logged out.' : `${left} attempts left before you are logged out.`).waitFor();
    };
    await wrong(4);
    await wrong(3);
    // A reload does not give five fresh tries.
    await page.reload();
    await page.getByRole('dialog', { name: 'LOCKED!' }).waitFor();
    await page.getByText('3 attempts left before you are logged out.').waitFor();
    await wrong(2);
    await wrong(1);
    const token = await page.evaluate(() => localStorage.getItem('jwt_access_token'));
    await wrong(0);

    await page.waitForURL(/\/login/);
    await page
      .getByRole('alert')
      .filter({ hasText: 'You entered a wrong PIN code too many times, so you were logged out. Log in again with your password.' })
      .waitFor();
    expect(
      await page.evaluate(() => ['reelside.locked', 'reelside.lockAttempts', 'jwt_access_token'].map((key) => localStorage.getItem(key))),
    ).toEqual([null, null, null]);

    // Logged out like the lock's logout button: the server ended that session too.
    expect((await page.request.get('/api/validate', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    await login(page);
    await page.waitForURL(/\/lobby$/);
  });

  it("the lock dialog's logout logs out and clears the lock", async () => {
    const { page } = await h.newPage();
    await lobbyOnFakeClock(page);
    await idleUntilLocked(page, 'LOCKED!');
    const dialog = page.getByRole('dialog', { name: 'LOCKED!' });
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => [localStorage.getItem('reelside.locked'), localStorage.getItem('jwt_access_token')])).toEqual([null, null]);
  });

  it('the Turkish lock text names the default PIN (DEFAULT_PIN), and demo, who kept it, unlocks with it', async () => {
    const { page } = await h.newPage();
    await page.clock.install();
    await page.addInitScript(() => localStorage.setItem('reelside.language', 'tr'));
    await page.goto('/login');
    await page.getByLabel('E-posta veya kullanıcı adı').fill('demo');
    await page.getByLabel('Şifre', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Giriş' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.getByRole('heading', { name: 'Lobi' }).waitFor();
    await idleUntilLocked(page, 'KİLİTLENDİ!');
    const dialog = page.getByRole('dialog', { name: 'KİLİTLENDİ!' });
    expect(await dialog.textContent()).toContain('(varsayılan PIN: 1234).');
    await dialog.getByLabel('PIN kodu').fill('1234');
    await dialog.getByRole('button', { name: 'Devam et' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
