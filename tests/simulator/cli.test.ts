import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { IpCheckResult } from '../../protocol/check.ts';
import { parseExternalVideo } from '../../simulator/video/bands.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reelside-cli-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('npm run serve: prints the URL and demo logins, serves, and exits cleanly on SIGTERM', async () => {
  const child = spawn(
    process.execPath,
    ['simulator/main.ts', '--port', '0', '--host', '127.0.0.1', '--memory', '--static', dir, '--no-control'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(output);
      if (match && output.includes('player2')) resolve(`http://127.0.0.1:${match[1]}`);
    });
    void exited.then(() => reject(new Error(`exited early:\n${output}`)));
  });

  expect(output).toContain('demo / demo1234, PIN 1234');
  expect(output).toContain('player2 / player2pass, PIN 4321');
  expect(output).toContain('Control API: off');
  const check = IpCheckResult.parse(await (await fetch(`${url}/check`)).json());
  expect(check.status).toBe(1);
  expect((await fetch(`${url}/sim/health`)).status).toBe(404);

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});

it('refuses a bad port with a usage message', async () => {
  const child = spawn(process.execPath, ['simulator/main.ts', '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain('invalid port');
  expect(stderr).toContain('usage:');
});

async function startCli(args: string[], env: Record<string, string>): Promise<{ url: string; output: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ['simulator/main.ts', '--port', '0', '--host', '127.0.0.1', '--memory', '--static', dir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(output);
      if (match && output.includes('player2')) resolve(`http://127.0.0.1:${match[1]}`);
    });
    void exited.then(() => reject(new Error(`exited early:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

it('anything called production has no control API unless asked; environment configures the floor', async () => {
  const production = await startCli([], { NODE_ENV: 'production' });
  expect(production.output()).toContain('Control API: off');
  expect((await fetch(`${production.url}/sim/health`)).status).toBe(404);
  expect(await production.stop()).toBe(0);

  const configured = await startCli([], {
    NODE_ENV: 'production',
    SIM_CONTROL: '1',
    SIM_ALLOWED_COUNTRIES: 'FR,DE',
    SIM_TIMER_SCALE: '0.5',
    SIM_SEED: 'demo-seed',
  });
  const health = (await (await fetch(`${configured.url}/sim/health`)).json()) as { allowedCountries: string[] };
  expect(health.allowedCountries).toEqual(['DE', 'FR']);
  expect(await configured.stop()).toBe(0);
});

it('--external-video names the WHEP servers of machines or bands, and refuses what is not one', async () => {
  expect(parseExternalVideo('6=https://media.example/whep/cam-6, 1/hd=http://10.0.0.5:8889/cam/whep')).toEqual({
    '6': 'https://media.example/whep/cam-6',
    '1/hd': 'http://10.0.0.5:8889/cam/whep',
  });
  expect(parseExternalVideo('')).toBeUndefined();
  expect(() => parseExternalVideo('six=https://media.example/')).toThrow(/MACHINE\[\/BAND\]=URL/);
  expect(() => parseExternalVideo('6=ftp://media.example/')).toThrow(/http\(s\) only/);
  expect(() => parseExternalVideo('6=not a url')).toThrow(/invalid external video URL/);

  const cli = await startCli(['--external-video', '6=https://media.example/whep/cam-6'], {});
  try {
    // The player's WHEP POST for machine 6 is sent on to the media server; the policy lets it go.
    const csp = (await fetch(`${cli.url}/check`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://media.example');
  } finally {
    expect(await cli.stop()).toBe(0);
  }
});
