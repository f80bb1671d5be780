/**
 * The composition root: the one place where real services are handed to the machines.
 * Everything here is created once, after /Settings.json is known. What only logged-in pages
 * use (lobby, game, account, template panels, the player's look) is wired in loggedIn.ts,
 * loaded lazily so /login carries none of it.
 */
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { authMachine } from '../../machines/auth.ts';
import { ipCheckMachine } from '../../machines/ipCheck.ts';
import type { ViewLogic, ViewRuntime } from '../features/viewRuntime.tsx';
import { lazyLogic } from '../services/lazyActors.ts';
import { lockStorage } from '../services/storage.ts';
import type { Settings } from '../../protocol/settings.ts';
import { createHttp } from '../services/http.ts';
import { checkIp, createAuthService } from '../services/session.ts';
import { queryToken, tokenStorage } from '../services/storage.ts';
import { slug } from '../../protocol/slug.ts';
import { wantsInspector, wantsModelRecord, wantsStatelyMirror } from '../services/browser.ts';
import type { InspectorStore } from '../services/inspector.ts';
import type { LoggedIn, UiSettingsActor } from './loggedIn.ts';
import type { createPlayerMachines } from './playerMachines.ts';
import { i18n, loadAppMessages } from '../ui/i18n.ts';
import { intlLocale } from '../../protocol/format.ts';
import { chooseLanguage } from './language.ts';
import { nextTask } from './nextTask.ts';
import type { AppRouter } from './router.tsx';
import type * as RouterModuleType from './router.tsx';

type RouterModule = typeof RouterModuleType;

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type IpCheckActor = ActorRefFrom<typeof ipCheckMachine>;
export type { UiSettingsActor };

export interface Runtime extends ViewRuntime {
  settings: Settings;
  auth: AuthActor;
  ipCheck: IpCheckActor;
  /**
   * Loads (once) the router: beside the boot's checks, or — while the painted login stands — once
   * the player turns to the form (src/app/App.tsx); its code is not in the way of the first paint.
   */
  loadRouter(): Promise<AppRouter>;
  /** The logged-in pages' machines: read only below a route that awaited loadLoggedIn(). */
  readonly logic: ViewLogic;
  /** The player's look, once loadLoggedIn() has resolved. */
  readonly uiSettings: UiSettingsActor | undefined;
  /** Loads (once) the logged-in half of the composition root: see loggedIn.ts. */
  loadLoggedIn(): Promise<LoggedIn>;
  /** The live inspector's record, when the page was opened with ?inspect (or in a dev build). */
  inspector: Promise<InspectorStore> | null;
  inspect: ((event: InspectionEvent) => void) | undefined;
}

/** An observer that is still downloading: the events until it has are kept and handed to it then. */
function handedOnce(loading: Promise<(event: InspectionEvent) => void>): (event: InspectionEvent) => void {
  let observe: ((event: InspectionEvent) => void) | null = null;
  let early: InspectionEvent[] | null = [];
  void loading.then(
    (ready) => {
      observe = ready;
      early?.forEach(ready);
      early = null;
    },
    () => {
      early = null;
    },
  );
  return (event) => (observe ? observe(event) : early?.push(event));
}

export function createRuntime(settings: Settings): Runtime {
  const mirror = wantsStatelyMirror() ? import('../services/statelyInspector.ts').then((m) => m.connectStately()) : undefined;
  // ?inspect: the inspector's record downloads after the page; ?inspect=record: the model-based
  // tests' record of what the actors did (no panel), likewise. What the actors did until then is
  // handed to each when it has.
  const inspector = wantsInspector() ? import('../services/inspector.ts').then((m) => m.createInspectorStore(Date.now, mirror)) : null;
  const toInspector = inspector ? handedOnce(inspector.then((store) => (event: InspectionEvent) => store.observe(event))) : undefined;
  const recorder = wantsModelRecord() ? handedOnce(import('../services/modelRecord.ts').then((m) => m.createModelRecord().observe)) : undefined;
  const inspect =
    toInspector && recorder ? (event: InspectionEvent) => (toInspector(event), recorder(event)) : (toInspector ?? recorder);
  // The http client reports 401s to the auth actor created just below; it only calls these
  // callbacks once requests run, after the actor exists.
  const http = createHttp({
    apiBase: settings.API_URL,
    getToken: () => auth.getSnapshot().context.token,
    // A 401 for another token than the login's own (a kept login's check answered after a new
    // login was sent instead, a request of an ended login) says nothing about this one.
    onUnauthorized: (failure, token) => {
      if (token === auth.getSnapshot().context.token) auth.send({ type: 'server.unauthorized', failure });
    },
  });
  const session = createAuthService(http, settings.SITE_ID);
  // Set once the router exists; the reconnect dialog's Continue navigates with it.
  let navigateToGame: (machineId: number, machineName: string) => void = () => {};

  // The logged-in player's wallet, idle lock, reconnect dialog and notification socket download beside
  // the login or the token check, and auth enters loggedIn (which starts them) only once they are here.
  let playerMachines: Promise<ReturnType<typeof createPlayerMachines>> | null = null;
  const loadPlayerMachines = () =>
    (playerMachines ??= import('./playerMachines.ts').then(
      ({ createPlayerMachines }) =>
        createPlayerMachines({
          settings,
          loadLoggedIn,
          navigateToGame: (machineId, machineName) => navigateToGame(machineId, machineName),
          fetchBalance: () => session.balance(),
        }),
      (error: unknown) => {
        // A failed download fails this login (with the network's message); the next one tries again.
        playerMachines = null;
        throw error;
      },
    ));
  const wallet = lazyLogic(() => loadPlayerMachines().then((machines) => machines.wallet));
  const idleLock = lazyLogic(() => loadPlayerMachines().then((machines) => machines.idleLock));
  const reconnect = lazyLogic(() => loadPlayerMachines().then((machines) => machines.reconnect));
  const notifications = lazyLogic(() => loadPlayerMachines().then((machines) => machines.notifications));
  const withPlayerMachines = async <T,>(answer: Promise<T>): Promise<T> => {
    warmMoneyFormat(settings.CURRENCY);
    const [result] = await Promise.all([answer, wallet.ready(), idleLock.ready(), reconnect.ready(), notifications.ready()]);
    return result;
  };

  const auth: AuthActor = createActor(
    authMachine.provide({
      actors: {
        readTokens: fromPromise(async () => ({ queryToken: queryToken.read(), storedToken: tokenStorage.read() })),
        validateToken: fromPromise(({ input }) => withPlayerMachines(session.validate(input.token))),
        login: fromPromise(({ input }) => {
          // The page after the login needs the logged-in half: its code is evaluated while the
          // login is on the network (a guest's login page did not pay for it).
          void loadLoggedIn().catch(() => undefined);
          return withPlayerMachines(session.login(input));
        }),
        logout: fromPromise(({ input }) => session.logout(input.token)),
        wallet: wallet.logic,
        notifications: notifications.logic,
        idleLock: idleLock.logic,
        reconnect: reconnect.logic,
      },
      actions: {
        storeToken: (_, { token, remember }) => tokenStorage.write(token, remember),
        clearToken: () => tokenStorage.clear(),
        // Its answer matters to nobody: a refusal is a login already over (the 401 is not this login's).
        releaseToken: (_, { token }) => void session.logout(token).catch(() => undefined),
        forgetLock: () => lockStorage.clear(),
        stripQueryToken: () => queryToken.strip(),
      },
    }),
    { inspect },
  );

  const ipCheck = createActor(
    ipCheckMachine.provide({ actors: { checkIp: fromPromise(() => checkIp(settings.API_URL)) } }),
    { input: { enabled: settings.IP_CHEKCING }, inspect },
  );

  // The router's file is evaluated on its own: the logged-in half's file imports it, and both
  // evaluated at once (a kept login's, downloaded together) were one long task on a phone.
  let routerModule: Promise<RouterModule> | null = null;
  const importRouter = () =>
    (routerModule ??= import('./router.tsx').catch((error: unknown) => {
      routerModule = null;
      throw error;
    }));

  let loggedIn: LoggedIn | null = null;
  let loading: Promise<LoggedIn> | null = null;
  const loadLoggedIn = (): Promise<LoggedIn> => {
    loading ??= Promise.all([
      importRouter()
        .then(nextTask)
        .then(() => import('./loggedIn.ts')),
      loadAppMessages(),
    ]).then(
      ([{ createLoggedIn }]) => (loggedIn = createLoggedIn({ settings, http, auth, inspect })),
      (error: unknown) => {
        // A failed download may be retried by the next navigation.
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  let routed: AppRouter | null = null;
  let routerLoading: Promise<AppRouter> | null = null;
  const loadRouter = () =>
    (routerLoading ??= importRouter().then(
      ({ createAppRouter }) => (routed = createAppRouter({ auth, settings, loadLoggedIn })),
      (error: unknown) => {
        // A failed download may be tried again (the page says so and offers a reload).
        routerLoading = null;
        throw error;
      },
    ));
  navigateToGame = (machineId, machineName) =>
    void routed?.navigate({ to: '/game/$gameId/$name', params: { gameId: String(machineId), name: slug(machineName) } });

  // Route guards read the auth actor; when a login starts or ends, guards must run again — once
  // the router has begun loading a page (at the start, a guest's or a kept login's first answer
  // comes before the router is shown; its first load reads the answer then).
  const rerunGuards = () => {
    if (routed && (routed.state.status !== 'idle' || routed.state.resolvedLocation)) void routed.invalidate();
  };
  auth.on('session.started', rerunGuards);
  auth.on('session.ended', rerunGuards);

  auth.start();
  ipCheck.start();
  // The browser coming back online is news for the IP check and a kept login's check: they ask
  // again at once rather than at the end of their backoff (each ignores it in other states).
  window.addEventListener('online', () => {
    ipCheck.send({ type: 'network.online' });
    auth.send({ type: 'network.online' });
  });
  return {
    settings,
    auth,
    ipCheck,
    loadRouter,
    inspector,
    inspect,
    chooseLanguage,
    loadLoggedIn,
    serverNow: () => http.serverNow(),
    get logic() {
      if (!loggedIn) throw new Error('The logged-in pages rendered before loadLoggedIn() resolved');
      return loggedIn.logic;
    },
    get uiSettings() {
      return loggedIn?.uiSettings;
    },
    get layoutChoice() {
      if (!loggedIn) throw new Error('The layout was chosen before loadLoggedIn() resolved');
      return loggedIn.layoutChoice;
    },
  };
}

/**
 * A player's first page shows amounts at once (the balance in its header): the currency format —
 * ICU's data, ~20 ms unthrottled here the first time in a page — is built while the login or the
 * token check is on the network, in a task of its own, not inside that page's first render
 * (docs/performance.md).
 */
function warmMoneyFormat(currency: string): void {
  // The first currency format of a page loads the locale's data; the ones after reuse it (~0.1 ms).
  // In two tasks: the locale's own data first (5–10 ms), then the numbers' (12–28 ms), not one
  // task of both. (A currency code the browser does not know throws here as it does in every
  // amount the pages show.)
  setTimeout(() => {
    const locale = intlLocale(i18n.locale);
    new Intl.Locale(locale).maximize();
    setTimeout(() => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(0), 0);
  }, 0);
}
