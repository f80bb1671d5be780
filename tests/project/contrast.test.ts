/**
 * axe-core audits the product in the default theme (tests/e2e/a11y.e2e.ts); a player may pick any
 * preset, so every preset's filled buttons keep WCAG AA's 4.5:1 for their text as well.
 */
import { describe, expect, it } from 'vitest';
import { THEME_PRESETS } from '../../src/theme/presets.ts';

/** WCAG 2.1 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('theme contrast', () => {
  it('knows WCAG ratios', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21);
    // The finding: white on the old danger fill.
    expect(contrast('#ffffff', '#ff5c6c')).toBeCloseTo(3, 1);
  });

  it.each(THEME_PRESETS.map((p) => [p.id, p.theme.colors] as const))('%s: primary and danger buttons read at 4.5:1', (_id, colors) => {
    expect(contrast(colors.primaryText, colors.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', colors.dangerFill)).toBeGreaterThanOrEqual(4.5);
  });
});
