/**
 * Makes the simulator's machine pictures (public/images/machines/*.webp) from their designs
 * (art/machines/*.svg), in Chromium as a player's browser draws them: each in the widths of
 * MACHINE_PICTURE_WIDTHS (protocol/floor.ts), WebP. A lobby tile paints a bitmap in a fraction of
 * the time it took to draw the SVG, lettering and gradients, on every first paint (issue 24,
 * docs/performance.md). art/machines/pictures.json keeps each design's SHA-256, so a test knows a
 * design changed without its pictures being made again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { MACHINE_PICTURE_WIDTHS, machinePictureFile } from '../protocol/floor.ts';
import { launchChromium } from './browser/harness.ts';
import { commandLine } from './cli.ts';

commandLine(
  `usage: node scripts/machine-pictures.ts

Draws every design of art/machines/*.svg in Debian's Chromium (CHROMIUM_PATH names another) at
${MACHINE_PICTURE_WIDTHS.join(' and ')} pixels wide (4:3) into public/images/machines/ as WebP, and
records each design's SHA-256 in art/machines/pictures.json. Run it after changing a design; it
takes no options.

  -h, --help  this text`,
  {},
);

/** WebP's quality: no banding on the gradients, some 10 KB a picture at 400 wide. */
const QUALITY = 0.82;

const designs = readdirSync('art/machines').filter((file) => file.endsWith('.svg')).sort();
const browser = await launchChromium();
const hashes: Record<string, string> = {};
try {
  const page = await browser.newPage();
  for (const file of designs) {
    const svg = readFileSync(`art/machines/${file}`);
    const name = basename(file, '.svg');
    hashes[file] = createHash('sha256').update(svg).digest('hex');
    for (const width of MACHINE_PICTURE_WIDTHS) {
      const base64 = await page.evaluate(
        async ({ svg, width, quality }) => {
          const picture = new Image();
          picture.src = `data:image/svg+xml;base64,${svg}`;
          await picture.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = (width * 3) / 4;
          canvas.getContext('2d')?.drawImage(picture, 0, 0, canvas.width, canvas.height);
          const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/webp', quality));
          if (!blob) throw new Error('the canvas made no WebP');
          const bytes = new Uint8Array(await blob.arrayBuffer());
          let binary = '';
          for (const byte of bytes) binary += String.fromCharCode(byte);
          return btoa(binary);
        },
        { svg: svg.toString('base64'), width, quality: QUALITY },
      );
      const out = `public${machinePictureFile(name, width)}`;
      writeFileSync(out, Buffer.from(base64, 'base64'));
      console.log(`${out}  ${(Buffer.byteLength(base64, 'base64') / 1024).toFixed(1)} KB`);
    }
  }
} finally {
  await browser.close();
}
writeFileSync('art/machines/pictures.json', `${JSON.stringify(hashes, null, 2)}\n`);
