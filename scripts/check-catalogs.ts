/**
 * Fails when a catalog the product promises is incomplete: Turkish and Arabic must translate
 * every message (English is the source); English and Bulgarian must exist (SPEC §9: bg is empty).
 * A complete language's translation must also compile, name the source's placeholders and tags
 * exactly, and give every plural all the forms the language has (Arabic: zero, one, two, few,
 * many, other).
 *
 * `node scripts/check-catalogs.ts [root]` checks `root/locales` (default: the working folder).
 */
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commandLine, usageError } from './cli.ts';

export const COMPLETE = ['tr', 'ar'] as const;
export const PRESENT = ['en', 'bg'] as const;
/** lingui.config.ts: the texts before login, and all the others. */
export const CATALOGS = ['boot', 'messages'] as const;
/**
 * Values a view passes that the English text leaves out but a translation may name: the Turkish
 * lock text names the default PIN (SPEC §4; IdleLockDialog passes DEFAULT_PIN as `key`).
 */
export const EXTRA_VALUES: Readonly<Record<string, readonly string[]>> = { 'idleLock.text': ['key'] };

export interface PoEntry {
  /** msgctxt and msgid, as Lingui keys them. */
  key: string;
  id: string;
  str: string;
}

/** A PO string's content: the quoted pieces joined, with \" \\ \n \t undone. */
function unquote(lines: string[]): string {
  return lines
    .map((line) => /^"(.*)"$/.exec(line.trim())?.[1] ?? '')
    .join('')
    .replace(/\\(["\\nt])/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
}

/** The entries of a PO file (not its header, not obsolete #~ entries). */
export function parsePo(po: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of po.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const fields: Record<string, string[]> = {};
    let current: string[] | null = null;
    for (const line of block.split('\n')) {
      const start = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line);
      if (start) {
        current = [start[2] ?? '""'];
        fields[start[1] ?? ''] = current;
      } else if (current && line.startsWith('"')) {
        current.push(line);
      } else {
        current = null;
      }
    }
    if (!fields.msgid || !fields.msgstr) continue;
    const id = unquote(fields.msgid);
    if (id === '') continue;
    const context = fields.msgctxt ? unquote(fields.msgctxt) : '';
    entries.push({ key: context ? `${context}\u0004${id}` : id, id, str: unquote(fields.msgstr) });
  }
  return entries;
}

interface Shape {
  names: Set<string>;
  tags: Set<string>;
  plurals: { name: string; forms: string[] }[];
}

/** The placeholders, tags and plurals of a compiled message. */
function shapeOf(message: CompiledMessage, shape: Shape = { names: new Set(), tags: new Set(), plurals: [] }): Shape {
  for (const token of message) {
    if (typeof token === 'string') {
      for (const [tag] of token.matchAll(/<\/?\d+\/?>/g)) shape.tags.add(tag);
      continue;
    }
    const [name, type, format] = token;
    shape.names.add(name);
    if ((type === 'plural' || type === 'selectordinal' || type === 'select') && format && typeof format === 'object') {
      const choices = Object.entries(format).filter(([key]) => key !== 'offset');
      if (type === 'plural') shape.plurals.push({ name, forms: choices.map(([key]) => key) });
      for (const [, choice] of choices) shapeOf(choice as CompiledMessage, shape);
    }
  }
  return shape;
}

const sorted = (set: Set<string>) => [...set].sort().join(', ') || 'none';

/** What is wrong with one translation of `source` into `locale` (empty: nothing). */
export function translationProblems(locale: string, source: string, translation: string, extraValues: readonly string[] = []): string[] {
  if (translation === '') return ['no translation'];
  let target: Shape;
  try {
    target = shapeOf(compileMessageOrThrow(translation));
  } catch (error) {
    return [`does not compile: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  const wanted = shapeOf(compileMessageOrThrow(source));
  for (const name of extraValues) if (target.names.has(name)) wanted.names.add(name);
  if (sorted(wanted.names) !== sorted(target.names)) {
    problems.push(`placeholders ${sorted(target.names)} instead of ${sorted(wanted.names)}`);
  }
  if (sorted(wanted.tags) !== sorted(target.tags)) problems.push(`tags ${sorted(target.tags)} instead of ${sorted(wanted.tags)}`);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const plural of target.plurals) {
    const missing = categories.filter((category) => !plural.forms.includes(category));
    if (missing.length > 0) problems.push(`plural {${plural.name}} lacks the form(s) ${missing.join(', ')}`);
  }
  return problems;
}

/** Every problem of the catalogs under `root/locales`, as lines to print (empty: all good). */
export function checkCatalogs(root: string): string[] {
  const problems: string[] = [];
  for (const catalog of CATALOGS) {
    const read = (locale: string) => {
      const path = join(root, 'locales', locale, `${catalog}.po`);
      if (!existsSync(path)) {
        problems.push(`missing catalog: locales/${locale}/${catalog}.po`);
        return null;
      }
      return parsePo(readFileSync(path, 'utf8'));
    };
    for (const locale of PRESENT) read(locale);
    // English is the source: its msgstr, or the msgid where it has none (explicit ids have one).
    const english = new Map((read('en') ?? []).map((entry) => [entry.key, entry.str || entry.id]));
    for (const locale of COMPLETE) {
      const entries = read(locale);
      if (!entries) continue;
      // A message English has and this catalog lacks (not extracted yet) is untranslated too.
      const present = new Set(entries.map((entry) => entry.key));
      const absent = [...english.keys()].filter((key) => !present.has(key)).map((key) => `  - ${key}: not in the catalog (run npm run i18n:extract)`);
      const wrong = entries.flatMap((entry) =>
        translationProblems(locale, english.get(entry.key) ?? entry.id, entry.str, EXTRA_VALUES[entry.key]).map((problem) => `  - ${entry.id}: ${problem}`),
      );
      wrong.push(...absent);
      if (wrong.length > 0) problems.push(`locales/${locale}/${catalog}.po: ${wrong.length} problem(s):`, ...wrong);
    }
  }
  return problems;
}

const USAGE = `usage: node scripts/check-catalogs.ts [ROOT]      (the last step of npm run i18n:extract)

Checks the translation catalogs in ROOT/locales (default: the working folder): Turkish and Arabic
translate every message, compile, keep the source's placeholders and tags and give every plural
all its forms; English and Bulgarian exist. Exits 1 listing the problems.

  -h, --help  this text`;

if (import.meta.main) {
  const { positionals } = commandLine(USAGE, { allowPositionals: true });
  if (positionals.length > 1) usageError(USAGE, `one ROOT at most, not ${positionals.length}`);
  const problems = checkCatalogs(resolve(positionals[0] ?? '.'));
  if (problems.length > 0) {
    for (const line of problems) console.error(line);
    process.exit(1);
  }
  console.log(`catalogs: ${COMPLETE.join(' and ')} complete; ${PRESENT.join(' and ')} present`);
}
