/**
 * What the layout and navigation view tests share: a stand-in auth actor (roles, permissions,
 * a wallet), the runtime the views read, and a memory router with the app's logged-in pages.
 */
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { chooseLanguage } from '../../src/app/language.ts';
import { act, type ReactElement } from 'react';
import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup } from 'xstate';
import type { Role, SessionUser } from '../../machines/auth.ts';
import { gameSessionMachine } from '../../machines/gameSession.ts';
import { lobbyMachine } from '../../machines/lobby.ts';
import { chatPanelMachine, type ChatDirectory, type ChatMessage, type ChatStatus, type ChatThread } from '../../machines/chatPanel.ts';
import { registerMachine } from '../../machines/register.ts';
import { navigationMachine } from '../../machines/navigation.ts';
import { watchWideScreen } from '../../src/services/viewport.ts';
import { BREAKPOINT_MD } from '../../src/theme/theme.ts';
import { promoMachine } from '../../machines/promo.ts';
import { uiSettingsMachine, type StoredUiSettings } from '../../machines/uiSettings.ts';
import { walletMachine } from '../../machines/wallet.ts';
import type { AuthActor } from '../../src/app/runtime.ts';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { defaultUiSettings } from '../../src/features/shell/settings/defaults.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../protocol/settings.ts';
import type { QuickPanelData } from '../../protocol/template.ts';
import { layoutChoiceStorage, navbarStorage, quickSettingsStorage } from '../../src/services/playerStorage.ts';
import { renderView } from './render.tsx';

export const demoUser: SessionUser = {
  id: '1',
  username: 'demo',
  name: 'Demo',
  lastname: 'Player',
  email: 'demo@example.test',
  permissions: [145],
  group: 1,
  type: 1,
  ipAddress: '10.1.2.3',
  lastLogon: '2025-03-01T12:30:00Z',
  lastLogonIp: '10.9.8.7',
  versions: 'test',
};

/** An actor shaped like the auth actor where the views look: roles, the session, a wallet child. */
export function fakeAuth({ roles = ['user'], user = demoUser, balance = 123_456 }: { roles?: Role[]; user?: SessionUser | null; balance?: number } = {}) {
  const machine = setup({
    types: { context: {} as { roles: Role[]; session: { user: SessionUser } | null } },
    actors: { wallet: walletMachine.provide({ actors: { fetchBalance: fromPromise(async () => balance) } }) },
  }).createMachine({
    context: { roles, session: user ? { user } : null },
    invoke: { id: 'wallet', src: 'wallet' },
  });
  return createActor(machine).start() as unknown as AuthActor;
}

export interface ChromeOptions {
  auth?: AuthActor;
  settings?: Partial<Settings>;
  path?: string;
  /** Receives navbar.folded whenever the player folds or unfolds the navbar. */
  persistFolded?: (folded: boolean) => void;
  /** Run the template chrome too: the player's look, Team Chat and the quick panel (stand-ins). */
  chrome?: boolean;
  /** Logic a test provides itself (e.g. a lobby over a stand-in floor). */
  logic?: Partial<ViewLogic>;
}

/** The template chrome's logic over stand-in services: one contact with two unread messages. */
function templateChrome() {
  const uiSettings = createActor(
    uiSettingsMachine.provide({
      actors: {
        readLocal: fromPromise(async (): Promise<StoredUiSettings | null> => null),
        fetchRemote: fromPromise(async (): Promise<StoredUiSettings | null> => null),
        saveRemote: fromPromise(async (): Promise<void> => {}),
      },
    }),
    { input: { defaults: defaultUiSettings('layout1') } },
  ).start();
  const template: ViewLogic['template'] = {
    chatPanel: chatPanelMachine.provide({
      actors: {
        fetchContacts: fromPromise(async (): Promise<ChatDirectory> => ({
          contacts: [{ id: 'support', name: 'Support', avatar: 'data:,', status: 'online', mood: '', unread: 2 }],
          userId: '1',
          status: 'online',
        })),
        fetchChat: fromPromise(async (): Promise<ChatThread> => ({ id: 'c-support', dialog: [] })),
        sendMessage: fromPromise(async ({ input }): Promise<ChatMessage> => ({ who: '1', message: input.messageText, time: '2026-01-01T10:00:00Z' })),
        saveStatus: fromPromise(async ({ input }): Promise<ChatStatus> => input.status),
      },
      // The badge at once here (the product waits a second after the page).
      delays: { badgeRefresh: 0 },
    }),
    quickSettings: quickSettingsStorage,
    quickPanelData: fromPromise(async (): Promise<QuickPanelData> => ({ events: [], notes: [] })),
    register: registerMachine,
  };
  return { uiSettings, template };
}

type HappyWindow = Window & { happyDOM?: { setViewport(viewport: { width: number; height: number }): void } };

/** The window's size: the chrome shows its phone or its desktop face by media queries. */
export function setViewport(width: number, height: number): void {
  (window as HappyWindow).happyDOM?.setViewport({ width, height });
}
export const phone = () => setViewport(390, 844);
export const desktop = () => setViewport(1280, 800);

/**
 * happy-dom does not load frames, and says so for each one on the console it was created with
 * (the worker's own, not the test's): keep those lines out of the report, and everything else in.
 */
export function quietFrames(): void {
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    if (String(chunk).includes('Iframe page loading is disabled')) return true;
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write);
}

const PAGES = ['/lobby', '/profile', '/slot-sessions', '/transactions', '/logout'];

/**
 * Render `chrome` as the layout route around the app's logged-in paths (each page is a heading
 * naming its path), at `path`.
 */
export async function renderChrome(chrome: ReactElement, options: ChromeOptions = {}) {
  const extra = options.chrome ? templateChrome() : null;
  const settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const runtime: ViewRuntime = {
    ...(extra && { uiSettings: extra.uiSettings }),
    settings,
    layoutChoice: layoutChoiceStorage,
    chooseLanguage,
    auth: options.auth ?? fakeAuth(),
    // Only what the chrome runs; the other logic is for pages these tests do not show.
    logic: {
      lobby: lobbyMachine,
      // As src/app/loggedIn.ts adds them, without a login's actors (the tests hand the lobby its news themselves).
      lobbyInput: (view) => ({ ...view, showLobby: settings.SHOW_LOBBY, refreshSeconds: settings.LOBBY_UPDATE_SECONDS }),
      gameSession: gameSessionMachine,
      gameInput: (visit) => ({ ...visit, token: 'view-test-token' }),
      promo: promoMachine,
      promoInput: (kind) => ({ kind }),
      // As src/app/loggedIn.ts provides it: navbar.folded read from and kept in storage.
      navigation: navigationMachine.provide({
        actors: { wideScreen: fromCallback(({ sendBack }) => watchWideScreen(BREAKPOINT_MD, () => sendBack({ type: 'viewport.wide' }))) },
        actions: { persistFolded: (_, { folded }) => options.persistFolded?.(folded) },
        guards: { storedFolded: () => navbarStorage.readFolded() },
      }),
      ...(extra && { template: extra.template }),
      ...options.logic,
    } satisfies Partial<ViewLogic> as ViewLogic,
  };
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({ getParentRoute: () => root, id: 'app', component: () => chrome });
  const pages = PAGES.map((path) =>
    createRoute({ getParentRoute: () => layout, path, component: () => <h1>page {path}</h1> }),
  );
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren(pages)]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/lobby'] }),
  });
  await act(() => router.load());
  const view = await renderView(
    <RuntimeProvider runtime={runtime}>
      <RouterProvider router={router} />
    </RuntimeProvider>,
  );
  await view.findByRole('heading', { name: /^page / });
  return { ...view, router, runtime };
}
