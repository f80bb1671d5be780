/** Regressions of fixed bugs: request ids across visits, the kick dialog text, long video stalls. */
import { afterEach, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../simulator/server.ts';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { DEMO_ID, expectFramesGrowing, joinFromLobby, loginToLobby, simCall, transfer } from './play.ts';

let h: Harness | undefined;
async function fresh(options: Partial<SimulatorOptions> = {}): Promise<Harness> {
  h = await startHarness({ rngSeed: 'visits', ...options });
  return h;
}
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('a second visit can transfer money (request ids are not reused across visits)', async () => {
  const { sim, newPage } = await fresh();
  const { page } = await newPage();
  await loginToLobby(page);
  await joinFromLobby(page, 1, 1);
  await transfer(page, '$50.00');
  await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$50.00');
  await page.getByRole('button', { name: 'Cash out' }).click();
  await page.waitForURL(/\/lobby$/);

  await joinFromLobby(page, 1, 2);
  await transfer(page, '$50.00');
  await expect.poll(() => page.getByTestId('game-credits').textContent(), { timeout: 8000 }).toBe('$50.00');
  expect(sim.floor.context.ledger.credits(2)).toBe(5000);
});

it('after Kick the dialog tells the machine is waiting for the player', async () => {
  const { sim, newPage } = await fresh();
  const { context, page } = await newPage();
  await loginToLobby(page);
  await joinFromLobby(page, 1, 1);
  const lobbyTab = await context.newPage();
  await lobbyTab.goto('/lobby');
  const dialog = lobbyTab.getByRole('dialog', { name: 'Open session' });
  await dialog.getByText('is being played right now').waitFor();
  await dialog.getByRole('button', { name: 'Disconnect other device' }).click();
  await page.waitForURL(/\/lobby$/);
  expect(sim.floor.machine(1)?.status).toBe('waiting');
  await dialog.getByText('You have an open session on Golden Reels 01. Do you want to reconnect?').waitFor({ timeout: 8000 });
});

it('a stall longer than the server silence timeout still recovers soon after the feed resumes', async () => {
  const { sim, newPage } = await fresh();
  const { page } = await newPage();
  await loginToLobby(page);
  await joinFromLobby(page, 1, 1);
  await expectFramesGrowing(page);
  await simCall(sim, 'POST', '/sim/video', { machineId: 1, action: 'stall' });
  const reconnecting = page.getByRole('status').filter({ hasText: 'Video is reconnecting...' });
  await reconnecting.waitFor({ timeout: 8000 });
  await page.waitForTimeout(9000);
  await simCall(sim, 'POST', '/sim/video', { machineId: 1, action: 'resume' });
  await reconnecting.waitFor({ state: 'detached', timeout: 6000 });
  await expectFramesGrowing(page);
  // Its own simulator and browser, a 9 s stall and the recovery: more than the default 30 s can hold on a busy machine.
}, 60_000);

it('a second visit cashes out its own credits (a reused request id must not strand them on the machine)', async () => {
  const { sim, newPage } = await fresh({ rngSeed: 'play-f' });
  const ledger = sim.floor.context.ledger;
  const { page } = await newPage();
  await loginToLobby(page);
  await joinFromLobby(page, 1, 1);
  await transfer(page, '$50.00'); // r0
  await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$50.00');
  await page.getByRole('button', { name: 'Spin' }).click(); // r1
  await expect.poll(() => sim.floor.machine(1)?.screen().spinning === null, { timeout: 10000 }).toBe(true);
  await page.getByRole('button', { name: 'Cash out' }).click(); // r2
  await page.waitForURL(/\/lobby$/);
  const before = ledger.balance(DEMO_ID);

  await joinFromLobby(page, 1, 2);
  await transfer(page, '$5.00'); // the same request number as the first visit
  await expect.poll(() => page.getByRole('group', { name: 'Transfer to the machine' }).count()).toBe(0);
  await transfer(page, '$50.00');
  await expect.poll(() => ledger.credits(2)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cash out' }).click(); // must cash out this visit's credits
  await page.waitForURL(/\/lobby$/);
  expect(ledger.credits(2)).toBe(0);
  expect(ledger.balance(DEMO_ID)).toBe(before);
});
