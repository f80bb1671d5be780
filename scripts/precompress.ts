/**
 * Build-time compression of the client (issue 24): every text asset of dist/ gets a Brotli
 * (`.br`, quality 11) and a gzip (`.gz`, level 9) twin beside it, so the simulator — or any web
 * server or CDN set up as docs/operators.md says — sends the smallest one the browser accepts
 * without compressing on each request. Source maps are left as they are (only developers fetch
 * them), and so are files too small to gain anything.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSED_TYPES } from '../simulator/http/static.ts';

/** Below this a compressed twin saves less than its headers cost. */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface Compressed {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}

/** Writes FILE.br and FILE.gz for each compressible file under `directory`; says what it did. */
export async function compressDirectory(directory: string): Promise<Compressed[]> {
  const done: Compressed[] = [];
  for (const file of await walk(directory)) {
    if (!COMPRESSED_TYPES.has(extname(file).toLowerCase())) continue;
    const { size } = await stat(file);
    if (size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    done.push({ file, bytes: size, br: br.length, gz: gzipped.length });
  }
  return done;
}

async function walk(directory: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** The Vite plugin: compresses the output once everything (the service worker too) is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'reelside-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const done = await compressDirectory(outDir);
        const bytes = done.reduce((sum, f) => sum + f.bytes, 0);
        const br = done.reduce((sum, f) => sum + f.br, 0);
        console.log(`precompress: ${done.length} files, ${(bytes / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`);
      },
    },
  };
}
