import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN §3's import rules are enforced by the lint config, not remembered: a wrong-way import
 * fails `npm run lint`. Each case lints one line as if it stood in the named file.
 */
const eslint = new ESLint();
const RULES = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax']);

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => RULES.has(m.ruleId ?? ''))
    .map((m) => m.message);
}

describe('the import rules of DESIGN §3', () => {
  it.each([
    ['machines/x.ts', "import { imported } from '../src/services/http.ts';", 'machines import nothing from src/'],
    ['machines/nested/x.ts', "import { imported } from '../../src/services/http.ts';", 'machines import nothing from src/'],
    ['machines/x.ts', "import { imported } from '../protocol/errors.ts';", 'machines import only types from protocol/'],
    ['simulator/video/deep/x.ts', "import { imported } from '../../../src/services/http.ts';", 'the simulator imports only protocol/'],
    ['simulator/floor/x.ts', "import { imported } from '../../machines/auth.ts';", 'the simulator imports only protocol/'],
    ['protocol/x.ts', "import { imported } from '../src/services/http.ts';", 'protocol/ is a leaf'],
    ['protocol/contract/x.ts', "import { imported } from '../../machines/auth.ts';", 'protocol/ is a leaf'],
    ['protocol/x.ts', "import { imported } from '../simulator/server.ts';", 'protocol/ is a leaf'],
    ['src/services/x.ts', "import { imported } from '../features/game/SideBar.tsx';", 'services import no views'],
    ['src/services/x.ts', "import { imported } from '../theme/presets.ts';", 'services import no views, themes'],
    ['src/features/product/game/x.tsx', "import { imported } from '../../../services/whep.ts';", 'views reach services only through the machines'],
    ['src/features/x.tsx', "import { imported } from '../services/storage.ts';", 'views reach services only through the machines'],
    ['src/ui/x.ts', "import { imported } from '../services/storage.ts';", 'views reach services only through the machines'],
    ['src/features/shell/layout/x.tsx', "import { imported } from '../../../app/language.ts';", 'views import nothing of the composition root'],
    ['src/ui/x.ts', "import { imported } from '../features/game/SideBar.tsx';", 'src/ui imports no feature'],
    // Lazily is still importing.
    ['src/features/product/game/x.tsx', "const imported = () => import('../../../services/whep.ts');", 'views reach services only through the machines (not even lazily)'],
    ['src/ui/x.ts', "const imported = () => import('../services/storage.ts');", 'views reach services only through the machines (not even lazily)'],
    ['src/features/x.tsx', "const imported = () => import('../app/runtime.ts');", 'views import nothing of the composition root (not even lazily)'],
    ['machines/x.ts', "const imported = () => import('../src/services/http.ts');", 'machines import nothing from src/ (not even lazily)'],
    ['simulator/floor/x.ts', "const imported = () => import('../../machines/auth.ts');", 'the simulator imports only protocol/ (not even lazily)'],
    ['simulator/x.ts', "const imported = () => import('../src/services/http.ts');", 'the simulator imports only protocol/ (not even lazily)'],
    ['scripts/x.ts', "import { imported } from '../tests/e2e/play.ts';", 'scripts import nothing from tests/'],
    ['scripts/paths/x.ts', "const imported = () => import('../../tests/e2e/play.ts');", 'scripts import nothing from tests/'],
    // Machines touch no browser, network, timer or clock.
    ['machines/x.ts', 'const imported = () => setTimeout(() => {}, 10);', 'no setTimeout'],
    ['machines/x.ts', 'const imported = () => setInterval(() => {}, 10);', 'no setInterval'],
    ['machines/x.ts', 'const imported = () => navigator.onLine;', 'no navigator'],
    ['machines/x.ts', "const imported = () => new WebSocket('ws://x');", 'no WebSocket'],
    ['machines/x.ts', 'const imported = () => window.innerWidth;', 'no window'],
    ['machines/x.ts', 'const imported = () => Date.now();', 'no Date'],
    ['machines/x.ts', 'const imported = () => performance.now();', 'no performance'],
    ['machines/x.ts', 'const imported = () => globalThis.setTimeout(() => {}, 10);', 'no globalThis'],
    ['machines/x.ts', 'const imported = () => self.navigator.onLine;', 'no self'],
    ['machines/x.ts', 'const imported = () => crypto.randomUUID();', 'no crypto'],
    ['machines/x.ts', 'const imported = () => queueMicrotask(() => {});', 'no queueMicrotask'],
    ['machines/x.ts', "const imported = () => matchMedia('(max-width: 600px)').matches;", 'no matchMedia'],
    ['machines/x.ts', 'const imported = () => new MediaStream();', 'no MediaStream'],
    // A lazy import names its file, so the rules above can read it.
    ['src/features/product/game/x.tsx', 'const imported = () => import(`../../../services/${"whep"}.ts`);', 'a lazy import names its file literally'],
    ['machines/x.ts', 'const name = "x"; const imported = () => import(name);', 'a lazy import names its file literally'],
    ['src/services/x.ts', "const imported = () => import('../features/product/game/GamePage.tsx');", 'services import no views, themes or the composition root (not even lazily)'],
    ['src/ui/x.ts', "const imported = () => import('../features/product/game/GamePage.tsx');", 'src/ui imports no feature (not even lazily)'],
    ['src/ui/x.ts', 'const imported = () => import(`../services/storage.ts`);', 'a lazy import names its file literally'],
    ['scripts/x.ts', "const dir = '../tests/setup'; const imported = () => import(`${dir}/conservation.ts`);", 'a lazy import names its file literally'],
    ['simulator/x.ts', "const area = 'src'; const imported = () => import(`../${area}/app/runtime.ts`);", 'a lazy import names its file literally'],
    ['protocol/x.ts', "const name = '../simulator/main.ts'; const imported = () => import(name);", 'a lazy import names its file literally'],
  ])('%s may not: %s', async (file, source, message) => {
    expect((await restricted(file, source)).join(' ')).toContain(message);
  });

  it.each([
    ['simulator/video/deep/x.ts', "import { imported } from '../../../protocol/errors.ts';"],
    ['machines/x.ts', "import type { imported } from '../protocol/errors.ts';"],
    ['src/services/x.ts', "import { imported } from '../../protocol/errors.ts';"],
    ['machines/x.ts', "import { imported } from './failure.ts';"],
    // A view may name a service's types (the values come through the runtime).
    ['src/features/product/game/x.tsx', "import type { imported } from '../../../services/storage.ts';"],
    ['src/features/product/game/x.tsx', "import { imported } from '../../../../machines/gameSession.ts';"],
    ['src/features/product/game/x.tsx', "import { imported } from '../../../ui/i18n.ts';"],
    ['src/app/x.ts', "import { imported } from '../services/whep.ts';"],
    ['src/app/x.ts', "const imported = () => import('../services/whep.ts');"],
    ['src/features/x.tsx', "const imported = () => import('./game/GamePage.tsx');"],
    ['simulator/x.ts', "const imported = () => import('../protocol/errors.ts');"],
    ['tests/x.ts', "import { imported } from '../scripts/paths/payloads.ts';"],
    // A machine's time is its delays; its own names may shadow nothing it is denied.
    ['machines/x.ts', "const imported = { after: { 1000: 'next' } };"],
    ['machines/x.ts', 'const imported = ({ self }: { self: { id: string } }) => self.id;'],
  ])('%s may: %s', async (file, source) => {
    expect(await restricted(file, source)).toEqual([]);
  });
});
