/**
 * The request strip: a row of big black and white cells in the top-left corner of a machine's
 * video that says how many player requests the machine had handled when the frame was drawn
 * (the low STRIP_BITS bits of that count). The simulator draws it when asked (its `videoStrip`
 * option: off for players by default, on in the bench); whoever has the decoded frame reads it
 * back from the pixels, so the time from a press to the first frame that answers it can be
 * measured at the viewer, through the whole pipeline (render, encode, network, jitter buffer,
 * decode, present).
 *
 *   cell:  0      1      2 … 9            10
 *          white  black  the count's bits  parity (white when the data has an odd number of ones)
 *
 * Built to survive lossy VP8: cells are up to 16×16 pixels (a VP8 macroblock) on the macroblock
 * grid, only the middle of each cell is read, the threshold sits between the frame's own white and
 * black reference cells (whatever the encoder did to the levels), and the parity bit rejects a
 * read torn between two values. A frame without the strip reads as null.
 *
 * The reading functions (stripLayout, stripLumas, decodeStripLumas) use nothing outside their own
 * bodies, so a page can be handed their source (the bench does: `new Function`) and run them as
 * they are.
 */

/** Bits of the request count the strip carries (the count modulo 256). */
export const STRIP_BITS = 8;
/** Sync (white), reference (black), the data bits, parity. */
export const STRIP_CELLS = STRIP_BITS + 3;

export interface StripLayout {
  /** Top-left corner of the strip, in frame pixels. */
  x: number;
  y: number;
  /** Side of one square cell. */
  cell: number;
  /** Width and height of the strip: cells × cell, cell. */
  width: number;
  height: number;
}

/**
 * Where the strip is in a width×height frame: the top-left corner (the cabinet's trim, clear of
 * the lamp, the name and the meters), 16-pixel cells on the macroblock grid (smaller in a tiny frame).
 */
export function stripLayout(width: number, height: number): StripLayout {
  const cells = 11; // STRIP_CELLS, spelled out: this function must stand alone
  const fit = Math.floor(Math.min(width / cells, height / 4) / 2) * 2;
  const cell = Math.max(2, Math.min(16, fit));
  return { x: 0, y: 0, cell, width: cell * cells, height: cell };
}

/** The cells' colours for a request count (true = white), left to right. */
export function stripCells(count: number): boolean[] {
  const value = ((count % 2 ** STRIP_BITS) + 2 ** STRIP_BITS) % 2 ** STRIP_BITS;
  const bits: boolean[] = [];
  for (let bit = STRIP_BITS - 1; bit >= 0; bit--) bits.push(((value >> bit) & 1) === 1);
  const ones = bits.filter(Boolean).length;
  return [true, false, ...bits, ones % 2 === 1];
}

/** Paints the strip for a request count onto a 2D context, in frame pixels (no transform). */
export function paintStrip(
  ctx: { fillStyle: unknown; fillRect(x: number, y: number, w: number, h: number): void },
  layout: StripLayout,
  count: number,
): void {
  stripCells(count).forEach((white, index) => {
    ctx.fillStyle = white ? '#ffffff' : '#000000';
    ctx.fillRect(layout.x + index * layout.cell, layout.y, layout.cell, layout.cell);
  });
}

/**
 * The mean luma (0–255) of the middle of each cell, from RGBA pixels of the strip's area:
 * `data` is a region `regionWidth` pixels wide whose top-left pixel is the strip's top-left
 * (what getImageData(layout.x, layout.y, layout.width, layout.height) gives).
 */
export function stripLumas(data: ArrayLike<number>, regionWidth: number, cell: number): number[] {
  const cells = 11; // STRIP_CELLS, spelled out: this function must stand alone
  const inset = Math.floor(cell / 4);
  const side = Math.max(1, cell - 2 * inset);
  const lumas: number[] = [];
  for (let index = 0; index < cells; index++) {
    let sum = 0;
    for (let dy = 0; dy < side; dy++) {
      for (let dx = 0; dx < side; dx++) {
        const at = ((inset + dy) * regionWidth + index * cell + inset + dx) * 4;
        // BT.601 luma, as the encoder's RGB → YUV conversion sees it.
        sum += 0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0);
      }
    }
    lumas.push(sum / (side * side));
  }
  return lumas;
}

/** The count (modulo 256) the cells' lumas spell, or null when they are no strip or a torn one. */
export function decodeStripLumas(lumas: readonly number[]): number | null {
  const bitCount = 8; // STRIP_BITS, spelled out: this function must stand alone
  if (lumas.length !== bitCount + 3) return null;
  const white = lumas[0] ?? 0;
  const black = lumas[1] ?? 255;
  // The reference cells must really be white and black: anything else is a frame without the strip.
  if (white < 160 || black > 96 || white - black < 96) return null;
  const threshold = (white + black) / 2;
  const margin = (white - black) / 4;
  let value = 0;
  let ones = 0;
  for (let index = 2; index < 2 + bitCount + 1; index++) {
    const luma = lumas[index] ?? threshold;
    // A cell half way between black and white is a blend of two frames or of the picture: no read.
    if (Math.abs(luma - threshold) < margin) return null;
    const bit = luma > threshold ? 1 : 0;
    ones += bit;
    if (index < 2 + bitCount) value = value * 2 + bit;
  }
  return ones % 2 === 0 ? value : null;
}

/** Reads the strip from a whole RGBA frame; null when it carries none. */
export function readStrip(data: ArrayLike<number>, width: number, height: number): number | null {
  const layout = stripLayout(width, height);
  const region: number[] = [];
  for (let y = 0; y < layout.height; y++) {
    for (let x = 0; x < layout.width; x++) {
      const at = ((layout.y + y) * width + layout.x + x) * 4;
      region.push(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0, data[at + 3] ?? 0);
    }
  }
  return decodeStripLumas(stripLumas(region, layout.width, layout.cell));
}

/** The request count a strip value stands for, given the count last seen (the value wraps at 256). */
export function stripAdvance(previous: number, value: number): number {
  return (value - previous + 2 ** STRIP_BITS) % 2 ** STRIP_BITS;
}
