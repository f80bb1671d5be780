import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCatalogs, parsePo, translationProblems } from '../../scripts/check-catalogs.ts';

/** scripts/check-catalogs.ts, the gate of `npm run i18n:extract`: Turkish and Arabic complete. */

const ROOT = resolve(import.meta.dirname, '../..');
const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n';

const po = (entries: Record<string, string>) =>
  [HEADER, ...Object.entries(entries).map(([id, str]) => `#: src/x.tsx\nmsgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(str)}\n`)].join('\n');

const SOURCE = { 'Hello {name}': 'Hello {name}', '{n, plural, one {# spin} other {# spins}}': '{n, plural, one {# spin} other {# spins}}' };
const TURKISH = { 'Hello {name}': 'Merhaba {name}', '{n, plural, one {# spin} other {# spins}}': '{n, plural, one {# çevirme} other {# çevirme}}' };
const ARABIC = {
  'Hello {name}': 'مرحبًا {name}',
  '{n, plural, one {# spin} other {# spins}}': '{n, plural, zero {لا دورات} one {دورة واحدة} two {دورتان} few {# دورات} many {# دورة} other {# دورة}}',
};

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A project folder whose catalogs (boot and messages alike) hold these entries per language. */
function project(catalogs: Record<string, Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'reelside-catalogs-'));
  dirs.push(root);
  for (const [locale, entries] of Object.entries(catalogs)) {
    mkdirSync(join(root, 'locales', locale), { recursive: true });
    for (const catalog of ['boot', 'messages']) writeFileSync(join(root, 'locales', locale, `${catalog}.po`), po(entries));
  }
  return root;
}

const empty = (entries: Record<string, string>) => Object.fromEntries(Object.keys(entries).map((id) => [id, '']));

describe('the catalog check', () => {
  it('passes the project’s own catalogs: Turkish and Arabic complete', () => {
    expect(checkCatalogs(ROOT)).toEqual([]);
  });

  it('passes complete Turkish and Arabic with an empty Bulgarian (SPEC §9)', () => {
    expect(checkCatalogs(project({ en: SOURCE, tr: TURKISH, ar: ARABIC, bg: empty(SOURCE) }))).toEqual([]);
  });

  it('fails on an Arabic message without a translation, naming it, as on a Turkish one; the script exits 1', () => {
    const root = project({ en: SOURCE, tr: TURKISH, ar: { ...ARABIC, 'Hello {name}': '' }, bg: empty(SOURCE) });
    expect(checkCatalogs(root)).toEqual([
      'locales/ar/boot.po: 1 problem(s):',
      '  - Hello {name}: no translation',
      'locales/ar/messages.po: 1 problem(s):',
      '  - Hello {name}: no translation',
    ]);
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/check-catalogs.ts'), root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Hello {name}: no translation');
    expect(checkCatalogs(project({ en: SOURCE, tr: { ...TURKISH, 'Hello {name}': '' }, ar: ARABIC, bg: {} }))).toContain(
      '  - Hello {name}: no translation',
    );
  });

  it('fails on a message English has and a complete language’s catalog lacks (not extracted)', () => {
    const { 'Hello {name}': _dropped, ...rest } = ARABIC;
    expect(checkCatalogs(project({ en: SOURCE, tr: TURKISH, ar: rest, bg: {} }))).toContain(
      '  - Hello {name}: not in the catalog (run npm run i18n:extract)',
    );
  });

  it('fails on a missing catalog, even an empty language’s', () => {
    const root = project({ en: SOURCE, tr: TURKISH, ar: ARABIC });
    expect(checkCatalogs(root)).toEqual(['missing catalog: locales/bg/boot.po', 'missing catalog: locales/bg/messages.po']);
  });

  it('wants all six Arabic plural forms, the source’s placeholders and tags, and a message that compiles', () => {
    expect(translationProblems('ar', '{n, plural, one {# spin} other {# spins}}', '{n, plural, one {دورة} other {# دورة}}')).toEqual([
      'plural {n} lacks the form(s) zero, two, few, many',
    ]);
    expect(translationProblems('tr', '{n, plural, one {# spin} other {# spins}}', '{n, plural, one {# çevirme} other {# çevirme}}')).toEqual([]);
    // A count the source shows as it is may become a plural in the translation.
    expect(translationProblems('ar', '{count} machines', '{count, plural, zero {لا أجهزة} one {جهاز} two {جهازان} few {# أجهزة} many {# جهازًا} other {# جهاز}}')).toEqual([]);
    expect(translationProblems('ar', 'Hello {name}', 'مرحبًا {nmae}')).toEqual(['placeholders nmae instead of name']);
    expect(translationProblems('ar', 'Go to <0>login</0>', 'اذهب إلى تسجيل الدخول')).toEqual(['tags none instead of </0>, <0>']);
    expect(translationProblems('ar', 'Hello {name}', 'مرحبًا {name')[0]).toMatch(/^does not compile/);
    // The Turkish lock text may name the default PIN the view passes (SPEC §4); others may not add values.
    expect(translationProblems('tr', 'Locked.', 'Kilitli (varsayılan PIN: {key}).', ['key'])).toEqual([]);
    expect(translationProblems('tr', 'Locked.', 'Kilitli (varsayılan PIN: {key}).')).toEqual(['placeholders key instead of none']);
  });

  it('reads PO strings as gettext writes them: escapes, continued lines, the header skipped', () => {
    const entries = parsePo(`${HEADER}\nmsgid "Say \\"hi\\""\nmsgstr ""\n"first "\n"second"\n`);
    expect(entries).toEqual([{ key: 'Say "hi"', id: 'Say "hi"', str: 'first second' }]);
  });
});
