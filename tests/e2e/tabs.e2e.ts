import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { joinFromLobby, loginToLobby, simCall, transfer, waitLive } from './play.ts';

/**
 * Issue 21 (8): a second tab of the same player, and the browser's Back, during play.
 * (One player, one login session: both tabs share it, as tabs of one browser do.)
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rngSeed: 'tabs' });
});
afterAll(async () => {
  await h?.close();
});

describe('tabs and history during play', () => {
  it('a second tab takes the game; the first says so calmly, does not take it back by itself, and plays again on request', async () => {
    const { context, page: first } = await h.newPage();
    await loginToLobby(first);
    await joinFromLobby(first, 1, 1);
    const second = await context.newPage();
    await second.goto(first.url());
    await waitLive(second);

    const elsewhere = (page: typeof first) => page.getByText('This game is open in another tab.');
    await elsewhere(first).waitFor();
    expect(await first.getByText(/is being played right now/).count()).toBe(0);
    // No fight: a while later the second tab still plays.
    await second.waitForTimeout(3000);
    expect(await second.getByRole('button', { name: 'Spin', exact: true }).isEnabled()).toBe(true);
    expect(await elsewhere(second).count()).toBe(0);

    await first.getByRole('button', { name: 'Play here' }).click();
    await waitLive(first);
    await elsewhere(second).waitFor();
    expect(first.url()).toMatch(/\/game\/1\//);
  }, 60_000);

  it("the browser's Back from a game with credits asks what the in-app leave asks", async () => {
    // player2's seeded reservation (machine 7) is cancelled first, so they may take another (its
    // dialog, waited for with a guess at how long it takes, went on without it on a slow machine).
    const login = (await simCall(h.sim, 'POST', '/api/login', { username: 'player2', password: 'player2pass', site_id: 0 })) as { token: string };
    await fetch(`${h.sim.url}/api/player/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
      body: JSON.stringify({ machineId: 7 }),
    });
    expect(h.sim.floor.sessionsOf(h.sim.store.playerByUsername('player2')!.id)).toEqual([]);
    const { page } = await h.newPage();
    await loginToLobby(page, 'player2', 'player2pass');
    await joinFromLobby(page, 2, 5);
    await transfer(page, '$5.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$5.00');
    await page.goBack();
    await page.getByRole('heading', { name: 'Leave the machine?' }).waitFor();
    expect(page.url()).toMatch(/\/game\/5\//);
    await page.getByRole('button', { name: 'Stay' }).click();
    await waitLive(page);
    await page.goBack();
    await page.getByRole('button', { name: 'Keep it for 2 minutes' }).click();
    await page.waitForURL(/\/lobby$/);
    await expect.poll(() => h.sim.floor.machine(5)?.status).toBe('waiting');
  }, 60_000);
});
