/**
 * The composition root's second half: the machines of the logged-in pages (lobby, game, promo,
 * navigation, account, template panels) and the player's look, with their real services. Loaded
 * lazily by runtime.ts — after the first screen has rendered, and awaited by the logged-in
 * routes — so none of it weighs on /login.
 */
import { assign, createActor, fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { passwordChangeMachine, pinChangeMachine } from '../../machines/accountForm.ts';
import { createAccountListMachine, NO_FILTER } from '../../machines/accountList.ts';
import { accountProfileMachine } from '../../machines/accountProfile.ts';
import type { authMachine } from '../../machines/auth.ts';
import { selectLoggedIn, selectToken } from '../../machines/auth.selectors.ts';
import { chatPanelMachine } from '../../machines/chatPanel.ts';
import { gameSessionMachine } from '../../machines/gameSession.ts';
import { lobbyMachine } from '../../machines/lobby.ts';
import { navigationMachine } from '../../machines/navigation.ts';
import { selfLockMachine } from '../../machines/selfLock.ts';
import { checkIntervalMachine } from '../../machines/checkInterval.ts';
import { playerLimitsMachine } from '../../machines/playerLimits.ts';
import { protectionHistoryMachine } from '../../machines/protectionHistory.ts';
import { promoMachine } from '../../machines/promo.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { createProtectionService } from '../services/protection.ts';
import type { reconnectMachine } from '../../machines/reconnect.ts';
import type { walletMachine } from '../../machines/wallet.ts';
import { registerMachine } from '../../machines/register.ts';
import { uiSettingsMachine } from '../../machines/uiSettings.ts';
import type { GameSessionItem, LoginLogItem, TransactionItem } from '../../protocol/account.ts';
import type { ProtectionEntry } from '../../protocol/protection.ts';
import type { Settings } from '../../protocol/settings.ts';
import { createAccountService } from '../services/account.ts';
import { createChatService } from '../services/chat.ts';
import { createFloorService } from '../services/floor.ts';
import type { Http } from '../services/http.ts';
import { buttonFeedback } from '../services/clickSound.ts';
import { scheduleLiveChat } from '../services/liveChat.ts';
import { machineSocketLogic } from '../services/machineSocket.ts';
import { wakeLockLogic } from '../services/wakeLock.ts';
import { createRegisterService } from '../services/register.ts';
import { queryToken } from '../services/storage.ts';
import { layoutChoiceStorage, navbarStorage, promoStorage, quickSettingsStorage, soundStorage } from '../services/playerStorage.ts';
import { createUiSettingsService, localUiSettings } from '../services/uiSettings.ts';
import { PRESET_IDS } from '../theme/presets.ts';
import { BREAKPOINT_MD } from '../theme/theme.ts';
import { watchWideScreen } from '../services/viewport.ts';
import { pageLifecycleLogic, whepPeerLogic } from '../services/whep.ts';
import { videoLinkMachine } from '../../machines/videoLink.ts';
import type { ViewLogic } from '../features/viewRuntime.tsx';
import { onFirstUse } from './onFirstUse.ts';
import { defaultUiSettings } from '../features/shell/settings/defaults.ts';

export type UiSettingsActor = ActorRefFrom<typeof uiSettingsMachine>;

export interface LoggedInDeps {
  settings: Settings;
  http: Http;
  auth: ActorRefFrom<typeof authMachine>;
  inspect?: (event: InspectionEvent) => void;
}

export interface LoggedIn {
  logic: ViewLogic;
  /** The player's look (theme, layout, direction, shortcuts): local for a guest, in the profile otherwise. */
  uiSettings: UiSettingsActor;
  /** The player's layout choice kept on this device (the chrome follows it). */
  layoutChoice: typeof layoutChoiceStorage;
  /** Lobby, promo, cancel and kick calls (the reconnect dialog uses the last two). */
  floor: ReturnType<typeof createFloorService>;
}

/** The account screens' machines over the REST API. */
function accountLogic(
  account: ReturnType<typeof createAccountService>,
  protection: ReturnType<typeof createProtectionService>,
  onPinChanged: (pinCode: string) => void,
): ViewLogic['account'] {
  return onFirstUse<ViewLogic['account']>({
    profile: () => accountProfileMachine.provide({ actors: { fetchProfile: fromPromise(() => account.profile()) } }),
    loginLog: () =>
      createAccountListMachine<LoginLogItem>().provide({
        actors: { fetchPage: fromPromise(({ input }) => account.loginLog(input)) },
      }),
    sessions: () =>
      createAccountListMachine<GameSessionItem>().provide({
        actors: { fetchPage: fromPromise(({ input }) => account.gameSessions(input)) },
      }),
    transactions: () =>
      createAccountListMachine<TransactionItem>().provide({
        actors: { fetchPage: fromPromise(({ input }) => account.transactions(input)) },
      }),
    protectionHistory: () =>
      createAccountListMachine<ProtectionEntry>().provide({
        actors: { fetchPage: fromPromise(({ input }) => protection.history(input)) },
      }),
    passwordChange: () => passwordChangeMachine.provide({ actors: { submit: fromPromise(({ input }) => account.changePassword(input)) } }),
    // The new PIN hash reaches the auth session and its idle lock (SPEC §4: unlock with the new PIN).
    pinChange: () =>
      pinChangeMachine.provide({
        actors: { submit: fromPromise(({ input }) => account.changePin(input)) },
        actions: { announceSaved: (_, { output }) => onPinChanged(output.pinCode) },
      }),
  });
}

/**
 * The template's chat panel and quick panel over the simulator's /chat and /quick-panel calls,
 * and its sign-up form, whose new player starts playing through the token login.
 */
function templateLogic(
  chat: ReturnType<typeof createChatService>,
  register: ReturnType<typeof createRegisterService>,
): ViewLogic['template'] {
  return onFirstUse<ViewLogic['template']>({
    chatPanel: () =>
      chatPanelMachine.provide({
        actors: {
          fetchContacts: fromPromise(() => chat.directory()),
          fetchChat: fromPromise(({ input }) => chat.chat(input.contactId)),
          sendMessage: fromPromise(({ input }) => chat.send(input)),
          saveStatus: fromPromise(({ input }) => chat.setStatus(input.status)),
        },
      }),
    quickPanelData: () => fromPromise(() => chat.quickPanel()),
    quickSettings: () => quickSettingsStorage,
    register: () =>
      registerMachine.provide({
        actors: { register: fromPromise(({ input }) => register.register(input)) },
        actions: { startSession: (_, { token }) => queryToken.handOver('/lobby', token) },
      }),
  });
}

/**
 * The login's actors as the actor system knows them (auth invokes them with these systemIds while
 * the player is logged in): the logged-in pages' machines talk to them by name, not by reaching
 * into auth's snapshot.
 */
function loginActors(auth: LoggedInDeps['auth']) {
  return {
    reconnect: () => auth.system.get('reconnect') as ActorRefFrom<typeof reconnectMachine> | undefined,
    wallet: () => auth.system.get('wallet') as ActorRefFrom<typeof walletMachine> | undefined,
  };
}

export function createLoggedIn({ settings, http, auth, inspect }: LoggedInDeps): LoggedIn {
  const floor = createFloorService(http);
  // A page opened at the lobby: its machines are asked for as soon as the login is known (now, or
  // when a kept login's check says so), not once the lobby's page has rendered.
  const prefetchAtLobby = () => {
    if (window.location.pathname === '/lobby') floor.prefetchLobby();
  };
  if (selectLoggedIn(auth.getSnapshot())) prefetchAtLobby();
  else {
    const started = auth.on('session.started', () => {
      started.unsubscribe();
      prefetchAtLobby();
    });
  }
  const protection = createProtectionService(http);
  const actors = loginActors(auth);
  const logic = onFirstUse<ViewLogic>({
    lobby: () => lobbyMachine.provide({ actors: { fetchLobby: fromPromise(({ input }) => floor.lobby(input)) } }),
    // The lobby follows the login's wallet and hears the floor's news from the login (auth emits it).
    lobbyInput: () => (view) => ({
      ...view,
      showLobby: settings.SHOW_LOBBY,
      refreshSeconds: settings.LOBBY_UPDATE_SECONDS,
      wallet: actors.wallet() ?? null,
      news: auth,
    }),
    gameSession: () => gameSessionMachine.provide({
      actors: {
        machineSocket: machineSocketLogic(settings.MACHINE_URL),
        video: videoLinkMachine.provide({ actors: { peer: whepPeerLogic(), pageLifecycle: pageLifecycleLogic() } }),
        wakeLock: wakeLockLogic(),
      },
      actions: {
        // Each visit its own request ids: a player's ids never repeat (the ledger remembers them).
        newVisit: assign({ visitId: () => crypto.randomUUID().slice(0, 8) }),
        // The player's sound, as they left it in their last game (this device's storage).
        recallSound: assign(({ context }) => {
          const choice = soundStorage.read();
          return choice ? { soundOn: choice.on, volume: choice.volume } : { soundOn: context.soundOn, volume: context.volume };
        }),
        rememberSound: ({ context }) => soundStorage.write({ on: context.soundOn, volume: context.volume }),
        buttonFeedback: () => {
          if (settings.CLICK_SOUND) buttonFeedback(settings.VOLUME);
        },
      },
    }),
    // The visit joins with the login's token and talks to the login's wallet and reconnect dialog;
    // its first volume is the operator's (the player's own, kept on this device, comes in recallSound).
    gameInput: () => (visit) => ({
      ...visit,
      token: selectToken(auth.getSnapshot()),
      volume: settings.VOLUME,
      wallet: actors.wallet() ?? null,
      reconnect: actors.reconnect() ?? null,
    }),
    promo: () => promoMachine.provide({
      actors: {
        restore: fromPromise(async ({ input }) => {
          const at = promoStorage.read(input.kind);
          return {
            sinceLastClaimMs: at === null ? null : Date.now() - at,
            // DISCOUNT_MIN is in major units (100 = 100.00).
            balanceLimit: input.kind === 'discount' && settings.DISCOUNT_BALANCE_CHECK ? settings.DISCOUNT_MIN * 100 : null,
          };
        }),
        claim: fromPromise(({ input }) => floor.claim(input.kind)),
      },
      actions: { rememberClaim: (_, { kind }) => promoStorage.write(kind, Date.now()) },
    }),
    promoInput: () => (kind) => ({ kind, wallet: actors.wallet() ?? null }),
    selfLock: () => selfLockMachine.provide({
      actors: {
        lock: fromPromise(({ input }) => (input.kind === 'panic' ? protection.panic() : protection.lock(input))),
      },
      // Every login session has ended on the server: this one ends here too, saying until when
      // (the login's own refusal, 10709, with the lock's end).
      actions: {
        lockedOut: (_, { until, kind }) =>
          auth.send({ type: 'server.unauthorized', failure: { code: ErrorCode.playerLocked, message: 'locked at the player\'s request', params: { until, kind } } }),
      },
    }),
    checkInterval: () => checkIntervalMachine.provide({
      actors: {
        load: fromPromise(() => protection.settings()),
        save: fromPromise(({ input }) => protection.chooseRealityCheck(input.minutes)),
      },
    }),
    playerLimits: () => playerLimitsMachine.provide({
      actors: {
        load: fromPromise(() => protection.limits()),
        save: fromPromise(({ input }) => protection.setLimit(input)),
      },
    }),
    protectionHistory: () => protectionHistoryMachine.provide({
      actors: {
        load: fromPromise(({ input }) => protection.history({ page: 1, size: input.size, filter: NO_FILTER })),
        // A limit or interval saved on the page (the two machines above) loads an open history again.
        changes: fromCallback(({ sendBack }) => protection.onChanged(() => sendBack({ type: 'protection.changed' }))),
      },
    }),
    navigation: () => navigationMachine.provide({
      actors: { wideScreen: fromCallback(({ sendBack }) => watchWideScreen(BREAKPOINT_MD, () => sendBack({ type: 'viewport.wide' }))) },
      actions: { persistFolded: (_, { folded }) => navbarStorage.writeFolded(folded) },
      guards: { storedFolded: () => navbarStorage.readFolded() },
    }),
    account: () => accountLogic(createAccountService(http), protection, (pinCode) => auth.send({ type: 'session.pinChanged', pinCode })),
    // SPEC §9: loaded lazily, and never when the setting is off.
    liveChat: () => fromCallback(() =>
      settings.LIVE_CHAT === 'none' || settings.LIVE_CHAT_ID === '' ? undefined : scheduleLiveChat(settings.LIVE_CHAT, settings.LIVE_CHAT_ID),
    ),
    template: () => templateLogic(createChatService(http), createRegisterService(http)),
  });
  // What the chrome and the lobby read in their first render is made now, in this task, not inside
  // that render (the lobby's longest task); the game's, the account's and protection's machines
  // wait until a page reads them.
  void [logic.navigation, logic.lobby, logic.template.chatPanel];

  const uiSettingsService = createUiSettingsService(http, PRESET_IDS);
  const localLook = localUiSettings(PRESET_IDS);
  const uiSettings: UiSettingsActor = createActor(
    uiSettingsMachine.provide({
      actors: {
        readLocal: fromPromise(async () => localLook.read()),
        fetchRemote: fromPromise(() => uiSettingsService.fetch()),
        saveRemote: fromPromise(({ input }) => uiSettingsService.save(input.settings)),
      },
      actions: { writeLocal: (_, { settings: ui }) => localLook.write(ui) },
    }),
    { input: { defaults: defaultUiSettings(settings.LAYOUT) }, inspect },
  );

  // The look follows the login: the profile's settings for a player, the device's for a guest.
  uiSettings.start();
  if (selectLoggedIn(auth.getSnapshot())) uiSettings.send({ type: 'session.login' });
  auth.on('session.started', () => uiSettings.send({ type: 'session.login' }));
  auth.on('session.ended', () => uiSettings.send({ type: 'session.logout' }));
  return { logic, uiSettings, floor, layoutChoice: layoutChoiceStorage };
}
