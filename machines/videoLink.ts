/**
 * videoLink — the live picture of one machine over WHEP, as a child of the game session.
 *
 *   session (the `peer` actor: one RTCPeerConnection and its WHEP resource)
 *     preparing ──video.play (the band's URL)──▶ negotiating ──peer.answered──▶ awaitingFirstFrame
 *     awaitingFirstFrame ──a newly decoded frame──▶ live;  ──firstFrameDeadline──▶ retrying
 *     live ──stallAfter without a new frame──▶ stalled ──a new frame──▶ live
 *     live for stableAfter: recovered (the retries start over)
 *     stalled ──stallGiveUp──▶ retrying
 *   session ──peer.failed (ICE failed, WHEP refused)──▶ retrying
 *   retrying ──reconnectBackoff (backoff.ts)──▶ session;  after MAX_ATTEMPTS retries ──▶ failed
 *   failed ──video.retry (the player asks) | video.play──▶ session
 *   session | retrying ──page.hidden──▶ suspended ──page.shown (back from the page cache)──▶ session
 *   video.play with another band's URL: a new session on that band (the player switched bands)
 *
 * Leaving `session` stops the peer actor, which DELETEs its WHEP resource (keepalive) and closes
 * the connection: so does every retry, the page going away (page.hidden, from `pagehide`) and
 * the game session stopping this child when the player leaves.
 *
 * The peer starts before the band is known (preparing): it makes its offer while the game
 * session's join is in flight, and POSTs it the moment video.play names the band. It reports
 * stats every second; the chart decides from the decoded-frame count whether the picture moves.
 * What the player sees is this link's own state, read through machines/videoLink.selectors.ts:
 * the stream and the stats line, `problem` (shown as "reconnecting": a stall or a retry, until the
 * picture moves again), `refusal` (a WHEP refusal with the operator's code, e.g. 70000, shown with
 * its text), the `video:live` tag (the picture moves: nothing over it) and the `video:failed` tag
 * (given up: the player may ask again). The game session
 * copies none of it. The view tells the link which surface shows the stream (video.surface); every
 * peer gets it, so the press → picture meter watches that element and never searches the page. RTCPeerConnection and fetch live in the provided `peer` (src/services/whep.ts).
 */
import { assign, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import { backoffDelay } from './backoff.ts';
import type { FramesEvent, PageEvent, PeerCommand, PeerEvent, PeerInput, VideoCommand, VideoInput, VideoLinkContext } from './videoLink.types.ts';

export * from './videoLink.types.ts';

/** Retries without a moving picture before the link gives up and asks the player. */
export const MAX_ATTEMPTS = 8;

export const videoLinkMachine = setup({
  types: {
    context: {} as VideoLinkContext,
    events: {} as VideoCommand | PeerEvent | PageEvent | FramesEvent,
    input: {} as VideoInput,
    tags: {} as 'video:live' | 'video:failed',
  },
  actors: {
    /** One WHEP session: a peer connection, its offer, the POST, stats; stopping it DELETEs. */
    peer: fromCallback<PeerCommand, PeerInput>(() => () => {}),
    /** Sends page.hidden on `pagehide` and page.shown when the page comes back from the cache. */
    pageLifecycle: fromCallback(() => () => {}),
  },
  guards: {
    /** The WHEP answer carried the operator's code. */
    refusedWithCode: ({ event }) => event.type === 'peer.failed' && event.refusal !== undefined,
    hasUrl: ({ context }) => context.whepUrl !== null,
    /** video.play naming a band other than the one this session plays. */
    isOtherBand: ({ context, event }) => event.type === 'video.play' && event.whepUrl !== context.whepUrl,
    gaveUp: ({ context }) => context.attempts > MAX_ATTEMPTS,
  },
  actions: {
    /** A report whose decoded-frame count rose: the picture moves (frames.new). */
    countFrames: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'peer.stats' || event.framesDecoded <= context.frames) return;
      enqueue.assign({ frames: event.framesDecoded });
      enqueue.raise({ type: 'frames.new' });
    }),
    resetAttempts: assign({ attempts: 0 }),
    /** The picture moves (again): the player's notice, and any refusal shown, go. */
    recovered: assign({ problem: false, refusal: null }),
    /** The picture stalled or a new session is being tried: "reconnecting". */
    troubled: assign({ problem: true }),
    /** The band to play; switched from another band, its own stream and stats will come. */
    playBand: assign(({ context, event }) => {
      if (event.type !== 'video.play' || event.whepUrl === context.whepUrl) return {};
      return context.whepUrl === null ? { whepUrl: event.whepUrl } : { whepUrl: event.whepUrl, stream: null, stats: null };
    }),
  },
  delays: {
    /** A new connection gets this long from its answer to show its first frame. */
    firstFrameDeadline: 5000,
    /** A picture that has moved this long without stalling has recovered: the retries start over. */
    stableAfter: 10_000,
    /** No newly decoded frame for this long: the picture has stalled (the player is told). */
    stallAfter: 3000,
    /** Still no frame this long after the stall: a new session. */
    stallGiveUp: 2000,
    /** The shared backoff (backoff.ts); `attempts` already counts this retry. */
    reconnectBackoff: ({ context }) => backoffDelay(context.attempts - 1),
  },
}).createMachine({
  id: 'videoLink',
  context: ({ input }) => ({
    whepUrl: input.whepUrl,
    token: input.token,
    frames: 0,
    attempts: 0,
    stream: null,
    stats: null,
    problem: false,
    refusal: null,
    surface: null,
  }),
  invoke: { id: 'page', src: 'pageLifecycle' },
  // Kept for the next peer; a running one is told (session, below).
  on: { 'video.surface': { actions: assign({ surface: ({ event }) => event.surface }) } },
  initial: 'session',
  states: {
    session: {
      entry: assign({ frames: 0 }),
      invoke: {
        id: 'peer',
        src: 'peer',
        input: ({ context }) => ({ whepUrl: context.whepUrl, token: context.token, surface: context.surface }),
        // A peer that cannot even start (no WebRTC, a refused offer) is retried like a failed one.
        onError: '#videoLink.retrying',
      },
      on: {
        'peer.stream': { actions: assign({ stream: ({ event }) => event.stream }) },
        // Kept as they come; a rising frame count is frames.new for the states below.
        'peer.stats': { actions: [assign({ stats: ({ event }) => event.stats }), 'countFrames'] },
        'peer.failed': [
          {
            guard: 'refusedWithCode',
            target: 'retrying',
            actions: assign({ refusal: ({ event }) => event.refusal! }),
          },
          { target: 'retrying' },
        ],
        'video.request': { actions: sendTo('peer', { type: 'video.request' }) },
        'video.surface': {
          actions: [
            assign({ surface: ({ event }) => event.surface }),
            sendTo('peer', ({ event }) => ({ type: 'peer.surface' as const, surface: event.surface })),
          ],
        },
        'video.play': { guard: 'isOtherBand', target: 'session', reenter: true, actions: ['playBand', 'resetAttempts'] },
        'page.hidden': 'suspended',
      },
      initial: 'preparing',
      states: {
        preparing: {
          description: 'No picture yet (the stage is dark), or the last one held; after a stall or a retry, "Video is reconnecting..." stays up',
          always: { guard: 'hasUrl', target: 'negotiating' },
          on: {
            'video.play': { target: 'negotiating', actions: ['playBand', sendTo('peer', ({ event }) => ({ type: 'peer.play' as const, whepUrl: event.whepUrl }))] },
          },
        },
        negotiating: {
          description: 'As preparing: the offer is with the operator',
          on: { 'peer.answered': 'awaitingFirstFrame' },
        },
        awaitingFirstFrame: {
          description: 'As preparing: answered, the first frame is awaited',
          after: { firstFrameDeadline: '#videoLink.retrying' },
          on: { 'frames.new': { target: 'live', actions: 'recovered' } },
        },
        live: {
          // The picture moves: the player sees the machine (no notice over it).
          tags: ['video:live'],
          // Only a picture that keeps moving has recovered: a session that shows a frame and
          // stalls again still counts towards giving up.
          after: { stableAfter: { actions: 'resetAttempts' } },
          initial: 'moving',
          states: {
            moving: {
              after: { stallAfter: '#videoLink.session.stalled' },
              // Each new frame starts the stall clock again.
              on: { 'frames.new': { target: 'moving', reenter: true } },
            },
          },
        },
        stalled: {
          description: 'The picture stopped: "Video is reconnecting..." (or the operator\'s refusal) over the last frame',
          entry: 'troubled',
          after: { stallGiveUp: '#videoLink.retrying' },
          on: { 'frames.new': { target: 'live', actions: 'recovered' } },
        },
      },
    },
    retrying: {
      description: '"Video is reconnecting..." (or the operator\'s refusal) while a new session waits its turn',
      entry: [assign({ attempts: ({ context }) => context.attempts + 1 }), 'troubled'],
      always: { guard: 'gaveUp', target: 'failed' },
      after: { reconnectBackoff: 'session' },
      on: {
        'video.play': { guard: 'isOtherBand', target: 'session', actions: ['playBand', 'resetAttempts'] },
        'page.hidden': 'suspended',
      },
    },
    suspended: {
      description: 'The page is hidden: nothing is shown, and no session runs until it is back',
      on: {
        'page.shown': { target: 'session', actions: 'resetAttempts' },
        'video.play': { actions: 'playBand' },
      },
    },
    failed: {
      tags: ['video:failed'],
      on: {
        'video.retry': { target: 'session', actions: 'resetAttempts' },
        'video.play': { target: 'session', actions: ['playBand', 'resetAttempts'] },
      },
    },
  },
});
