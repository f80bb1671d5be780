import { startHarness, login } from './browser/harness.ts';
import { loginToLobby } from '../tests/e2e/play.ts';
for (let run = 0; run < 6; run++) {
  const clock = { offset: 0 };
  const h = await startHarness({ rngSeed: 'look', now: () => Date.now() + clock.offset });
  const { page } = await h.newPage();
  await loginToLobby(page);
  await page.goto('/profile');
  clock.offset += 24 * 3600_000;
  await page.addInitScript(() => {
    (window as any).__log = [];
    const seen = new WeakSet();
    const t0 = performance.now();
    const all: HTMLInputElement[] = [];
    let last = '';
    const look = () => {
      for (const f of document.querySelectorAll('input[name="username"]')) {
        if (!seen.has(f)) { seen.add(f); all.push(f as HTMLInputElement); }
      }
      const state = all.map((f, i) => `${i}:${f.isConnected ? 'in' : 'out'}/${f.offsetParent !== null ? 'vis' : 'hid'}`).join(' ');
      const screen = document.body ? (document.body.innerText || '').slice(0, 40).replace(/\s+/g, ' ') : '';
      if (state !== last) { last = state; (window as any).__log.push([Math.round(performance.now() - t0), state, screen]); }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto('/login');
  const t = Date.now();
  if (process.argv[2] === 'wait') await page.waitForTimeout(1500);
  await login(page).catch((e) => console.log('login failed', String(e).slice(0, 80)));
  const ok = await page.waitForURL(/\/lobby$/, { timeout: 8000 }).then(() => true, () => false);
  const info = await page.evaluate(() => ({
    log: (window as any).__log,
    inputs: [...document.querySelectorAll('input[name="username"]')].map((i) => [(i as HTMLInputElement).value, (i as HTMLElement).offsetParent !== null, i.closest('[hidden],[aria-hidden="true"]') !== null]),
  }));
  console.log(run, ok, Date.now() - t, JSON.stringify(info));
  await h.close();
}
