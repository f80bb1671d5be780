import { DESIGN_HEIGHT, DESIGN_WIDTH, font, REELS, WINDOW_HEIGHT, WINDOW_WIDTH, type Ctx } from './paint.ts';
import type { MachineStatus } from './screen.ts';

/**
 * What the floor status does to the picture: a machine out of play says so across the screen,
 * so a viewer never mistakes a dead machine for a frozen stream (the clock keeps running).
 */

interface Banner {
  title: string;
  subtitle: string;
  color: string;
  /** Dim the whole screen behind the banner. */
  dim: number;
  stripes?: boolean;
}

const BANNERS: Partial<Record<MachineStatus, Banner>> = {
  offline: { title: 'OFFLINE', subtitle: 'THIS MACHINE IS NOT AVAILABLE', color: '#6c757d', dim: 0.72 },
  error: { title: 'ERROR', subtitle: 'AN ATTENDANT HAS BEEN CALLED', color: '#d62828', dim: 0.45 },
  malfunction: { title: 'MALFUNCTION', subtitle: 'ALL PAYS AND PLAYS VOID', color: '#f77f00', dim: 0.45, stripes: true },
  waiting: { title: 'WAITING', subtitle: 'PLEASE STAND BY', color: '#4361ee', dim: 0.3 },
  tryingCashout: { title: 'CASHING OUT', subtitle: 'PLEASE WAIT', color: '#2a9d8f', dim: 0.3 },
};

export function drawStatusOverlay(ctx: Ctx, status: MachineStatus | 'noSignal', now: number): void {
  if (status === 'noSignal') {
    drawBanner(ctx, { title: 'NO SIGNAL', subtitle: 'UNKNOWN MACHINE', color: '#6c757d', dim: 0.85 }, now, false);
    return;
  }
  if (status === 'inBonus') {
    drawBonusGlow(ctx, now);
    return;
  }
  const banner = BANNERS[status];
  if (banner) drawBanner(ctx, banner, now, status === 'waiting' || status === 'tryingCashout');
}

function drawBanner(ctx: Ctx, banner: Banner, now: number, animatedDots: boolean): void {
  ctx.save();
  ctx.fillStyle = `rgba(5,2,10,${banner.dim})`;
  ctx.fillRect(0, 0, DESIGN_WIDTH, DESIGN_HEIGHT);
  const height = 84;
  const y = DESIGN_HEIGHT / 2 - height / 2 - 8;
  ctx.globalAlpha = 0.92;
  ctx.fillStyle = banner.color;
  ctx.fillRect(0, y, DESIGN_WIDTH, height);
  if (banner.stripes) drawHazardStripes(ctx, y, height, now);
  ctx.globalAlpha = 1;
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillRect(0, y, DESIGN_WIDTH, 2);
  ctx.fillRect(0, y + height - 2, DESIGN_WIDTH, 2);

  const dots = animatedDots ? '.'.repeat(1 + (Math.floor(now / 400) % 3)) : '';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.shadowColor = 'rgba(0,0,0,0.8)';
  ctx.shadowBlur = 6;
  ctx.font = font('bold', 38);
  ctx.letterSpacing = '4px';
  ctx.fillText(`${banner.title}${dots}`, DESIGN_WIDTH / 2, y + 34);
  ctx.letterSpacing = '2px';
  ctx.font = font('bold', 11);
  ctx.fillText(banner.subtitle, DESIGN_WIDTH / 2, y + 66);
  ctx.letterSpacing = '0px';
  ctx.restore();
}

function drawHazardStripes(ctx: Ctx, y: number, height: number, now: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, y, DESIGN_WIDTH, 10);
  ctx.rect(0, y + height - 10, DESIGN_WIDTH, 10);
  ctx.clip();
  ctx.fillStyle = '#111111';
  const shift = (now / 40) % 28;
  for (let x = -28 + shift; x < DESIGN_WIDTH + 28; x += 28) {
    ctx.beginPath();
    ctx.moveTo(x, y + height);
    ctx.lineTo(x + 14, y + height);
    ctx.lineTo(x + 14 + height, y);
    ctx.lineTo(x + height, y);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/** Bonus rounds keep the reels visible: a golden chase around the window and a ribbon. */
function drawBonusGlow(ctx: Ctx, now: number): void {
  ctx.save();
  const pulse = 0.55 + 0.45 * Math.sin(now / 180);
  ctx.strokeStyle = `rgba(255,216,77,${pulse})`;
  ctx.shadowColor = '#ffd84d';
  ctx.shadowBlur = 16;
  ctx.lineWidth = 4;
  ctx.strokeRect(REELS.x - 9, REELS.y - 9, WINDOW_WIDTH + 18, WINDOW_HEIGHT + 18);
  ctx.shadowBlur = 0;
  // Ribbons on the window's top corners, clear of the jackpot sign in the middle.
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = font('bold', 10);
  ctx.letterSpacing = '3px';
  for (const x of [REELS.x + 8, REELS.x + WINDOW_WIDTH - 8 - 96]) {
    ctx.fillStyle = '#7b2cbf';
    ctx.fillRect(x, REELS.y - 16, 96, 14);
    ctx.fillStyle = '#ffd84d';
    ctx.fillText('BONUS', x + 48 + 1.5, REELS.y - 8.5);
  }
  ctx.letterSpacing = '0px';
  ctx.restore();
}
