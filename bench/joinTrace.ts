import type { Page } from 'playwright-core';
import { percentile } from './inputLatency.ts';

/**
 * What a join goes through, seen from the page: the milestones of the machine socket and of the
 * WHEP peer, each timed from the click. Installed in every document the page loads (an init
 * script wrapping WebSocket, RTCPeerConnection and fetch); read after each join.
 */

export const MILESTONES = [
  ['socket', 'machine socket created'],
  ['peer', 'peer connection created'],
  ['socketOpen', 'machine socket open'],
  ['offer', 'offer set (setLocalDescription)'],
  ['joined', 'joined answered'],
  ['candidate', 'first ICE candidate gathered'],
  ['post', 'WHEP POST sent'],
  ['answer', 'WHEP answer received'],
  ['remote', 'answer applied'],
  ['ice', 'ICE connected'],
  ['connected', 'DTLS connected (peer connected)'],
  ['frame', 'first frame presented'],
] as const;
export type Milestone = (typeof MILESTONES)[number][0];

declare global {
  interface Window {
    __benchMarks?: Partial<Record<Milestone, number>>;
  }
}

export async function installJoinTrace(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const mark = (name: Milestone) => {
      const marks = (window.__benchMarks ??= {});
      marks[name] ??= performance.now();
    };
    const NativeSocket = window.WebSocket;
    window.WebSocket = class extends NativeSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!String(url).includes('/ws/machine')) return;
        mark('socket');
        this.addEventListener('open', () => mark('socketOpen'));
        this.addEventListener('message', (event) => {
          if (typeof event.data === 'string' && event.data.includes('"type":"joined"')) mark('joined');
        });
      }
    };
    const NativePeer = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends NativePeer {
      constructor(config?: RTCConfiguration) {
        super(config);
        mark('peer');
        this.addEventListener('icecandidate', (event) => {
          if (event.candidate) mark('candidate');
        });
        this.addEventListener('iceconnectionstatechange', () => {
          if (this.iceConnectionState === 'connected') mark('ice');
        });
        this.addEventListener('connectionstatechange', () => {
          if (this.connectionState === 'connected') mark('connected');
        });
      }
      override async setLocalDescription(description?: RTCLocalSessionDescriptionInit): Promise<void> {
        await super.setLocalDescription(description);
        mark('offer');
      }
      override async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
        await super.setRemoteDescription(description);
        mark('remote');
      }
    };
    const nativeFetch = window.fetch;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const whep = String(input instanceof Request ? input.url : input).includes('/whep/') && (init?.method ?? 'GET') === 'POST';
      if (whep) mark('post');
      const response = await nativeFetch(input, init);
      if (whep) mark('answer');
      return response;
    };
  });
}

/** The milestones of the join just made, in ms from the click (read once its first frame is up). */
export async function joinMarks(page: Page, clickAt: number, frameAt: number): Promise<Partial<Record<Milestone, number>>> {
  const marks = await page.evaluate(() => window.__benchMarks ?? {});
  const out: Partial<Record<Milestone, number>> = { frame: frameAt - clickAt };
  for (const [name, at] of Object.entries(marks) as [Milestone, number][]) out[name] = at - clickAt;
  return out;
}

/** Resets the marks before a click (the lobby page's own fetches are not a join's). */
export async function clearJoinMarks(page: Page): Promise<void> {
  await page.evaluate(() => (window.__benchMarks = {}));
}

export function printJoinSteps(joins: Partial<Record<Milestone, number>>[]): void {
  console.log('join milestones, ms from the click, median / p95:');
  for (const [name, label] of MILESTONES) {
    const values = joins.map((join) => join[name]).filter((v): v is number => v !== undefined);
    if (values.length === 0) continue;
    console.log(`  ${label.padEnd(34)} ${percentile(values, 0.5).toFixed(0).padStart(5)} / ${percentile(values, 0.95).toFixed(0).padStart(5)}`);
  }
}
