import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` runs on whatever Node the machine has (npm 11 needs ^20.17 or >=22.9); every
 * script then runs on the Node 24 of the `node` devDependency. The project's own `engines` must
 * say what installing needs, so npm does not warn a Node 20 machine about the project itself.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules', '.bin');

/** PATH without the project's bin folder: the machine's own node and npm. */
const SYSTEM_PATH = (process.env.PATH ?? '').split(delimiter).filter((dir) => resolve(dir) !== BIN).join(delimiter);

function which(command: string, path: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { env: { PATH: path }, encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

interface EngineWarning {
  package: string;
  node: string;
}

/** `npm install --dry-run` of this package.json and lockfile, in a scratch folder, on the Node that PATH finds first. */
function dryRunInstall(path: string): { node: string; warnings: EngineWarning[] } {
  const dir = mkdtempSync(join(tmpdir(), 'reelside-engines-'));
  try {
    copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    copyFileSync(join(ROOT, 'package-lock.json'), join(dir, 'package-lock.json'));
    const env = { PATH: path, HOME: dir, npm_config_cache: join(dir, 'cache'), npm_config_update_notifier: 'false' };
    const node = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
    const run = spawnSync('npm', ['install', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'], { cwd: dir, env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const warnings = [...`${run.stdout}\n${run.stderr}`.matchAll(/EBADENGINE\s+package: '([^']+)',\n.*EBADENGINE\s+required: (\{[^\n]*\})/g)].map(
      ([, pkg, required]) => ({ package: pkg ?? '', node: required ?? '' }),
    );
    return { node, warnings };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const systemNpm = which('npm', SYSTEM_PATH);

describe.skipIf(systemNpm === null)('engines: what installing needs', () => {
  it('on the machine’s own Node (v20 here) npm has nothing to say about the project itself', () => {
    const { node, warnings } = dryRunInstall(SYSTEM_PATH);
    expect(node).toMatch(/^v\d+\./);
    expect(warnings.filter((warning) => warning.package.startsWith('reelside@'))).toEqual([]);
  });

  it('on the Node the scripts run on (the node devDependency) no package at all is out of its engines', () => {
    const { node, warnings } = dryRunInstall([BIN, SYSTEM_PATH].join(delimiter));
    expect(node).toBe(process.version);
    expect(warnings).toEqual([]);
  });
});
