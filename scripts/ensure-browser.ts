/**
 * The end-to-end tests drive Debian's Chromium (never a downloaded browser build). Install it
 * when missing and we are root; otherwise stop and say what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = ['chromium'];

if (existsSync(CHROMIUM)) {
  console.log(`browser: ${CHROMIUM}`);
} else if (process.getuid?.() === 0) {
  console.log(`browser: installing Debian packages ${PACKAGES.join(' ')} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...PACKAGES], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) {
    console.error(`browser: ${CHROMIUM} is still missing after installing ${PACKAGES.join(' ')}`);
    process.exit(1);
  }
} else {
  console.error(
    `The end-to-end tests need Chromium at ${CHROMIUM}.\n` +
      `Install it with: sudo apt-get install -y ${PACKAGES.join(' ')}\n` +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}
