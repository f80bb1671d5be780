/**
 * Fails when a catalog the product promises is incomplete: Turkish must translate every message
 * (English is the source); Arabic and Bulgarian must exist.
 */
import { existsSync, readFileSync } from 'node:fs';

const COMPLETE = ['tr'];
const PRESENT = ['en', 'ar', 'bg'];

function untranslated(po: string): string[] {
  const missing: string[] = [];
  for (const block of po.split(/\n\s*\n/)) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(block)?.[1];
    if (id && str === '' && !/^msgstr ""\n"/m.test(block)) missing.push(id);
  }
  return missing;
}

/** lingui.config.ts: the texts before login, and all the others. */
const CATALOGS = ['boot', 'messages'];

let failed = false;
for (const [locale, catalog] of [...COMPLETE, ...PRESENT].flatMap((l) => CATALOGS.map((c) => [l, c] as const))) {
  const path = `locales/${locale}/${catalog}.po`;
  if (!existsSync(path)) {
    console.error(`missing catalog: ${path}`);
    failed = true;
    continue;
  }
  if (!COMPLETE.includes(locale)) continue;
  const missing = untranslated(readFileSync(path, 'utf8'));
  if (missing.length > 0) {
    console.error(`${path}: ${missing.length} message(s) without a translation:`);
    for (const id of missing) console.error(`  - ${id}`);
    failed = true;
  }
}
if (failed) process.exit(1);
console.log('catalogs: Turkish complete; en, ar and bg present');
