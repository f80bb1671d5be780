import type { Page } from 'playwright-core';

/**
 * Counts the page's layout shifts (not those right after the player's input) from its first
 * moment: the returned function reads the sum so far, as Lighthouse's CLS adds them up.
 */
export async function watchShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}
