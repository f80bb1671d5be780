/**
 * The login paints from HTML (issue 24): /login comes with the screen painted in, in the
 * operator's language, before any script runs; the app hydrates it without a shift and keeps
 * what the player typed meanwhile; only a guest on /login gets it.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startHarness, type Harness } from '../../scripts/browser/harness.ts';
import { ROUTER_CHUNK } from '../../scripts/chunks.ts';
import { watchShift } from './shift.ts';

/** Layout shifts and console errors (a failed hydration is one) from the page's first moment. */
async function watch(page: Page): Promise<{ errors: string[]; shift: () => Promise<number> }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { errors, shift: await watchShift(page) };
}

/** Holds the app's code (everything under /assets/) until release() — the page is HTML alone. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Holds the page's requests to `url` until the returned release is called. */
async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The operator's settings answer only once released: the painted form is up, the app not booted. */
const holdSettings = (page: Page) => holdRequests(page, '**/Settings.json');

/** Holds the page's token checks (`/api/validate`) until the returned release is called. */
const holdTokenCheck = (page: Page) => holdRequests(page, '**/api/validate');

/** Fills the form and presses Login as soon as it can be pressed. */
async function pressLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const button = page.getByRole('button', { name: 'Login' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

/** demo logs in on the page, goes away, and the operator ends that login: the page keeps its token. */
async function keptLoginEnded(page: Page, sim: string): Promise<void> {
  await page.goto('/login');
  await login(page);
  await page.waitForURL(/\/lobby$/);
  await page.goto('about:blank');
  await fetch(`${sim}/sim/end-session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo' }) });
}

/** Whose login this browser keeps (the username in the kept token). */
async function keptPlayer(page: Page): Promise<string | undefined> {
  const kept = await page.evaluate(() => localStorage.getItem('jwt_access_token') ?? sessionStorage.getItem('jwt_access_token'));
  return kept ? (JSON.parse(atob(kept.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { username?: string }).username : undefined;
}


/**
 * A front for the simulator whose /login arrives in two parts, the second `pause` ms after the
 * first (a slow network, or a phone's parser that paints before it has read the page).
 */
async function slowLoginFront(target: string, pause: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((incoming, answer) => {
    const headers = { ...incoming.headers, host: new URL(target).host, 'accept-encoding': 'identity' };
    const upstream = httpRequest(new URL(incoming.url ?? '/', target), { method: incoming.method, headers }, (response) => {
      if (!incoming.url?.startsWith('/login')) {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
        return;
      }
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        const page = Buffer.concat(parts);
        const half = page.indexOf('<form');
        const { 'content-length': _length, ...rest } = response.headers;
        answer.writeHead(response.statusCode ?? 502, rest);
        answer.write(page.subarray(0, half));
        setTimeout(() => answer.end(page.subarray(half)), pause);
      });
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the login painted from HTML', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the whole form before any script runs', async () => {
    const { page } = await h.newPage({ context: { javaScriptEnabled: false, viewport: { width: 390, height: 844 } } });
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to play' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email or username').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    // Styled already: the night theme's page and the card, not unstyled HTML.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 13, 23)');
    const card = await page.getByRole('main').evaluate((main) => main.firstElementChild?.getBoundingClientRect().width ?? 0);
    expect(card).toBeGreaterThan(300);
    expect(card).toBeLessThanOrEqual(390);
  });

  it('asks for the operator\'s settings once, from the page\'s first script, beside the app\'s code rather than after it', async () => {
    for (const address of ['/login', '/lobby']) {
      const { page, context } = await h.newPage();
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(address);
      // The app has booted (settings, language, IP check): the login form is its own.
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-first-login="booting"], form[data-checking]'), undefined, { timeout: 20_000 });
      // One request (the page's first script sends it, the app takes its answer), sent before the app's code is asked for.
      expect(asked.filter((path) => path === '/Settings.json')).toHaveLength(1);
      expect(asked.indexOf('/Settings.json')).toBeLessThan(asked.findIndex((path) => /^\/assets\/boot-/.test(path)));
      await context.close();
    }
  });

  it('is painted whole or not at all: a page that arrives in parts does not grow under the player', async () => {
    const front = await slowLoginFront(h.sim.url, 700);
    try {
      const { page } = await h.newPage();
      const { shift } = await watch(page);
      // The page alone: the app's code is held back.
      await holdScripts(page);
      await page.goto(`${front.url}/login`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.waitForTimeout(300);
      // The heading's card came first, the form 700 ms later: had the browser painted between them
      // (centred, the card grew upward and down), the heading would have moved.
      expect(await shift()).toBe(0);
    } finally {
      await front.close();
    }
  });

  it('keeps what was typed before the script ran, hydrates without a shift, and signs in', async () => {
    const { page } = await h.newPage({ context: { viewport: { width: 390, height: 844 } } });
    const { errors, shift } = await watch(page);
    const release = await holdScripts(page);
    // The operator's settings late too: what follows is the hydrated page, before the app has booted.
    let settingsIn!: () => void;
    const settingsHeld = new Promise<void>((resolve) => (settingsIn = resolve));
    await page.route('**/Settings.json', async (route) => {
      await settingsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByLabel('Remember me').uncheck();
    await page.getByLabel('Password', { exact: true }).focus();
    release();
    // Live: the button the page brought disabled (empty fields) is enabled by the app, with
    // nothing typed after the script ran; the player is still in the password field.
    const button = page.getByRole('button', { name: 'Login' });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByLabel('Email or username').inputValue()).toBe('demo');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('demo1234');
    expect(await page.getByLabel('Remember me').isChecked()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    // Booted and routed: still the very form the page was painted with, where the player is.
    const painted = () => page.evaluate(() => (document.querySelector('input[name=password]') as { painted?: true } | null)?.painted === true);
    await page.evaluate(() => Object.assign(document.querySelector('input[name=password]')!, { painted: true }));
    expect(await page.locator('h1[data-first-login]').count()).toBe(1);
    settingsIn();
    await page.locator('h1[data-first-login]').waitFor({ state: 'detached' });
    await page.locator('[aria-live="polite"]').first().waitFor({ state: 'attached' });
    expect(await painted()).toBe(true);
    expect(await page.locator('input[name=password]').count()).toBe(1);
    expect(await page.getByLabel('Email or username').inputValue()).toBe('demo');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await button.click();
    await page.waitForURL(/\/lobby$/);
    // Not remembered: the token went to this tab's session only.
    expect(await page.evaluate(() => [localStorage.getItem('jwt_access_token'), sessionStorage.getItem('jwt_access_token') !== null])).toEqual([null, true]);
    expect(await shift()).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });

  it('signs in on a press whose down comes before the router and whose up after it', async () => {
    const { page } = await h.newPage();
    // The router's code held back: the painted form is live (booted), the router not yet there.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // (Routed.tsx is built into the router's file: scripts/chunks.ts.)
    let heldRouter = 0;
    await page.route(new RegExp(`/assets/${ROUTER_CHUNK}-[^/]*\\.js$`), async (route) => {
      heldRouter += 1;
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    const login = page.getByRole('button', { name: 'Login' });
    await expect.poll(() => login.isEnabled()).toBe(true);
    await page.waitForLoadState('load');
    // The router's file was asked for and is held (the form was turned to): not merely late.
    await expect.poll(() => heldRouter).toBe(1);
    expect(await page.locator('[aria-live="polite"]').count()).toBe(0);
    const box = (await login.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The router and its login page are in (its toasts' region with them), the button still held.
    await page.locator('[aria-live="polite"]').first().waitFor({ state: 'attached' });
    await page.mouse.up();
    // Two forms, one after the other, lost this press: the click went to neither.
    await page.waitForURL(/\/lobby$/);
  });

  it('keeps a Login pressed on the hydrated form before the app had booted, and sends it once', async () => {
    const { page } = await h.newPage();
    // The operator's settings answer late: the hydrated form is up, the app is not booted.
    const release = await holdSettings(page);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) logins.push(request.method());
    });
    await page.goto('/login');
    await pressLogin(page, 'demo', 'demo1234');
    await expect.poll(() => page.getByRole('button', { name: 'Signing in...' }).isVisible()).toBe(true);
    expect(logins).toEqual([]);
    release();
    await page.waitForURL(/\/lobby$/);
    expect(logins).toEqual(['POST']);
  });

  it('a Login pressed before the app had booted, on a page with another player’s kept login, signs in as typed, not as the kept player', async () => {
    const { page } = await h.newPage();
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    // Another player at the same browser: /login again, the demo player's login kept; the
    // operator's settings answer late, so the form is up before the app has booted.
    const release = await holdSettings(page);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) logins.push(request.postDataJSON()?.username);
    });
    await page.goto('/login');
    await pressLogin(page, 'player2', 'player2pass');
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    release();
    await page.waitForURL(/\/lobby$/);
    expect(logins).toEqual(['player2']);
    // The page is player2's: the token it keeps is the one their login answered.
    expect(await keptPlayer(page)).toBe('player2');
  });

  it('the kept login’s refusal, answered after that new login went through, does not end it', async () => {
    const { page } = await h.newPage();
    // The demo player's kept login ends while the page is away: its check will be refused (401).
    await keptLoginEnded(page, h.sim.url);
    const release = await holdSettings(page);
    const letCheckGo = await holdTokenCheck(page);
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/validate') && response.status() === 401);
    await page.goto('/login');
    await pressLogin(page, 'player2', 'player2pass');
    release();
    // player2 is in before the check of the old login has an answer…
    await page.waitForURL(/\/lobby$/);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    // …which then comes: a 401 for the token let go, not for player2's.
    letCheckGo();
    await refused;
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/lobby');
    expect(await page.getByText('@player2').isVisible()).toBe(true);
    expect(await keptPlayer(page)).toBe('player2');
  });

  it('says so, with a reload that works, when the app’s code cannot be downloaded (any page)', async () => {
    const { page } = await h.newPage();
    const boot = /\/assets\/boot-[^/]*\.js$/;
    await page.route(boot, (route) => route.abort('internetdisconnected'));
    await page.goto('/lobby');
    // Not the loading card forever: the network error, and its button has the focus.
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('error on network connection please reflesh your page');
    const retry = page.getByRole('button', { name: 'Try again' });
    expect(await retry.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    // The network is back: the button reloads, and the app comes (a guest: the login).
    await page.unroute(boot);
    await retry.click();
    await page.waitForURL(/\/login/);
    await page.getByRole('heading', { name: 'Sign in to play' }).waitFor();
    await expect.poll(() => page.getByLabel('Email or username').isEditable()).toBe(true);
  });

  it('does not evaluate the router or the logged-in half for a guest who only looks: the router comes when the player turns to the form, the rest once a login is on its way', async () => {
    // No service worker: it would fetch every chunk on idle (fetched, not evaluated).
    const { page } = await h.newPage({ context: { serviceWorkers: 'block' } });
    const chunks: string[] = [];
    page.on('request', (request) => {
      // The router's file, and the logged-in half's (scripts/chunks.ts).
      const name = new URL(request.url()).pathname.match(/^\/assets\/(app-router|logged-in)-/)?.[1];
      if (name) chunks.push(name);
    });
    await page.goto('/login');
    await page.locator('h1[data-first-login]').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(chunks).toEqual([]);
    await page.getByLabel('Email or username').focus();
    await expect.poll(() => [...chunks]).toEqual(['app-router']);
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    expect([...new Set(chunks)].sort()).toEqual(['app-router', 'logged-in']);
  });

  it("a kept login downloads the router's and the logged-in half's code beside the boot's, not after the token check", async () => {
    const { page } = await h.newPage({ context: { serviceWorkers: 'block' } });
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    const chunks: string[] = [];
    page.on('request', (request) => {
      const name = new URL(request.url()).pathname.match(/^\/assets\/(app-router|logged-in)-/)?.[1];
      if (name) chunks.push(name);
    });
    // The boot's code is held: whatever comes meanwhile, the page's first script asked for.
    const letBootGo = await holdRequests(page, /\/assets\/boot-[\w-]+\.js$/);
    await page.goto('/lobby');
    await expect.poll(() => [...chunks].sort()).toEqual(['app-router', 'logged-in']);
    letBootGo();
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    // Preloaded, then taken from the preload: each downloaded once.
    expect([...chunks].sort()).toEqual(['app-router', 'logged-in']);
  });

  it('only /login gets it: another address gets the loading card; a kept login is checked with the form standing and goes on to the lobby', async () => {
    const lobby = await fetch(`${h.sim.url}/lobby`).then((answer) => answer.text());
    expect(lobby).not.toContain('data-prerendered');
    const loginHtml = await fetch(`${h.sim.url}/login`).then((answer) => answer.text());
    expect(loginHtml).toContain('data-prerendered="login"');

    const { page } = await h.newPage();
    await page.goto('/login');
    await login(page);
    await page.waitForURL(/\/lobby$/);
    // Remembered: a reload of /login checks the kept login — the painted form standing meanwhile,
    // read-only, saying so — and goes on to the lobby, the form gone.
    const letCheckGo = await holdTokenCheck(page);
    await page.goto('/login');
    const checking = page.getByRole('button', { name: 'Checking your login...' });
    await checking.waitFor();
    expect(await checking.isDisabled()).toBe(true);
    expect(await page.getByLabel('Email or username').isEditable()).toBe(false);
    letCheckGo();
    await page.waitForURL(/\/lobby$/);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    expect(await page.locator('input[name=password]').count()).toBe(0);
  });

  it('a kept login the server no longer takes finds the same form it was painted with: read-only while checked, then live — one form from the paint to the login', async () => {
    const { page } = await h.newPage();
    // The player goes away; the operator ends the login meanwhile. The browser keeps its token
    // (remembered): nothing was there to hear the end.
    await keptLoginEnded(page, h.sim.url);
    // Every login form this page ever makes, counted by its username field.
    await page.addInitScript(() => {
      const forms = new Set<Element>();
      Object.assign(window, { loginForms: forms });
      new MutationObserver(() => document.querySelectorAll('input[name=username]').forEach((input) => forms.add(input))).observe(document, {
        childList: true,
        subtree: true,
      });
    });
    // The check held until the read-only form has been seen (nothing can be typed while it runs:
    // typing starts once the same form is live again).
    const letCheckGo = await holdTokenCheck(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Checking your login...' }).waitFor();
    letCheckGo();
    await page.locator('form[data-checking]').waitFor({ state: 'detached' });
    await page.getByLabel('Email or username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/lobby$/);
    expect(await page.evaluate(() => (window as unknown as { loginForms: Set<Element> }).loginForms.size)).toBe(1);
  });
});

describe('the login painted in the operator’s language', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ settings: { DEFAULT_LANG: 'ar' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is Arabic and right to left before any script runs, and hydrates as it is', async () => {
    const { page: bare } = await h.newPage({ context: { javaScriptEnabled: false } });
    await bare.goto('/login');
    expect(await bare.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await bare.getByRole('heading', { level: 1 }).textContent()).toBe('سجّل الدخول لتبدأ اللعب');

    const { page } = await h.newPage();
    const { errors, shift } = await watch(page);
    await page.goto('/login');
    await page.getByRole('textbox').first().fill('demo');
    await page.locator('input[name=password]').fill('demo1234');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL(/\/lobby$/);
    expect(await shift()).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });

  it('says in Arabic that the network failed when the app’s code cannot be downloaded, the form no longer offered', async () => {
    const { page } = await h.newPage();
    await page.route(/\/assets\/boot-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('خطأ في الاتصال بالشبكة، يُرجى تحديث الصفحة');
    expect(await page.getByRole('button', { name: 'حاول مرة أخرى' }).isVisible()).toBe(true);
    expect(await page.locator('input[name=password]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });
});
