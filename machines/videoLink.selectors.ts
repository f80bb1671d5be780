/**
 * videoLink's named selectors: what the video stage and the stats line show, read from the link's
 * own snapshot (the game session copies none of it; machines/gameSession.selectors.ts's
 * selectVideo finds the link). Each takes the snapshot or undefined — no link, nothing to show.
 */
import type { SnapshotFrom } from 'xstate';
import type { VideoRefusal, VideoStats, videoLinkMachine } from './videoLink.ts';

type VideoSnapshot = SnapshotFrom<typeof videoLinkMachine> | undefined;

/** The picture's stream, or null. */
export const selectStream = (snapshot: VideoSnapshot): MediaStream | null => snapshot?.context.stream ?? null;

/** The last stats report, or null. */
export const selectStats = (snapshot: VideoSnapshot): VideoStats | null => snapshot?.context.stats ?? null;

/** The picture stalled or is being retried ("Video is reconnecting..."). */
export const selectVideoProblem = (snapshot: VideoSnapshot): boolean => snapshot?.context.problem ?? false;

/** The link gave up: the player may ask for the video again. */
export const selectVideoFailed = (snapshot: VideoSnapshot): boolean => snapshot?.hasTag('video:failed') ?? false;

/** The operator's refusal (e.g. 70000), shown with its text until the picture moves again. */
export const selectVideoRefusal = (snapshot: VideoSnapshot): VideoRefusal | null => snapshot?.context.refusal ?? null;
