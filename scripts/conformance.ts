/**
 * The conformance suite: does a backend speak what the Reelside client expects?
 *
 *   npm run conformance -- --api URL --machine-ws URL --notification-ws URL --user U --password P
 *                          [--machine ID] [--pin PIN] [--budget MINOR] [--timeout MS] [--promo]
 *   npm run conformance -- --settings https://casino.example/Settings.json --user U --password P
 *
 * With --settings, the API and socket URLs are read from that Settings.json (resolved against
 * it, as the client does); flags given beside it win. Prints a pass/fail table per area and the
 * first difference of every failure. Exit code 0 only when everything was checked and conforms,
 * 1 when something differs, 2 when nothing differs but some checks could not run, 3 on bad usage.
 * See docs/operators.md.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { formatReport } from './conformance/report.ts';
import { runConformance, type ConformanceOptions } from './conformance/run.ts';
import { socketUrl } from './conformance/wire.ts';

export const DEFAULT_BUDGET = 10_000;
export const DEFAULT_TIMEOUT_MS = 5_000;

const USAGE = `usage: npm run conformance -- (--settings URL | --api URL --machine-ws URL --notification-ws URL) --user U --password P
       [--site URL] [--machine ID] [--pin PIN] [--budget MINOR_UNITS] [--timeout MS] [--promo]`;

export class UsageError extends Error {}

/** Options from the command line, completed from a Settings.json when --settings names one. */
export async function optionsFromArgs(argv: string[]): Promise<ConformanceOptions> {
  const { values } = parseArgs({
    args: argv,
    options: {
      api: { type: 'string' },
      'machine-ws': { type: 'string' },
      'notification-ws': { type: 'string' },
      settings: { type: 'string' },
      site: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      pin: { type: 'string' },
      machine: { type: 'string' },
      budget: { type: 'string' },
      timeout: { type: 'string' },
      promo: { type: 'boolean', default: false },
    },
    strict: true,
  });
  let api = values.api;
  let machineWs = values['machine-ws'];
  let notificationWs = values['notification-ws'];
  if (values.settings) {
    const settingsUrl = values.settings;
    let settings: Record<string, unknown> = {};
    try {
      const response = await fetch(settingsUrl, { signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS) });
      if (response.ok) settings = (await response.json()) as Record<string, unknown>;
    } catch {
      // As the client: a missing or broken Settings.json means the defaults (the suite's own check reports it).
    }
    const setting = (key: string, fallback: string) => (typeof settings[key] === 'string' ? (settings[key] as string) : fallback);
    api ??= new URL(setting('API_URL', '/api'), settingsUrl).toString();
    machineWs ??= socketUrl(setting('MACHINE_URL', '/ws/machine'), settingsUrl);
    notificationWs ??= socketUrl(setting('NOTIFICATION_URL', '/ws/notification'), settingsUrl);
  }
  const missing = Object.entries({ api, 'machine-ws': machineWs, 'notification-ws': notificationWs, user: values.user, password: values.password })
    .filter(([, value]) => !value)
    .map(([name]) => `--${name}`);
  if (missing.length > 0) throw new UsageError(`missing ${missing.join(', ')}\n${USAGE}`);
  const number = (name: string, text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0) throw new UsageError(`--${name} must be a non-negative integer`);
    return value;
  };
  return {
    api: api!,
    machineWs: machineWs!,
    notificationWs: notificationWs!,
    site: values.site ?? new URL(values.settings ?? api!).origin,
    ...(values.settings ? { settingsUrl: values.settings } : {}),
    user: values.user!,
    password: values.password!,
    ...(values.pin ? { pin: values.pin } : {}),
    ...(values.machine !== undefined ? { machine: number('machine', values.machine, 0) } : {}),
    budget: number('budget', values.budget, DEFAULT_BUDGET),
    timeoutMs: number('timeout', values.timeout, DEFAULT_TIMEOUT_MS),
    promo: values.promo,
  };
}

async function main(argv: string[]): Promise<number> {
  let options: ConformanceOptions;
  try {
    options = await optionsFromArgs(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 3;
  }
  console.log(`Reelside conformance: API ${options.api}, sockets ${options.notificationWs} and ${options.machineWs}, player ${options.user}, budget ${options.budget} minor units\n`);
  const report = await runConformance({
    ...options,
    progress: (result) => {
      if (process.stdout.isTTY) process.stdout.write(`${result.status === 'pass' ? '✓' : result.status === 'fail' ? '✗' : '-'} [${result.area}] ${result.name}\n`);
    },
  });
  console.log(formatReport(report));
  return report.exitCode;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
