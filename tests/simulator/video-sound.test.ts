import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, type RtpPacket } from 'werift';
import { AUDIO_BLOCK, createAudioFeeder } from '../../simulator/video/audio.ts';
import { AUDIO_ENCODER_MARKER, createVideoService, DEFAULT_BANDS, type VideoOptions, type VideoService } from '../../simulator/video/index.ts';
import type { ScreenState } from '../../simulator/video/screen.ts';
import { machineScreen } from './screenFixture.ts';
import { createMachineSound, jingleFor, SAMPLE_RATE } from '../../simulator/video/sound.ts';
import { CHROMIUM_ARGS } from '../../scripts/browser/harness.ts';

/**
 * The machine's sound: the synth (silent idle, the reels' whirr and ticks, a clunk at each stop,
 * a win's jingle sized by the win), the WHEP answer's audio section (taken when offered, absent
 * when not, rejected with the sound off), the Opus RTP a connected viewer gets and its ffmpeg
 * going with the viewer, and the client's own WHEP peer in Chromium playing picture and sound as
 * one stream.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SLOW = 60_000;

const IDLE: ScreenState = machineScreen({ message: null });

// ---- the synth ------------------------------------------------------------------------------

const START = 1_700_000_000_000;
const perMs = SAMPLE_RATE / 1000;

/** `ms` of sound, block by block as the feeder renders it, the screen at each block's end. */
function listen(ms: number, screenAt: (t: number) => ScreenState): Int16Array {
  const sound = createMachineSound(START);
  const blocks = Math.ceil((ms * perMs) / AUDIO_BLOCK);
  const out = new Int16Array(blocks * AUDIO_BLOCK);
  for (let b = 0; b < blocks; b++) {
    const endMs = ((b + 1) * AUDIO_BLOCK) / perMs;
    const pcm = sound.next(screenAt(endMs), AUDIO_BLOCK);
    for (let i = 0; i < AUDIO_BLOCK; i++) out[b * AUDIO_BLOCK + i] = pcm.readInt16LE(i * 2);
  }
  return out;
}

const slice = (pcm: Int16Array, fromMs: number, toMs: number) => pcm.subarray(Math.round(fromMs * perMs), Math.round(toMs * perMs));
const peak = (pcm: Int16Array) => pcm.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((sum, v) => sum + v * v, 0) / Math.max(1, pcm.length));
/** The last instant (ms) with any sound. */
const lastSound = (pcm: Int16Array) => {
  for (let i = pcm.length - 1; i >= 0; i--) if (pcm[i] !== 0) return i / perMs;
  return 0;
};

/**
 * A spin as the floor runs it (times in ms from the sound's start): spinning from `at` until its
 * last stop, settled then with `win` on the meters; `cutAt` drops it before its end.
 */
function spinScreen(options: { at: number; stops: number[]; win: number; bet?: number; cutAt?: number }) {
  const spinning = { startedAt: START + options.at, stopsAt: options.stops.map((stop) => START + stop) };
  const end = options.cutAt ?? Math.max(...options.stops);
  return (t: number): ScreenState => {
    const bet = options.bet ?? IDLE.bet;
    if (t < options.at) return { ...IDLE, bet };
    if (t < end) return { ...IDLE, bet, spinning };
    return { ...IDLE, bet, win: options.cutAt === undefined ? options.win : 0 };
  };
}

const STOPS = [1400, 1600, 1800, 2000, 2200];

describe('the machine sound', () => {
  it('is silent while idle, also beside a win it did not see happen', () => {
    expect(peak(listen(2000, () => IDLE))).toBe(0);
    expect(peak(listen(2000, () => ({ ...IDLE, win: 5_000, winningLines: [1] })))).toBe(0);
  });

  it('whirrs and ticks while the reels spin, clunks as each reel stops, then falls silent', () => {
    const pcm = listen(3500, spinScreen({ at: 200, stops: STOPS, win: 0 }));
    expect(peak(slice(pcm, 0, 200))).toBe(0);
    // Never silent while the reels turn.
    for (let t = 300; t < 2200; t += 100) expect(rms(slice(pcm, t, t + 100)), `sound at ${t} ms`).toBeGreaterThan(150);
    // The ticks: a reel passes a row every 1 / ROWS_PER_MS ms, so short peaks over the whirr.
    expect(peak(slice(pcm, 300, 1300))).toBeGreaterThan(3 * rms(slice(pcm, 300, 1300)));
    // Each stop is a clunk: far louder than the spin just before it.
    for (const stop of STOPS) {
      expect(peak(slice(pcm, stop, stop + 40)), `clunk at ${stop} ms`).toBeGreaterThan(2.5 * peak(slice(pcm, stop - 90, stop - 10)));
    }
    // No win: quiet again once the last clunk has rung out.
    expect(lastSound(pcm)).toBeGreaterThan(2200);
    expect(lastSound(pcm)).toBeLessThan(2200 + 400);
  });

  it('plays a jingle after a winning spin, longer and brighter for a bigger win', () => {
    const small = jingleFor(50, 100);
    const big = jingleFor(10_000, 100);
    expect(big.notes.length).toBeGreaterThan(small.notes.length);
    expect(big.harmonics).toBeGreaterThan(small.harmonics);
    expect(big.lengthMs).toBeGreaterThan(small.lengthMs);
    expect(Math.max(...big.notes)).toBeGreaterThan(Math.max(...small.notes));

    const none = listen(5000, spinScreen({ at: 200, stops: STOPS, win: 0 }));
    const smallWin = listen(5000, spinScreen({ at: 200, stops: STOPS, win: 50 }));
    const bigWin = listen(5000, spinScreen({ at: 200, stops: STOPS, win: 10_000 }));
    // The same spin up to its last stop (the sound is reproducible); then each its own tail.
    expect(slice(smallWin, 0, 2200)).toEqual(slice(none, 0, 2200));
    expect(lastSound(smallWin)).toBeGreaterThan(lastSound(none) + 100);
    expect(lastSound(bigWin)).toBeGreaterThan(lastSound(smallWin) + 500);
    expect(lastSound(bigWin)).toBeLessThan(2200 + big.lengthMs + 100);
    // Playing all along, not only at its ends.
    for (let t = 2300; t < 2200 + big.lengthMs - 100; t += 50) expect(rms(slice(bigWin, t, t + 50)), `jingle at ${t} ms`).toBeGreaterThan(300);
    // Brighter: more of its energy in the fast changes from one sample to the next (harmonics).
    const brightness = (pcm: Int16Array) => {
      let changes = 0;
      let level = 0;
      for (let i = 1; i < pcm.length; i++) {
        changes += Math.abs(pcm[i]! - pcm[i - 1]!);
        level += Math.abs(pcm[i]!);
      }
      return changes / level;
    };
    expect(brightness(slice(bigWin, 2450, 2650))).toBeGreaterThan(1.5 * brightness(slice(smallWin, 2450, 2650)));
  });

  it('goes quiet when the floor drops a spin before its end, without the clunks still to come', () => {
    const pcm = listen(3500, spinScreen({ at: 200, stops: STOPS, win: 10_000, cutAt: 1000 }));
    expect(rms(slice(pcm, 500, 900))).toBeGreaterThan(150);
    expect(lastSound(pcm)).toBeLessThan(1000 + 150);
  });
});

describe('the sound feeder', () => {
  it('primes ffmpeg with one block of silence, then writes the sound in step with the clock, never ahead of it', async () => {
    const BLOCK_MS = (AUDIO_BLOCK * 1000) / SAMPLE_RATE;
    const writes: { at: number; pcm: Buffer }[] = [];
    const feeder = createAudioFeeder({
      screen: () => IDLE,
      now: Date.now,
      sink: { ready: () => true, write: (pcm) => writes.push({ at: performance.now(), pcm }) },
      onError: (error) => {
        throw error;
      },
    });
    feeder.prime();
    expect(writes.map((write) => write.pcm.length)).toEqual([AUDIO_BLOCK * 2]);
    expect(writes[0]!.pcm.every((byte) => byte === 0)).toBe(true);
    // Nothing more until ffmpeg has answered the primer (the session then starts the feeder).
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(writes).toHaveLength(1);
    const started = performance.now();
    feeder.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    feeder.stop();
    const elapsed = performance.now() - started;
    const blocks = writes.slice(1);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.length).toBeLessThanOrEqual(Math.floor(elapsed / BLOCK_MS));
    // Block n once its last instant has passed: (n + 1) blocks' worth of time after the start.
    blocks.forEach((block, n) => expect(block.at - started).toBeGreaterThanOrEqual((n + 1) * BLOCK_MS - 1));
    expect(blocks.every((block) => block.pcm.length === AUDIO_BLOCK * 2)).toBe(true);
    expect(feeder.blocksWritten()).toBe(blocks.length);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(writes).toHaveLength(blocks.length + 1); // stopped: nothing more
  });
});

// ---- WHEP with sound -----------------------------------------------------------------------

interface Harness {
  video: VideoService;
  url: string;
  screen: ScreenState;
  close(): Promise<void>;
}

async function startHarness(options: Partial<VideoOptions> = {}, page?: () => string | Promise<string>): Promise<Harness> {
  const harness = { screen: { ...IDLE } } as Harness;
  const video = createVideoService({ getScreen: (id) => (id === 'm1' ? harness.screen : undefined), authorize: async () => null, ...options });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    void video.handle(req, res, url).then(async (handled) => {
      if (handled) return;
      const found = url.pathname === '/' && page !== undefined;
      res.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(found ? await page() : 'not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  harness.video = video;
  harness.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  harness.close = async () => {
    await video.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return harness;
}

/** Processes whose command line has `pattern` (this process's children when `own`). */
function processes(pattern: string, own = false): number[] {
  try {
    return execFileSync('pgrep', [...(own ? ['-P', String(process.pid)] : []), '-f', pattern], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

/** A werift viewer: recvonly sections of the kinds asked, in that order; what the audio track receives. */
async function viewer(kinds: { kind: 'video' | 'audio'; direction?: 'recvonly' | 'sendonly' }[]) {
  const pc = new RTCPeerConnection({ iceServers: [], iceUseIpv6: false, iceAdditionalHostAddresses: ['127.0.0.1'] });
  const audio: RtpPacket[] = [];
  let videoPackets = 0;
  for (const { kind, direction } of kinds) {
    const transceiver = pc.addTransceiver(kind, { direction: direction ?? 'recvonly' });
    transceiver.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        if (kind === 'audio') audio.push(rtp);
        else videoPackets += 1;
      }),
    );
  }
  await pc.setLocalDescription(await pc.createOffer());
  return { pc, offer: pc.localDescription?.sdp ?? '', audio, videoPackets: () => videoPackets };
}

function post(url: string, body: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body });
}

/** The answer's media sections, each as its lines. */
function sections(sdp: string): string[][] {
  const out: string[][] = [];
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) out.push([line]);
    else if (line) out[out.length - 1]?.push(line);
  }
  return out;
}

describe('WHEP answers with sound', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ connectTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists the 720p band first, above 360p and 180p', () => {
    expect(DEFAULT_BANDS.map((band) => [band.name, band.width, band.height])).toEqual([
      ['720p', 1280, 720],
      ['360p', 640, 360],
      ['180p', 320, 180],
    ]);
    const bands = h.video.bandsFor('m1');
    expect(bands[0]).toMatchObject({ name: '720p', width: 1280, height: 720, whepUrl: '/whep/m1/720p' });
    expect(Math.max(...bands.map((band) => band.Order))).toBe(bands[0]!.Order);
  });

  it('takes the audio section of an offer that has one: Opus, sendonly, in a stream apart from the picture', async () => {
    const client = await viewer([{ kind: 'video' }, { kind: 'audio' }]);
    try {
      const response = await post(`${h.url}/whep/m1/hd`, client.offer);
      expect(response.status).toBe(201);
      const [video, audio] = sections(await response.text());
      expect(video?.[0]).toMatch(/^m=video [1-9]/);
      expect(audio?.[0]).toMatch(/^m=audio [1-9]\d* UDP\/TLS\/RTP\/SAVPF \d+/);
      expect(audio).toContainEqual(expect.stringMatching(/^a=rtpmap:\d+ opus\/48000\/2$/i));
      expect(audio).toContain('a=sendonly');
      // Two streams: the browser does not hold the picture back to play it in step with the sound.
      const msid = (section: string[] | undefined) => section?.find((line) => line.startsWith('a=msid:'))?.split(/[: ]/)[1];
      expect(msid(audio)).toBeDefined();
      expect(msid(video)).toBeDefined();
      expect(msid(audio)).not.toBe(msid(video));
      expect((await fetch(`${h.url}${response.headers.get('location')}`, { method: 'DELETE' })).status).toBe(200);
    } finally {
      await client.pc.close();
    }
  }, SLOW);

  it('answers an offer without audio as before (older clients)', async () => {
    const client = await viewer([{ kind: 'video' }]);
    try {
      const response = await post(`${h.url}/whep/m1/sd`, client.offer);
      expect(response.status).toBe(201);
      const answer = await response.text();
      expect(answer).toMatch(/^m=video [1-9]/m);
      expect(answer).toMatch(/a=rtpmap:\d+ VP8\/90000/);
      expect(answer).not.toMatch(/^m=audio/m);
      expect((await fetch(`${h.url}${response.headers.get('location')}`, { method: 'DELETE' })).status).toBe(200);
    } finally {
      await client.pc.close();
    }
  }, SLOW);

  it('answers an audio section the viewer only sends on, and a second one, inactive', async () => {
    for (const audio of [[{ kind: 'audio', direction: 'sendonly' }], [{ kind: 'audio' }, { kind: 'audio' }]] as const) {
      const client = await viewer([{ kind: 'video' }, ...audio]);
      try {
        const response = await post(`${h.url}/whep/m1/hd`, client.offer);
        expect(response.status).toBe(201);
        const answered = sections(await response.text()).slice(1);
        const directions = answered.map((section) => section.find((line) => /^a=(sendonly|recvonly|sendrecv|inactive)$/.test(line)));
        expect(directions).toEqual(audio.length === 1 ? ['a=inactive'] : ['a=sendonly', 'a=inactive']);
        expect((await fetch(`${h.url}${response.headers.get('location')}`, { method: 'DELETE' })).status).toBe(200);
      } finally {
        await client.pc.close();
      }
    }
  }, SLOW);

  it('rejects the audio section (port 0) with the sound switched off, and the picture still plays', async () => {
    const quiet = await startHarness({ sound: false });
    const client = await viewer([{ kind: 'video' }, { kind: 'audio' }]);
    try {
      const response = await post(`${quiet.url}/whep/m1/hd`, client.offer);
      expect(response.status).toBe(201);
      const [video, audio] = sections(await response.text());
      expect(video?.[0]).toMatch(/^m=video [1-9]/);
      expect(audio?.[0]).toMatch(/^m=audio 0 /);
    } finally {
      await client.pc.close();
      await quiet.close();
    }
  }, SLOW);
});

describe('the sound on the wire', () => {
  it(
    'reaches a connected viewer as Opus RTP — near-empty frames idle, full ones while the reels spin — and its ffmpeg goes with the viewer',
    async () => {
      const h = await startHarness({ connectTimeoutMs: 5000 });
      const client = await viewer([{ kind: 'video' }, { kind: 'audio' }]);
      try {
        const response = await post(`${h.url}/whep/m1/sd`, client.offer);
        expect(response.status).toBe(201);
        const answer = await response.text();
        const opus = Number(/^a=rtpmap:(\d+) opus\/48000/im.exec(answer)?.[1]);
        const sessionId = response.headers.get('location')?.split('/').pop() ?? '';
        await client.pc.setRemoteDescription({ type: 'answer', sdp: answer });

        // Once connected, the sound's own ffmpeg starts and its packets flow, 20 ms of sound each.
        expect(await until(() => client.audio.length >= 25, 10_000), 'audio RTP arrives').toBe(true);
        expect(client.videoPackets()).toBeGreaterThan(0);
        expect(new Set(client.audio.map((rtp) => rtp.header.payloadType))).toEqual(new Set([opus]));
        expect(processes(`${AUDIO_ENCODER_MARKER}:${sessionId}`)).toHaveLength(1);
        expect(h.video.activeAudioEncoders()).toBe(1);
        expect(h.video.activeEncoders()).toBe(1); // the picture's, as before: one per viewer
        const steps = client.audio.slice(-10).map((rtp, i, all) => (i === 0 ? 960 : (rtp.header.timestamp - all[i - 1]!.header.timestamp) >>> 0));
        expect(steps.every((step) => step === 960)).toBe(true);

        // Idle the machine is silent: Opus frames of silence are a few bytes.
        const idle = client.audio.slice(-10).map((rtp) => rtp.payload.length);
        expect(Math.max(...idle)).toBeLessThan(10);
        // A spin: the whirr, the ticks, the clunks fill the frames.
        const spinFrom = client.audio.length;
        const now = Date.now();
        h.screen = { ...IDLE, spinning: { startedAt: now, stopsAt: [700, 800, 900, 1000, 1100].map((d) => now + d) } };
        // The spin lasts 1.1 s (55 packets); what was already in the sound's pipeline comes first
        // (a few hundred ms on a busy machine), then the spin's sound fills the frames.
        expect(await until(() => client.audio.length >= spinFrom + 55, 5000)).toBe(true);
        const spinning = client.audio.slice(spinFrom, spinFrom + 55).map((rtp) => rtp.payload.length);
        expect(spinning.filter((size) => size > 40).length, `packet sizes while spinning: ${spinning.join(',')}`).toBeGreaterThanOrEqual(20);

        expect((await fetch(`${h.url}${response.headers.get('location')}`, { method: 'DELETE' })).status).toBe(200);
        expect(h.video.activeAudioEncoders()).toBe(0);
        expect(processes(`${AUDIO_ENCODER_MARKER}:${sessionId}`)).toEqual([]);
      } finally {
        await client.pc.close();
        await h.close();
      }
      expect(processes(AUDIO_ENCODER_MARKER, true)).toEqual([]);
    },
    SLOW,
  );

  it(
    'close() stops the sound of a viewer still connected: no ffmpeg of ours is left',
    async () => {
      const h = await startHarness({ connectTimeoutMs: 5000, spareEncoders: false });
      const client = await viewer([{ kind: 'video' }, { kind: 'audio' }]);
      try {
        const response = await post(`${h.url}/whep/m1/hd`, client.offer);
        await client.pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
        expect(await until(() => h.video.activeAudioEncoders() === 1, 10_000)).toBe(true);
        await h.close();
        expect(h.video.activeAudioEncoders()).toBe(0);
        expect(processes(AUDIO_ENCODER_MARKER, true)).toEqual([]);
      } finally {
        await client.pc.close();
        await h.close();
      }
    },
    SLOW,
  );
});

// ---- the client's peer ----------------------------------------------------------------------

/** src/services/whep.ts and xstate, bundled for the page: the client's own WHEP peer under a parent that records what it tells. */
async function clientBundle(): Promise<string> {
  const whep = fileURLToPath(new URL('../../src/services/whep.ts', import.meta.url));
  const entry = `
    import { createActor, setup } from 'xstate';
    import { whepPeerLogic } from ${JSON.stringify(whep)};
    window.watchPeer = (whepUrl) => {
      const told = [];
      const parent = setup({ actors: { peer: whepPeerLogic() } }).createMachine({
        invoke: { id: 'peer', src: 'peer', input: { whepUrl, token: 'player', surface: null } },
        on: { '*': { actions: ({ event }) => told.push(event) } },
      });
      createActor(parent).start();
      return told;
    };`;
  const bundle = await rolldown({
    input: 'peer-entry',
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    plugins: [{ name: 'peer-entry', resolveId: (id) => (id === 'peer-entry' ? id : null), load: (id) => (id === 'peer-entry' ? entry : null) }],
  });
  const { output } = await bundle.generate({ format: 'iife' });
  await bundle.close();
  return output[0].code;
}

const CLIENT_PAGE = (bundle: string) => `<!doctype html><meta charset="utf-8"><video id="v" muted playsinline autoplay></video><script>
// Every peer the client makes, for its stats.
const Native = RTCPeerConnection;
window.peers = [];
window.RTCPeerConnection = class extends Native { constructor(...args) { super(...args); window.peers.push(this); } };
</script><script>${bundle.replace(/<\/script/gi, '<\\/script')}</script>`;

describe.skipIf(!existsSync(CHROMIUM))("the client's WHEP peer in Chromium", () => {
  let browser: Browser;
  let h: Harness;
  beforeAll(async () => {
    const bundle = await clientBundle();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    h = await startHarness({}, () => CLIENT_PAGE(bundle));
  }, SLOW);
  afterAll(async () => {
    await h?.close();
    await browser?.close();
  });

  it(
    'offers audio and plays the picture and the sound as one stream',
    async () => {
      const page = await browser.newPage();
      try {
        await page.goto(`${h.url}/`);
        await page.evaluate(() => {
          const told = (window as unknown as { watchPeer(url: string): { type: string; stream?: MediaStream }[] }).watchPeer('/whep/m1/sd');
          (window as unknown as { told: unknown }).told = told;
        });
        const kinds = () =>
          page.evaluate(() => {
            const told = (window as unknown as { told: { type: string; stream?: MediaStream }[] }).told;
            const streams = told.filter((event) => event.type === 'peer.stream');
            const video = document.getElementById('v') as HTMLVideoElement;
            if (streams[0]?.stream && video.srcObject !== streams[0].stream) video.srcObject = streams[0].stream;
            return { told: streams.length, tracks: (streams[0]?.stream?.getTracks() ?? []).map((track) => track.kind).sort() };
          });
        expect(await until(async () => (await kinds()).tracks.length === 2, 15_000)).toBe(true);
        // One stream, told once: the <video> gets the picture and the sound together.
        expect(await kinds()).toEqual({ told: 1, tracks: ['audio', 'video'] });
        const offer = await page.evaluate(() => (window as unknown as { peers: RTCPeerConnection[] }).peers[0]?.localDescription?.sdp ?? '');
        expect(offer).toMatch(/^m=audio /m);
        expect(sections(offer).find((section) => section[0]?.startsWith('m=audio'))).toContain('a=recvonly');
        const received = (kind: string) =>
          page.evaluate(async (wanted) => {
            const pc = (window as unknown as { peers: RTCPeerConnection[] }).peers[0];
            let packets = 0;
            for (const report of (await pc?.getStats())?.values() ?? []) {
              const inbound = report as RTCInboundRtpStreamStats;
              if (inbound.type === 'inbound-rtp' && inbound.kind === wanted) packets = inbound.packetsReceived ?? 0;
            }
            return packets;
          }, kind);
        expect(await until(async () => (await received('audio')) > 20, 15_000), 'the browser receives the sound').toBe(true);
        expect(await received('video')).toBeGreaterThan(0);
        expect(h.video.activeAudioEncoders()).toBe(1);
      } finally {
        await page.close();
      }
      // The page is gone without a DELETE: silence ends the viewer, its sound with it.
      expect(await until(() => h.video.activeSessions() === 0, 15_000)).toBe(true);
      expect(h.video.activeAudioEncoders()).toBe(0);
    },
    SLOW,
  );
});
