import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startHarness, type Harness } from '../../scripts/browser/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('live inspector', () => {
  it('is absent by default', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'State machine inspector' }).count()).toBe(0);
  });

  it('with ?inspect lists the running actors, highlights the state on the chart, and shows context and events', async () => {
    const { page } = await h.newPage();
    const external: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(h.sim.url)) external.push(r.url());
    });
    await page.goto('/login?inspect');
    await login(page);
    await page.waitForURL(/\/lobby/);
    const panel = page.getByRole('complementary', { name: 'State machine inspector' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Show' }).click();
    await panel.getByRole('button', { name: /^auth/ }).filter({ hasText: '"loggedIn"' }).waitFor();
    await panel.getByRole('button', { name: /^lobby/ }).waitFor();
    await panel.getByRole('button', { name: /^wallet/ }).filter({ hasText: '"loaded"' }).waitFor();

    await panel.getByRole('button', { name: /^auth/ }).click();
    // The auth chart, with loggedIn highlighted by the inspector's style.
    const state = panel.locator('svg [data-state="auth.loggedIn"] > rect');
    await state.waitFor();
    expect(await state.evaluate((el) => getComputedStyle(el).stroke)).toBe('rgb(245, 179, 1)');
    expect(await panel.getByText('roles').count()).toBeGreaterThan(0);
    await panel.getByRole('button', { name: /^wallet/ }).click();
    // Loaded by its own fetch or by the notification socket's balance, whichever came first.
    const events = await panel.locator('ol li').allTextContents();
    expect(events).toContain('xstate.init');
    expect(events.some((e) => e === 'xstate.done.actor.fetchBalance' || e === 'server.balance')).toBe(true);
    expect(external).toEqual([]);
  });

  it('with ?inspect=stately also mirrors every actor to Stately Inspector, in the window it opens', async () => {
    const { context, page } = await h.newPage();
    // Stately Inspector stands in here (no outside site in tests): a page that says it is
    // connected, as the real one does, and keeps what it receives.
    await context.route('https://stately.ai/inspect**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script>
          window.received = [];
          addEventListener('message', (e) => window.received.push(e.data));
          window.opener.postMessage({ type: '@statelyai.connected' }, '*');
        </script>`,
      }),
    );
    const opened = page.waitForEvent('popup');
    await page.goto('/login?inspect=stately');
    const stately = await opened;
    expect(stately.url()).toMatch(/^https:\/\/stately\.ai\/inspect/);
    await login(page);
    await page.waitForURL(/\/lobby/);
    // The auth actor's registration and its move to loggedIn reached the inspector window.
    await stately.waitForFunction(() =>
      (window as unknown as { received: Array<{ type: string; snapshot?: { value?: unknown } }> }).received.some(
        (e) => e.type === '@xstate.snapshot' && JSON.stringify(e.snapshot?.value ?? '').includes('loggedIn'),
      ),
    );
    // The built-in panel runs as with ?inspect.
    await page.getByRole('complementary', { name: 'State machine inspector' }).waitFor();
  });
});
