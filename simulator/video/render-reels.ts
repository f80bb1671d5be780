import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { REEL_COUNT, ROW_COUNT, SYMBOL_LOOK, type SymbolId } from '../game/symbols.ts';
import { bezel, fitText, font, inkOn, REELS, roundRect, shade, WINDOW_HEIGHT, WINDOW_WIDTH, type Ctx } from './paint.ts';
import { reelView } from './reels.ts';
import type { ScreenState } from './screen.ts';

/** The 5×3 reel window: cylinders, symbol plates, the glass, and the winning paylines on top. */

// Distinct, saturated colours so overlapping winning lines stay tellable apart.
const LINE_COLORS = ['#ff3b6b', '#3bd1ff', '#7dff3b', '#ffa53b', '#d13bff', '#3bffb4', '#ffe53b', '#ff6b3b', '#3b6bff', '#ff3bd1'];
const MAX_DRAWN_LINES = 20;

// The reel window is drawn in layers: its frame and drums once (the renderer's static layer),
// the symbols every frame, the glass's curved shading once over them, the wins on top.

export function drawReelFrame(ctx: Ctx): void {
  bezel(ctx, REELS.x - 7, REELS.y - 7, WINDOW_WIDTH + 14, WINDOW_HEIGHT + 14, 10);
  for (let reel = 0; reel < REEL_COUNT; reel++) {
    // A cylinder lit from the front: bright in the middle, falling off to the top and bottom.
    const x = reelX(reel);
    const drum = ctx.createLinearGradient(0, REELS.y, 0, REELS.y + WINDOW_HEIGHT);
    drum.addColorStop(0, '#7d7566');
    drum.addColorStop(0.22, '#f3eee1');
    drum.addColorStop(0.5, '#fffdf7');
    drum.addColorStop(0.78, '#f3eee1');
    drum.addColorStop(1, '#7d7566');
    ctx.fillStyle = drum;
    ctx.fillRect(x, REELS.y, REELS.reelWidth, WINDOW_HEIGHT);
  }
}

export function drawReelSymbols(ctx: Ctx, screen: ScreenState, now: number): void {
  for (let reel = 0; reel < REEL_COUNT; reel++) {
    const x = reelX(reel);
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, REELS.y, REELS.reelWidth, WINDOW_HEIGHT);
    ctx.clip();
    const view = reelView(reel, screen.reels[reel], screen.spinning, now);
    for (const cell of view.cells) {
      const top = REELS.y + cell.y * REELS.rowHeight;
      drawSymbol(ctx, cell.symbol, x, top, view.blurred);
    }
    ctx.restore();
  }
}

/** The drums' curve: darker towards the top and bottom, over the symbols. */
export function drawReelGlass(ctx: Ctx): void {
  for (let reel = 0; reel < REEL_COUNT; reel++) {
    const curve = ctx.createLinearGradient(0, REELS.y, 0, REELS.y + WINDOW_HEIGHT);
    curve.addColorStop(0, 'rgba(0,0,0,0.55)');
    curve.addColorStop(0.18, 'rgba(0,0,0,0)');
    curve.addColorStop(0.82, 'rgba(0,0,0,0)');
    curve.addColorStop(1, 'rgba(0,0,0,0.55)');
    ctx.fillStyle = curve;
    ctx.fillRect(reelX(reel), REELS.y, REELS.reelWidth, WINDOW_HEIGHT);
  }
}

export function drawReelWins(ctx: Ctx, screen: ScreenState, now: number, paylines: readonly (readonly number[])[] | undefined): void {
  if (!screen.spinning && screen.winningLines.length > 0) drawWins(ctx, screen.winningLines, now, paylines);
}

function reelX(reel: number): number {
  return REELS.x + reel * (REELS.reelWidth + REELS.gap);
}

/**
 * Symbol plates are drawn once per symbol and output scale, then blitted: gradients, strokes
 * and shadowed text on 15 to 20 plates per frame were most of the cost of a frame. A spinning
 * symbol's smear (a faint trailing copy above it, which reads as speed at 30 fps) is a sprite of
 * its own, so a spinning cell is one blit like a still one.
 */
const sprites = new Map<string, Canvas>();
const SMEAR = 0.35;

function symbolSprite(symbol: SymbolId, scale: number, smeared: boolean): Canvas {
  const key = `${symbol}@${scale.toFixed(4)}${smeared ? '~' : ''}`;
  let sprite = sprites.get(key);
  if (!sprite) {
    const rows = smeared ? 1 + SMEAR : 1;
    sprite = createCanvas(Math.ceil(REELS.reelWidth * scale), Math.ceil(REELS.rowHeight * rows * scale));
    const spriteCtx = sprite.getContext('2d');
    if (smeared) {
      const plate = symbolSprite(symbol, scale, false);
      spriteCtx.globalAlpha = 0.35;
      spriteCtx.drawImage(plate, 0, 0);
      spriteCtx.globalAlpha = 0.8;
      spriteCtx.drawImage(plate, 0, Math.round(REELS.rowHeight * SMEAR * scale));
    } else {
      spriteCtx.scale(scale, scale);
      drawPlate(spriteCtx, symbol);
    }
    sprites.set(key, sprite);
  }
  return sprite;
}

function drawSymbol(ctx: Ctx, symbol: SymbolId, x: number, top: number, smeared: boolean): void {
  const scale = Math.max(0.05, Math.abs(ctx.getTransform().a) || 1);
  const sprite = symbolSprite(symbol, scale, smeared);
  // On whole frame pixels: a sprite copied 1:1 is a plain blit, not a resampling.
  const y = Math.round((smeared ? top - REELS.rowHeight * SMEAR : top) * scale) / scale;
  ctx.drawImage(sprite, x, y, sprite.width / scale, sprite.height / scale);
}

/** One symbol's plate in a cell-sized box at the origin. */
function drawPlate(ctx: Ctx, symbol: SymbolId): void {
  const look = SYMBOL_LOOK[symbol] ?? { label: '?', color: '#888888' };
  const px = 8;
  const py = 6;
  const w = REELS.reelWidth - 16;
  const h = REELS.rowHeight - 12;
  const plate = ctx.createLinearGradient(0, py, 0, py + h);
  plate.addColorStop(0, shade(look.color, 0.35));
  plate.addColorStop(0.55, look.color);
  plate.addColorStop(1, shade(look.color, -0.35));
  roundRect(ctx, px, py, w, h, 9);
  ctx.fillStyle = plate;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = shade(look.color, -0.5);
  ctx.stroke();
  // Gloss on the upper half, as on an enamelled reel strip.
  roundRect(ctx, px + 3, py + 2, w - 6, h * 0.42, 7);
  ctx.fillStyle = 'rgba(255,255,255,0.22)';
  ctx.fill();
  if (symbol === 'scatter') drawStar(ctx, px + w / 2, py + h / 2, h * 0.46, 'rgba(255,255,255,0.45)');

  const ink = inkOn(look.color);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  if (symbol === 'seven') {
    ctx.font = font('bold', 36);
    ctx.lineWidth = 4;
    ctx.strokeStyle = '#ffd84d';
    ctx.strokeText(look.label, px + w / 2, py + h / 2 + 1);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(look.label, px + w / 2, py + h / 2 + 1);
  } else {
    ctx.fillStyle = ink;
    ctx.shadowColor = ink === '#ffffff' ? 'rgba(0,0,0,0.6)' : 'rgba(255,255,255,0.5)';
    ctx.shadowBlur = 2;
    fitText(ctx, look.label, px + w / 2, py + h / 2 + 1, w - 10, 'bold', 16);
  }
}

function drawStar(ctx: Ctx, cx: number, cy: number, radius: number, color: string): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? radius : radius * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
  }
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

function drawWins(ctx: Ctx, winning: readonly number[], now: number, paylines: readonly (readonly number[])[] | undefined): void {
  const pulse = 0.65 + 0.35 * Math.sin(now / 140);
  ctx.save();
  const shapes = paylines ? winning.map((index) => ({ index, rows: paylines[index] })) : [];
  const drawable = shapes.filter((line): line is { index: number; rows: readonly number[] } => Array.isArray(line.rows));
  if (drawable.length === 0) {
    // Shapes unknown: light the whole window instead of guessing which cells won.
    ctx.globalAlpha = pulse;
    ctx.shadowColor = '#ffd84d';
    ctx.shadowBlur = 18;
    ctx.lineWidth = 5;
    ctx.strokeStyle = '#ffd84d';
    roundRect(ctx, REELS.x - 4, REELS.y - 4, WINDOW_WIDTH + 8, WINDOW_HEIGHT + 8, 8);
    ctx.stroke();
    ctx.restore();
    return;
  }
  for (const line of drawable.slice(0, MAX_DRAWN_LINES)) {
    const color = LINE_COLORS[line.index % LINE_COLORS.length] ?? '#ffffff';
    const points = Array.from({ length: REEL_COUNT }, (_, reel) => {
      const row = Math.min(ROW_COUNT - 1, Math.max(0, Math.trunc(line.rows[reel] ?? 1)));
      return { x: reelX(reel) + REELS.reelWidth / 2, y: REELS.y + row * REELS.rowHeight + REELS.rowHeight / 2, row };
    });
    ctx.globalAlpha = pulse;
    ctx.strokeStyle = color;
    ctx.shadowColor = color;
    ctx.shadowBlur = 10;
    ctx.lineWidth = 3;
    for (const [reel, point] of points.entries()) {
      roundRect(ctx, reelX(reel) + 4, REELS.y + point.row * REELS.rowHeight + 3, REELS.reelWidth - 8, REELS.rowHeight - 6, 10);
      ctx.stroke();
    }
    ctx.lineWidth = 4;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(REELS.x - 12, points[0]?.y ?? REELS.y);
    for (const point of points) ctx.lineTo(point.x, point.y);
    ctx.lineTo(REELS.x + WINDOW_WIDTH + 12, points[points.length - 1]?.y ?? REELS.y);
    ctx.stroke();
    // The line's number in a badge at both ends, as printed on a cabinet's glass.
    for (const end of [REELS.x - 22, REELS.x + WINDOW_WIDTH + 22]) {
      const y = end < REELS.x ? (points[0]?.y ?? 0) : (points[points.length - 1]?.y ?? 0);
      ctx.beginPath();
      ctx.arc(end, y, 10, 0, Math.PI * 2);
      ctx.fillStyle = color;
      ctx.fill();
      ctx.fillStyle = inkOn(color);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.font = font('bold', 10);
      ctx.fillText(String(line.index + 1), end, y + 0.5);
    }
  }
  ctx.restore();
}
