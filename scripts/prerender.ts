import type { Plugin } from 'vite';
import type { OutputAsset } from 'rolldown';
import { lobbyFileName, lobbyTileFileName, loginFileName } from '../protocol/pages.ts';
import { Settings } from '../protocol/settings.ts';
import type { prerenderLobby, prerenderLogin } from '../src/app/prerender.tsx';
import { PAINTED_LOBBY_ID, PRERENDERED } from '../src/app/prerendered.ts';

interface PrerenderModule {
  prerenderLogin: typeof prerenderLogin;
  prerenderLobby: typeof prerenderLobby;
}

/**
 * Vite plugin: writes login.html (and login.tr.html, login.ar.html, login.bg.html) beside
 * index.html — the built page with the login screen painted into #root and its styles in the
 * head, rendered by the app itself (src/app/prerender.tsx) through Vite's SSR loader. The
 * simulator serves it for /login in the operator's default language (docs/operators.md), so the
 * form paints from HTML before any script runs; the client hydrates it (src/app/boot.tsx).
 * Runs when the bundle is generated, before the service worker's precache list and the
 * compressed twins are made from the files.
 */

/** Every language an operator can make its default (DEFAULT_LANG). */
const LANGUAGES = Settings.shape.DEFAULT_LANG.options;
const ROOT_START = '<div id="root">';
const ROOT_END = '</div>\n    <noscript>';
/** The element just after #root: once the parser has it, the painted page is whole. */
const PAINTED_MARK = 'painted';
/**
 * While the painted lobby stands, #root is out of the flow and unseen: the app boots and draws its
 * own lobby under it, and the lobby's scroll is the document's, kept when the app's takes its place.
 */
const PAINTED_LOBBY_STYLE = `<style>#${PAINTED_LOBBY_ID} ~ #root { position: fixed; inset: 0; visibility: hidden; overflow: hidden; }</style>`;

export function prerender(): Plugin {
  let configFile: string | undefined;
  let root = process.cwd();
  return {
    name: 'reelside-prerender',
    apply: 'build',
    configResolved(config) {
      configFile = config.configFile;
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle['index.html'] as OutputAsset | undefined;
        if (!page) return;
        const index = String(page.source);
        const start = index.indexOf(ROOT_START);
        const end = index.indexOf(ROOT_END, start);
        if (start < 0 || end < 0) throw new Error('prerender: index.html no longer has the #root this plugin fills');
        const { createServer } = await import('vite');
        // The app's own modules, compiled as the build does (Lingui's macros, the catalogs).
        const server = await createServer({
          configFile,
          root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          // Its CommonJS build's default export is not the styled function under Node's ESM
          // interop: compiled in, as in the browser build.
          ssr: { noExternal: ['styled-components'] },
        });
        try {
          const { prerenderLogin, prerenderLobby } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
          for (const language of LANGUAGES) {
            const login = await prerenderLogin(language);
            const html = `${index.slice(0, start)}<div id="root" data-prerendered="${PRERENDERED.login}" data-boot-failed="${attribute(login.failure.message)}" data-boot-retry="${attribute(login.failure.retry)}">${login.html}${index.slice(end)}`
              .replace('<html lang="en" dir="ltr">', `<html lang="${login.lang}" dir="${login.dir}">`)
              // Painted whole or not at all: a browser that paints the page while it is still
              // parsing it (a slow phone does) showed the card with only its logo, then grew it —
              // a layout shift. The render waits until the form's last element is parsed.
              .replace('</head>', `  ${login.styles}\n    <link rel="expect" href="#${PAINTED_MARK}" blocking="render" />\n  </head>`)
              .replace(`</div>\n    <noscript>`, `</div>\n    <template id="${PAINTED_MARK}"></template>\n    <noscript>`);
            this.emitFile({ type: 'asset', fileName: loginFileName(language), source: html });

            const lobby = await prerenderLobby(language);
            // The network error's texts in the page's language too (src/app/main.tsx), on #root as in login.html.
            const lobbyRoot = `<div id="root" data-boot-failed="${attribute(login.failure.message)}" data-boot-retry="${attribute(login.failure.retry)}">`;
            const lobbyHtml = `${index.slice(0, start)}<div id="${PAINTED_LOBBY_ID}">${lobby.html}</div>\n    <template id="${PAINTED_MARK}"></template>\n    ${lobbyRoot}${index.slice(start + ROOT_START.length)}`
              .replace('<html lang="en" dir="ltr">', `<html lang="${lobby.lang}" dir="${lobby.dir}">`)
              .replace('</head>', `  ${lobby.styles}\n    ${PAINTED_LOBBY_STYLE}\n    <link rel="expect" href="#${PAINTED_MARK}" blocking="render" />\n  </head>`);
            this.emitFile({ type: 'asset', fileName: lobbyFileName(language), source: lobbyHtml });
            this.emitFile({ type: 'asset', fileName: lobbyTileFileName(language), source: lobby.tile });
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}

/** Text as an HTML attribute's value. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
