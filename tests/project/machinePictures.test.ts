import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandImagePath, MACHINE_PICTURE_WIDTHS, machinePictureFile, machinePictureSrcSet } from '../../protocol/floor.ts';

/** A WebP's size from its first chunk: VP8X (extended), VP8 (lossy) or VP8L (lossless). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect([bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)]).toEqual(['RIFF', 'WEBP']);
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  throw new Error(`not a WebP chunk: ${chunk}`);
}

const designs = readdirSync('art/machines').filter((file) => file.endsWith('.svg')).sort();

describe('the machine pictures (scripts/machine-pictures.ts)', () => {
  it('were made from the designs as they are now: each design’s SHA-256 is the one recorded when they were made', () => {
    const recorded = JSON.parse(readFileSync('art/machines/pictures.json', 'utf8')) as Record<string, string>;
    expect(Object.keys(recorded).sort()).toEqual(designs);
    for (const design of designs) {
      expect(createHash('sha256').update(readFileSync(`art/machines/${design}`)).digest('hex'), `${design} changed: run node scripts/machine-pictures.ts`).toBe(recorded[design]);
    }
  });

  it('are served in every width, 4:3, and nothing else lies among them', () => {
    const expected: string[] = [];
    for (const design of designs) {
      for (const width of MACHINE_PICTURE_WIDTHS) {
        const file = machinePictureFile(basename(design, '.svg'), width);
        expected.push(basename(file));
        expect(webpSize(readFileSync(`public${file}`)), file).toEqual({ width, height: (width * 3) / 4 });
      }
    }
    expect(readdirSync('public/images/machines').sort()).toEqual(expected.sort());
  });

  it('offer a dense screen the wider one, and leave any other address as it is', () => {
    expect(brandImagePath('Golden Reels')).toBe('/images/machines/golden-reels.webp');
    expect(machinePictureSrcSet('/images/machines/golden-reels.webp')).toBe('/images/machines/golden-reels.webp 400w, /images/machines/golden-reels@800w.webp 800w');
    for (const other of ['https://cdn.example/golden-reels.webp', '/images/machines/golden-reels.svg', '/images/machines/../golden-reels.webp', '/images/machines/golden-reels@800w.webp', 'golden-reels.webp']) {
      expect(machinePictureSrcSet(other), other).toBeUndefined();
    }
  });
});
