import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { contractFiles } from '../../scripts/contract.ts';

/**
 * The published contract (docs/api/openapi.json and asyncapi.json) is the generator's output and
 * passes both linters an operator is likely to run on it, in full: Spectral with its OpenAPI and
 * AsyncAPI rule sets (.spectral.yaml), every severity down to hints, and Redocly's recommended
 * rules (redocly.yaml), warnings included. Both run here as installed (devDependencies, pinned).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const OPENAPI = 'docs/api/openapi.json';
const ASYNCAPI = 'docs/api/asyncapi.json';
const run = promisify(execFile);
// Neither linter may phone home or nag (the machines here have no way out anyway).
const ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

type Node = Record<string, unknown>;

const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Node;
const object = (value: unknown): Node => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : {});

/** Spectral's findings on a file, as `rule at path` (an empty list when it has none). */
async function spectral(file: string): Promise<string[]> {
  const bin = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
  const args = [bin, 'lint', '--quiet', '--fail-severity', 'hint', '--format', 'json', '--ruleset', join(ROOT, '.spectral.yaml'), file];
  // It exits 1 when it finds something: its report is on stdout either way.
  const stdout = await run('node', args, { cwd: ROOT, env: ENV }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  const results = JSON.parse(stdout) as { code: string; path: string[] }[];
  return results.map((result) => `${result.code} at /${result.path.join('/')}`);
}

/** Redocly's problems on a file, as `rule at pointer`. */
async function redocly(file: string): Promise<string[]> {
  const bin = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
  const args = [bin, 'lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', file];
  const stdout = await run('node', args, { cwd: ROOT, env: ENV }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1)) as {
    problems: { ruleId: string; location: { pointer: string }[] }[];
  };
  return report.problems.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}`);
}

const scratch = mkdtempSync(join(tmpdir(), 'contract-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the contract documents are documented throughout (docs/api)', { timeout: 60_000 }, () => {
  it('are the generator’s output (run `npm run contract` when this fails)', () => {
    const files = contractFiles();
    for (const path of [OPENAPI, ASYNCAPI]) expect(read(path), path).toEqual(JSON.parse(files.get(path)!));
    expect(Object.keys(object(read(OPENAPI).paths)).length).toBeGreaterThan(20);
    expect(Object.keys(object(object(read(ASYNCAPI).components).messages)).length).toBeGreaterThan(20);
  });

  it.concurrent.each([OPENAPI, ASYNCAPI])('%s: Spectral finds nothing, not even a hint', async (path) => {
    expect(await spectral(join(ROOT, path))).toEqual([]);
  });

  it.concurrent.each([OPENAPI, ASYNCAPI])('%s: Redocly finds nothing, not even a warning', async (path) => {
    expect(await redocly(join(ROOT, path))).toEqual([]);
  });

  it('the linters do find an operation or message without a description, a variable without a default, a contact or licence short of its fields', async () => {
    const openApi = read(OPENAPI);
    delete object(openApi.info).license;
    delete object(object(object(openApi.paths)['/login']).post).description;
    openApi.servers = [{ url: '{apiUrl}', variables: { apiUrl: { description: 'no default' } } }];
    const brokenOpenApi = join(scratch, 'openapi.json');
    writeFileSync(brokenOpenApi, JSON.stringify(openApi, null, 2));

    const asyncApi = read(ASYNCAPI);
    object(asyncApi.info).contact = { name: 'nobody in particular' };
    delete object(object(asyncApi.operations)['machine.send']).description;
    delete object(object(asyncApi.info).license).url;
    const brokenAsyncApi = join(scratch, 'asyncapi.json');
    writeFileSync(brokenAsyncApi, JSON.stringify(asyncApi, null, 2));

    const [spectralOpenApi, spectralAsyncApi, redoclyOpenApi, redoclyAsyncApi] = await Promise.all([
      spectral(brokenOpenApi),
      spectral(brokenAsyncApi),
      redocly(brokenOpenApi),
      redocly(brokenAsyncApi),
    ]);
    expect(spectralOpenApi).toEqual(expect.arrayContaining(['operation-description at /paths//login/post']));
    expect(spectralOpenApi.some((finding) => finding.startsWith('oas3-server-variables') || finding.startsWith('oas3-schema'))).toBe(true);
    expect(spectralAsyncApi).toEqual(
      expect.arrayContaining(['asyncapi-info-contact-properties at /info/contact', 'asyncapi-3-operation-description at /operations/machine.send']),
    );
    expect(redoclyOpenApi).toEqual(expect.arrayContaining(['info-license at #/info']));
    expect(redoclyAsyncApi).toEqual(expect.arrayContaining(['info-license-strict at #/info/license/url']));
  });
});
