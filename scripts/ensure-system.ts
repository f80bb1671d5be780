/**
 * The end-to-end tests drive Debian's Chromium (never a downloaded browser build), and the
 * simulator's live video encodes with Debian's ffmpeg. Install what is missing when we are root;
 * otherwise stop and say what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { commandLine } from './cli.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const USAGE = `usage: node scripts/ensure-system.ts [--run]      (the first step of npm test and npm start)

Makes sure the system programs are there: Debian's Chromium for the end-to-end tests
(${CHROMIUM}; CHROMIUM_PATH names another) and ffmpeg for the simulator's video
(/usr/bin/ffmpeg). As root it installs what is missing with apt-get; otherwise it exits 1 saying
what to install.

  --run       only what running the product needs (ffmpeg), not the test browser
  -h, --help  this text`;

const { values } = commandLine(USAGE, { options: { run: { type: 'boolean', default: false } } });
const forRunOnly = values.run;
const needs = [
  { what: 'Chromium', path: CHROMIUM, pkg: 'chromium' },
  { what: 'ffmpeg', path: '/usr/bin/ffmpeg', pkg: 'ffmpeg' },
].filter((need) => !forRunOnly || need.pkg === 'ffmpeg');

const missing = needs.filter((need) => !existsSync(need.path));
if (missing.length === 0) {
  console.log(`system: ${needs.map((n) => n.path).join(', ')}`);
} else if (process.getuid?.() === 0) {
  const packages = missing.map((m) => m.pkg);
  console.log(`system: installing Debian packages ${packages.join(' ')} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  const still = missing.filter((m) => !existsSync(m.path));
  if (still.length > 0) {
    console.error(`system: still missing after the install: ${still.map((m) => m.path).join(', ')}`);
    process.exit(1);
  }
} else {
  console.error(
    `The tests need ${missing.map((m) => `${m.what} at ${m.path}`).join(' and ')}.\n` +
      `Install with: sudo apt-get install -y ${missing.map((m) => m.pkg).join(' ')}\n` +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}
