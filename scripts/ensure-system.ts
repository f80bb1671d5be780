/**
 * The end-to-end tests drive Debian's Chromium (never a downloaded browser build), and the
 * simulator's live video encodes with Debian's ffmpeg. Install what is missing when we are root;
 * otherwise stop and say what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// `--run`: only what running the product needs (the video encoder), not the test browser.
const forRunOnly = process.argv.includes('--run');
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
