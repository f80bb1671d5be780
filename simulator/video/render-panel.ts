import { formatMoney } from './format.ts';
import { bezel, DESIGN_WIDTH, fitText, font, GOLD, LED, MONO, roundRect, type Ctx } from './paint.ts';
import type { ScreenState } from './screen.ts';

/** The bottom panel: the four meters, then free spins, the status message and autoplay. */

const METERS_Y = 280;
const METER_HEIGHT = 40;
const STRIP_Y = 326;
const STRIP_HEIGHT = 26;

const METER_LABELS = ['CREDITS', 'BET', 'LINES', 'WIN'] as const;
const METER_WIDTH = 130;
const METER_GAP = 8;
const PANEL_WIDTH = METER_LABELS.length * METER_WIDTH + (METER_LABELS.length - 1) * METER_GAP;
const PANEL_X = (DESIGN_WIDTH - PANEL_WIDTH) / 2;
const meterX = (i: number) => PANEL_X + i * (METER_WIDTH + METER_GAP);

/** The meters' and the strip's frames and the meters' labels: the renderer's static layer. */
export function drawPanelFrame(ctx: Ctx): void {
  for (const [i, label] of METER_LABELS.entries()) {
    bezel(ctx, meterX(i), METERS_Y, METER_WIDTH, METER_HEIGHT);
    drawMeterLabel(ctx, meterX(i), label);
  }
  bezel(ctx, PANEL_X, STRIP_Y, PANEL_WIDTH, STRIP_HEIGHT, 14);
}

export function drawPanel(ctx: Ctx, screen: ScreenState, now: number): void {
  const winning = screen.win > 0 && !screen.spinning;
  const flash = winning && Math.floor(now / 250) % 2 === 0;
  const values = [
    { value: formatMoney(screen.credits), hot: false },
    { value: formatMoney(screen.bet), hot: false },
    { value: String(Math.max(0, Math.trunc(screen.lines) || 0)), hot: false },
    { value: formatMoney(winning ? screen.win : 0), hot: flash },
  ];
  for (const [i, meter] of values.entries()) drawMeter(ctx, meterX(i), METER_WIDTH, METER_LABELS[i] ?? '', meter);
  drawStrip(ctx, screen, now, PANEL_X, PANEL_WIDTH);
}

function drawMeterLabel(ctx: Ctx, x: number, label: string): void {
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = GOLD;
  ctx.font = font('bold', 9);
  ctx.letterSpacing = '1.5px';
  ctx.fillText(label, x + METER_WIDTH / 2, METERS_Y + 12);
  ctx.letterSpacing = '0px';
}

function drawMeter(ctx: Ctx, x: number, width: number, label: string, meter: { value: string; hot: boolean }): void {
  if (meter.hot) {
    // Lit over the static frame; the label goes back on top of the light.
    roundRect(ctx, x + 2, METERS_Y + 2, width - 4, METER_HEIGHT - 4, 4);
    ctx.fillStyle = 'rgba(255,200,40,0.28)';
    ctx.fill();
    drawMeterLabel(ctx, x, label);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = meter.hot ? '#ffffff' : LED;
  ctx.shadowColor = 'rgba(255,190,40,0.8)';
  ctx.shadowBlur = 6;
  fitText(ctx, meter.value, x + width / 2, METERS_Y + 32, width - 12, 'bold', 18, MONO);
  ctx.shadowBlur = 0;
}

function drawStrip(ctx: Ctx, screen: ScreenState, now: number, x: number, width: number): void {
  const mid = STRIP_Y + STRIP_HEIGHT / 2 + 0.5;
  ctx.textBaseline = 'middle';

  let left = x + 8;
  if (screen.freeSpinsLeft > 0) {
    const label = `FREE SPINS ${Math.trunc(screen.freeSpinsLeft)}`;
    left += pill(ctx, left, mid, label, '#7b2cbf', '#ffffff') + 6;
  }
  // Autoplay lamp: lit and blinking while on, a dim outline while off.
  const autoLit = screen.autoplay && Math.floor(now / 500) % 2 === 0;
  ctx.font = font('bold', 10);
  const autoWidth = ctx.measureText('AUTO').width + 16;
  const right = x + width - 8 - autoWidth;
  pill(ctx, right, mid, 'AUTO', screen.autoplay ? (autoLit ? '#06d6a0' : '#047a5b') : 'rgba(255,255,255,0.08)', screen.autoplay ? '#02140e' : 'rgba(255,255,255,0.35)');

  if (screen.message) {
    ctx.textAlign = 'center';
    ctx.fillStyle = '#ffffff';
    ctx.shadowColor = 'rgba(255,216,77,0.7)';
    ctx.shadowBlur = 4;
    const room = right - left - 12;
    if (room > 20) fitText(ctx, screen.message.slice(0, 80).toUpperCase(), left + 6 + room / 2, mid, room, 'bold', 13);
    ctx.shadowBlur = 0;
  }
}

/** A rounded label; returns its width so the caller can lay out what follows. */
function pill(ctx: Ctx, x: number, mid: number, text: string, fill: string, ink: string): number {
  ctx.font = font('bold', 10);
  const width = ctx.measureText(text).width + 16;
  roundRect(ctx, x, mid - 9, width, 18, 9);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.textAlign = 'center';
  ctx.fillText(text, x + width / 2, mid);
  return width;
}
