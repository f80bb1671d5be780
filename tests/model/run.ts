/**
 * The model-based tests on the real product (tests/model/replay.ts): paths from the product
 * charts replayed in headless Chromium against fresh simulators, and what the real actors reached.
 *
 *   npm run test:model [-- --machine NAME]... [--dist DIR] [--parallel N] [--path TEXT] [--verbose]     (node tests/model/run.ts)
 *
 * Needs a built client (npm run build). Prints each path, then a coverage table per machine:
 * states, transitions and tags reached in the browser, tags checked on the page, the time. Fails
 * on any failed path, or when a machine's coverage is below its floor (FLOORS).
 */
import { commandLine, usageError } from '../../scripts/cli.ts';
import { authDriver } from './auth.ts';
import { ipCheckDriver } from './ipCheck.ts';
import { walletDriver } from './wallet.ts';
import { gameSessionDriver } from './gameSession.ts';
import { idleLockDriver } from './idleLock.ts';
import { lobbyDriver } from './lobby.ts';
import { promoDriver } from './promo.ts';
import { reconnectDriver } from './reconnect.ts';
import { videoLinkDriver } from './videoLink.ts';
import { launchBrowsers, replayMachine, type Driver, type MachineReport } from './replay.ts';

const USAGE = `usage: npm run test:model [-- --machine NAME]... [--dist DIR] [--parallel N] [--path TEXT] [--verbose]      (node tests/model/run.ts)

Replays paths generated from the product charts in headless Chromium against the simulator
and prints the states, transitions and tags each machine reached there.

  --machine NAME  only this machine (repeatable): auth, ipCheck, wallet, idleLock, reconnect, promo, lobby, videoLink, gameSession
  --dist DIR      the built client (default dist, or E2E_DIST)
  --parallel N    paths replayed at once (default 2: this machine's cores)
  --path TEXT     only the paths whose description holds TEXT (a failing one, again)
  --verbose             list what was not reached and the paths skipped`;

const DRIVERS: Driver[] = [authDriver, ipCheckDriver, walletDriver, idleLockDriver, reconnectDriver, promoDriver, lobbyDriver, videoLinkDriver, gameSessionDriver];

/**
 * What each machine must reach in the browser: the states entered, the states whose page was
 * compared with them while the actor stood there, and the transitions taken — what its driver
 * reaches today (2026-12-07), so a lost stimulus fails the run. A state the next step's answer
 * leaves by itself is compared only when the page is quicker than the answer: one such state may
 * go uncompared in a run. What is left out is listed with --verbose, each with its reason
 * (docs/testing.md). Issue 25's bar, 95 % of states and 90 % of transitions, is under all of them.
 */
const FLOORS: Record<string, { states: number; checked: number; transitions: number }> = {
  // All but the notification child's failure, which nothing but a bug would bring (docs/testing.md).
  auth: { states: 9, checked: 7, transitions: 26 },
  ipCheck: { states: 5, checked: 4, transitions: 9 },
  wallet: { states: 3, checked: 2, transitions: 3 },
  idleLock: { states: 9, checked: 7, transitions: 14 },
  reconnect: { states: 5, checked: 4, transitions: 17 },
  promo: { states: 4, checked: 2, transitions: 9 },
  lobby: { states: 4, checked: 3, transitions: 14 },
  // One transition (a retry's timing against the page's clock) is taken only when the clock lets it.
  videoLink: { states: 10, checked: 8, transitions: 25 },
  gameSession: { states: 27, checked: 25, transitions: 64 },
};

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.floor((part / whole) * 100)} %`);

function table(reports: MachineReport[]): string {
  const rows = [
    ['machine', 'paths', 'states', 'states checked', 'transitions', 'tags reached', 'tags checked', 'time'],
    ...reports.map((r) => [
      r.name,
      `${r.paths}${r.skipped.length ? ` (+${r.skipped.length} skipped)` : ''}`,
      `${r.states.reached}/${r.states.total} ${percent(r.states.reached, r.states.total)}`,
      `${r.states.checked}/${r.states.total} ${percent(r.states.checked, r.states.total)}`,
      `${r.transitions.reached}/${r.transitions.total} ${percent(r.transitions.reached, r.transitions.total)}`,
      `${r.tags.reached}/${r.tags.total}`,
      `${r.tags.checked}/${r.tags.total}`,
      `${(r.ms / 1000).toFixed(1)} s`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n');
}

async function main(): Promise<number> {
  const { values } = commandLine(USAGE, {
    options: {
      machine: { type: 'string', multiple: true, default: [] },
      dist: { type: 'string', default: process.env.E2E_DIST ?? 'dist' },
      verbose: { type: 'boolean', default: false },
      parallel: { type: 'string', default: '2' },
      path: { type: 'string' },
    },
  });
  const parallel = Number(values.parallel);
  if (!Number.isInteger(parallel) || parallel < 1) usageError(USAGE, `--parallel wants a whole number of paths at once, not ${values.parallel}.`);
  const drivers = values.machine.length ? DRIVERS.filter((driver) => values.machine.includes(driver.name)) : DRIVERS;
  if (drivers.length === 0) usageError(USAGE, `No machine matches ${values.machine.join(', ')}.`);
  const browsers = await launchBrowsers();
  const reports: MachineReport[] = [];
  try {
    for (const driver of drivers) {
      console.log(`${driver.name}:`);
      reports.push(await replayMachine(browsers, driver, { dist: values.dist, parallel, only: values.path, log: (line) => console.log(line) }));
    }
  } finally {
    await browsers.close();
  }
  console.log(`\n${table(reports)}`);
  let failed = false;
  for (const report of reports) {
    const floor = FLOORS[report.name] ?? { states: Math.ceil(0.95 * report.states.total), checked: 0, transitions: Math.ceil(0.9 * report.transitions.total) };
    const low: string[] = [];
    if (report.states.reached < floor.states) low.push(`${report.states.reached} states reached, below ${floor.states}`);
    if (report.states.checked < floor.checked) low.push(`${report.states.checked} states compared with the page, below ${floor.checked}`);
    if (report.transitions.reached < floor.transitions) low.push(`${report.transitions.reached} transitions taken, below ${floor.transitions}`);
    if (report.failures.length > 0) low.push(`${report.failures.length} path(s) failed`);
    if (low.length > 0) {
      failed = true;
      console.log(`${report.name}: ${low.join(', ')}`);
    }
    if (values.verbose || low.length > 0) {
      report.states.missing.forEach((id) => console.log(`  state not reached: ${id}`));
      report.states.unchecked.forEach((id) => console.log(`  state only passed through (its page not compared): ${id}`));
      report.transitions.missing.forEach((key) => console.log(`  transition not taken: ${key}`));
      report.skipped.forEach((skip) => console.log(`  skipped: ${skip.path} (${skip.reason})`));
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
