/**
 * The composition root: the one place where real services are handed to the machines.
 * Everything here is created once, after /Settings.json is known.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { passwordChangeMachine, pinChangeMachine } from '../../machines/accountForm.ts';
import { createAccountListMachine } from '../../machines/accountList.ts';
import { accountProfileMachine } from '../../machines/accountProfile.ts';
import { authMachine } from '../../machines/auth.ts';
import { chatPanelMachine } from '../../machines/chatPanel.ts';
import { gameSessionMachine } from '../../machines/gameSession.ts';
import { idleLockMachine } from '../../machines/idleLock.ts';
import { ipCheckMachine } from '../../machines/ipCheck.ts';
import { lobbyMachine } from '../../machines/lobby.ts';
import { navigationMachine } from '../../machines/navigation.ts';
import { promoMachine } from '../../machines/promo.ts';
import { reconnectMachine } from '../../machines/reconnect.ts';
import { walletMachine } from '../../machines/wallet.ts';
import { uiSettingsMachine } from '../../machines/uiSettings.ts';
import { createUiSettingsService, localUiSettings } from '../services/uiSettings.ts';
import { defaultUiSettings } from '../features/settings/defaults.ts';
import type { ViewLogic } from '../features/runtime.tsx';
import { createAccountService } from '../services/account.ts';
import { createChatService } from '../services/chat.ts';
import type { GameSessionItem, LoginLogItem, TransactionItem } from '../protocol/account.ts';
import { createFloorService } from '../services/floor.ts';
import { machineSocketLogic } from '../services/machineSocket.ts';
import { notificationSocketLogic } from '../services/notificationSocket.ts';
import { hashPin } from '../services/pin.ts';
import { lockStorage, promoStorage } from '../services/storage.ts';
import { whepLogic } from '../services/whep.ts';
import type { Settings } from '../protocol/settings.ts';
import { createHttp } from '../services/http.ts';
import { checkIp, createAuthService } from '../services/session.ts';
import { queryToken, tokenStorage } from '../services/storage.ts';
import { slug } from '../features/slug.ts';
import { navbarStorage } from '../features/navigation/storage.ts';
import { createInspectorStore, wantsInspector, type InspectorStore } from '../services/inspector.ts';
import { createAppRouter } from './router.tsx';

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type IpCheckActor = ActorRefFrom<typeof ipCheckMachine>;
export type UiSettingsActor = ActorRefFrom<typeof uiSettingsMachine>;

export interface Runtime {
  settings: Settings;
  auth: AuthActor;
  ipCheck: IpCheckActor;
  router: ReturnType<typeof createAppRouter>;
  logic: ViewLogic;
  /** The live inspector's record, when the page was opened with ?inspect (or in a dev build). */
  inspector: InspectorStore | null;
  /** The player's look (theme, layout, direction, shortcuts): local for a guest, in the profile otherwise. */
  uiSettings: UiSettingsActor;
}

/** The account screens' machines over the REST API. */
function accountLogic(
  account: ReturnType<typeof createAccountService>,
  onPinChanged: (pinCode: string) => void,
): ViewLogic['account'] {
  return {
    profile: accountProfileMachine.provide({ actors: { fetchProfile: fromPromise(() => account.profile()) } }),
    loginLog: createAccountListMachine<LoginLogItem>().provide({
      actors: { fetchPage: fromPromise(({ input }) => account.loginLog(input)) },
    }),
    sessions: createAccountListMachine<GameSessionItem>().provide({
      actors: { fetchPage: fromPromise(({ input }) => account.gameSessions(input)) },
    }),
    transactions: createAccountListMachine<TransactionItem>().provide({
      actors: { fetchPage: fromPromise(({ input }) => account.transactions(input)) },
    }),
    passwordChange: passwordChangeMachine.provide({ actors: { submit: fromPromise(({ input }) => account.changePassword(input)) } }),
    // The new PIN hash reaches the auth session and its idle lock (SPEC §4: unlock with the new PIN).
    pinChange: pinChangeMachine.provide({
      actors: { submit: fromPromise(({ input }) => account.changePin(input)) },
      actions: { announceSaved: (_, { output }) => onPinChanged(output.pinCode) },
    }),
  };
}

/** The template's chat panel and quick panel over the simulator's /chat and /quick-panel calls. */
function templateLogic(chat: ReturnType<typeof createChatService>): ViewLogic['template'] {
  return {
    chatPanel: chatPanelMachine.provide({
      actors: {
        fetchContacts: fromPromise(() => chat.directory()),
        fetchChat: fromPromise(({ input }) => chat.chat(input.contactId)),
        sendMessage: fromPromise(({ input }) => chat.send(input)),
      },
    }),
    quickPanelData: fromPromise(() => chat.quickPanel()),
  };
}

export function createRuntime(settings: Settings): Runtime {
  const inspector = wantsInspector() ? createInspectorStore() : null;
  const inspect = inspector ? (event: Parameters<InspectorStore['observe']>[0]) => inspector.observe(event) : undefined;
  // The http client reports 401s to the auth actor created just below; it only calls these
  // callbacks once requests run, after the actor exists.
  const http = createHttp({
    apiBase: settings.API_URL,
    getToken: () => auth.getSnapshot().context.token,
    onUnauthorized: (failure) => auth.send({ type: 'server.unauthorized', failure }),
  });
  const session = createAuthService(http, settings.SITE_ID);
  const floor = createFloorService(http);
  // Set once the router exists; the reconnect dialog's Continue navigates with it.
  let navigateToGame: (machineId: number, machineName: string) => void = () => {};

  const auth: AuthActor = createActor(
    authMachine.provide({
      actors: {
        readTokens: fromPromise(async () => ({ queryToken: queryToken.read(), storedToken: tokenStorage.read() })),
        validateToken: fromPromise(({ input }) => session.validate(input.token)),
        login: fromPromise(({ input }) => session.login(input)),
        logout: fromPromise(({ input }) => session.logout(input.token)),
        wallet: walletMachine.provide({ actors: { fetchBalance: fromPromise(() => session.balance()) } }),
        notifications: notificationSocketLogic(settings.NOTIFICATION_URL),
        idleLock: idleLockMachine.provide({
          actors: {
            restoreLock: fromPromise(async () => ({ pinCheck: settings.PIN_CHECK, locked: lockStorage.read() })),
            hashPin: fromPromise(({ input }) => hashPin(input.username, input.pin)),
          },
          actions: { storeLockFlag: (_, locked) => lockStorage.write(locked) },
        }),
        reconnect: reconnectMachine.provide({
          actors: {
            cancelSession: fromPromise(({ input }) => floor.cancel(input.machineId)),
            kickConnection: fromPromise(({ input }) => floor.kick(input.machineId)),
          },
          actions: { rejoin: (_, { machineId, machineName }) => navigateToGame(machineId, machineName) },
        }),
      },
      actions: {
        storeToken: (_, { token, remember }) => tokenStorage.write(token, remember),
        clearToken: () => tokenStorage.clear(),
        stripQueryToken: () => queryToken.strip(),
      },
    }),
    { inspect },
  );

  const ipCheck = createActor(
    ipCheckMachine.provide({ actors: { checkIp: fromPromise(() => checkIp(settings.API_URL)) } }),
    { input: { enabled: settings.IP_CHEKCING }, inspect },
  );

  const router = createAppRouter({ auth, settings });
  navigateToGame = (machineId, machineName) =>
    void router.navigate({ to: '/game/$gameId/$name', params: { gameId: String(machineId), name: slug(machineName) } });

  const logic: ViewLogic = {
    lobby: lobbyMachine.provide({ actors: { fetchLobby: fromPromise(({ input }) => floor.lobby(input)) } }),
    gameSession: gameSessionMachine.provide({
      actors: { machineSocket: machineSocketLogic(settings.MACHINE_URL), video: whepLogic() },
    }),
    promo: promoMachine.provide({
      actors: { claim: fromPromise(({ input }) => floor.claim(input.kind)) },
      actions: { rememberClaim: (_, { kind, at }) => promoStorage.write(kind, at) },
    }),
    navigation: navigationMachine.provide({
      actions: { persistFolded: (_, { folded }) => navbarStorage.writeFolded(folded) },
    }),
    account: accountLogic(createAccountService(http), (pinCode) => auth.send({ type: 'session.pinChanged', pinCode })),
    template: templateLogic(createChatService(http)),
  };

  const uiSettingsService = createUiSettingsService(http);
  const uiSettings: UiSettingsActor = createActor(
    uiSettingsMachine.provide({
      actors: {
        readLocal: fromPromise(async () => localUiSettings.read()),
        fetchRemote: fromPromise(() => uiSettingsService.fetch()),
        saveRemote: fromPromise(({ input }) => uiSettingsService.save(input.settings)),
      },
      actions: { writeLocal: (_, { settings: ui }) => localUiSettings.write(ui) },
    }),
    { input: { defaults: defaultUiSettings(settings.LAYOUT) }, inspect },
  );

  // Route guards read the auth actor; when the player's roles change, guards must run again.
  let hadRole = false;
  auth.subscribe((snapshot) => {
    const hasRole = snapshot.context.roles.length > 0;
    if (hasRole !== hadRole) {
      hadRole = hasRole;
      // A lock belongs to one login: a reload keeps it, logging out ends it.
      if (!hasRole) lockStorage.write(false);
      uiSettings.send({ type: hasRole ? 'session.login' : 'session.logout' });
      void router.invalidate();
    }
  });

  uiSettings.start();
  auth.start();
  ipCheck.start();
  return { settings, auth, ipCheck, router, logic, inspector, uiSettings };
}

