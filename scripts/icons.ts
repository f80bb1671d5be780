/**
 * Draws the app's install icons (public/icons/*.png) from the Reelside mark: three reels on the
 * night theme's background. Run `node scripts/icons.ts` after changing the mark or the theme.
 */
import { writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { nightTheme } from '../src/theme/theme.ts';
import { commandLine } from './cli.ts';

commandLine(
  `usage: node scripts/icons.ts

Draws the app's install icons from the Reelside mark (three reels on the night theme's background)
into public/icons/: icon-192.png, icon-512.png and maskable-512.png. Run it after changing the mark
or the theme; it takes no options.

  -h, --help  this text`,
  {},
);

function icon(size: number, maskable: boolean): Buffer {
  const canvas = createCanvas(size, size);
  const g = canvas.getContext('2d');
  const { background, primary, surfaceRaised } = nightTheme.colors;
  g.fillStyle = background;
  if (maskable) g.fillRect(0, 0, size, size);
  else {
    g.beginPath();
    g.roundRect(0, 0, size, size, size * 0.18);
    g.fill();
  }
  // A maskable icon keeps its mark inside the safe circle (80 % of the size).
  const area = maskable ? size * 0.56 : size * 0.72;
  const reelWidth = area / 3.4;
  const gap = (area - reelWidth * 3) / 2;
  const reelHeight = area * 0.82;
  const left = (size - area) / 2;
  const top = (size - reelHeight) / 2;
  for (let i = 0; i < 3; i++) {
    const x = left + i * (reelWidth + gap);
    g.fillStyle = surfaceRaised;
    g.strokeStyle = primary;
    g.lineWidth = Math.max(2, size * 0.02);
    g.beginPath();
    g.roundRect(x, top, reelWidth, reelHeight, reelWidth * 0.22);
    g.fill();
    g.stroke();
    g.fillStyle = primary;
    g.beginPath();
    g.arc(x + reelWidth / 2, size / 2, reelWidth * 0.2, 0, Math.PI * 2);
    g.fill();
  }
  return canvas.toBuffer('image/png');
}

for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
] as const) {
  writeFileSync(`public/icons/${name}`, icon(size, maskable));
}
console.log('public/icons: icon-192.png, icon-512.png, maskable-512.png');
