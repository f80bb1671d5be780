import { paintStrip, stripLayout } from '../../protocol/videoStrip.ts';
import { formatClock, formatMoney } from './format.ts';
import { bezel, DESIGN_HEIGHT, DESIGN_WIDTH, fitText, font, GOLD, LED, MONO, type Ctx } from './paint.ts';
import { drawStatusOverlay } from './render-overlay.ts';
import { drawPanel } from './render-panel.ts';
import { drawReelWindow } from './render-reels.ts';
import type { MachineStatus, ScreenState } from './screen.ts';

/**
 * Draws one video frame of a machine's screen: the cabinet top (brand, name, tower lamp,
 * jackpot), the reel window, the meters, and the status overlay. Pure apart from the canvas:
 * the same input always gives the same picture, which is what the renderer tests rely on.
 */

export interface FrameInput {
  /** undefined when the machine vanished while being watched: the frame says NO SIGNAL. */
  screen: ScreenState | undefined;
  now: number;
  frame: number;
  paylines?: readonly (readonly number[])[] | undefined;
  /** Draw the request strip (the bench's marker of the last request handled) over the picture. */
  strip?: boolean | undefined;
}

const LAMP: Record<MachineStatus, string> = {
  free: '#06d6a0',
  playing: '#4cc9f0',
  waiting: '#ffd166',
  inBonus: '#c77dff',
  tryingCashout: '#2a9d8f',
  error: '#ef233c',
  malfunction: '#f77f00',
  offline: '#6c757d',
};

export function drawFrame(ctx: Ctx, width: number, height: number, input: FrameInput): void {
  ctx.save();
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, width, height);
  // One picture for every band: scale the design space uniformly and centre it.
  const scale = Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT);
  ctx.translate((width - DESIGN_WIDTH * scale) / 2, (height - DESIGN_HEIGHT * scale) / 2);
  ctx.scale(scale, scale);
  drawCabinet(ctx, input);
  ctx.restore();
  // In frame pixels, after the scaling: its cells sit on the encoder's macroblock grid.
  if (input.strip) paintStrip(ctx, stripLayout(width, height), input.screen?.requestSeq ?? 0);
}

function drawCabinet(ctx: Ctx, { screen, now, frame, paylines }: FrameInput): void {
  drawBackground(ctx);
  if (screen) {
    drawHeader(ctx, screen, now);
    drawJackpot(ctx, screen.jackpot, frame);
    drawReelWindow(ctx, screen, now, paylines);
    drawPanel(ctx, screen, now);
    drawStatusOverlay(ctx, screen.status, now);
  } else {
    drawStatusOverlay(ctx, 'noSignal', now);
  }
  drawClock(ctx, now, frame);
}

function drawBackground(ctx: Ctx): void {
  const glow = ctx.createRadialGradient(DESIGN_WIDTH / 2, DESIGN_HEIGHT * 0.45, 20, DESIGN_WIDTH / 2, DESIGN_HEIGHT / 2, DESIGN_WIDTH * 0.62);
  glow.addColorStop(0, '#3a1466');
  glow.addColorStop(0.6, '#1b0836');
  glow.addColorStop(1, '#07020f');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, DESIGN_WIDTH, DESIGN_HEIGHT);
  // Gold cabinet trim.
  ctx.strokeStyle = GOLD;
  ctx.globalAlpha = 0.55;
  ctx.lineWidth = 2;
  ctx.strokeRect(5, 5, DESIGN_WIDTH - 10, DESIGN_HEIGHT - 10);
  ctx.globalAlpha = 1;
}

function drawHeader(ctx: Ctx, screen: ScreenState, now: number): void {
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = GOLD;
  ctx.letterSpacing = '3px';
  fitText(ctx, screen.brand.slice(0, 40).toUpperCase(), DESIGN_WIDTH / 2, 17, 300, 'bold', 10);
  ctx.letterSpacing = '0px';

  const nameGradient = ctx.createLinearGradient(0, 20, 0, 42);
  nameGradient.addColorStop(0, '#ffffff');
  nameGradient.addColorStop(1, '#ffd98a');
  ctx.fillStyle = nameGradient;
  ctx.shadowColor = 'rgba(255,170,40,0.85)';
  ctx.shadowBlur = 10;
  fitText(ctx, screen.machineName.slice(0, 40), DESIGN_WIDTH / 2, 40, 360, 'bold', 22);
  ctx.shadowBlur = 0;

  // Tower lamp: the status at a glance, blinking when the machine needs attention.
  const alarm = screen.status === 'error' || screen.status === 'malfunction';
  const lit = !alarm || Math.floor(now / 300) % 2 === 0;
  ctx.beginPath();
  ctx.arc(26, 26, 9, 0, Math.PI * 2);
  ctx.fillStyle = lit ? LAMP[screen.status] ?? '#6c757d' : '#2b2b2b';
  ctx.shadowColor = ctx.fillStyle;
  ctx.shadowBlur = lit ? 12 : 0;
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = GOLD;
  ctx.stroke();
}

/** The progressive jackpot sign with chasing bulbs, which also keep an idle picture moving. */
function drawJackpot(ctx: Ctx, jackpot: number, frame: number): void {
  const w = 270;
  const h = 22;
  const x = (DESIGN_WIDTH - w) / 2;
  const y = 50;
  bezel(ctx, x, y, w, h, 11);
  // Bulbs above and below, chasing in opposite directions, one step every 3 frames.
  const bulbs = 18;
  const step = Math.floor(frame / 3);
  for (let i = 0; i < bulbs; i++) {
    const bx = x + 10 + (i * (w - 20)) / (bulbs - 1);
    for (const [by, lit] of [
      [y - 3, (i + step) % 3 === 0],
      [y + h + 3, (bulbs - i + step) % 3 === 0],
    ] as const) {
      ctx.beginPath();
      ctx.arc(bx, by, 2, 0, Math.PI * 2);
      ctx.fillStyle = lit ? '#fff3b0' : '#6b4a12';
      ctx.fill();
    }
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ff5d5d';
  ctx.font = font('bold', 10);
  ctx.letterSpacing = '2px';
  ctx.fillText('JACKPOT', x + 52, y + h / 2 + 0.5);
  ctx.letterSpacing = '0px';
  ctx.fillStyle = LED;
  ctx.shadowColor = 'rgba(255,190,40,0.9)';
  ctx.shadowBlur = 6;
  fitText(ctx, formatMoney(jackpot), x + w / 2 + 30, y + h / 2 + 1, w - 120, 'bold', 15, MONO);
  ctx.shadowBlur = 0;
}

function drawClock(ctx: Ctx, now: number, frame: number): void {
  ctx.textAlign = 'right';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = 'rgba(255,255,255,0.55)';
  ctx.font = font('normal', 9, MONO);
  ctx.fillText(formatClock(now, frame), DESIGN_WIDTH - 14, 20);
}
