/**
 * Helpers of the play end-to-end tests (and the model replays, tests/model/): the simulator's control
 * API, joining a machine from the lobby, reading the decoded video and the money on screen. Only
 * expectFramesGrowing needs vitest's runner.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Simulator } from '../../simulator/server.ts';
import { login } from '../../scripts/browser/harness.ts';

export const DEMO_ID = 1;

/** Money as the client shows it (en-US, USD). */
export function usd(minor: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
}

/** A call of the simulator's control API (or any of its REST calls); throws on a non-2xx answer. */
export async function simCall(sim: Simulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const answer = await fetch(`${sim.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Logs in from /login and waits for the lobby with the balance loaded. */
export async function loginToLobby(page: Page, username = 'demo', password = 'demo1234'): Promise<void> {
  await page.goto('/login');
  await login(page, username, password);
  await page.waitForURL(/\/lobby$/);
  await page.getByTestId('balance').filter({ hasText: /\$[\d,]+\.\d\d/ }).waitFor({ timeout: 10_000 });
}

/** From the lobby: pick the brand, press Play on the machine, wait until the game is live. */
export async function joinFromLobby(page: Page, brandId: number, machineId: number): Promise<void> {
  await page.getByTestId(`brand-${brandId}`).click();
  const tile = page.getByTestId(`machine-${machineId}`);
  await tile.getByRole('button', { name: 'Play' }).click();
  await page.waitForURL(new RegExp(`/game/${machineId}/[a-z0-9-]+$`));
  await waitLive(page);
}

/** The game is live: the side bar's Spin is enabled and the credits are known. */
export async function waitLive(page: Page): Promise<void> {
  await page.locator('button:has-text("Spin"):enabled').waitFor();
  await page.getByTestId('game-credits').filter({ hasText: /^\$/ }).waitFor();
}

/** Opens Money transfer (if closed) and presses the hot coin with this label, e.g. '$50.00'. */
export async function transfer(page: Page, label: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Money transfer' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('group', { name: 'Transfer to the machine' }).getByRole('button', { name: label, exact: true }).click();
}

export interface VideoSample {
  width: number;
  frames: number;
  readyState: number;
  paused: boolean;
}

/** What the <video> has decoded so far. */
export function sampleVideo(page: Page): Promise<VideoSample> {
  return page.getByTestId('machine-video').evaluate((element) => {
    const video = element as HTMLVideoElement;
    return {
      width: video.videoWidth,
      frames: video.getVideoPlaybackQuality().totalVideoFrames,
      readyState: video.readyState,
      paused: video.paused,
    };
  });
}

/** Waits until the video has a picture and its decoded frame count grows between two samples. */
export async function expectFramesGrowing(page: Page, timeout = 10_000): Promise<{ before: VideoSample; after: VideoSample }> {
  await expect.poll(async () => (await sampleVideo(page)).width, { timeout }).toBeGreaterThan(0);
  const before = await sampleVideo(page);
  await expect.poll(async () => (await sampleVideo(page)).frames, { timeout }).toBeGreaterThan(before.frames + 5);
  return { before, after: await sampleVideo(page) };
}

/** The toasts currently shown whose text matches. */
export function toasts(page: Page, text: string | RegExp) {
  return page.locator('[aria-live="polite"] > [data-variant]').filter({ hasText: text });
}

declare global {
  interface Window {
    __toastLog?: string[];
  }
}

/**
 * Logs every text a toast shows, as `<node>:<text>` where <node> numbers the toast's DOM element:
 * a toast updated in place keeps its number; a text shown only for a moment is still logged.
 * Call before the page loads the app.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: string[] = [];
    const serials = new WeakMap<Element, number>();
    let nodes = 0;
    window.__toastLog = log;
    new MutationObserver(() => {
      document.querySelectorAll('[aria-live="polite"] > [data-variant]').forEach((toast) => {
        if (!serials.has(toast)) serials.set(toast, ++nodes);
        const entry = `${serials.get(toast)}:${toast.textContent ?? ''}`;
        if (!log.includes(entry)) log.push(entry);
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export function toastLog(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__toastLog ?? []);
}
