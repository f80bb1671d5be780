import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom, AnyActorRef, InspectionEvent, SnapshotFrom } from 'xstate';
import type { authMachine } from '../../machines/auth.ts';
import type { chatPanelMachine } from '../../machines/chatPanel.ts';
import type { gameSessionMachine } from '../../machines/gameSession.ts';
import type { GameSessionInput } from '../../machines/gameSession.types.ts';
import type { lobbyMachine } from '../../machines/lobby.ts';
import type { LobbyInput } from '../../machines/lobby.types.ts';
import type { navigationMachine } from '../../machines/navigation.ts';
import type { selfLockMachine } from '../../machines/selfLock.ts';
import type { checkIntervalMachine } from '../../machines/checkInterval.ts';
import type { playerLimitsMachine } from '../../machines/playerLimits.ts';
import type { protectionHistoryMachine } from '../../machines/protectionHistory.ts';
import type { PromoInput, promoMachine } from '../../machines/promo.ts';
import type { registerMachine } from '../../machines/register.ts';
import type { uiSettingsMachine } from '../../machines/uiSettings.ts';
import type { Settings } from '../../protocol/settings.ts';
import type { Language } from '../ui/i18n.ts';
import type { QuickPanelData } from '../../protocol/template.ts';
import type { QuickSettingsStore, WatchedStore } from '../services/playerStorage.ts';
import type { CallbackActorLogic, EventObject, PromiseActorLogic } from 'xstate';
import type { passwordChangeMachine, pinChangeMachine } from '../../machines/accountForm.ts';
import type { AccountListMachine } from '../../machines/accountList.ts';
import type { accountProfileMachine } from '../../machines/accountProfile.ts';
import type { GameSessionItem, LoginLogItem, PromoKind, TransactionItem } from '../../protocol/account.ts';
import type { ProtectionEntry } from '../../protocol/protection.ts';

/** The account screens' machines with their real services provided (src/app/runtime.ts). */
export interface AccountLogic {
  profile: typeof accountProfileMachine;
  loginLog: AccountListMachine<LoginLogItem>;
  sessions: AccountListMachine<GameSessionItem>;
  transactions: AccountListMachine<TransactionItem>;
  /** The player's protection history, the whole of it (the profile's card shows the latest few). */
  protectionHistory: AccountListMachine<ProtectionEntry>;
  passwordChange: typeof passwordChangeMachine;
  pinChange: typeof pinChangeMachine;
}

/** What views may reach of the running app: the root actors and the settings. Created by src/app. */
export interface ViewRuntime {
  /** Set when the live inspector runs: actors the views create report to it too. */
  inspect?: ((event: InspectionEvent) => void) | undefined;
  settings: Settings;
  auth: ActorRefFrom<typeof authMachine>;
  /** Machines with their real services provided, for the views that run them. */
  logic: ViewLogic;
  /** The player's look and shortcuts (absent where a test renders no settings). */
  uiSettings?: ActorRefFrom<typeof uiSettingsMachine>;
  /** Switch the page to a language and keep the choice on this device. */
  chooseLanguage: (language: Language) => Promise<void>;
  /** The player's layout choice kept on this device (src/services/playerStorage.ts). */
  layoutChoice: WatchedStore<string | null>;
  /** Loads the logged-in half of the app (its machines and texts); absent: already there. */
  loadLoggedIn?: () => Promise<unknown>;
  /** Now by the operator's clock (the last answer's Date); absent where a test renders no app: the device's. */
  serverNow?: () => number;
}

export interface ViewLogic {
  lobby: typeof lobbyMachine;
  /** The lobby's input: the view names the brand its address shows; the login's actors and the operator's settings are added here. */
  lobbyInput: (view: { brandId: number | null }) => LobbyInput;
  gameSession: typeof gameSessionMachine;
  /**
   * A visit's input: the view names the machine and how wide it shows the picture; the login's
   * token and the operator's volume are the composition root's to add, not the view's to carry.
   */
  gameInput: (visit: { machineId: number; pictureWidth: number }) => GameSessionInput;
  promo: typeof promoMachine;
  /** A promo button's input: the view names the kind; the login's wallet is added here. */
  promoInput: (kind: PromoKind) => PromoInput;
  /** The player locks themselves out: the panic button (where the jurisdiction's rules show it), a break, a self-exclusion. */
  selfLock: typeof selfLockMachine;
  /** How often the player's reality check comes (their choice from the operator's list). */
  checkInterval: typeof checkIntervalMachine;
  /** The money limits the player sets themselves. */
  playerLimits: typeof playerLimitsMachine;
  /** The player's own protection history (limits, intervals, reality checks, locks). */
  protectionHistory: typeof protectionHistoryMachine;
  navigation: typeof navigationMachine;
  /** Profile, password and PIN forms, login log, game sessions, transactions, protection history. */
  account: AccountLogic;
  /** The operator's live-chat widget (LIVE_CHAT): running it schedules the widget; stopping cancels the schedule. */
  liveChat: CallbackActorLogic<EventObject>;
  /** The template's chat panel, the quick panel's data and the sign-up form (SPEC §2, §7). */
  template: {
    chatPanel: typeof chatPanelMachine;
    quickPanelData: PromiseActorLogic<QuickPanelData>;
    /** The quick panel's demo switches, kept on this device. */
    quickSettings: QuickSettingsStore;
    register: typeof registerMachine;
  };
}

const RuntimeContext = createContext<ViewRuntime | null>(null);

/** `null` while the app boots (the settings are not in yet): useOptionalRuntime() says so. */
export function RuntimeProvider({ runtime, children }: { runtime: ViewRuntime | null; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

function useRuntime(): ViewRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('RuntimeProvider is missing');
  return runtime;
}

/** The runtime, or null while the app boots (for what is on screen before it: the first login). */
export const useOptionalRuntime = (): ViewRuntime | null => useContext(RuntimeContext);
export const useAuthActor = () => useRuntime().auth;
export const useSettings = () => useRuntime().settings;
/** Now by the operator's clock (the device's where a test renders no app). */
export const useServerNow = (): (() => number) => useRuntime().serverNow ?? Date.now;
export const useLogic = () => useRuntime().logic;
export const useLayoutStore = () => useRuntime().layoutChoice;
export const useChooseLanguage = () => useRuntime().chooseLanguage;
export const useUiSettingsActor = () => useRuntime().uiSettings ?? null;

/**
 * True once the logged-in half of the app (machines and texts) is loaded; starts loading it when
 * `wanted` (a guest's login page does not: its code is only evaluated once a login is on its way).
 */
export function useLoggedInReady(wanted = true): boolean {
  const runtime = useOptionalRuntime();
  const loadLoggedIn = runtime?.loadLoggedIn;
  // Which runtime's logged-in half has loaded (none while the app boots).
  const [loaded, setLoaded] = useState<{ load: () => Promise<unknown> } | null>(null);
  useEffect(() => {
    if (!loadLoggedIn || !wanted) return;
    let live = true;
    loadLoggedIn().then(
      () => live && setLoaded({ load: loadLoggedIn }),
      // A failed download shows on the route that needs it (its error screen offers a retry).
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loadLoggedIn, wanted]);
  if (!runtime) return false;
  return !loadLoggedIn || loaded?.load === loadLoggedIn;
}

/** Options for useActorRef: the view's actors join the inspector when it runs. */
export function useActorOptions(): { inspect?: (event: InspectionEvent) => void } {
  const inspect = useRuntime().inspect;
  return inspect ? { inspect } : {};
}

/**
 * A phase of an actor that switches whole screens (the boot's: settings loaded, the IP check's
 * answer, the login's check) — read like useSelector, rendered differently. Each switch replaces the whole page — the boot screens by the
 * router and its first page — so it renders in a transition: React yields to the browser every
 * few milliseconds, where useSelector's synchronous render was one long task on a slow phone
 * (docs/performance.md). The screen meanwhile stays the one before, as it was.
 */
export function usePhase<TActor extends AnyActorRef, T>(actor: TActor, select: (snapshot: SnapshotFrom<TActor>) => T, same: (a: T, b: T) => boolean = Object.is): T {
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
