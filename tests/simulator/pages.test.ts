/**
 * /login's own page (issue 24): the build writes login.html and a sibling per language with the
 * screen painted in (scripts/prerender.ts); the simulator sends the one in its default language
 * for /login, and index.html for every other address of the client's router.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loginFileName } from '../../protocol/pages.ts';
import { startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const page = (language: string) => `<!doctype html><html lang="${language}"><body><div id="root" data-prerendered="login">${language}</div></body></html>`;

async function withPages(language: 'en' | 'tr' | 'ar' | 'bg', files: string[]): Promise<TestSimulator> {
  const sim = await startTestSimulator({ settings: { DEFAULT_LANG: language } });
  for (const name of files) writeFileSync(join(sim.root, 'static', name), page(name));
  return sim;
}

describe('the login page of the build', () => {
  it('names one file per language, English the plain one', () => {
    expect(['en', 'tr', 'ar', 'bg'].map(loginFileName)).toEqual(['login.html', 'login.tr.html', 'login.ar.html', 'login.bg.html']);
  });

  it('is sent for /login in the operator’s default language, and index.html for the other addresses', async () => {
    t = await withPages('tr', ['login.html', 'login.tr.html', 'login.ar.html']);
    const login = await fetch(`${t.url}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toMatch(/^text\/html/);
    expect(login.headers.get('cache-control')).toBe('no-cache');
    expect(await login.text()).toContain('>login.tr.html<');
    for (const address of ['/lobby', '/login/x', '/', '/game/3']) {
      expect(await (await fetch(`${t.url}${address}`)).text(), address).not.toContain('data-prerendered');
    }
  });

  it('follows the operator’s language when the control API changes it', async () => {
    t = await withPages('en', ['login.html', 'login.ar.html']);
    expect(await (await fetch(`${t.url}/login`)).text()).toContain('>login.html<');
    const changed = await fetch(`${t.url}/sim/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ DEFAULT_LANG: 'ar' }) });
    expect(changed.status).toBe(200);
    expect(await (await fetch(`${t.url}/login`)).text()).toContain('>login.ar.html<');
  });

  it('is not sent while the login screen is not the form: the logo first (LOGIN_SPLASH), or no login (TOKEN_LOGIN)', async () => {
    t = await withPages('en', ['login.html']);
    for (const setting of ['LOGIN_SPLASH', 'TOKEN_LOGIN']) {
      const put = (value: boolean) =>
        fetch(`${t!.url}/sim/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ [setting]: value }) });
      expect((await put(true)).status).toBe(200);
      expect(await (await fetch(`${t.url}/login`)).text()).not.toContain('data-prerendered');
      expect((await put(false)).status).toBe(200);
      expect(await (await fetch(`${t.url}/login`)).text()).toContain('>login.html<');
    }
  });

  it('falls back to index.html when the build has no page for that language', async () => {
    t = await withPages('bg', ['login.html']);
    const text = await (await fetch(`${t.url}/login`)).text();
    expect(text).not.toContain('data-prerendered');
    expect(text.length).toBeGreaterThan(0);
  });
});
