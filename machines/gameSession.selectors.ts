/**
 * gameSession's named selectors: what the game screen shows, read from the chart's tags
 * (screen:*, controls:*, reels:*) rather than from its state names, so the views (GamePage,
 * VideoStage, SideBar) share one reading and do not know the chart's shape; the figures the
 * side bar shows from its context; and what its guards would take (`can`).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Failure } from './failure.ts';
import { restAfterSpin, type gameSessionMachine } from './gameSession.ts';
import type { PlayRules } from '../protocol/protection.ts';
import type { GameSessionContext, JoinInfo, MachineView, SessionView } from './gameSession.types.ts';
import type { MachineButton } from '../protocol/sockets.ts';
import type { videoLinkMachine } from './videoLink.ts';

type GameSnapshot = Pick<SnapshotFrom<typeof gameSessionMachine>, 'hasTag'>;
type GameContext = Pick<SnapshotFrom<typeof gameSessionMachine>, 'context'>;
type GameCan = Pick<SnapshotFrom<typeof gameSessionMachine>, 'can'>;

/** The visit's video link while it runs (from the join to the end of live), else undefined. */
export const selectVideo = (snapshot: Pick<SnapshotFrom<typeof gameSessionMachine>, 'children'>): ActorRefFrom<typeof videoLinkMachine> | undefined =>
  snapshot.children.video as ActorRefFrom<typeof videoLinkMachine> | undefined;

/** The video link failed outright (its actor is gone): the picture shows its problem. */
export const selectVideoLost = (snapshot: GameContext): boolean => snapshot.context.videoLost;

/** The screen a visit is on. */
export type GameScreen = 'joining' | 'live' | 'cashingOut' | 'elsewhere' | 'reconnecting' | 'left';

const SCREENS: readonly GameScreen[] = ['live', 'cashingOut', 'elsewhere', 'reconnecting', 'left', 'joining'];

/** The visit's screen (before the first state is entered: joining). */
export const selectScreen = (snapshot: GameSnapshot): GameScreen =>
  SCREENS.find((screen) => snapshot.hasTag(`screen:${screen}`)) ?? 'joining';

/** The machine is live: its money and play controls may be used (each still by `can`). */
export const selectLive = (snapshot: GameSnapshot): boolean => snapshot.hasTag('controls:on');

/** On a phone on its side, the untouched controls have faded over the video. */
export const selectControlsFaded = (snapshot: GameSnapshot): boolean => snapshot.hasTag('controls:faded');

/** The player is asked whether to keep the machine or cash out before leaving. */
export const selectAskingToLeave = (snapshot: GameSnapshot): boolean => snapshot.hasTag('leave:asking');

/** The reels are turning on screen: no button until they stop. */
export const selectSpinning = (snapshot: GameSnapshot): boolean => snapshot.hasTag('reels:spinning');

/** The reels have stopped but the jurisdiction's game cycle runs on: Spin waits. */
export const selectResting = (snapshot: GameSnapshot): boolean => snapshot.hasTag('reels:resting');

/** The rules of play the floor enforces (jurisdiction), or null before the join or from an older operator. */
export const selectRules = (snapshot: GameContext): PlayRules | null => snapshot.context.join?.rules ?? null;

/** How long the game cycle rests after the stop (ms; the floor's figures): the Spin button's wait. */
export const selectCycleRest = (snapshot: GameContext): number => restAfterSpin(snapshot.context);

/** The player's wallet (minor units) as the game follows it; null until the wallet has said. */
export const selectGameBalance = (snapshot: GameContext): number | null => snapshot.context.balance;

/** What the join told (the machine's name, brand, bands, video type), or null before it. */
export const selectJoin = (snapshot: GameContext): JoinInfo | null => snapshot.context.join;

/** The machine as the floor last showed it, or null. */
export const selectMachine = (snapshot: GameContext): MachineView | null => snapshot.context.machine;

/** How the video shows the machine ('screen' until the join says). */
export const selectVideoType = (snapshot: GameContext): JoinInfo['videoType'] => snapshot.context.join?.videoType ?? 'screen';

/** The side bar's controls are open. */
export const selectSideBarOpen = (snapshot: GameContext): boolean => snapshot.context.sideBar;

/** The money transfer list is open. */
export const selectMoneyTransfer = (snapshot: GameContext): boolean => snapshot.context.moneyTransfer;

/** The sound's volume, 0–1. */
export const selectVolume = (snapshot: GameContext): number => snapshot.context.volume;

/** The sound is muted. */
export const selectMuted = (snapshot: GameContext): boolean => snapshot.context.muted;

/** Whether the player wants sound (muted meanwhile only until a tap): the view's call to tap shows then. */
export const selectSoundOn = (snapshot: GameContext): boolean => snapshot.context.soundOn;

/** The video band chosen, or null. */
export const selectActiveBandId = (snapshot: GameContext): string | null => snapshot.context.activeBandId;

/** The close warning counting down (its code and count), or null. */
export const selectWarning = (snapshot: GameContext): GameSessionContext['warning'] => snapshot.context.warning;

/** The last refused request (no credits, over the limit…), for a toast; or null. */
export const selectRefusal = (snapshot: GameContext): Failure | null => snapshot.context.refusal;

/**
 * Of `buttons`, those the chart would take a press of now, joined by spaces (a string, so the
 * reading stays equal while the set does): a button whose request is on its way, or any while
 * the reels spin, is not taken.
 */
export const selectPressable =
  (buttons: readonly MachineButton[]) =>
  (snapshot: GameCan): string =>
    buttons.filter((button) => snapshot.can({ type: 'user.press', button })).join(' ');

/** Autoplay may be switched on now. */
export const selectAutoplayFree = (snapshot: GameCan): boolean => snapshot.can({ type: 'user.autoplay', on: true });

/** A transfer of `amount` would be taken now (the chart's canTransfer guard). */
export const selectCanTransfer =
  (amount: number) =>
  (snapshot: GameCan): boolean =>
    snapshot.can({ type: 'user.transfer', amount });

/**
 * Player protection: the game session's books as the operator last told them (a new object per
 * frame: the view counts the time played on from each), or null before the first.
 */
export const selectSession = (snapshot: GameContext): SessionView | null => snapshot.context.session;

/** The session's net position (wins less bets, minor units: negative is a loss), or null where the operator does not tell. */
export const selectSessionNet = (snapshot: GameContext): number | null => {
  const session = snapshot.context.session;
  return session?.bets === undefined || session.wins === undefined ? null : session.wins - session.bets;
};

/** The reality check waiting for the player's answer (the session's books it was told with), or null: play is paused while there is one. */
export const selectRealityCheck = (snapshot: GameSnapshot & GameContext): SessionView | null =>
  snapshot.hasTag('check:due') ? snapshot.context.realityCheck : null;

/** The player's answer to the reality check is on its way to the floor. */
export const selectCheckAnswering = (snapshot: GameSnapshot): boolean => snapshot.hasTag('check:answering');
