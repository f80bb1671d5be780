import { endianness } from 'node:os';
import { ROWS_PER_MS } from './reels.ts';
import type { ScreenState } from './screen.ts';

/**
 * The machine's sound, made in code as the picture is (no recorded samples): 48 kHz mono PCM
 * that follows the machine's screen. While the reels spin, a motor whirr and a tick each time a
 * symbol passes the window (the reels' own motion, reels.ts: one row every 1 / ROWS_PER_MS ms);
 * a clunk the instant each reel stops (its `stopsAt`); once the spin settles with a win, a
 * jingle, longer and brighter the more the win is worth against the bet. Idle, it is silent
 * (exact zeros). Each call renders the samples that follow the previous ones, the screen as it is
 * at the end of them: the feeder (audio.ts) renders a block once its last instant has passed, so
 * every event of the block is already known and lands on its own sample.
 */

export const SAMPLE_RATE = 48_000;
const SAMPLES_PER_MS = SAMPLE_RATE / 1000;
/** Samples between two ticks of one spinning reel: a row of symbols passing the window. */
const ROW_SAMPLES = Math.round(SAMPLES_PER_MS / ROWS_PER_MS);
/** How far the floor's settle may trail the last reel's stop and still be its natural end. */
const SETTLE_SLACK_MS = 40;
/** The whirr's level follows its target within ~10 ms: no click when a reel drops out. */
const LEVEL_GLIDE = 1 / (10 * SAMPLES_PER_MS);
const BIG_ENDIAN = endianness() === 'BE';
/** Overall level: the loudest moments (the last clunk over the whirr) come near full scale; beyond, it clips. */
const MASTER = 0.8;

export interface MachineSound {
  /**
   * The next `count` samples, signed 16-bit little-endian mono, for the instants right after the
   * previous call's; `screen` is the machine's screen at the end of them (undefined: none).
   */
  next(screen: ScreenState | undefined, count: number): Buffer;
}

/** A sound that plays once from its first sample: a tick, a clunk, a note of a jingle. */
interface Voice {
  /** Its first sample (counted from the sound's start). */
  at: number;
  length: number;
  /** The spin it belongs to (a clunk yet to come is dropped if that spin is cut short). */
  spin?: number;
  /** Its value i samples after its first, about -1..1: asked for in order, i = 0, 1, 2, … */
  value(i: number): number;
}

/** The reels' motor while a spin runs: from its first sample until every reel has stopped. */
interface Whirr {
  spin: number;
  start: number;
  stops: number[];
  /** Cut short at this sample (the floor dropped the spin before its end). */
  cut: number | null;
  level: number;
  motorPhase: number;
  motorLow: number;
  rumble: number;
}

/** What a win sounds like: more notes, and more harmonics, the more it is worth. */
export interface Jingle {
  /** Note frequencies (Hz), played one after another. */
  notes: number[];
  noteMs: number;
  /** Harmonics per note (1: a pure tone; more: brighter). */
  harmonics: number;
  /** From the first note to the end of the last one's ring. */
  lengthMs: number;
}

/** A major arpeggio up from C5, in semitones. */
const ARPEGGIO = [0, 4, 7, 12, 16, 19, 24, 28, 31, 36, 40, 43, 48];
const C5 = 523.25;
const NOTE_MS = 80;
/** The last note rings this many note lengths. */
const LAST_NOTE_RING = 4;

export function jingleFor(win: number, bet: number): Jingle {
  const ratio = win / Math.max(1, bet);
  const steps = ratio < 1 ? 3 : ratio < 3 ? 4 : ratio < 10 ? 6 : ratio < 50 ? 9 : ARPEGGIO.length;
  const harmonics = ratio < 3 ? 1 : ratio < 10 ? 2 : ratio < 50 ? 3 : 5;
  const notes = ARPEGGIO.slice(0, steps).map((semitones) => C5 * 2 ** (semitones / 12));
  return { notes, noteMs: NOTE_MS, harmonics, lengthMs: (steps - 1 + LAST_NOTE_RING) * NOTE_MS };
}

/** `startAt`: the instant (the screen's clock, epoch ms) of the first sample. */
export function createMachineSound(startAt: number, seed = 0x9e3779b9): MachineSound {
  let cursor = 0;
  let state = seed >>> 0 || 1;
  /** White noise, -1..1 (xorshift32: the same sound for the same screens). */
  const noise = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 31 - 1;
  };
  const sampleAt = (ms: number) => Math.round((ms - startAt) * SAMPLES_PER_MS);
  const voices: Voice[] = [];
  let whirr: Whirr | null = null;
  /** The spin being followed (its startedAt), its last stop (ms) and its bet, until it settles. */
  let spin: { startedAt: number; lastStop: number; bet: number } | null = null;
  /** The block being mixed (kept from call to call). */
  let mixed = new Float32Array(0);

  const tick = (at: number, reel: number): Voice => {
    const decay = Math.exp(-1 / SAMPLES_PER_MS);
    let envelope = 0.05 + 0.006 * reel;
    let last = 0;
    return {
      at,
      length: 4 * SAMPLES_PER_MS,
      // Differenced noise (a bright click) dying in about a millisecond.
      value: () => {
        const n = noise();
        const v = (n - last) * envelope;
        last = n;
        envelope *= decay;
        return v;
      },
    };
  };

  const clunk = (at: number, reel: number, lastReel: boolean, spinId: number): Voice => {
    const amp = lastReel ? 0.6 : 0.48;
    const base = 52 + 4 * reel;
    const sweep = 95;
    const tau = 0.025;
    // Decays advanced one sample per call (a voice's samples are asked for in order).
    const sweepDecay = Math.exp(-1 / (tau * SAMPLE_RATE));
    const thumpDecay = Math.exp(-1 / (0.06 * SAMPLE_RATE));
    const clickDecay = Math.exp(-1 / (0.002 * SAMPLE_RATE));
    const ringDecay = Math.exp(-1 / (0.03 * SAMPLE_RATE));
    const ringStep = (2 * Math.PI * 1250) / SAMPLE_RATE;
    let sweepLeft = 1;
    let thump = amp;
    let click = amp * 0.5;
    let ring = amp * 0.1;
    return {
      at,
      spin: spinId,
      length: 220 * SAMPLES_PER_MS,
      value: (i) => {
        const t = i / SAMPLE_RATE;
        // A thump whose pitch falls from ~150 Hz to the base (the phase is the frequency's integral),
        // the latch's click, and a short metallic ring.
        const v = thump * Math.sin(2 * Math.PI * (base * t + sweep * tau * (1 - sweepLeft))) + click * noise() + ring * Math.sin(ringStep * i);
        sweepLeft *= sweepDecay;
        thump *= thumpDecay;
        click *= clickDecay;
        ring *= ringDecay;
        return v;
      },
    };
  };

  const jingle = (at: number, win: number, bet: number): Voice[] => {
    const { notes, noteMs, harmonics } = jingleFor(win, bet);
    // Harmonic h at 1/h, scaled so a note's peak stays the same whatever its brightness.
    let norm = 0;
    for (let h = 1; h <= harmonics; h++) norm += 1 / h;
    return notes.map((frequency, index) => {
      const last = index === notes.length - 1;
      const length = Math.round((last ? LAST_NOTE_RING : 1.5) * noteMs * SAMPLES_PER_MS);
      const decay = (last ? 0.25 : 0.09) * SAMPLE_RATE;
      const attack = 3 * SAMPLES_PER_MS;
      const release = 5 * SAMPLES_PER_MS;
      const fall = Math.exp(-1 / decay);
      // Each harmonic turns as a unit vector rotated one sample's angle per call: no sine per sample.
      const steps = Array.from({ length: harmonics }, (_, h) => (2 * Math.PI * (h + 1) * frequency) / SAMPLE_RATE);
      const cos = steps.map(Math.cos);
      const sin = steps.map(Math.sin);
      const re = steps.map(() => 1);
      const im = steps.map(() => 0);
      let level = 0.24 / norm;
      return {
        at: at + Math.round(index * noteMs * SAMPLES_PER_MS),
        length,
        value: (i) => {
          let v = 0;
          for (let h = 0; h < harmonics; h++) {
            v += im[h]! / (h + 1);
            const r = re[h]! * cos[h]! - im[h]! * sin[h]!;
            im[h] = re[h]! * sin[h]! + im[h]! * cos[h]!;
            re[h] = r;
          }
          const shaped = level * Math.min(1, i / attack, (length - i) / release) * v;
          level *= fall;
          return shaped;
        },
      };
    });
  };

  /** What the screen says at the end of the block [first, end): a spin starting, settling or cut. */
  const observe = (screen: ScreenState | undefined, first: number, end: number) => {
    const at = startAt + end / SAMPLES_PER_MS;
    const spinning = screen?.spinning ?? null;
    if (spin && spinning?.startedAt !== spin.startedAt) {
      // The spin we followed is over: it ran to its last stop (its win, if any, on the meters once
      // the floor has settled it), or the floor dropped it before (a fault, the player gone).
      const ran = at >= spin.lastStop - SETTLE_SLACK_MS;
      if (ran && spinning === null && screen && screen.win > 0) voices.push(...jingle(Math.max(first, sampleAt(spin.lastStop)), screen.win, spin.bet));
      if (!ran && whirr) {
        whirr.cut = first;
        const dropped = whirr.spin;
        for (let v = voices.length - 1; v >= 0; v--) if (voices[v]!.spin === dropped && voices[v]!.at >= first) voices.splice(v, 1);
      }
      spin = null;
    }
    if (spinning && !spin && screen) {
      const stops = spinning.stopsAt.filter(Number.isFinite);
      const lastStop = Math.max(spinning.startedAt, ...stops);
      spin = { startedAt: spinning.startedAt, lastStop, bet: screen.bet };
      // A viewer who arrives mid-spin hears the rest of it.
      const start = Math.max(first, sampleAt(spinning.startedAt));
      whirr = { spin: spinning.startedAt, start, stops: stops.map(sampleAt), cut: null, level: whirr?.level ?? 0, motorPhase: 0, motorLow: 0, rumble: 0 };
      stops.forEach((stop, reel) => {
        const sample = sampleAt(stop);
        if (sample >= first) voices.push(clunk(sample, reel, reel === stops.length - 1, spinning.startedAt));
      });
    }
  };

  /** The ticks of every reel still spinning that fall in [first, end). */
  const addTicks = (first: number, end: number) => {
    if (!whirr) return;
    const { start, stops, cut } = whirr;
    stops.forEach((stop, reel) => {
      // A tick a whole number of rows before the stop: the symbol that will land passing by.
      for (let k = Math.max(1, Math.ceil((stop - end + 1) / ROW_SAMPLES)); ; k++) {
        const at = stop - k * ROW_SAMPLES;
        if (at < first || at < start + 50 * SAMPLES_PER_MS) break;
        if (at < end && (cut === null || at < cut)) voices.push(tick(at, reel));
      }
    });
  };

  /** The motor: a filtered sawtooth rising to speed, and a low rumble, as loud as reels still spin. */
  const whirrSample = (w: Whirr, n: number): number => {
    let spinningReels = 0;
    if (n >= w.start && (w.cut === null || n < w.cut)) for (const stop of w.stops) if (stop > n) spinningReels += 1;
    const target = w.stops.length > 0 ? Math.sqrt(spinningReels / w.stops.length) : 0;
    w.level += (target - w.level) * LEVEL_GLIDE;
    const sinceStart = Math.max(0, n - w.start) / SAMPLE_RATE;
    const frequency = 70 + 40 * Math.min(1, sinceStart / 0.3);
    w.motorPhase = (w.motorPhase + frequency / SAMPLE_RATE) % 1;
    w.motorLow += (2 * w.motorPhase - 1 - w.motorLow) * 0.08;
    w.rumble += (noise() - w.rumble) * 0.02;
    return 0.14 * w.level * (0.7 * w.motorLow + 2.5 * w.rumble);
  };

  return {
    next(screen, count) {
      const first = cursor;
      const end = cursor + count;
      cursor = end;
      observe(screen, first, end);
      addTicks(first, end);
      const w = whirr;
      if (!w && voices.length === 0) return Buffer.alloc(count * 2); // idle: silence, exact zeros
      if (mixed.length < count) mixed = new Float32Array(count);
      const mix = mixed;
      mix.fill(0, 0, count);
      if (w) {
        for (let n = Math.max(first, w.start); n < end; n++) mix[n - first] = whirrSample(w, n);
        const over = w.stops.every((stop) => stop <= end) || (w.cut !== null && w.cut <= end);
        if (over && w.level < 1e-4) whirr = null;
      }
      for (let v = voices.length - 1; v >= 0; v--) {
        const voice = voices[v]!;
        const from = Math.max(first, voice.at);
        const to = Math.min(end, voice.at + voice.length);
        for (let n = from; n < to; n++) mix[n - first]! += voice.value(n - voice.at);
        if (voice.at + voice.length <= end) voices.splice(v, 1);
      }
      const pcm = new Int16Array(count);
      for (let n = 0; n < count; n++) pcm[n] = Math.round(Math.max(-1, Math.min(1, mix[n]! * MASTER)) * 32767);
      const out = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
      return BIG_ENDIAN ? out.swap16() : out;
    },
  };
}
