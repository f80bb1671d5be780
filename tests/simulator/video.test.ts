import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { createVideoService, ENCODER_MARKER, type VideoOptions, type VideoService } from '../../simulator/video/index.ts';
import { startEncoder } from '../../simulator/video/encoder.ts';
import { createEncoderSpares } from '../../simulator/video/spares.ts';
import type { ScreenState } from '../../simulator/video/screen.ts';
import { machineScreen } from './screenFixture.ts';
import type { FrameTrace } from '../../simulator/video/index.ts';
import { readStripOfEveryFrame } from '../../bench/inputLatency.ts';
import { CHROMIUM_ARGS } from '../../scripts/browser/harness.ts';

/**
 * The WHEP video service end to end: its HTTP contract (with werift as a Node client), then
 * real playback in Debian's Chromium, and the promise that no ffmpeg outlives its viewer.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SLOW = 60_000;

const SCREEN: ScreenState = machineScreen();

/** The viewer: a recvonly peer that POSTs its offer and plays the answer's track. */
const PAGE = `<!doctype html><meta charset="utf-8"><video id="v" muted playsinline autoplay></video><script>
window.join = async (url) => {
  const started = performance.now();
  const pc = new RTCPeerConnection();
  window.pc = pc;
  pc.addTransceiver('video', { direction: 'recvonly' });
  const video = document.getElementById('v');
  pc.ontrack = (event) => { video.srcObject = new MediaStream([event.track]); };
  await pc.setLocalDescription(await pc.createOffer());
  const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body: pc.localDescription.sdp });
  if (answer.status !== 201) throw new Error('POST answered ' + answer.status);
  const location = answer.headers.get('Location');
  await pc.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
  await new Promise((resolve) => video.requestVideoFrameCallback(() => resolve()));
  return { location, firstFrameMs: performance.now() - started, width: video.videoWidth, height: video.videoHeight };
};
// Decoded frames from the receiver's stats: what arrived and decoded, whatever the compositor
// of a busy headless browser manages to present.
window.frames = async () => {
  for (const report of (await window.pc.getStats()).values()) if (report.type === 'inbound-rtp') return report.framesDecoded ?? 0;
  return 0;
};
window.leave = async (location) => {
  const response = await fetch(location, { method: 'DELETE' });
  window.pc.close();
  return response.status;
};
</script>`;

interface Harness {
  video: VideoService;
  url: string;
  close(): Promise<void>;
}

async function startHarness(options: Partial<VideoOptions> = {}): Promise<Harness> {
  // Everyone may watch unless a test says otherwise (the simulator's own rule is tested in floor.test.ts).
  const video = createVideoService({ getScreen: (id) => (id === 'm1' ? SCREEN : undefined), fps: 30, authorize: async () => null, ...options });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    void video.handle(req, res, url).then((handled) => {
      if (handled) return;
      res.writeHead(url.pathname === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(url.pathname === '/' ? PAGE : 'not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    video,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await video.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** ffmpeg processes of one session (by its id), or of this test process when no id is given. */
function encoderProcesses(sessionId?: string): number[] {
  const args = sessionId ? ['-f', `${ENCODER_MARKER}:${sessionId}`] : ['-P', String(process.pid), '-f', ENCODER_MARKER];
  try {
    return execFileSync('pgrep', args, { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A werift peer as a WHEP client: enough for the HTTP contract, never connects. */
async function nodeOffer(): Promise<{ sdp: string; close(): Promise<void> }> {
  const pc = new RTCPeerConnection({ iceServers: [], iceUseIpv6: false });
  pc.addTransceiver('video', { direction: 'recvonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await until(() => pc.iceGatheringState === 'complete', 3000);
  return { sdp: pc.localDescription?.sdp ?? '', close: () => pc.close() };
}

function post(url: string, body: string, contentType = 'application/sdp'): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body, redirect: 'manual' });
}

async function expectError(response: Response, status: number): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { code: number; ErrorMessage: string; Params: object };
  expect(body.code).toBe(40000);
  expect(body.ErrorMessage).toEqual(expect.any(String));
  expect(body.Params).toEqual({});
}

describe('WHEP authorisation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      external: { 'm1/sd': 'https://media.example/whep/cam-1' },
      authorize: async (req) => {
        const bearer = req.headers.authorization;
        if (bearer === undefined) return { status: 401, message: 'no token' };
        return bearer === 'Bearer holder' ? null : { status: 403, message: 'not yours' };
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });
  const send = (band: string, bearer?: string) =>
    fetch(`${h.url}/whep/m1/${band}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', ...(bearer ? { authorization: bearer } : {}) },
      body: 'v=0',
      redirect: 'manual',
    });

  it('is asked before anything else, also before an external redirect, and refuses with 401 or 403', async () => {
    const none = await send('hd');
    await expectError(none, 401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    await expectError(await send('hd', 'Bearer someone'), 403);
    await expectError(await send('sd', 'Bearer someone'), 403);
    expect((await send('sd', 'Bearer holder')).status).toBe(307);
    // Let through: the (unusable) offer is what is refused now.
    await expectError(await send('hd', 'Bearer holder'), 400);
    expect(h.video.activeEncoders()).toBe(0);
  });
});

describe('WHEP HTTP contract', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ external: { 'm1/sd': 'https://media.example/whep/cam-1' }, connectTimeoutMs: 1500, maxSessions: 2 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers only /whep paths', async () => {
    const response = await fetch(`${h.url}/`);
    expect(response.status).toBe(200);
    await expectError(await fetch(`${h.url}/whep`), 404);
    await expectError(await fetch(`${h.url}/whep/m1/hd/a/b`), 404);
  });

  it('lists bands with their WHEP URLs', () => {
    expect(h.video.bandsFor('m1').map((band) => [band.id, band.name, band.Order, band.width, band.height, band.whepUrl])).toEqual([
      ['720p', '720p', 3, 1280, 720, '/whep/m1/720p'],
      ['hd', '360p', 2, 640, 360, '/whep/m1/hd'],
      ['sd', '180p', 1, 320, 180, '/whep/m1/sd'],
    ]);
    expect(h.video.bandsFor('m1', 'http://sim:8080')[1]?.whepUrl).toBe('http://sim:8080/whep/m1/hd');
    expect(h.video.bandsFor('nope')).toEqual([]);
  });

  it('answers OPTIONS with the allowed methods', async () => {
    const response = await fetch(`${h.url}/whep/m1/hd`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('OPTIONS, POST');
    expect(response.headers.get('accept-post')).toBe('application/sdp');
    await expectError(await fetch(`${h.url}/whep/m1/hd`), 405);
  });

  it('refuses a wrong content type, unknown machines and bands, garbage and huge offers', async () => {
    const { sdp, close } = await nodeOffer();
    try {
      await expectError(await post(`${h.url}/whep/m1/hd`, sdp, 'application/json'), 415);
      await expectError(await post(`${h.url}/whep/nope/hd`, sdp), 404);
      await expectError(await post(`${h.url}/whep/m1/4k`, sdp), 404);
      await expectError(await post(`${h.url}/whep/m1/hd`, 'hello'), 400);
      await expectError(await post(`${h.url}/whep/m1/hd`, `v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\n`), 400);
      await expectError(await post(`${h.url}/whep/m1/hd`, sdp.replace(/VP8/g, 'XYZ')), 400);
      await expectError(await post(`${h.url}/whep/m1/hd`, sdp + 'a=x\r\n'.repeat(20_000)), 413);
      expect(h.video.activeEncoders()).toBe(0);
    } finally {
      await close();
    }
  });

  it('survives hostile paths and a POST aborted mid-body', async () => {
    await expectError(await fetch(`${h.url}/whep/%E0%A4%A/hd`, { method: 'POST' }), 404);
    await expectError(await post(`${h.url}/whep/__proto__/hd`, 'v=0'), 404);
    await new Promise<void>((resolve) => {
      const req = request(`${h.url}/whep/m1/hd`, { method: 'POST', headers: { 'Content-Type': 'application/sdp', 'Content-Length': '5000' } });
      req.on('error', () => resolve());
      req.write('v=0\r\n', () => setTimeout(() => {
        req.destroy();
        resolve();
      }, 50));
    });
    const response = await fetch(`${h.url}/whep/m1/hd`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(h.video.activeEncoders()).toBe(0);
  });

  it('redirects a band with an external source (307 keeps the POST and its offer)', async () => {
    const response = await post(`${h.url}/whep/m1/sd`, 'v=0');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://media.example/whep/cam-1');
  });

  it(
    'creates a session, refuses PATCH, ends it with DELETE and its ffmpeg with it',
    async () => {
      const { sdp, close } = await nodeOffer();
      try {
        const response = await post(`${h.url}/whep/m1/hd`, sdp);
        expect(response.status).toBe(201);
        expect(response.headers.get('content-type')).toBe('application/sdp');
        const location = response.headers.get('location') ?? '';
        expect(location).toMatch(/^\/whep\/m1\/hd\/[0-9a-f-]{36}$/);
        expect(response.headers.get('etag')).toMatch(/^".+"$/);
        const answer = await response.text();
        expect(answer).toMatch(/^m=video [1-9]/m);
        expect(answer).toMatch(/a=rtpmap:\d+ VP8\/90000/);
        expect(answer).toMatch(/a=sendonly/);
        expect(answer).toMatch(/a=candidate:.* 127\.0\.0\.1 /);
        // werift is the DTLS client (see session.ts: as the server, joins under load could hang).
        expect(answer).toMatch(/^a=setup:active/m);
        const sessionId = location.split('/').pop() ?? '';
        expect(h.video.activeSessions()).toBe(1);
        expect(h.video.activeEncoders()).toBe(1);
        expect(encoderProcesses(sessionId)).toHaveLength(1);

        const options = await fetch(`${h.url}${location}`, { method: 'OPTIONS' });
        expect(options.status).toBe(204);
        expect(options.headers.get('allow')).toBe('OPTIONS, DELETE');
        const patch = await fetch(`${h.url}${location}`, { method: 'PATCH', headers: { 'Content-Type': 'application/trickle-ice-sdpfrag' }, body: 'a=end-of-candidates' });
        await expectError(patch, 405);
        expect(patch.headers.get('allow')).toBe('OPTIONS, DELETE');
        await expectError(await fetch(`${h.url}/whep/m1/sd/${sessionId}`, { method: 'DELETE' }), 404);

        const deleted = await fetch(`${h.url}${location}`, { method: 'DELETE' });
        expect(deleted.status).toBe(200);
        expect(h.video.activeSessions()).toBe(0);
        expect(h.video.activeEncoders()).toBe(0);
        expect(encoderProcesses(sessionId)).toEqual([]);
        await expectError(await fetch(`${h.url}${location}`, { method: 'DELETE' }), 404);
      } finally {
        await close();
      }
    },
    SLOW,
  );

  it('answers an offer that insists on being the DTLS server as the client', async () => {
    const { sdp, close } = await nodeOffer();
    try {
      const response = await post(`${h.url}/whep/m1/hd`, sdp.replace(/^a=setup:actpass/gm, 'a=setup:passive'));
      expect(response.status).toBe(201);
      expect(await response.text()).toMatch(/^a=setup:active/m);
      const deleted = await fetch(`${h.url}${response.headers.get('location') ?? ''}`, { method: 'DELETE' });
      expect(deleted.status).toBe(200);
    } finally {
      await close();
    }
  }, SLOW);

  it(
    'frees a viewer whose ICE never connects, and answers 503 when full',
    async () => {
      const offers = await Promise.all([nodeOffer(), nodeOffer(), nodeOffer()]);
      try {
        const first = await post(`${h.url}/whep/m1/hd`, offers[0]?.sdp ?? '');
        const second = await post(`${h.url}/whep/m1/hd`, offers[1]?.sdp ?? '');
        expect([first.status, second.status]).toEqual([201, 201]);
        const full = await post(`${h.url}/whep/m1/hd`, offers[2]?.sdp ?? '');
        expect(full.status).toBe(503);
        expect(full.headers.get('retry-after')).toBe('5');
        expect(h.video.activeEncoders()).toBe(2);
        // Nobody applies the answers, so ICE never connects: connectTimeoutMs (1.5 s) frees both.
        expect(await until(() => h.video.activeEncoders() === 0, 6000)).toBe(true);
        expect(h.video.activeSessions()).toBe(0);
        // What still runs is at most the band's one idle spare, never a viewer's encoder.
        expect(await until(() => encoderProcesses().length === h.video.spareEncoders(), 3000)).toBe(true);
        expect(h.video.spareEncoders()).toBeLessThanOrEqual(1);
      } finally {
        await Promise.all(offers.map((offer) => offer.close()));
      }
    },
    SLOW,
  );
});

describe('spare encoders', () => {
  it(
    'keep an idle ffmpeg per band size after its first viewer; the next viewer takes it under its own id',
    async () => {
      const own = await startHarness({ connectTimeoutMs: 5000 });
      const offers = await Promise.all([nodeOffer(), nodeOffer()]);
      try {
        expect(own.video.spareEncoders()).toBe(0);
        const first = await post(`${own.url}/whep/m1/hd`, offers[0]?.sdp ?? '');
        expect(first.status).toBe(201);
        const firstId = first.headers.get('location')?.split('/').pop() ?? '';
        // Shortly after the first viewer, its band has a spare: an ffmpeg no viewer owns yet.
        expect(await until(() => own.video.spareEncoders() === 1, 5000)).toBe(true);
        const firstPids = encoderProcesses(firstId);
        const spares = encoderProcesses().filter((pid) => !firstPids.includes(pid));
        expect(spares).toHaveLength(1);
        expect(own.video.activeEncoders()).toBe(1);

        const second = await post(`${own.url}/whep/m1/hd`, offers[1]?.sdp ?? '');
        expect(second.status).toBe(201);
        const secondId = second.headers.get('location')?.split('/').pop() ?? '';
        // The spare, started before the POST, is the second viewer's encoder and carries its id.
        expect(encoderProcesses(secondId)).toEqual(spares);
        expect(own.video.spareEncoders()).toBe(0);
        expect(own.video.activeEncoders()).toBe(2);

        await own.close();
        expect(encoderProcesses(firstId)).toEqual([]);
        expect(encoderProcesses(secondId)).toEqual([]);
        expect(own.video.spareEncoders()).toBe(0);
      } finally {
        await Promise.all(offers.map((offer) => offer.close()));
      }
    },
    SLOW,
  );

  it(
    'encode a primer first that no viewer gets: the first frame written after it is a keyframe, like a fresh encoder\'s',
    async () => {
      // VP8 RTP (RFC 7741): the payload descriptor, then the frame's header, whose lowest bit is 0 for a keyframe.
      const keyframe = (packet: Buffer) => {
        let at = 12 + 4 * ((packet[0] ?? 0) & 0x0f);
        const descriptor = packet[at++] ?? 0;
        if (descriptor & 0x80) {
          const extension = packet[at++] ?? 0;
          if (extension & 0x80) at += (packet[at] ?? 0) & 0x80 ? 2 : 1;
          if (extension & 0x40) at += 1;
          if (extension & 0x30) at += 1;
        }
        return ((packet[at] ?? 1) & 1) === 0;
      };
      const size = { width: 320, height: 180 };
      const picture = Buffer.alloc(size.width * size.height * 4, 0x80);
      for (const primer of [true, false]) {
        const encoder = await startEncoder({ ffmpegPath: 'ffmpeg', ...size, fps: 30, sessionId: `primer-test-${primer}`, primer });
        try {
          const frames: boolean[] = [];
          let starting = true;
          encoder.onPacket((packet) => {
            if (starting) frames.push(keyframe(packet));
            starting = ((packet[1] ?? 0) & 0x80) !== 0; // the marker ends a frame: the next packet starts one
          });
          // A primed encoder takes no frame until its primer is through; a fresh one at once.
          expect(encoder.ready()).toBe(!primer);
          expect(await until(() => encoder.ready(), 10_000)).toBe(true);
          await sleep(200);
          expect(frames).toEqual([]); // the primer's packets went nowhere
          for (let i = 0; i < 3; i++) {
            encoder.writeFrame(picture);
            expect(await until(() => frames.length === i + 1 && encoder.ready(), 5000)).toBe(true);
          }
          expect(frames).toEqual([true, false, false]);
        } finally {
          await encoder.stop();
        }
      }
    },
    SLOW,
  );

  it('are idle only once their primer is back, and close() stops one still priming instead of waiting for it', async () => {
    // A stand-in ffmpeg that takes every frame and never sends a packet: its primer never comes back.
    const dir = mkdtempSync(join(tmpdir(), 'reelside-stuck-'));
    const stuck = join(dir, 'ffmpeg');
    writeFileSync(stuck, '#!/bin/sh\ncat > /dev/null\n', { mode: 0o755 });
    const running = () => {
      try {
        return execFileSync('pgrep', ['-f', stuck], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).length;
      } catch {
        return 0;
      }
    };
    // The primer's time limit never runs out here: close() must not be what waits for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const spares = createEncoderSpares({ ffmpegPath: stuck, fps: 30, delayMs: 0 });
    try {
      expect(spares.take({ id: 'sd', name: '180p', Order: 1, width: 320, height: 180 })).toBeUndefined();
      vi.advanceTimersByTime(0); // the band's spare starts
      const deadline = Date.now() + 10_000;
      while (running() === 0 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
      expect(running()).toBeGreaterThan(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(spares.count()).toBe(0);
      await spares.close();
      expect(spares.count()).toBe(0);
    } finally {
      vi.useRealTimers();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await until(() => running() === 0, 5000)).toBe(true);
  }, SLOW);

  it('are not kept when switched off', async () => {
    const own = await startHarness({ spareEncoders: false });
    const { sdp, close } = await nodeOffer();
    try {
      const response = await post(`${own.url}/whep/m1/hd`, sdp);
      expect(response.status).toBe(201);
      await sleep(1500);
      expect(own.video.spareEncoders()).toBe(0);
      expect(encoderProcesses()).toHaveLength(1);
    } finally {
      await close();
      await own.close();
    }
  }, SLOW);
});

describe('WHEP without a working ffmpeg', () => {
  it(
    'answers 503 and keeps nothing',
    async () => {
      const h = await startHarness({ ffmpegPath: '/nonexistent/ffmpeg' });
      const { sdp, close } = await nodeOffer();
      try {
        const response = await post(`${h.url}/whep/m1/hd`, sdp);
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(h.video.activeSessions()).toBe(0);
        expect(h.video.activeEncoders()).toBe(0);
      } finally {
        await close();
        await h.close();
      }
    },
    SLOW,
  );
});

describe.skipIf(!existsSync(CHROMIUM))('WHEP playback in Chromium', () => {
  let browser: Browser;
  let h: Harness;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    h = await startHarness({ silenceTimeoutMs: 3000 });
  }, SLOW);
  afterAll(async () => {
    await h?.close();
    await browser?.close();
  });

  async function viewer(harness = h): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${harness.url}/`);
    return page;
  }
  type Joined = { location: string; firstFrameMs: number; width: number; height: number };
  const join = (page: Page, path: string) => page.evaluate((url) => (window as unknown as { join(url: string): Promise<Joined> }).join(url), path);
  const frames = (page: Page) => page.evaluate(() => (window as unknown as { frames(): Promise<number> }).frames());
  /** Waits until the viewer has decoded `count` more frames (resolves false if it never does). */
  const decodesMore = async (page: Page, count: number, withinMs = 5000) => {
    const start = await frames(page);
    return until(async () => (await frames(page)) >= start + count, withinMs);
  };
  const leave = (page: Page, location: string) => page.evaluate((url) => (window as unknown as { leave(url: string): Promise<number> }).leave(url), location);

  it(
    'plays the machine at the band size, then DELETE stops its ffmpeg',
    async () => {
      const page = await viewer();
      try {
        const joined = await join(page, '/whep/m1/hd');
        expect([joined.width, joined.height]).toEqual([640, 360]);
        const sessionId = joined.location.split('/').pop() ?? '';
        expect(encoderProcesses(sessionId)).toHaveLength(1);
        expect(await decodesMore(page, 15)).toBe(true);

        expect(await leave(page, joined.location)).toBe(200);
        expect(h.video.activeEncoders()).toBe(0);
        expect(h.video.activeSessions()).toBe(0);
        expect(encoderProcesses(sessionId)).toEqual([]);
      } finally {
        await page.close();
      }
    },
    SLOW,
  );

  it(
    'draws the answer to a request at once, and the viewer reads its count from the request strip',
    async () => {
      let requestSeq = 0;
      const traces: FrameTrace[] = [];
      const stripped = await startHarness({
        getScreen: (id) => (id === 'm1' ? { ...SCREEN, requestSeq } : undefined),
        strip: true,
        trace: (frame) => traces.push(frame),
      });
      const page = await viewer(stripped);
      try {
        const joined = await join(page, '/whep/m1/hd');
        // Chromium offers the playout delay extension and the answer takes it (frames shown at once).
        expect(await page.evaluate(() => (window as unknown as { pc: RTCPeerConnection }).pc.remoteDescription?.sdp)).toContain(
          'http://www.webrtc.org/experiments/rtp-hdrext/playout-delay',
        );
        // The page reads the strip of every presented frame, with the bench's own reader.
        await readStripOfEveryFrame(page);
        const seen = () => page.evaluate(() => (window.__benchFrames ?? []).map((frame) => frame.value));
        expect(await until(async () => (await seen()).includes(0), 5000)).toBe(true);
        for (const count of [1, 2, 3]) {
          requestSeq = count;
          stripped.video.requestAnswered('m1');
          expect(await until(async () => (await seen()).includes(count), 5000), `count ${count} on the video`).toBe(true);
          const answer = traces.find((frame) => frame.requestSeq === count);
          // Drawn for the request itself, not on the next tick; traced through ffmpeg to werift.
          expect(answer).toMatchObject({ machineId: 'm1', redraw: true });
          expect(answer!.drawStart).toBeGreaterThanOrEqual(answer!.requestedAt!);
          expect(answer!.sent).toBeGreaterThanOrEqual(answer!.firstPacket);
          expect(answer!.packets).toBeGreaterThan(0);
        }
        expect(await leave(page, joined.location)).toBe(200);
      } finally {
        await page.close();
        await stripped.close();
      }
    },
    SLOW,
  );

  it(
    'plays the SD band at its own size',
    async () => {
      const page = await viewer();
      try {
        const joined = await join(page, '/whep/m1/sd');
        expect([joined.width, joined.height]).toEqual([320, 180]);
        expect(await leave(page, joined.location)).toBe(200);
      } finally {
        await page.close();
      }
    },
    SLOW,
  );

  it(
    'plays the 720p band at its own size, drawn and encoded only while watched',
    async () => {
      const page = await viewer();
      try {
        const joined = await join(page, '/whep/m1/720p');
        expect([joined.width, joined.height]).toEqual([1280, 720]);
        expect(await decodesMore(page, 10, 10_000)).toBe(true);
        expect(encoderProcesses(joined.location.split('/').pop())).toHaveLength(1);
        expect(await leave(page, joined.location)).toBe(200);
        // Its viewer gone, its encoder is too (at most the band's idle spare remains, drawing nothing).
        expect(h.video.activeEncoders()).toBe(0);
        expect(encoderProcesses(joined.location.split('/').pop())).toEqual([]);
      } finally {
        await page.close();
      }
    },
    SLOW,
  );

  it(
    'stalls and resumes the picture while the peer stays connected',
    async () => {
      const page = await viewer();
      try {
        const joined = await join(page, '/whep/m1/hd');
        h.video.stall('m1', true);
        await sleep(400);
        const stalledAt = await frames(page);
        await sleep(1500);
        expect(await frames(page)).toBeLessThanOrEqual(stalledAt + 2);
        expect(await page.evaluate(() => (window as unknown as { pc: RTCPeerConnection }).pc.connectionState)).toBe('connected');
        expect(h.video.activeSessions()).toBe(1); // stalled is not silent: RTCP keeps flowing
        h.video.stall('m1', false);
        expect(await decodesMore(page, 15)).toBe(true);
        expect(await leave(page, joined.location)).toBe(200);
      } finally {
        h.video.stall('m1', false);
        await page.close();
      }
    },
    SLOW,
  );

  it(
    'ends every viewer of a machine on endVideo',
    async () => {
      const page = await viewer();
      try {
        const joined = await join(page, '/whep/m1/sd');
        h.video.endVideo('m1');
        expect(await until(() => h.video.activeSessions() === 0 && h.video.activeEncoders() === 0, 5000)).toBe(true);
        expect(encoderProcesses(joined.location.split('/').pop())).toEqual([]);
      } finally {
        await page.close();
      }
    },
    SLOW,
  );

  it(
    'frees the encoder of a viewer that closes the page without DELETE',
    async () => {
      const page = await viewer();
      const joined = await join(page, '/whep/m1/hd');
      expect(h.video.activeEncoders()).toBe(1);
      await page.close();
      // silenceTimeoutMs is 3 s here; allow for the check interval and a busy machine.
      expect(await until(() => h.video.activeEncoders() === 0, 10_000)).toBe(true);
      expect(encoderProcesses(joined.location.split('/').pop())).toEqual([]);
    },
    SLOW,
  );

  it(
    'joins fast (POST to first decoded frame, recorded rather than asserted)',
    async () => {
      const page = await viewer();
      try {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          // As a player arriving some time after the last one: the band's spare encoder is ready.
          await until(() => h.video.spareEncoders() > 0, 3000);
          const joined = await join(page, '/whep/m1/hd');
          times.push(joined.firstFrameMs);
          await leave(page, joined.location);
        }
        times.sort((a, b) => a - b);
        console.info(`video: POST → first decoded frame, median of 5: ${Math.round(times[2] ?? 0)} ms (all: ${times.map(Math.round).join(', ')})`);
        expect(h.video.activeEncoders()).toBe(0);
      } finally {
        await page.close();
      }
    },
    SLOW,
  );

  it(
    'close() stops every viewer and leaves no ffmpeg',
    async () => {
      const own = await startHarness();
      const pages = [await viewer(own), await viewer(own)];
      try {
        await Promise.all([join(pages[0]!, '/whep/m1/hd'), join(pages[1]!, '/whep/m1/sd')]);
        expect(own.video.activeEncoders()).toBe(2);
        await own.close();
        expect(own.video.activeEncoders()).toBe(0);
        expect(own.video.activeSessions()).toBe(0);
        await Promise.all([h.video.close()]); // the shared harness too: nothing of ours may run
        expect(encoderProcesses()).toEqual([]);
      } finally {
        await Promise.all(pages.map((page) => page.close()));
      }
    },
    SLOW,
  );
});
