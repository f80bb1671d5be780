/** The reconnect dialog for a session the player still holds on a machine (SPEC §4). */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_PORTRAIT, startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { DEMO_ID, joinFromLobby, loginToLobby, simCall, toasts, transfer, waitLive } from './play.ts';

const WAITING_TEXT = 'You have an open session on Golden Reels 01. Do you want to reconnect?';
const PLAYING_TEXT = 'Your session on Golden Reels 01 is being played right now. If this is not you, contact support.';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ rngSeed: 'play-reconnect' });
});
afterEach(async () => {
  await h?.close();
});

/** Logs in, joins machine 1 and puts $50.00 on it. */
async function playWithCredits(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await h.newPage();
  await loginToLobby(page);
  await joinFromLobby(page, 1, 1);
  await transfer(page, '$50.00');
  await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$50.00');
  return { context, page };
}

/** Closes the game page without cashing out and opens the lobby on a new page of the same profile. */
async function leaveAndComeBack(context: BrowserContext, page: Page): Promise<Page> {
  await page.close();
  await expect.poll(() => h.sim.floor.machine(1)?.status).toBe('waiting');
  const again = await context.newPage();
  await again.goto('/lobby');
  return again;
}

function dialog(page: Page) {
  return page.getByRole('dialog', { name: 'Open session' });
}

describe('reconnect dialog', () => {
  it('after closing the page mid-session, Continue goes back to the machine with the credits', async () => {
    const { context, page } = await playWithCredits();
    const again = await leaveAndComeBack(context, page);
    const shown = dialog(again);
    await shown.waitFor();
    expect(await shown.getByText(WAITING_TEXT).isVisible()).toBe(true);
    // Behind the (modal) dialog the lobby lists the machine as reserved for the player.
    const reserved = again.locator('section[aria-labelledby="reserved-title"]').getByTestId('machine-1');
    await reserved.getByText('Reserved for you').waitFor();

    await shown.getByRole('button', { name: 'Continue' }).click();
    await again.waitForURL(/\/game\/1\/golden-reels-01$/);
    await waitLive(again);
    expect(await shown.count()).toBe(0);
    expect(await again.getByTestId('game-credits').textContent()).toBe('$50.00');
    expect(h.sim.floor.machine(1)?.status).toBe('playing');
    expect(h.sim.floor.context.ledger.credits(1)).toBe(5000);
  });

  it('Cashout cancels the session: the dialog closes, the wallet is full again, the machine is free', async () => {
    const { context, page } = await playWithCredits();
    const again = await leaveAndComeBack(context, page);
    const shown = dialog(again);
    await shown.waitFor();
    expect(await again.getByTestId('balance').textContent()).toContain('$950.00');
    // The dialog says what is at stake: the credits held on the machine.
    expect(await shown.textContent()).toContain('Credits held on the machine: $50.00.');

    await shown.getByRole('button', { name: 'Cash out' }).click();
    await shown.waitFor({ state: 'detached' });
    await expect.poll(() => again.getByTestId('balance').textContent()).toContain('$1,000.00');
    expect(h.sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_000);
    expect(h.sim.floor.machine(1)?.status).toBe('free');
    expect(h.sim.floor.machine(1)?.occupantId).toBeNull();
    expect(new URL(again.url()).pathname).toBe('/lobby');
  });

  it('Kick from a second tab removes the game tab; the dialog stays and Continue takes the machine over', async () => {
    const { context, page: gameTab } = await playWithCredits();
    const lobbyTab = await context.newPage();
    await lobbyTab.goto('/lobby');
    const shown = dialog(lobbyTab);
    await shown.waitFor();
    expect(await shown.getByText(PLAYING_TEXT).isVisible()).toBe(true);

    await shown.getByRole('button', { name: 'Disconnect other device' }).click();
    await toasts(gameTab, 'You have been removed from the game.').waitFor();
    await gameTab.waitForURL(/\/lobby$/);
    // The session stays, reserved for the player, and the dialog stays to continue it.
    expect(h.sim.floor.machine(1)?.status).toBe('waiting');
    expect(h.sim.floor.machine(1)?.occupantId).toBe(DEMO_ID);
    expect(h.sim.floor.context.ledger.credits(1)).toBe(5000);
    expect(await shown.isVisible()).toBe(true);
    // Enabled once this tab has the kick's answer too (the dialog is busy until then).
    await shown.getByRole('button', { name: 'Continue' }).and(lobbyTab.locator(':enabled')).waitFor();

    await shown.getByRole('button', { name: 'Continue' }).click();
    await lobbyTab.waitForURL(/\/game\/1\/golden-reels-01$/);
    await waitLive(lobbyTab);
    expect(await lobbyTab.getByTestId('game-credits').textContent()).toBe('$50.00');
    expect(h.sim.floor.machine(1)?.status).toBe('playing');
  });

  it("shows each of SPEC's seven status texts, in English and Turkish, and the session survives its machine going out of service", async () => {
    const { context, page } = await playWithCredits();
    const again = await leaveAndComeBack(context, page);
    // By role only: its title is translated too.
    const shown = again.getByRole('dialog');
    await shown.waitFor();
    const name = 'Golden Reels 01';
    const texts: Record<'en' | 'tr', Array<[string, string]>> = {
      en: [
        ['inBonus', `Your machine ${name} is in bonus and waiting for you. Continue to play it.`],
        ['waiting', `You have an open session on ${name}. Do you want to reconnect?`],
        ['tryingCashout', `Your session on ${name} is cashing out. Please wait a moment.`],
        ['playing', `Your session on ${name} is being played right now. If this is not you, contact support.`],
        ['malfunction', `The machine ${name} has a technical problem. Please wait for technical help.`],
        ['offline', `The machine ${name} is offline.`],
        ['free', `Your session on ${name} is in an unknown state.`],
      ],
      tr: [
        ['inBonus', `${name} makineniz bonusta ve sizi bekliyor. Oynamaya devam edin.`],
        ['waiting', `${name} makinesinde açık bir oturumunuz var. Yeniden bağlanmak ister misiniz?`],
        ['tryingCashout', `${name} üzerindeki oturumunuzun parası çekiliyor. Lütfen biraz bekleyin.`],
        ['playing', `${name} üzerindeki oturumunuz şu anda oynanıyor. Bu siz değilseniz destekle iletişime geçin.`],
        ['error', `${name} makinesinde teknik bir sorun var. Lütfen teknik yardımı bekleyin.`],
        ['offline', `${name} makinesi çevrim dışı.`],
        ['free', `${name} üzerindeki oturumunuzun durumu bilinmiyor.`],
      ],
    };
    for (const language of ['en', 'tr'] as const) {
      if (language === 'tr') {
        // The dialog is modal: close it, switch the language, and bring it back with a reload.
        await shown.getByRole('button', { name: 'Close' }).click();
        await shown.waitFor({ state: 'detached' });
        await again.getByLabel('Language').selectOption('tr');
        await again.getByRole('heading', { name: 'Lobi' }).waitFor();
        await again.reload();
        await shown.waitFor();
      }
      for (const [status, text] of texts[language]) {
        await simCall(h.sim, 'POST', '/sim/machine-status', { machineId: 1, status });
        await shown.getByText(text, { exact: true }).waitFor();
      }
    }
    // Through all of it the session and its credits stayed.
    expect(h.sim.floor.machine(1)?.occupantId).toBe(DEMO_ID);
    expect(h.sim.floor.context.ledger.credits(1)).toBe(5000);
  });

  it('a machine that breaks down mid-play sends the player to the lobby, where the dialog says why and Cashout pays back', async () => {
    const { page } = await playWithCredits();
    await simCall(h.sim, 'POST', '/sim/machine-status', { machineId: 1, status: 'error' });
    await page.waitForURL(/\/lobby$/);
    await toasts(page, 'You have been removed from the game. This machine is out of service.').waitFor();
    const shown = dialog(page);
    await shown.getByText('The machine Golden Reels 01 has a technical problem. Please wait for technical help.').waitFor();
    expect(h.sim.floor.context.ledger.credits(1)).toBe(5000);

    await shown.getByRole('button', { name: 'Cash out' }).click();
    await shown.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,000.00');
    expect(h.sim.floor.machine(1)?.status).toBe('error');
    expect(h.sim.floor.machine(1)?.occupantId).toBeNull();
  });

  it('leaving is leaving: with nothing on the machine it is freed at once; with credits the player keeps it or cashes out, and no dialog greets them', async () => {
    const { page } = await h.newPage({ context: PHONE_PORTRAIT });
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    await page.getByRole('button', { name: 'Back to the lobby' }).tap();
    await page.waitForURL(/\/lobby$/);
    await expect.poll(() => h.sim.floor.machine(1)?.status).toBe('free');
    expect(h.sim.floor.machine(1)?.occupantId).toBeNull();

    await joinFromLobby(page, 1, 1);
    await transfer(page, '$50.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$50.00');
    await page.getByRole('button', { name: 'Back to the lobby' }).tap();
    const question = page.getByRole('dialog', { name: 'Leave the machine?' });
    await question.getByText('Your credits are still on the machine. Cash out first, or keep this machine for 2 minutes?').waitFor();
    await question.getByRole('button', { name: 'Stay' }).tap();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toMatch(/^\/game\//);

    await page.getByRole('button', { name: 'Back to the lobby' }).tap();
    await question.getByRole('button', { name: 'Keep it for 2 minutes' }).tap();
    await page.waitForURL(/\/lobby$/);
    await expect.poll(() => h.sim.floor.machine(1)?.status).toBe('waiting');
    expect(h.sim.floor.context.ledger.credits(1)).toBe(5000);
    // The player chose this: the reconnect dialog does not greet them with it.
    await page.waitForTimeout(500);
    expect(await dialog(page).count()).toBe(0);

    // From the lobby's reserved list, back in; then cash out from the question.
    await page.locator('section[aria-labelledby="reserved-title"]').getByTestId('machine-1').getByRole('button', { name: /Play|Continue/ }).tap();
    await waitLive(page);
    await page.getByRole('button', { name: 'Back to the lobby' }).tap();
    await question.getByRole('button', { name: 'Cash out' }).tap();
    await page.waitForURL(/\/lobby$/);
    await expect.poll(() => h.sim.floor.machine(1)?.status).toBe('free');
    expect(h.sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_000);
  });
});

