/** Regenerates the README's screenshots from the real product on the simulator (needs `npm run build`). */
import { chromium } from 'playwright-core';
import { startSimulator } from '../simulator/server.ts';

const sim = await startSimulator({ port: 0, memory: true, staticDir: 'dist' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 700 }, baseURL: sim.url });
  await page.goto('/login');
  await page.getByLabel('Email or username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.screenshot({ path: 'docs/screenshot-login.png' });
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/lobby$/);
  await page.getByText('$1,000.00').waitFor();
  await page.screenshot({ path: 'docs/screenshot-lobby.png' });
  console.log('docs/screenshot-login.png, docs/screenshot-lobby.png');
} finally {
  await browser.close();
  await sim.close();
}
