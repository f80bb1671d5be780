/**
 * What one viewer's video costs the simulator, per band: the CPU of the machine's ffmpeg
 * encoders (children of this process, read from /proc) while a player watches the game, beside
 * the whole process's CPU (drawing the frames, WebRTC — and the bench's own browser driver, so
 * an upper bound). Linux only; elsewhere the figure says it was not taken.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by this process's ffmpeg children (the encoders, spare ones idle). */
export function encoderCpuSeconds(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid … utime(14) stime(15): comm may hold spaces, so split after ')'.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (comm !== 'ffmpeg' || Number(fields[1]) !== process.pid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU share (1 = one core) of the encoders and of the whole process over `ms`. */
export async function sampleCpu(ms: number): Promise<{ encoders: number; process: number }> {
  const encodersBefore = encoderCpuSeconds();
  const processBefore = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const used = process.cpuUsage(processBefore);
  return {
    encoders: (encoderCpuSeconds() - encodersBefore) / (ms / 1000),
    process: (used.user + used.system) / 1e6 / (ms / 1000),
  };
}
