import { spawn } from 'node:child_process';
import { createCanvas } from '@napi-rs/canvas';
import { RTCPeerConnection } from 'werift';
import { createRenderer, drawFrame } from './render.ts';
import type { BandSpec } from './types.ts';

/**
 * The first viewer after start-up would otherwise pay for werift's DTLS certificate and cold
 * code paths, the canvas's font loading, and libvpx's first load from disk: together ~300 ms,
 * measured. One offer, one drawn frame and one encoded frame in the background at start keep
 * the first join near the warm figure, and tell the operator at once when ffmpeg is missing (or
 * cannot encode the sound: one Opus frame, after the VP8 one).
 */
const warmed = new Map<string, Promise<void>>();

export function warmUp(ffmpegPath: string, bands: readonly BandSpec[] = []): Promise<void> {
  // Each band's glass: the same for every machine, so no viewer's first frame paints it.
  for (const band of bands) createRenderer(band.width, band.height).warm();
  // Once per process: test runs start many simulators, and what is warmed stays warm.
  let warming = warmed.get(ffmpegPath);
  if (!warming) {
    // The sound's check after the picture's: two ffmpeg start-ups at once would slow both.
    warming = Promise.allSettled([warmWebRtc(), warmRenderer(), checkFfmpeg(ffmpegPath).then((ran) => (ran ? checkOpus(ffmpegPath) : false))]).then(() => undefined);
    warmed.set(ffmpegPath, warming);
  }
  return warming;
}

async function warmRenderer(): Promise<void> {
  const canvas = createCanvas(64, 36);
  drawFrame(canvas.getContext('2d'), 64, 36, { screen: undefined, now: Date.now(), frame: 0 });
}

async function warmWebRtc(): Promise<void> {
  const pc = new RTCPeerConnection({ iceServers: [], iceUseIpv6: false });
  try {
    pc.addTransceiver('video', { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
  } finally {
    await pc.close();
  }
}

/** Encodes one VP8 frame: proves this ffmpeg can, and pages libvpx in. */
function checkFfmpeg(ffmpegPath: string): Promise<boolean> {
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=64x64', '-frames:v', '1', '-c:v', 'libvpx', '-deadline', 'realtime', '-f', 'null', '-'];
  return runCheck(ffmpegPath, args, (errors) => `video: ${ffmpegPath} cannot encode VP8 (libvpx): ${errors}`);
}

/** Encodes 20 ms of silence to Opus: without libopus the viewers get the picture without sound. */
function checkOpus(ffmpegPath: string): Promise<boolean> {
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '0.02', '-c:a', 'libopus', '-f', 'null', '-'];
  return runCheck(ffmpegPath, args, (errors) => `video: ${ffmpegPath} cannot encode Opus (libopus), the video goes without sound: ${errors}`);
}

/** Runs ffmpeg once; resolves whether it could run at all (a failed encode is warned of, and counts as run). */
function runCheck(ffmpegPath: string, args: string[], failure: (errors: string) => string): Promise<boolean> {
  return new Promise((resolve) => {
    let errors = '';
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (errors = (errors + chunk).slice(-400)));
    let failed = false;
    child.on('error', (error) => {
      failed = true;
      console.warn(`video: cannot run ffmpeg (${ffmpegPath}): ${error.message}. Install Debian's ffmpeg (apt-get install ffmpeg).`);
      resolve(false);
    });
    child.on('close', (code) => {
      if (code !== 0 && !failed) console.warn(failure(errors.trim()));
      resolve(!failed);
    });
  });
}
