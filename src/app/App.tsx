import { I18nProvider } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { lazy, startTransition, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import styled, { ThemeProvider } from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { createSettingsMachine } from '../../machines/settings.ts';
import type { Settings } from '../../protocol/settings.ts';
import { selectCheckingKeptLogin, selectGate, selectLoggedIn, selectSubmitting } from '../../machines/auth.selectors.ts';
import { selectReadySettings } from '../../machines/settings.selectors.ts';
import { selectIpAnswer, selectIpGate, selectIpRetrying } from '../../machines/ipCheck.selectors.ts';
import { onlineStatus, supportsWebRtc } from '../services/browser.ts';
import { guestLook } from '../services/storage.ts';
import { LookHost } from '../features/shell/settings/LookHost.tsx';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { nightTheme } from '../theme/theme.ts';
import { CheckingIpScreen, LoadingScreen, NetworkErrorScreen, SplashScreen } from '../features/product/boot/BootScreens.tsx';
import { createFirstLogin, FirstLoginHere, FirstLoginProvider, useFirstLoginStanding } from '../features/product/auth/firstLogin.tsx';
import { FirstLoginPage } from '../features/product/auth/LoginPage.tsx';
import { createPaintedLobby, PaintedLobbyHere, PaintedLobbyProvider, usePaintedLobbySettled, usePaintedLobbyStanding, type PaintedLobby } from '../ui/paintedLobbyHold.tsx';
import { RuntimeProvider, useLoggedInReady, usePhase } from '../features/viewRuntime.tsx';
import { activateLanguage, i18n, loadAppMessages } from '../ui/i18n.ts';
import { initialLanguage } from './language.ts';
import type { Routed as RoutedApp } from './Routed.tsx';
import type { AppRouter } from './router.tsx';
import { createRuntime, type Runtime } from './runtime.ts';
import { pendingUpdate } from './serviceWorker.ts';

// Screens few visitors see, loaded when one is needed (the service worker keeps them for offline),
// with the app's texts: theirs are not carried by /login (lingui.config.ts).
const rare = () => Promise.all([import('../features/product/boot/RareScreens.tsx'), loadAppMessages()]).then(([screens]) => screens);
const NotPermittedScreen = lazy(() => rare().then((m) => ({ default: m.NotPermittedScreen })));
const NoWebRtcScreen = lazy(() => rare().then((m) => ({ default: m.NoWebRtcScreen })));
const OfflineScreen = lazy(() => rare().then((m) => ({ default: m.OfflineScreen })));
const ReconnectingScreen = lazy(() => rare().then((m) => ({ default: m.ReconnectingScreen })));
const UpdatePrompt = lazy(() => rare().then((m) => ({ default: m.UpdatePrompt })));

// Only loaded when the page was opened with ?inspect (or in a dev build).
const InspectorPanel = lazy(() => import('../features/shell/inspector/InspectorPanel.tsx').then((m) => ({ default: m.InspectorPanel })));

const NO_PAINTED_LOBBY = createPaintedLobby(null);

type SettingsActor = ActorRefFrom<ReturnType<typeof createSettingsMachine<Settings>>>;

export interface AppProps {
  settingsActor: SettingsActor;
  /**
   * The page came with the login screen painted in it (login.html, src/app/prerender.tsx) and
   * is being hydrated: that login is the first screen, rendered at one place before every other
   * (Screens) and never replaced while it stands — through the boot (settings, IP check, token
   * check) in place of the loading, checking and splash screens, and as the router's login page —
   * until another screen must be said or the router shows another page (firstLogin.tsx).
   */
  firstLogin?: boolean;
  /** The page came with the lobby painted in it (lobby.html): it stands until the app's lobby is drawn (paintedLobbyHold.tsx). */
  paintedLobby?: PaintedLobby;
}

/** Pre-render: settings → language → (WebRTC, IP check, token) → the routed app. */
export function App({ settingsActor, firstLogin = false, paintedLobby = NO_PAINTED_LOBBY }: AppProps) {
  const settings = usePhase(settingsActor, selectReadySettings);
  const [languageReady, setLanguageReady] = useState(false);
  const [first] = useState(() => createFirstLogin(firstLogin));

  useEffect(() => {
    if (!settings) return;
    void activateLanguage(initialLanguage(settings.DEFAULT_LANG)).finally(() => setLanguageReady(true));
  }, [settings]);

  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={nightTheme}>
        <GlobalStyle />
        <FirstLoginProvider value={first}>
          <PaintedLobbyProvider value={paintedLobby}>
            <Screens settingsActor={settingsActor} settings={settings && languageReady ? settings : null} />
          </PaintedLobbyProvider>
        </FirstLoginProvider>
        <NewVersion />
      </ThemeProvider>
    </I18nProvider>
  );
}

/** One runtime per settings actor (a render React sets aside must not create a second one). */
const runtimes = new WeakMap<SettingsActor, Runtime>();
function runtimeOf(settingsActor: SettingsActor, settings: Settings): Runtime {
  let runtime = runtimes.get(settingsActor);
  if (!runtime) {
    runtime = createRuntime(settings);
    runtimes.set(settingsActor, runtime);
  }
  return runtime;
}

/**
 * The first login (when the page came with it) at one place, first, whatever the screens after
 * it do; then the boot's screens and the routed app.
 */
function Screens({ settingsActor, settings }: { settingsActor: SettingsActor; settings: Settings | null }) {
  usePaintedLobbySettled();
  const runtime = settings ? runtimeOf(settingsActor, settings) : null;
  return (
    <RuntimeProvider runtime={runtime}>
      <PlayerLook runtime={runtime}>
        <FirstLoginPage />
        {!runtime ? <Booting /> : supportsWebRtc() ? <Gate runtime={runtime} /> : <Rare><NoWebRtcScreen /></Rare>}
      </PlayerLook>
    </RuntimeProvider>
  );
}

/**
 * The player's look (theme, direction, layout: the uiSettings machine) once the logged-in half of
 * the app is there: loaded for a player (without holding the first routed screen) and for a guest
 * whose look this browser keeps. A guest without one is shown the night look the page came with,
 * and the login page does not pay for evaluating the logged-in half (the service worker fetches
 * it meanwhile; a login starts evaluating it). Around every screen, the first login's too.
 */
function PlayerLook({ runtime, children }: { runtime: Runtime | null; children: ReactNode }) {
  const loggedIn = useSelector(runtime?.auth, (snapshot) => (snapshot ? selectLoggedIn(snapshot) : false));
  const [guestWithLook] = useState(guestLook.kept);
  const ready = useLoggedInReady(loggedIn || guestWithLook);
  return <LookHost actor={ready ? (runtime?.uiSettings ?? null) : null}>{children}</LookHost>;
}

function Gate({ runtime }: { runtime: Runtime }) {
  const ipGate = usePhase(runtime.ipCheck, selectIpGate);
  const ipAnswer = usePhase(runtime.ipCheck, selectIpAnswer);
  const ipRetrying = usePhase(runtime.ipCheck, selectIpRetrying);
  // Before the app: splash and validating show the splash; a kept login with no answer yet waits.
  const authGate = usePhase(runtime.auth, selectGate);
  const online = useSyncExternalStore(onlineStatus.subscribe, onlineStatus.online);
  const routed = useRouted(runtime);
  const unanswered = ipGate === 'checking' || ipGate === 'unreachable';
  if (!online && unanswered) return <Rare><OfflineScreen /></Rare>;
  // A check that failed and waits to try again is said, not stood in for by a painted lobby.
  if (ipGate === 'checking') return ipRetrying ? <CheckingIpScreen /> : <Booting screen={<CheckingIpScreen />} />;
  if (ipGate === 'blocked') {
    return (
      <Rare>
        <NotPermittedScreen country={ipAnswer?.country ?? ''} ip={ipAnswer?.ip ?? ''} />
      </Rare>
    );
  }
  if (ipGate === 'unreachable') return <NetworkErrorScreen onRetry={() => runtime.ipCheck.send({ type: 'user.retry' })} />;
  if (authGate === 'checking') return <Booting screen={<SplashScreen />} />;
  // A kept login whose check found no answer: kept, and asked about again (only a 401 ends it).
  if (authGate && !online) return <Rare><OfflineScreen /></Rare>;
  if (authGate === 'reconnecting') return <Rare><ReconnectingScreen auth={runtime.auth} /></Rare>;
  if (authGate === 'unreachable') return <NetworkErrorScreen onRetry={() => runtime.auth.send({ type: 'user.retry' })} />;
  if (routed === 'failed') return <NetworkErrorScreen onRetry={() => window.location.reload()} />;
  return (
    <>
      {routed ? (
        <routed.Routed router={routed.router} cover={<Booting screen={<Cover><SplashScreen /></Cover>} />} />
      ) : (
        <Booting screen={<SplashScreen />} />
      )}
      {runtime.inspector && (
        <Suspense fallback={null}>
          <InspectorPanel store={runtime.inspector} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A boot screen (loading, checking the IP, the splash) — or, on a page that came with its login
 * painted in, that login: the player goes on seeing (and typing into) the form while the app boots.
 */
function Booting({ screen = <LoadingScreen /> }: { screen?: ReactNode }) {
  const lobbyStanding = usePaintedLobbyStanding();
  if (useFirstLoginStanding()) return <FirstLoginHere />;
  // On a page that came with its lobby painted in, that lobby stands in for the boot screen.
  return lobbyStanding ? <PaintedLobbyHere /> : screen;
}

/** The splash over the router's first page as it comes (src/app/Routed.tsx), never beside it. */
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
 * The routed app's code and the router: loaded from the boot's start (beside the settings' and
 * the IP check's answers), the boot's screens meanwhile. While the painted login stands, not
 * before the player turns to it (a touch, a key, the focus) or a login is on its way: a guest who
 * only looks at the form does not pay for evaluating the router (the service worker has its code
 * downloaded meanwhile), and the form works without it.
 */
function useRouted(runtime: Runtime) {
  const [routed, setRouted] = useState<{ Routed: typeof RoutedApp; router: AppRouter } | 'failed' | null>(null);
  const standing = useFirstLoginStanding();
  // Focused already: the player was in the form before the app was there.
  const [turnedTo, setTurnedTo] = useState(() => document.activeElement !== null && document.activeElement !== document.body);
  // A kept login being checked will most likely want the routed app: fetched beside the check.
  const loginOn = useSelector(runtime.auth, (snapshot) => selectSubmitting(snapshot) || selectLoggedIn(snapshot) || selectCheckingKeptLogin(snapshot));
  const wanted = !standing || turnedTo || loginOn;
  useEffect(() => {
    if (wanted) return;
    const turn = () => setTurnedTo(true);
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    events.forEach((type) => document.addEventListener(type, turn, { capture: true, once: true }));
    return () => events.forEach((type) => document.removeEventListener(type, turn, { capture: true }));
  }, [wanted]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    Promise.all([import('./Routed.tsx'), runtime.loadRouter()]).then(
      // The router's first page renders in a transition: in slices, under what stands meanwhile.
      ([{ Routed }, router]) => live && startTransition(() => setRouted({ Routed, router })),
      // Its code could not be downloaded: said, with a reload (a failed import stays failed).
      () => live && setRouted('failed'),
    );
    return () => {
      live = false;
    };
  }, [runtime, wanted]);
  return routed;
}

