/**
 * What one viewer's video costs the simulator, per band: the CPU of the viewer's ffmpeg
 * encoders (children of this process, read from /proc) — the picture's (VP8) and the sound's
 * (Opus) apart — while a player watches the reels spin, beside the whole process's CPU (drawing
 * the frames, the sound, WebRTC — and the bench's own browser driver, so an upper bound). Linux
 * only; elsewhere the figure says it was not taken.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { AUDIO_ENCODER_MARKER } from '../simulator/video/index.ts';

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by this process's ffmpeg children: the picture's encoders (spare ones
 * idle) and the sound's (told apart by their marker).
 */
export function encoderCpuSeconds(): { video: number; audio: number } {
  const ticks = { video: 0, audio: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let commandLine: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid … utime(14) stime(15): comm may hold spaces, so split after ')'.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (comm !== 'ffmpeg' || Number(fields[1]) !== process.pid) continue;
    ticks[commandLine.includes(AUDIO_ENCODER_MARKER) ? 'audio' : 'video'] += Number(fields[11]) + Number(fields[12]);
  }
  return { video: ticks.video / TICKS_PER_SECOND, audio: ticks.audio / TICKS_PER_SECOND };
}

/** CPU share (1 = one core) of the picture's and the sound's encoders and of the whole process over `ms`. */
export async function sampleCpu(ms: number): Promise<{ encoders: number; audio: number; process: number }> {
  const encodersBefore = encoderCpuSeconds();
  const processBefore = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const used = process.cpuUsage(processBefore);
  const encodersAfter = encoderCpuSeconds();
  return {
    encoders: (encodersAfter.video - encodersBefore.video) / (ms / 1000),
    audio: (encodersAfter.audio - encodersBefore.audio) / (ms / 1000),
    process: (used.user + used.system) / 1e6 / (ms / 1000),
  };
}
