import { spawn } from 'node:child_process';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every script answers `--help`: exit 0, a usage line naming how it is run (its npm script, else
 * its file) and what it does — at once, without doing its work (no browser, no simulator, no files
 * written). Run as npm runs them: `node` from node_modules/.bin first on the PATH.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const PATH = [join(ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter);

/** Each script and how its usage line names it. */
const SCRIPTS: readonly (readonly [file: string, usage: string])[] = [
  ['scripts/charts.ts', 'npm run charts'],
  ['scripts/check-catalogs.ts', 'node scripts/check-catalogs.ts'],
  ['scripts/conformance.ts', 'npm run conformance'],
  ['scripts/contract.ts', 'npm run contract'],
  ['scripts/ensure-system.ts', 'node scripts/ensure-system.ts'],
  ['scripts/icons.ts', 'node scripts/icons.ts'],
  ['scripts/screenshots.ts', 'npm run screenshots'],
  ['scripts/test-paths.ts', 'npm run test:paths'],
  ['bench/bench.ts', 'npm run bench'],
  ['simulator/main.ts', 'node simulator/main.ts'],
  ['tests/model/run.ts', 'npm run test:model'],
  ['tests/model/mutate.ts', 'npm run test:mutants'],
];

function run(file: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn('node', [file, ...args], { cwd: ROOT, env: { ...process.env, PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A script that starts its work instead of answering is stopped, and fails below.
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe.concurrent('every script answers --help', { timeout: 30_000 }, () => {
  it.each(SCRIPTS)('%s --help: exit 0, "usage: %s …" and what it does', async (file, usage) => {
    const { code, stdout, stderr } = await run(file, ['--help']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [first = '', ...rest] = stdout.split('\n');
    expect(first.startsWith(`usage: ${usage}`), first).toBe(true);
    // Besides the synopsis, a sentence of what it does (or at least the options explained).
    expect(rest.join('\n').trim().length).toBeGreaterThan(80);
  });

  it.each([
    ['scripts/charts.ts', ['--chek']],
    ['scripts/test-paths.ts', ['--machine']],
    ['scripts/icons.ts', ['--size', '64']],
    ['scripts/screenshots.ts', ['fr']],
    ['bench/bench.ts', ['--only', 'everything']],
    ['tests/model/run.ts', ['--parallel', 'two']],
  ] as const)('%s refuses %j with the usage, doing nothing', async (file, args) => {
    const { code, stdout, stderr } = await run(file, [...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('usage: ');
  });

  it('conformance still ends bad usage with 3', async () => {
    const { code, stderr } = await run('scripts/conformance.ts', ['--bogus']);
    expect(code).toBe(3);
    expect(stderr).toContain("Unknown option '--bogus'");
    expect(stderr).toContain('usage: npm run conformance');
  });
});
