/** A visit survives a dropped machine socket and a stalled video. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { expectFramesGrowing, joinFromLobby, loginToLobby, sampleVideo, simCall, transfer, waitLive } from './play.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ rngSeed: 'play-recovery' });
});
afterEach(async () => {
  await h?.close();
});

describe('recovery', () => {
  it('a dropped machine socket shows Connection Lost, then the visit goes on on the same machine', async () => {
    const { page } = await h.newPage();
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    await transfer(page, '$50.00');
    await expect.poll(() => page.getByTestId('game-credits').textContent()).toBe('$50.00');
    const url = page.url();

    const dropped = (await simCall(h.sim, 'POST', '/sim/drop', { username: 'demo' })) as { dropped: number };
    expect(dropped.dropped).toBeGreaterThanOrEqual(2); // the machine and the notification socket
    const lost = page.getByRole('alert').filter({ hasText: 'Connection Lost, please wait' });
    await lost.waitFor({ timeout: 10000 });
    expect(await page.getByRole('button', { name: 'Spin' }).isDisabled()).toBe(true);

    await lost.waitFor({ state: 'detached', timeout: 10_000 });
    await waitLive(page);
    expect(page.url()).toBe(url);
    expect(await page.getByTestId('game-credits').textContent()).toBe('$50.00');
    expect(h.sim.floor.machine(1)?.status).toBe('playing');
    expect(h.sim.sockets.counts().machine).toBe(1);
    await expectFramesGrowing(page);
    // The old WHEP session went with the old socket: one viewer, one encoder.
    await expect.poll(() => h.sim.video.activeEncoders(), { timeout: 10000 }).toBe(1);
    // The notification socket came back too.
    await expect.poll(() => h.sim.sockets.counts().notification, { timeout: 10000 }).toBe(1);
    // And it plays: a spin is accepted on the rejoined session.
    await page.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => h.sim.floor.context.machines.openSessionOf(1, 1)?.spins ?? 0).toBe(1);
  });

  it('a stalled video shows Video is reconnecting..., and frames flow again once it resumes', async () => {
    const { page } = await h.newPage();
    await loginToLobby(page);
    await joinFromLobby(page, 1, 1);
    await expectFramesGrowing(page);

    await simCall(h.sim, 'POST', '/sim/video', { machineId: 1, action: 'stall' });
    const reconnecting = page.getByRole('status').filter({ hasText: 'Video is reconnecting...' });
    await reconnecting.waitFor({ timeout: 8000 });
    // Nothing new flows while the feed is stalled (the count may drop to 0 when the player swaps
    // in the stream of its new WHEP session). One frame that was in the encoder's pipeline when
    // the feed stopped may still be decoded late on a loaded machine (seen in CI: +1); a moving
    // picture would add some 45 in this time.
    const stalled = await sampleVideo(page);
    await page.waitForTimeout(1500);
    expect((await sampleVideo(page)).frames).toBeLessThanOrEqual(stalled.frames + 1);
    expect(await reconnecting.isVisible()).toBe(true);

    await simCall(h.sim, 'POST', '/sim/video', { machineId: 1, action: 'resume' });
    await reconnecting.waitFor({ state: 'detached', timeout: 10_000 });
    await expectFramesGrowing(page);
    expect(await page.getByRole('button', { name: 'Spin' }).isEnabled()).toBe(true);
  });
});
