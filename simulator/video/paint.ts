import type { SKRSContext2D } from '@napi-rs/canvas';
import { REEL_COUNT, ROW_COUNT } from '../game/symbols.ts';

/**
 * The cabinet's design system: a fixed 640×360 drawing space (every band is scaled from it, so
 * SD and HD show the same picture), its palette and fonts, and the few drawing helpers the
 * renderer parts share.
 */

export type Ctx = SKRSContext2D;

export const DESIGN_WIDTH = 640;
export const DESIGN_HEIGHT = 360;

/** Reel window geometry, in design units. */
export const REELS = { x: 60, y: 84, reelWidth: 100, gap: 5, rowHeight: 62 } as const;
export const WINDOW_WIDTH = REEL_COUNT * REELS.reelWidth + (REEL_COUNT - 1) * REELS.gap;
export const WINDOW_HEIGHT = ROW_COUNT * REELS.rowHeight;

// DejaVu ships with Debian; the generic family keeps other systems drawing something.
export const SANS = '"DejaVu Sans", sans-serif';
export const MONO = '"DejaVu Sans Mono", monospace';

export const GOLD = '#f5c542';
export const GOLD_DARK = '#9a6b12';
export const LED = '#ffd84d';

export function font(weight: 'bold' | 'normal', size: number, family = SANS): string {
  return `${weight} ${size}px ${family}`;
}

export function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** A gold-framed dark box: meters, jackpot, message strip. */
export function bezel(ctx: Ctx, x: number, y: number, w: number, h: number, r = 6): void {
  const rim = ctx.createLinearGradient(0, y, 0, y + h);
  rim.addColorStop(0, '#ffe9a3');
  rim.addColorStop(0.5, GOLD);
  rim.addColorStop(1, GOLD_DARK);
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = rim;
  ctx.fill();
  const inner = ctx.createLinearGradient(0, y, 0, y + h);
  inner.addColorStop(0, '#1a0d24');
  inner.addColorStop(1, '#07030c');
  roundRect(ctx, x + 2, y + 2, w - 4, h - 4, Math.max(0, r - 2));
  ctx.fillStyle = inner;
  ctx.fill();
}

/** Text that fits: shrinks the font until the text is at most maxWidth wide. */
export function fitText(ctx: Ctx, text: string, x: number, y: number, maxWidth: number, weight: 'bold' | 'normal', size: number, family = SANS): void {
  let current = size;
  ctx.font = font(weight, current, family);
  while (current > 6 && ctx.measureText(text).width > maxWidth) {
    current -= 1;
    ctx.font = font(weight, current, family);
  }
  ctx.fillText(text, x, y);
}

/** Black or white, whichever reads better on the given #rrggbb colour. */
export function inkOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  if (!Number.isFinite(value)) return '#ffffff';
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#2b1600' : '#ffffff';
}

/** #rrggbb mixed towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  if (!Number.isFinite(value)) return hex;
  const target = amount > 0 ? 255 : 0;
  const t = Math.min(1, Math.abs(amount));
  const mix = (channel: number) => Math.round(channel + (target - channel) * t);
  const r = mix((value >> 16) & 255);
  const g = mix((value >> 8) & 255);
  const b = mix(value & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}
