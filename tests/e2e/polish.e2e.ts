/**
 * The smaller things players saw (issue 14, bug 9): the space under page headings.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PORTRAIT, startHarness, type Harness } from './harness.ts';
import { loginToLobby } from './play.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const SMALL_PHONE: BrowserContextOptions = { ...PHONE_PORTRAIT, viewport: { width: 360, height: 640 } };

/**
 * From the bottom of what the page's header shows (its heading, or the line under it) to the
 * top of the first thing after it, in px.
 */
function spaceUnderHeading(page: Page): Promise<number> {
  return page.evaluate(() => {
    const visible = (element: Element | null | undefined) => element !== null && element !== undefined && element.getBoundingClientRect().height > 0;
    const header = document.querySelector('h1')!.closest('header')!;
    const shown = [...header.children].filter(visible);
    let next = header.nextElementSibling;
    while (next && !visible(next)) next = next.nextElementSibling;
    return Math.round(next!.getBoundingClientRect().top - shown.at(-1)!.getBoundingClientRect().bottom);
  });
}

describe('page headings', () => {
  it.each([
    ['360×640', SMALL_PHONE],
    ['390×844', PHONE_PORTRAIT],
    ['desktop', DESKTOP],
  ] as const)('%s: every page has the same 24 px under its heading, the lobby too', async (_screen, context) => {
    const { page, context: browserContext } = await h.newPage({ context });
    await loginToLobby(page);
    const spaces: Record<string, number> = {};
    await page.getByTestId('brand-1').waitFor();
    spaces['/lobby'] = await spaceUnderHeading(page);
    await page.getByTestId('brand-1').click();
    await page.getByTestId('machine-1').waitFor();
    spaces['/lobby/1/:name'] = await spaceUnderHeading(page);
    for (const path of ['/profile', '/slot-sessions', '/transactions']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      spaces[path] = await spaceUnderHeading(page);
    }
    // The lobby had 56 px: the heading's margin, the header's and the lobby's gap added up.
    expect(spaces).toEqual({ '/lobby': 24, '/lobby/1/:name': 24, '/profile': 24, '/slot-sessions': 24, '/transactions': 24 });
    await browserContext.close();
  });
});
