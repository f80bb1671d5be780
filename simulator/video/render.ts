import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { paintStrip, stripLayout } from '../../protocol/videoStrip.ts';
import { formatClock, formatMoney } from './format.ts';
import { bezel, DESIGN_HEIGHT, DESIGN_WIDTH, fitText, font, GOLD, LED, MONO, REELS, WINDOW_HEIGHT, WINDOW_WIDTH, type Ctx } from './paint.ts';
import { drawStatusOverlay } from './render-overlay.ts';
import { drawPanel, drawPanelFrame } from './render-panel.ts';
import { drawReelFrame, drawReelGlass, drawReelSymbols, drawReelWins } from './render-reels.ts';
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

/**
 * Draws frames of one size. What never changes while a machine is watched (the cabinet's
 * gradients, bezels, reel drums, labels, brand and name) is drawn once into a layer at the
 * output size and copied in each frame; only what moves is drawn per frame, and the reels' glass
 * is a second cached layer. Gradients at 1280×720 cost more than everything else together
 * (measured: ~10 ms a frame for the drums alone), so the HD band depends on this.
 */
export interface Renderer {
  draw(ctx: Ctx, input: FrameInput): void;
  /** Paints the layers that are the same for every machine (the reels' glass), if not yet there. */
  warm(): void;
}

/**
 * The still layers of one frame size, shared by every renderer of that size: a viewer who joins
 * a machine and band someone watched before (another player, or the same one back) starts with
 * the layers drawn. Painting them is most of a first frame (640×360: 5–18 ms against ~1.5 for
 * the next; 1280×720: 20–25 ms), and a first frame is drawn while the viewer's ICE and DTLS
 * wait for the same thread. A renderer holds the cabinet it drew with, so a layer dropped from
 * the store stays valid for the renderers using it.
 */
export interface StillLayers {
  cabinet(key: string, paint: () => Canvas): Canvas;
  glass(paint: () => Canvas): Canvas;
}

/** Cabinets kept per frame size, the one used longest ago dropped first: ~0.9 MB each at 640×360, 3.7 MB at 1280×720. */
export const CABINETS_PER_SIZE = 8;

export function stillLayerStore(limit = CABINETS_PER_SIZE): StillLayers {
  const cabinets = new Map<string, Canvas>();
  let glass: Canvas | undefined;
  return {
    cabinet(key, paint) {
      let canvas = cabinets.get(key);
      if (canvas) cabinets.delete(key);
      else canvas = paint();
      cabinets.set(key, canvas);
      for (const oldest of cabinets.keys()) {
        if (cabinets.size <= limit) break;
        cabinets.delete(oldest);
      }
      return canvas;
    },
    glass: (paint) => (glass ??= paint()),
  };
}

const shared = new Map<string, StillLayers>();

/** The process's still layers for frames of this size. */
export function sharedStillLayers(width: number, height: number): StillLayers {
  const size = `${width}x${height}`;
  let layers = shared.get(size);
  if (!layers) shared.set(size, (layers = stillLayerStore()));
  return layers;
}

export function createRenderer(width: number, height: number, layers: StillLayers = sharedStillLayers(width, height)): Renderer {
  // One picture for every band: scale the design space uniformly and centre it.
  const scale = Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT);
  const offsetX = (width - DESIGN_WIDTH * scale) / 2;
  const offsetY = (height - DESIGN_HEIGHT * scale) / 2;
  const toDesign = (ctx: Ctx) => ctx.setTransform(scale, 0, 0, scale, offsetX, offsetY);
  let cabinet: { key: string; canvas: Canvas } | undefined;
  let glass: Canvas | undefined;
  // The reel window in frame pixels, whole pixels so the glass is copied without resampling.
  const window = {
    x: Math.floor(offsetX + REELS.x * scale),
    y: Math.floor(offsetY + REELS.y * scale),
    w: Math.ceil(WINDOW_WIDTH * scale) + 1,
    h: Math.ceil(WINDOW_HEIGHT * scale) + 1,
  };

  const layer = (paint: (ctx: Ctx) => void): Canvas => {
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    toDesign(ctx);
    paint(ctx);
    return canvas;
  };
  const paintGlass = () => layer(drawReelGlass);

  return {
    warm() {
      layers.glass(paintGlass);
    },
    draw(ctx, input) {
      const { screen } = input;
      const key = screen ? `${screen.brand}\u0000${screen.machineName}` : '';
      if (cabinet?.key !== key) {
        cabinet = {
          key,
          canvas: layers.cabinet(key, () =>
            layer((layerCtx) => {
              layerCtx.save();
              layerCtx.setTransform(1, 0, 0, 1, 0, 0);
              layerCtx.fillStyle = '#000000';
              layerCtx.fillRect(0, 0, width, height);
              layerCtx.restore();
              drawCabinetStatic(layerCtx, screen);
            }),
          ),
        };
      }
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(cabinet.canvas, 0, 0);
      toDesign(ctx);
      if (screen) {
        drawReelSymbols(ctx, screen, input.now);
        glass ??= layers.glass(paintGlass);
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(glass, window.x, window.y, window.w, window.h, window.x, window.y, window.w, window.h);
        ctx.restore();
      }
      drawCabinetMoving(ctx, input);
      ctx.restore();
      // In frame pixels, after the scaling: its cells sit on the encoder's macroblock grid.
      if (input.strip) paintStrip(ctx, stripLayout(width, height), input.screen?.requestSeq ?? 0);
    },
  };
}

/** One frame drawn from scratch, no layer kept or shared (tests, the warm-up): the same picture. */
export function drawFrame(ctx: Ctx, width: number, height: number, input: FrameInput): void {
  createRenderer(width, height, stillLayerStore()).draw(ctx, input);
}

/** The cabinet as it is whatever happens: background, trim, bezels, drums, labels, name. */
function drawCabinetStatic(ctx: Ctx, screen: ScreenState | undefined): void {
  drawBackground(ctx);
  if (!screen) return;
  drawHeaderText(ctx, screen);
  drawJackpotFrame(ctx);
  drawReelFrame(ctx);
  drawPanelFrame(ctx);
}

/** Everything that moves, over the cabinet and the reels. */
function drawCabinetMoving(ctx: Ctx, { screen, now, frame, paylines }: FrameInput): void {
  if (screen) {
    drawLamp(ctx, screen, now);
    drawJackpot(ctx, screen.jackpot, frame);
    drawReelWins(ctx, screen, now, paylines);
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

function drawHeaderText(ctx: Ctx, screen: ScreenState): void {
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
}

/** Tower lamp: the status at a glance, blinking when the machine needs attention. */
function drawLamp(ctx: Ctx, screen: ScreenState, now: number): void {
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

/** The progressive jackpot sign: its frame and label (the static layer)… */
const JACKPOT = { w: 270, h: 22, x: (DESIGN_WIDTH - 270) / 2, y: 50 } as const;

function drawJackpotFrame(ctx: Ctx): void {
  const { w, h, x, y } = JACKPOT;
  bezel(ctx, x, y, w, h, 11);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ff5d5d';
  ctx.font = font('bold', 10);
  ctx.letterSpacing = '2px';
  ctx.fillText('JACKPOT', x + 52, y + h / 2 + 0.5);
  ctx.letterSpacing = '0px';
}

/** …and its amount and chasing bulbs, which also keep an idle picture moving. */
function drawJackpot(ctx: Ctx, jackpot: number, frame: number): void {
  const { w, h, x, y } = JACKPOT;
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
