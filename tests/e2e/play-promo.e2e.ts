/** The lobby's Discount button against the simulator's promo rules. */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorOptions } from '../../simulator/server.ts';
import { startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { DEMO_ID, loginToLobby, toasts } from './play.ts';

let h: Harness | undefined;
async function fresh(options: Partial<SimulatorOptions>): Promise<Harness> {
  h = await startHarness(options);
  return h;
}
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Counts the page's discount requests. */
function countDiscountRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/player/discount') seen.count += 1;
  });
  return seen;
}

describe('discount', () => {
  it('pays 10% of the seeded loss once, and a second click is refused without asking the server', async () => {
    const { sim, newPage } = await fresh({ settings: { AUTO_DISCOUNT: true, DISCOUNT_BALANCE_CHECK: false } });
    const { page } = await newPage();
    const requests = countDiscountRequests(page);
    await loginToLobby(page);
    expect(await page.getByTestId('balance').textContent()).toContain('$1,000.00');

    const discount = page.getByRole('button', { name: 'Discount' });
    await discount.click();
    // demo's last seeded session (5 hours ago) lost 24.00: the discount is 2.40.
    await toasts(page, 'You received $2.40').waitFor();
    expect(await toasts(page, 'You received $2.40').getAttribute('data-variant')).toBe('success');
    // The toast leaves the page's heading and its buttons (Discount, Bonus) free to press.
    const toast = (await toasts(page, 'You received $2.40').boundingBox())!;
    const button = (await discount.boundingBox())!;
    expect(toast.x >= button.x + button.width || toast.y >= button.y + button.height || button.x >= toast.x + toast.width || button.y >= toast.y + toast.height).toBe(true);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,002.40');
    expect(sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_240);
    expect(requests.count).toBe(1);

    await discount.click();
    await toasts(page, 'You can use discount only once per 5 minutes').waitFor();
    await page.waitForTimeout(300);
    expect(requests.count).toBe(1);
    expect(sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_240);
    expect(await page.getByTestId('balance').textContent()).toContain('$1,002.40');
  });

  it('with the balance check on, a balance of 100.00 or more is refused locally', async () => {
    const { sim, newPage } = await fresh({ settings: { AUTO_DISCOUNT: true } });
    const { page } = await newPage();
    const requests = countDiscountRequests(page);
    await loginToLobby(page);

    await page.getByRole('button', { name: 'Discount' }).click();
    const refused = toasts(page, 'Your balance must be below $100.00');
    await refused.waitFor();
    expect(await refused.getAttribute('data-variant')).toBe('warning');
    await page.waitForTimeout(300);
    expect(requests.count).toBe(0);
    expect(sim.floor.context.ledger.balance(DEMO_ID)).toBe(100_000);
  });

  it('is not offered while AUTO_DISCOUNT is off (the default)', async () => {
    const { newPage } = await fresh({});
    const { page } = await newPage();
    await loginToLobby(page);
    expect(await page.getByRole('button', { name: 'Discount' }).count()).toBe(0);
  });
});
