/**
 * The operator contract, generated from the zod schemas (protocol/contract/):
 *
 *   node scripts/contract.ts          writes docs/api/openapi.json, asyncapi.json and README.md
 *   node scripts/contract.ts --check  writes nothing; exits 1 listing the files that are stale
 *                                     or the findings of the official schemas
 *
 * (`npm run contract`.) tests/simulator/contract.test.ts runs the same check inside `npm test`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAsyncApi } from '../protocol/contract/asyncapi.ts';
import { buildOpenApi } from '../protocol/contract/openapi.ts';
import { commandLine } from './cli.ts';
import { renderMarkdown } from './contract/markdown.ts';
import { checkAsyncApi, checkOpenApi } from './contract/official.ts';

export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Where the documents live, relative to the repository root. */
export const OUT_DIR = 'docs/api';

/** Every generated file and its content, by path relative to the repository root. */
export function contractFiles(): Map<string, string> {
  const openApi = buildOpenApi();
  const asyncApi = buildAsyncApi();
  return new Map([
    [`${OUT_DIR}/openapi.json`, `${JSON.stringify(openApi, null, 2)}\n`],
    [`${OUT_DIR}/asyncapi.json`, `${JSON.stringify(asyncApi, null, 2)}\n`],
    [`${OUT_DIR}/README.md`, renderMarkdown(openApi, asyncApi)],
  ]);
}

/** The committed files that differ from a fresh build (empty: up to date). */
export function staleContractFiles(files = contractFiles()): string[] {
  const stale: string[] = [];
  for (const [path, content] of files) {
    const full = join(ROOT_DIR, path);
    if (!existsSync(full)) stale.push(`${path} (missing)`);
    else if (readFileSync(full, 'utf8') !== content) stale.push(`${path} (out of date)`);
  }
  return stale;
}

/** What the official schemas of OpenAPI 3.1 and AsyncAPI 3.0 find wrong with the documents. */
export function officialFindings(): string[] {
  return [
    ...checkOpenApi(buildOpenApi()).map((f) => `openapi.json ${f.where}: ${f.message}`),
    ...checkAsyncApi(buildAsyncApi()).map((f) => `asyncapi.json ${f.where}: ${f.message}`),
  ];
}

const USAGE = `usage: npm run contract [-- --check]      (node scripts/contract.ts)

Generates the operator contract from the zod schemas (protocol/contract/): writes
${OUT_DIR}/openapi.json (OpenAPI 3.1), asyncapi.json (AsyncAPI 3.0) and README.md, after checking
both documents against the official schemas of their specifications (exit 1 if they fail).

  --check     write nothing; exit 1 listing the files that are stale (npm test runs this check)
  -h, --help  this text`;

function main(argv: string[]): number {
  const { values } = commandLine(USAGE, { args: argv, options: { check: { type: 'boolean' } } });
  const findings = officialFindings();
  if (findings.length > 0) {
    console.error(`The contract does not validate against the official schemas:\n${findings.map((f) => `  ${f}`).join('\n')}`);
    return 1;
  }
  const files = contractFiles();
  if (values.check) {
    const stale = staleContractFiles(files);
    if (stale.length === 0) {
      console.log(`${OUT_DIR}: up to date`);
      return 0;
    }
    console.error(`Stale contract documents (run \`npm run contract\` and commit ${OUT_DIR}):\n${stale.map((s) => `  ${s}`).join('\n')}`);
    return 1;
  }
  for (const [path, content] of files) {
    const full = join(ROOT_DIR, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  console.log(`wrote ${[...files.keys()].join(', ')}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
