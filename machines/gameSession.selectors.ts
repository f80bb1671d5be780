/**
 * gameSession's named selectors: what the game screen shows, read from the chart's tags
 * (screen:*, controls:*, reels:*) rather than from its state names, so the views (GamePage,
 * VideoStage, SideBar) share one reading and do not know the chart's shape.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { gameSessionMachine } from './gameSession.ts';
import type { videoLinkMachine } from './videoLink.ts';

type GameSnapshot = Pick<SnapshotFrom<typeof gameSessionMachine>, 'hasTag'>;

/** The visit's video link while it runs (from the join to the end of live), else undefined. */
export const selectVideo = (snapshot: Pick<SnapshotFrom<typeof gameSessionMachine>, 'children'>): ActorRefFrom<typeof videoLinkMachine> | undefined =>
  snapshot.children.video as ActorRefFrom<typeof videoLinkMachine> | undefined;

/** The video link failed outright (its actor is gone): the picture shows its problem. */
export const selectVideoLost = (snapshot: Pick<SnapshotFrom<typeof gameSessionMachine>, 'context'>): boolean => snapshot.context.videoLost;

/** The screen a visit is on. */
export type GameScreen = 'joining' | 'live' | 'elsewhere' | 'reconnecting' | 'left';

const SCREENS: readonly GameScreen[] = ['live', 'elsewhere', 'reconnecting', 'left', 'joining'];

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
