import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from './helpers.ts';

/**
 * The build's source maps hold the client's whole source: served to developers, a 404 in
 * production (NODE_ENV=production, or the serveSourceMaps option).
 */

const MAP = '{"version":3,"sources":["../../src/secret-comments.ts"],"mappings":""}';

function withMap(t: TestSimulator): void {
  writeFileSync(join(t.root, 'static', 'assets', 'app-abc123.js.map'), MAP);
}

async function mapAnswer(url: string, path = '/assets/app-abc123.js.map'): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, body: await response.text(), headers: response.headers };
}

describe('source maps', () => {
  it('are served by default outside production', async () => {
    const t = await startTestSimulator();
    try {
      withMap(t);
      const answer = await mapAnswer(t.url);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(MAP);
    } finally {
      await t.close();
    }
  });

  it('answer 404 like a missing file when turned off, however the path is spelled', async () => {
    const t = await startTestSimulator({ serveSourceMaps: false });
    try {
      withMap(t);
      for (const path of ['/assets/app-abc123.js.map', '/assets/app-abc123.js%2Emap', '/assets/app-abc123.js%2emap']) {
        const answer = await mapAnswer(t.url, path);
        expect(answer.status, path).toBe(404);
        expect(answer.body, path).not.toContain('secret-comments');
        expect(answer.headers.get('sourcemap'), path).toBeNull();
        expect(answer.headers.get('x-sourcemap'), path).toBeNull();
      }
      // The script itself is still served.
      expect((await mapAnswer(t.url, '/assets/app-abc123.js')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answer 404 when npm run serve runs with NODE_ENV=production', async () => {
    const t = await startTestSimulator(); // only for its build folder
    withMap(t);
    const child = spawn(
      process.execPath,
      ['simulator/main.ts', '--port', '0', '--host', '127.0.0.1', '--memory', '--static', join(t.root, 'static')],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /http:\/\/localhost:(\d+)\//.exec(output);
          if (match && output.includes('player2')) resolve(`http://127.0.0.1:${match[1]}`);
        });
        void exited.then(() => reject(new Error(`exited early:\n${output}`)));
      });
      expect((await mapAnswer(url)).status).toBe(404);
      expect((await mapAnswer(url, '/assets/app-abc123.js')).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
      await t.close();
    }
  });
});
