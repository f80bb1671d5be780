import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { createContext, lazy, startTransition, Suspense, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import styled, { ThemeProvider } from 'styled-components';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { createSettingsMachine } from '../../machines/settings.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../protocol/settings.ts';
import { useSelector } from '@xstate/react';
import { selectLoggedIn } from '../../machines/auth.selectors.ts';
import { onlineStatus, supportsWebRtc } from '../services/browser.ts';
import { guestLook } from '../services/storage.ts';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { nightTheme } from '../theme/theme.ts';
import { CheckingIpScreen, LoadingScreen, NetworkErrorScreen, SplashScreen } from '../features/product/boot/BootScreens.tsx';
import { FirstLoginPage } from '../features/product/auth/LoginPage.tsx';
import { RuntimeProvider, useLoggedInReady } from '../features/viewRuntime.tsx';
import { LookHost } from '../features/shell/settings/LookHost.tsx';
import { activateLanguage, i18n } from '../ui/i18n.ts';
import { initialLanguage } from './language.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import { pendingUpdate } from './serviceWorker.ts';

// Screens few visitors see, loaded when one is needed (the service worker keeps them for offline).
const rare = () => import('../features/product/boot/RareScreens.tsx');
const NotPermittedScreen = lazy(() => rare().then((m) => ({ default: m.NotPermittedScreen })));
const NoWebRtcScreen = lazy(() => rare().then((m) => ({ default: m.NoWebRtcScreen })));
const OfflineScreen = lazy(() => rare().then((m) => ({ default: m.OfflineScreen })));
const ReconnectingScreen = lazy(() => rare().then((m) => ({ default: m.ReconnectingScreen })));
const UpdatePrompt = lazy(() => rare().then((m) => ({ default: m.UpdatePrompt })));

// Only loaded when the page was opened with ?inspect (or in a dev build).
const InspectorPanel = lazy(() => import('../features/shell/inspector/InspectorPanel.tsx').then((m) => ({ default: m.InspectorPanel })));

type SettingsActor = ActorRefFrom<ReturnType<typeof createSettingsMachine<Settings>>>;

export interface AppProps {
  settingsActor: SettingsActor;
  /**
   * The page came with the login screen painted in it (login.html, src/app/prerender.tsx) and
   * is being hydrated: the first screen is that login, and it stays up through the boot (settings,
   * IP check, token check) in place of the loading, checking and splash screens, until the router's
   * login page takes over — or another screen (blocked, offline, an error) must be said.
   */
  firstLogin?: boolean;
}

/** Pre-render: settings → language → (WebRTC, IP check, token) → the routed app. */
export function App({ settingsActor, firstLogin = false }: AppProps) {
  const settings = usePhase(settingsActor, (s) => (s.matches('ready') ? s.context.settings : null));
  const [languageReady, setLanguageReady] = useState(false);

  useEffect(() => {
    if (!settings) return;
    void activateLanguage(initialLanguage(settings.DEFAULT_LANG)).finally(() => setLanguageReady(true));
  }, [settings]);

  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={nightTheme}>
        <GlobalStyle />
        <FirstLogin.Provider value={firstLogin}>
          {settings && languageReady ? <Booted settings={settings} /> : <Booting />}
        </FirstLogin.Provider>
        <NewVersion />
      </ThemeProvider>
    </I18nProvider>
  );
}

function Booted({ settings }: { settings: Settings }) {
  const [runtime] = useState<Runtime>(() => createRuntime(settings));
  if (!supportsWebRtc()) return <Rare><NoWebRtcScreen /></Rare>;
  return <Gate runtime={runtime} />;
}

function Gate({ runtime }: { runtime: Runtime }) {
  const ip = usePhase(runtime.ipCheck, (s) => ({ value: s.value, answer: s.context.answer }), sameIpView);
  // Before the app: splash and validating show the splash; a kept login with no answer yet waits.
  const authGate = usePhase(runtime.auth, (s) => (['splash', 'validating', 'reconnecting', 'unreachable'] as const).find((v) => s.matches(v)));
  const online = useSyncExternalStore(onlineStatus.subscribe, onlineStatus.online);
  const unanswered = ip.value === 'checking' || ip.value === 'waiting' || ip.value === 'networkError';
  if (!online && unanswered) return <Rare><OfflineScreen /></Rare>;
  if (ip.value === 'checking' || ip.value === 'waiting') return <Booting screen={<CheckingIpScreen />} settings={runtime.settings} />;
  if (ip.value === 'blocked') {
    return (
      <Rare>
        <NotPermittedScreen country={ip.answer?.country ?? ''} ip={ip.answer?.ip ?? ''} />
      </Rare>
    );
  }
  if (ip.value === 'networkError') return <NetworkErrorScreen onRetry={() => runtime.ipCheck.send({ type: 'user.retry' })} />;
  if (authGate === 'splash' || authGate === 'validating') return <Booting screen={<SplashScreen />} settings={runtime.settings} />;
  // A kept login whose check found no answer: kept, and asked about again (only a 401 ends it).
  if (authGate && !online) return <Rare><OfflineScreen /></Rare>;
  if (authGate === 'reconnecting') return <Rare><ReconnectingScreen auth={runtime.auth} /></Rare>;
  if (authGate === 'unreachable') return <NetworkErrorScreen onRetry={() => runtime.auth.send({ type: 'user.retry' })} />;
  return (
    <RuntimeProvider runtime={runtime}>
      {/* The player's look: the theme, direction and layout follow the uiSettings machine. */}
      <PlayerLook runtime={runtime}>
        <RouterProvider router={runtime.router} />
      </PlayerLook>
      <FirstPageCover router={runtime.router} settings={runtime.settings} />
      {runtime.inspector && (
        <Suspense fallback={null}>
          <InspectorPanel store={runtime.inspector} />
        </Suspense>
      )}
    </RuntimeProvider>
  );
}

/**
 * The player's look once the logged-in half of the app is there: loaded for a player (without
 * holding the first routed screen) and for a guest whose look this browser keeps. A guest without
 * one is shown the night look the page came with, and the login page does not pay for evaluating
 * the logged-in half (the service worker fetches it meanwhile; a login starts evaluating it).
 */
function PlayerLook({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  const loggedIn = useSelector(runtime.auth, selectLoggedIn);
  const [guestWithLook] = useState(guestLook.kept);
  const ready = useLoggedInReady(loggedIn || guestWithLook);
  return <LookHost actor={ready ? (runtime.uiSettings ?? null) : null}>{children}</LookHost>;
}

/**
 * The brand card over the page until the router has shown its first page. A reload of /lobby or
 * /game/… loads that page's code and the logged-in half before the router draws anything: without
 * this, the page stood empty and dark between the boot screens and the page.
 */
function FirstPageCover({ router, settings }: { router: Runtime['router']; settings: Settings }) {
  const subscribe = useCallback((changed: () => void) => router.subscribe('onResolved', changed), [router]);
  const pageIn = useSyncExternalStore(subscribe, () => router.state.resolvedLocation !== undefined);
  if (pageIn) return null;
  return (
    <Cover>
      <Booting screen={<SplashScreen />} settings={settings} />
    </Cover>
  );
}

const FirstLogin = createContext(false);

/**
 * A boot screen (loading, checking the IP, the splash) — or, on a page that came with its login
 * painted in, that login: the player goes on seeing (and typing into) the form while the app boots.
 */
function Booting({ screen = <LoadingScreen />, settings = DEFAULT_SETTINGS }: { screen?: ReactNode; settings?: Settings }) {
  return useContext(FirstLogin) ? <FirstLoginPage settings={settings} /> : screen;
}

/** Over the page (and whatever the router draws as it comes), never beside it. */
const Cover = styled.div`
  position: fixed;
  inset: 0;
  z-index: 2000;
  overflow: auto;
`;

/** The service worker installed a newer build: offer the reload (no stale shell stays). */
function NewVersion() {
  // Nothing waiting on a page painted at build time (its hydration starts from that too).
  const apply = useSyncExternalStore(pendingUpdate.subscribe, pendingUpdate.current, () => null);
  return apply ? <Suspense fallback={null}><UpdatePrompt onReload={apply} /></Suspense> : null;
}

/** A rare screen on its way: the loading screen meanwhile. */
function Rare({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/**
 * A boot phase of an actor (settings loaded, the IP check's answer, the login's check), for the
 * screen switches above the app. Each switch replaces the whole page — the boot screens by the
 * router and its first page — so it renders in a transition: React yields to the browser every
 * few milliseconds, where useSelector's synchronous render was one long task on a slow phone
 * (docs/performance.md). The screen meanwhile stays the one before, as it was.
 */
function usePhase<TActor extends AnyActorRef, T>(actor: TActor, select: (snapshot: SnapshotFrom<TActor>) => T, same: (a: T, b: T) => boolean = Object.is): T {
  const [phase, setPhase] = useState(() => select(actor.getSnapshot() as SnapshotFrom<TActor>));
  useEffect(() => {
    const follow = (snapshot: SnapshotFrom<TActor>) => {
      const next = select(snapshot);
      startTransition(() => setPhase((current) => (same(current, next) ? current : next)));
    };
    // What changed between the first render and this effect is not missed.
    follow(actor.getSnapshot() as SnapshotFrom<TActor>);
    const subscription = actor.subscribe(follow);
    return () => subscription.unsubscribe();
    // The selectors are the component's own constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
  return phase;
}

function sameIpView(a: { value: unknown; answer: unknown }, b: { value: unknown; answer: unknown }) {
  return a.value === b.value && a.answer === b.answer;
}
