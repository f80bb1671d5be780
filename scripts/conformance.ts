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

const HELP = `${USAGE}

Checks that a backend speaks what the Reelside client expects: logs in once as the test player,
walks every call and socket flow the client uses, checks each answer and frame against the
contract (docs/api/) and prints a pass/fail table per area. Exit 0: everything conforms; 1:
something differs; 2: nothing differs but some checks could not run; 3: bad usage. See
docs/operators.md.

  --settings URL          read API_URL, MACHINE_URL and NOTIFICATION_URL from that Settings.json,
                          resolved against it as the client does; flags given beside it win
  --api URL               the API base
  --machine-ws URL        the machine socket (without the token)
  --notification-ws URL   the notification socket (without the token)
  --site URL              where /Settings.json and relative whepUrls resolve
                          (default: the origin of --settings, else of --api)
  --user U, --password P  a test player with some money (a few units of the smallest transfer)
  --pin PIN               the player's PIN: change-pin is called with the same PIN (else skipped)
  --machine ID            the machine to play (default: the free one with the smallest minimum bet)
  --budget MINOR_UNITS    the most the suite sends in transfers, refused ones included (default ${DEFAULT_BUDGET})
  --timeout MS            the deadline of every answer and awaited frame (default ${DEFAULT_TIMEOUT_MS})
  --promo                 claim the discount and bonus when they are on (they credit the player)
  -h, --help              this text`;

export class UsageError extends Error {}

/** `--help` was asked for: the caller prints HELP and exits 0. */
export class HelpRequested extends Error {}

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
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) throw new HelpRequested();
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
    if (error instanceof HelpRequested) {
      console.log(HELP);
      return 0;
    }
    const message = error instanceof Error ? error.message : String(error);
    console.error(message.includes(USAGE) ? message : `${message}\n${USAGE}\n(--help for the options)`);
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
