/**
 * The reel symbols every machine of the fleet uses. The game maths decides where they land; the
 * video draws them. Ids are stable: they appear in spin results and on the wire.
 */
export const SYMBOLS = ['cherry', 'lemon', 'orange', 'plum', 'bell', 'bar', 'seven', 'wild', 'scatter'] as const;
export type SymbolId = (typeof SYMBOLS)[number];

export interface SymbolLook {
  /** Short label drawn on the reel. */
  label: string;
  /** Fill colour of the symbol's plate. */
  color: string;
}

export const SYMBOL_LOOK: Record<SymbolId, SymbolLook> = {
  cherry: { label: 'CHERRY', color: '#d7263d' },
  lemon: { label: 'LEMON', color: '#f4d35e' },
  orange: { label: 'ORANGE', color: '#f78c1f' },
  plum: { label: 'PLUM', color: '#7b2cbf' },
  bell: { label: 'BELL', color: '#ffb703' },
  bar: { label: 'BAR', color: '#8d99ae' },
  seven: { label: '7', color: '#e63946' },
  wild: { label: 'WILD', color: '#06d6a0' },
  scatter: { label: 'STAR', color: '#4cc9f0' },
};

/** Reels and rows of the visible window. */
export const REEL_COUNT = 5;
export const ROW_COUNT = 3;
