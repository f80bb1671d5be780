import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { LOGGED_IN_META } from '../src/app/loggedInMeta.ts';

/** What rolldown's chunking tells a group's `name` about a module. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const root = resolve(import.meta.dirname, '..');
const at = (path: string) => resolve(root, path);

/** The page's first script: it paints nothing itself and starts the boot once the HTML is painted. */
const ENTRY = at('src/app/main.tsx');

/** The boot: the app up to the login form (and a kept login's check). */
const BOOT_ROOTS = [at('src/app/boot.tsx')];

/** The router, which a guest's login page loads (not runs) once the player turns to the form. */
const ROUTER_ROOTS = ['src/app/Routed.tsx', 'src/app/router.tsx'].map(at);

/**
 * The rest of what a logged-in page opened at the lobby loads: the logged-in half, the chrome and
 * the lobby, the look's effects and the logged-in overlays.
 */
const LOGGED_IN_ROOTS = [
  'src/app/playerMachines.ts',
  'src/app/loggedIn.ts',
  'src/features/shell/layout/MainLayout.tsx',
  'src/features/product/lobby/LobbyPage.tsx',
  'src/features/product/session/LoggedInOverlays.tsx',
  'src/features/shell/settings/LookEffects.tsx',
].map(at);

/** Every module `roots` import statically, themselves included. */
function staticClosure(roots: readonly string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

/** The chunks `appChunks` makes (the benchmark and the page's meta tag find them by name). */
export const BOOT_CHUNK = 'boot';
export const ROUTER_CHUNK = 'app-router';
export const LOGGED_IN_CHUNK = 'logged-in';

/**
 * A rolldown code-splitting group's `name`: three files where splitting by what imports what made
 * some fifty. The boot's modules in one (BOOT_CHUNK; the page's first script keeps its own), the
 * router's in another (ROUTER_CHUNK), and everything else a logged-in page at the lobby needs in a
 * third (LOGGED_IN_CHUNK), each without what an earlier one has. Split by importers, the boot
 * came as eleven files (a module shared with a later page was a 0.1–10 KB file of its own) and the
 * logged-in half as ~40, each found only once the one importing it had run: a chain of downloads
 * after the token check. One Brotli stream per file also compresses better (docs/performance.md).
 * Pages few players open (the game, the account pages, dialogs) keep files of their own.
 *
 * Without cycles by construction: a group holds the whole static closure of its roots less what an
 * earlier one holds, so a file imports only earlier files (entry ← boot ← router ← logged-in), and
 * never a page's file — which is why `includeDependenciesRecursively: false` is safe here.
 */
export function appChunks(): (id: string, ctx: ChunkingContext) => string | null {
  let chunkOf: Map<string, string> | null = null;
  return (id, ctx) => {
    chunkOf ??= groups(ctx);
    return chunkOf.get(id) ?? null;
  };
}

function groups(ctx: ChunkingContext): Map<string, string> {
  const chunkOf = new Map<string, string>();
  const taken = staticClosure([ENTRY], ctx);
  for (const [name, roots] of [
    [BOOT_CHUNK, BOOT_ROOTS],
    [ROUTER_CHUNK, ROUTER_ROOTS],
    [LOGGED_IN_CHUNK, LOGGED_IN_ROOTS],
  ] as const) {
    for (const module of staticClosure(roots, ctx)) {
      if (taken.has(module)) continue;
      taken.add(module);
      chunkOf.set(module, name);
    }
  }
  return chunkOf;
}

/**
 * Vite plugin: names the files of the logged-in half and the router in the page's head
 * (`<meta name="reelside:logged-in" content="/assets/logged-in-….js /assets/app-router-….js">`),
 * for the page's first script to preload them when a login is kept (src/app/main.tsx). Runs
 * before the prerender, so the painted login pages carry it too.
 */
export function loggedInMeta(): Plugin {
  let base = '/';
  return {
    name: 'reelside-logged-in-meta',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const files = [LOGGED_IN_CHUNK, ROUTER_CHUNK].map((name) => {
          const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === name);
          if (!chunk) throw new Error(`logged-in meta: the build has no "${name}" chunk (scripts/chunks.ts)`);
          return `${base}${chunk.fileName}`;
        });
        const meta = `<meta name="${LOGGED_IN_META}" content="${files.join(' ')}" />`;
        page.source = String(page.source).replace('</head>', `  ${meta}\n  </head>`);
      },
    },
  };
}
