import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTask, TASKS } from '../../scripts/tasks.ts';

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

/** Every npm script, as package.json has them. */
const NPM_SCRIPTS = Object.entries(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);

function run(file: string, args: string[], command = 'node'): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, command === 'node' ? [file, ...args] : args, { cwd: ROOT, env: { ...process.env, PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
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

  // `npm test -- --help` hands --help to the script's command: a chain of `&&` would give it to the
  // last command only, after running the others (scripts/tasks.ts runs those chains instead).
  it.each(NPM_SCRIPTS)('npm run %s -- --help answers at once, running nothing (%s)', async (name, command) => {
    expect(command, 'a chain of commands: make it a task in scripts/tasks.ts').not.toMatch(/&&|\|\||;/);
    const { code, stdout } = await run('', ['run', '--silent', name, '--', '--help'], 'npm');
    expect(code).toBe(0);
    // Ours start with their usage line; the tools' (vite, vitest, eslint, tsc) with their own help.
    if (/^node (scripts|bench|tests|simulator)\//.test(command)) expect(stdout).toMatch(/^usage: /);
    else expect(stdout).toMatch(/usage|options/i);
    expect(stdout.length).toBeGreaterThan(200);
  });

  it('a task stops at its first failing step and ends with that step\'s exit code', async () => {
    const marker = join(tmpdir(), `task-${process.pid}-${Date.now()}`);
    const code = await runTask({
      usage: 'a test task',
      about: '',
      steps: [['node', '-e', 'process.exit(0)'], ['node', '-e', 'process.exit(3)'], ['node', '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`]],
    });
    expect(code).toBe(3);
    expect(existsSync(marker)).toBe(false);
    expect(await runTask({ usage: 'a test task', about: '', steps: [['node', '-e', 'process.exit(0)']] })).toBe(0);
    expect(Object.keys(TASKS).sort()).toEqual(['check', 'i18n:extract', 'start', 'test']);
  });

  it('conformance still ends bad usage with 3', async () => {
    const { code, stderr } = await run('scripts/conformance.ts', ['--bogus']);
    expect(code).toBe(3);
    expect(stderr).toContain("Unknown option '--bogus'");
    expect(stderr).toContain('usage: npm run conformance');
  });
});
