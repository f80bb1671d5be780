/**
 * gameSession — one visit to one machine.
 *
 *   idle ──user.join──▶ connected.joining ──socket.joined──▶ connected.live.playing
 *                        (init; video child, no band)  (video.play with the best band)
 *   live.playing ⇄ live.closeWarning   (18800 / 18802 countdowns; an accepted request ends one)
 *   live ──user.cashout──▶ connected.cashingOut ──socket closes──▶ left
 *   connected ──socket.lost (also the link's heartbeat going silent)──▶ reconnecting ──reconnectBackoff──▶ connected.joining (again)
 *   joining ──joinTimeout without an answer──▶ reconnecting (as a lost connection)
 *            reconnecting gives up after maxReconnects ──▶ left (connectionLost)
 *   socket.quit ──▶ left (quit);  socket.closeSession ──▶ cash out, left (closeSession)
 *   socket.quit (replaced: the player's other tab took the machine) ──▶ elsewhere
 *   elsewhere ──user.playHere──▶ connected (join again: the other tab is the one replaced now) | user.leave ──▶ left
 *   socket.sessionEnded ──▶ left (sessionEnded: the login session ended; auth says why)
 *   a refused join ──▶ left (joinFailed)
 *   live.leave: user.leave with nothing on the machine ──▶ cashingOut (released, no toast);
 *               with credits ──▶ asking ──user.keepMachine──▶ left (reserved) | user.cashout | user.stay
 *   live.reels: idle ──socket.spinStart──▶ spinning ──socket.spin (the reels stopped)──▶ idle
 *               (a stop never told: spinning ends spinSettles after the start, with a grace)
 *               where the jurisdiction's game cycle outlasts the spin: spinning ──stop──▶ resting
 *               ──cycleRest (what is left of the cycle, by the floor's figures)──▶ idle; no Spin meanwhile
 *   The join's rules (jurisdiction): no autoplay where banned, no Bet up at the largest stake.
 *
 * One request in flight per control: a press, a coin or the autoplay switch sends its request
 * and is not taken again until the floor has answered it (its ack or its error, by request id),
 * and no button is taken while the reels spin; a double tap is one operation, and a press
 * during a spin is no "Invalid request." (the floor refuses both anyway).
 *
 * The machine socket is a child for the whole visit. The video child (videoLink.ts: its own
 * chart of WHEP sessions, stalls and retries) starts with the join, without a band: it prepares
 * its offer while the socket joins, and `socket.joined` tells it the band to play (video.play), so
 * the join answer and the video offer do not wait on each other. It stops when live ends (or the
 * connection does); another band is another video.play. What the picture shows (stream, stats,
 * a stall, a refusal, a link that gave up) is the child's own state, which the views read through
 * its selectors (machines/videoLink.selectors.ts); when it has given up the player may ask again
 * (user.retryVideo, handed to the child). Every way out ends in `left` with a reason, which the
 * view turns into a toast and a return to /lobby. The screen is kept awake (wakeLock child) for
 * the whole visit, reconnects included, and may sleep again once the visit is over.
 */
import { and, assign, enqueueActions, fromCallback, not, or, raise, sendTo, setup, stateIn, stopChild } from 'xstate';
import type { Failure } from './failure.ts';
import type { MachineButton } from '../protocol/sockets.ts';
import { backoffDelay } from './backoff.ts';
import type { ReconnectRef } from './reconnect.ts';
import { videoLinkMachine } from './videoLink.ts';
import { walletFeedLogic } from './wallet.ts';
import type {
  AfterLeave,
  Control,
  GameSessionContext,
  GameSessionEvent,
  GameSessionInput,
  GameSessionTag,
  LeaveReason,
  MachineRequest,
  VideoBandInfo,
} from './gameSession.types.ts';

export * from './gameSession.types.ts';

/** How long the reels spin when the floor does not say (its spin frame has no settlesInMs). */
export const DEFAULT_SPIN_MS = 2500;

/** How long past the announced stop the reels count as turning when no stop frame comes (a lost frame). */
export const SPIN_STOP_GRACE_MS = 2000;

/** The floor's code for a machine out of service (error, malfunction, offline). */
const MACHINE_OUT_OF_SERVICE = 60002;

export const gameSessionMachine = setup({
  types: {
    context: {} as GameSessionContext,
    events: {} as GameSessionEvent,
    input: {} as GameSessionInput,
    output: {} as { reason: LeaveReason; failure: Failure | null; next: AfterLeave },
    tags: {} as GameSessionTag,
  },
  actors: {
    /** The machine socket: sends back socket.* events, takes { type: 'send', message }. */
    // Inert until provided (src/app provides the real socket; tests provide fakes).
    machineSocket: fromCallback<{ type: 'send'; message: MachineRequest }, { machineId: number; token: string }>(() => () => {}),
    /**
     * The video link (videoLink.ts): sends back video.* events; without a URL it waits for
     * video.play. Its WHEP peer is inert until the app provides it.
     */
    video: videoLinkMachine,
    /** Keeps the screen awake while it runs (the whole visit); stopping it lets the screen sleep. */
    wakeLock: fromCallback(() => () => {}),
    /**
     * Tells the reconnect dialog (the login's, in the input) which machine is being played while
     * the visit lasts, so it does not offer the player the session they are in.
     */
    presence: fromCallback<{ type: 'noop' }, { reconnect: ReconnectRef | null; machineId: number }>(({ input }) => {
      const { reconnect, machineId } = input;
      reconnect?.send({ type: 'game.entered', machineId });
      return () => {
        if (reconnect?.getSnapshot().status === 'active') reconnect.send({ type: 'game.left' });
      };
    }),
    /**
     * The player's wallet (the login's wallet actor, the one holder of the balance): sends
     * wallet.balance now and after every change, whoever made it (this machine's floor, a
     * deposit, a promo, another tab).
     */
    walletFeed: walletFeedLogic,
  },
  guards: {
    /**
     * A transfer the player can make: no more than the wallet holds, and the machine's credits
     * stay within its all-in limit.
     */
    canTransfer: ({ context, event }) =>
      event.type === 'user.transfer' &&
      event.amount > 0 &&
      context.balance !== null &&
      event.amount <= context.balance &&
      context.join !== null &&
      (context.machine?.credits ?? 0) + event.amount <= context.join.maxAllIn,
    canReconnect: ({ context }) => context.reconnects < context.maxReconnects,
    /** The floor handed this machine to the player's newer connection (another tab). */
    replacedElsewhere: ({ event }) => event.type === 'socket.quit' && event.reason === 'replaced',
    /** The control of this event has no request in flight. */
    controlFree: ({ context, event }) => {
      const control = controlOf(event);
      return control !== null && context.pending[control] === undefined;
    },
    /** The press is of Spin (the game cycle holds it back while the reels rest). */
    pressesSpin: ({ event }) => event.type === 'user.press' && event.button === 'spin',
    /**
     * The floor would take it (it refuses it anyway): no change of the bet while free spins are
     * left; Bet up below the jurisdiction's largest stake; Autoplay switched on where it is not
     * banned. (Spin waits for the game cycle: the press transition's guard asks the reels' region,
     * live.reels.resting.)
     */
    withinRules: ({ context, event }) => {
      const rules = context.join?.rules;
      if (event.type === 'user.autoplay') return !event.on || rules?.autoplay !== false;
      if (event.type !== 'user.press') return true;
      // Free spins are played at the bet that won them: the floor refuses any change meanwhile.
      if (BET_BUTTONS.has(event.button) && (context.machine?.freeSpinsLeft ?? 0) > 0) return false;
      const maxStake = rules?.maxStake ?? null;
      return event.button !== 'betUp' || maxStake === null || (context.machine?.bet ?? 0) < maxStake;
    },
    /** The jurisdiction's game cycle lasts longer than the spin that just stopped. */
    cycleLeft: ({ context }) => restAfterSpin(context) > 0,
    /** No reality check waits (one pauses play: no press, no coin, no autoplay on; autoplay off still goes). */
    notPaused: ({ context, event }) => context.realityCheck === null || (event.type === 'user.autoplay' && !event.on),
    /** The floor took the player's answer to the reality check. */
    answerTaken: ({ event }) => event.type === 'socket.ack' && event.request === 'realityCheck',
    continues: ({ event }) => event.type === 'user.answerCheck' && event.answer === 'continue',
    isTransferOpen: ({ context }) => context.moneyTransfer,
    /** Nothing of the player's is on the machine: no credits, no free spins left. */
    holdsNothing: ({ context }) => context.machine !== null && context.machine.credits === 0 && context.machine.freeSpinsLeft === 0,
  },
  actions: {
    /**
     * Names the visit as it starts, unless its input did: the app provides one that draws a
     * random id (a machine draws nothing itself); this stand-in keeps the input's, or 'visit'.
     */
    newVisit: assign({ visitId: ({ context }) => context.visitId }),
    /** The feel of a machine button: a click and a haptic tick, where the operator turned them on (CLICK_SOUND). */
    buttonFeedback: (_, _params: undefined) => {},
    /**
     * The player left on purpose keeping the machine (reserved): the reconnect dialog is told which
     * (a kept machine is not an open session to greet). Any other way out tells it nothing.
     */
    announceKept: enqueueActions(({ context, enqueue }) => {
      if (context.leaveReason === 'left' && context.reconnect?.getSnapshot().status === 'active') {
        enqueue.sendTo(context.reconnect, { type: 'game.kept', machineId: context.machineId });
      }
    }),
    /**
     * The machine socket reported the wallet (its join, a money update): the game hands it to
     * the wallet actor, whose feed (walletFeed) brings it back as wallet.balance. The game keeps
     * no balance of its own, so the side bar, the coins and the wallet never disagree.
     */
    tellWallet: enqueueActions(({ context, enqueue }, params: { balance: number }) => {
      // A wallet that stopped with its login (the page is on its way out) is told nothing.
      if (context.wallet?.getSnapshot().status === 'active') enqueue.sendTo(context.wallet, { type: 'server.balance', balance: params.balance });
    }),
    /** The player's sound choice changed: the app keeps it for their next game (src/app/loggedIn.ts). */
    rememberSound: (_, _params: undefined) => {},
    /** As the visit starts, the app brings back the player's last sound choice; this stand-in keeps the input's. */
    recallSound: (_, _params: undefined) => {},
    /** A tap on the live game is the gesture browsers wait for: sound comes on if the player wants it. */
    soundOnTap: assign({ muted: ({ context }) => context.muted && !context.soundOn }),
    request: sendTo('socket', (_, message: MachineRequest) => ({ type: 'send' as const, message })),
    /**
     * A play request went out: the video child times press → picture where it can. The child runs
     * throughout live unless it failed outright (videoLost: it is gone, and a send to it throws).
     */
    tellVideo: enqueueActions(({ context, enqueue }) => {
      if (!context.videoLost) enqueue.sendTo('video', { type: 'video.request' as const });
    }),
    nextRequest: assign({ requestSeq: ({ context }) => context.requestSeq + 1 }),
    /** The request about to go out (before nextRequest) is its control's one in flight. */
    markPending: assign({
      pending: ({ context, event }) => {
        const control = controlOf(event);
        return control === null ? context.pending : { ...context.pending, [control]: requestId(context) };
      },
    }),
    /** The floor answered a request (ack or error): its control is free again. */
    settlePending: assign({
      pending: ({ context, event }) => {
        const id = event.type === 'socket.ack' || event.type === 'socket.error' ? event.requestId : undefined;
        if (id === undefined) return context.pending;
        return Object.fromEntries(Object.entries(context.pending).filter(([, pending]) => pending !== id));
      },
    }),
    leaveWith: assign((_, params: { reason: LeaveReason; failure?: Failure | null }) => ({
      leaveReason: params.reason,
      failure: params.failure ?? null,
    })),
    /** The video child for the join in flight: it gets ready while the band is not yet known. */
    prepareVideo: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ videoLost: false });
      enqueue.spawnChild('video', { id: 'video', input: { whepUrl: null, token: context.token } });
    }),
    playVideo: sendTo('video', ({ context }) => ({ type: 'video.play' as const, whepUrl: activeBand(context)?.whepUrl ?? '' })),
    stopVideo: stopChild('video'),
    /** The player's answer to the reality check goes out; it is the check's one request in flight. */
    answerCheck: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'user.answerCheck') return;
      enqueue.assign({ pending: { ...context.pending, realityCheck: requestId(context) } });
      enqueue.sendTo('socket', { type: 'send' as const, message: { type: 'realityCheck', answer: event.answer, requestId: requestId(context) } });
      enqueue.assign({ requestSeq: context.requestSeq + 1 });
    }),
  },
  delays: {
    /** The shared backoff (backoff.ts); `reconnects` already counts this attempt. */
    reconnectBackoff: ({ context }) => backoffDelay(context.reconnects - 1),
    cashoutTimeout: 5000,
    /** An answer to the reality check the floor has not taken by then may be given again. */
    answerTimeout: 5000,
    /** A join the floor has not answered by then is a lost connection (retried like one). */
    joinTimeout: 10_000,
    /**
     * A stop the floor never told (a lost frame): the reels count as stopped this long after the
     * start — the floor's duration, not a clock, and a grace for a late frame.
     */
    spinSettles: ({ context }) => (context.lastSpin?.settlesInMs ?? DEFAULT_SPIN_MS) + SPIN_STOP_GRACE_MS,
    /** How long the controls stay fully visible after the last touch (landscape phones fade them). */
    controlsIdle: 4000,
    /** What is left of the game cycle when the reels stop (the floor's figures, not a clock). */
    cycleRest: ({ context }) => restAfterSpin(context),
  },
}).createMachine({
  id: 'gameSession',
  context: ({ input }) => ({
    machineId: input.machineId,
    token: input.token,
    join: null,
    machine: null,
    balance: input.balance ?? null,
    wallet: input.wallet ?? null,
    reconnect: input.reconnect ?? null,
    session: null,
    lastSpin: null,
    warning: null,
    refusal: null,
    pending: {},
    activeBandId: null,
    pictureWidth: input.pictureWidth ?? null,
    videoLost: false,
    moneyTransfer: false,
    sideBar: true,
    volume: input.volume ?? 1,
    // Browsers block sound until a gesture: start muted, the view offers the unmute control.
    muted: true,
    soundOn: input.soundOn ?? true,
    visitId: input.visitId ?? 'visit',
    requestSeq: 0,
    reconnects: 0,
    maxReconnects: input.maxReconnects ?? 3,
    leaveReason: null,
    failure: null,
    realityCheck: null,
    afterLeave: 'lobby',
  }),
  entry: ['newVisit', 'recallSound'],
  // The whole visit keeps the screen awake; reaching `left` (final) stops it.
  invoke: [
    { id: 'wakeLock', src: 'wakeLock' },
    { id: 'presence', src: 'presence', input: ({ context }) => ({ reconnect: context.reconnect, machineId: context.machineId }) },
    { id: 'walletFeed', src: 'walletFeed', input: ({ context }) => ({ wallet: context.wallet }) },
  ],
  initial: 'idle',
  on: {
    'user.toggleSideBar': { actions: assign({ sideBar: ({ context }) => !context.sideBar }) },
    // The player's sound choices are theirs to keep (rememberSound: the app stores them).
    'user.volume': {
      actions: [assign({ volume: ({ event }) => Math.min(1, Math.max(0, event.volume)), muted: false, soundOn: true }), 'rememberSound'],
    },
    'user.sound': { actions: [assign({ muted: ({ event }) => !event.on, soundOn: ({ event }) => event.on }), 'rememberSound'] },
    'wallet.balance': { actions: assign({ balance: ({ event }) => event.balance }) },
  },
  states: {
    idle: {
      tags: ['screen:joining'],
      on: { 'user.join': 'connected' },
    },
    connected: {
      // The video child lives from the join to the end of live; a lost connection ends it too.
      exit: 'stopVideo',
      invoke: {
        id: 'socket',
        src: 'machineSocket',
        input: ({ context }) => ({ machineId: context.machineId, token: context.token }),
        // A socket that cannot even be opened is a lost connection too.
        onError: [
          { guard: 'canReconnect', target: 'reconnecting' },
          { target: 'left', actions: { type: 'leaveWith', params: { reason: 'connectionLost' } } },
        ],
      },
      on: {
        'socket.lost': [{ guard: 'canReconnect', target: 'reconnecting' }, { target: 'left', actions: { type: 'leaveWith', params: { reason: 'connectionLost' } } }],
        'socket.quit': [
          // The player opened this machine in another tab (or device): that one plays now. This
          // one waits calmly and does not take it back unless the player asks (user.playHere).
          { guard: 'replacedElsewhere', target: 'elsewhere' },
          {
            target: 'left',
            actions: {
              type: 'leaveWith',
              // Out of service: the machine keeps the session (the reconnect dialog shows why).
              params: ({ event }) => ({
                reason: 'quit',
                failure: event.reason === 'outOfService' ? { code: MACHINE_OUT_OF_SERVICE, message: '', params: {} } : null,
              }),
            },
          },
        ],
        'socket.sessionEnded': { target: 'left', actions: { type: 'leaveWith', params: { reason: 'sessionEnded' } } },
        'socket.closeSession': {
          actions: [
            // SPEC §4: a close-session notification sends a cashout request, then leaves. The
            // request goes while the socket is still a child; the raised event leaves after it.
            { type: 'request', params: ({ context }) => ({ type: 'cashout', requestId: requestId(context) }) },
            {
              type: 'leaveWith',
              params: ({ event }) => ({ reason: 'closeSession', failure: { code: event.code, message: '', params: {} } }),
            },
            raise({ type: 'session.closed' }),
          ],
        },
        'session.closed': 'left',
        'user.leave': { target: 'left', actions: { type: 'leaveWith', params: { reason: 'left' } } },
        // A video link that fails outright (the child is gone): play goes on, the picture shows its problem.
        'xstate.error.actor.video': { actions: assign({ videoLost: true }) },
      },
      initial: 'joining',
      states: {
        joining: {
          tags: ['screen:joining'],
          entry: [
            // Requests of a lost connection are not answered any more: every control is free again.
            // A leave a reality check's answer began ended with the connection.
            assign({ pending: {}, afterLeave: 'lobby' }),
            { type: 'request', params: ({ context }) => ({ type: 'init', machineID: context.machineId, token: context.token }) },
            // The video prepares its offer while the socket joins; the join answer names the band.
            'prepareVideo',
          ],
          on: {
            'socket.joined': {
              target: 'live',
              actions: [
                assign({
                  join: ({ event }) => ({ ...event.join, bands: [...event.join.bands].sort((a, b) => b.Order - a.Order) }),
                  machine: ({ event }) => event.machine,
                  session: ({ event }) => event.session ?? null,
                  // The player's band stays through a reconnect; a first join takes the band that fits the picture.
                  activeBandId: ({ context, event }) =>
                    event.join.bands.some((b) => b.id === context.activeBandId)
                      ? context.activeBandId
                      : (fittingBand(event.join.bands, context.pictureWidth)?.id ?? null),
                  reconnects: 0,
                }),
                { type: 'tellWallet', params: ({ event }) => ({ balance: event.balance }) },
                'playVideo',
              ],
            },
            'socket.error': {
              target: '#gameSession.left',
              actions: { type: 'leaveWith', params: ({ event }) => ({ reason: 'joinFailed', failure: event.failure }) },
            },
            // The floor refuses a join with its word (socket.error) before it closes the socket: a
            // close without one (a proxy's) is waited out by joinTimeout, then joined again.
          },
          after: {
            joinTimeout: [{ guard: 'canReconnect', target: '#gameSession.reconnecting' }, { target: '#gameSession.left', actions: { type: 'leaveWith', params: { reason: 'connectionLost' } } }],
          },
        },
        live: {
          tags: ['screen:live', 'controls:on'],
          // A check still waiting is the floor's to tell again after the next join.
          exit: ['stopVideo', assign({ realityCheck: null })],
          on: {
            'socket.state': { actions: assign({ machine: ({ event }) => event.machine }) },
            'socket.session': { actions: assign({ session: ({ event }) => event.session }) },
            // SPEC §4: money transfer and autoplay switch off when the money status updates.
            'socket.balance': [
              {
                guard: ({ context }) => context.machine?.autoplay === true,
                actions: [
                  assign({ moneyTransfer: false }),
                  { type: 'tellWallet', params: ({ event }) => ({ balance: event.balance }) },
                  { type: 'request', params: ({ context }) => ({ type: 'autoplay', on: false, requestId: requestId(context) }) },
                  'nextRequest',
                ],
              },
              { actions: [assign({ moneyTransfer: false }), { type: 'tellWallet', params: ({ event }) => ({ balance: event.balance }) }] },
            ],
            'socket.error': { actions: [assign({ refusal: ({ event }) => event.failure }), 'settlePending'] },
            'socket.closed': { target: '#gameSession.left', actions: { type: 'leaveWith', params: { reason: 'cashout' } } },
            'user.press': {
              // No button while the reels turn, no Spin while they rest (the reels' region says which).
              guard: and([
                'controlFree',
                not(stateIn('#gameSession.connected.live.reels.spinning')),
                or([not('pressesSpin'), not(stateIn('#gameSession.connected.live.reels.resting'))]),
                'withinRules',
                'notPaused',
              ]),
              actions: [
                'buttonFeedback',
                assign({ refusal: null }),
                'markPending',
                { type: 'request', params: ({ context, event }) => ({ type: 'button', button: event.button, requestId: requestId(context) }) },
                'nextRequest',
                'tellVideo',
              ],
            },
            'user.autoplay': {
              guard: and(['controlFree', 'withinRules', 'notPaused']),
              actions: [
                'markPending',
                { type: 'request', params: ({ context, event }) => ({ type: 'autoplay', on: event.on, requestId: requestId(context) }) },
                'nextRequest',
                'tellVideo',
              ],
            },
            'user.transfer': {
              guard: and(['canTransfer', 'controlFree', 'notPaused']),
              actions: [
                assign({ refusal: null }),
                'markPending',
                { type: 'request', params: ({ context, event }) => ({ type: 'transfer', amount: event.amount, requestId: requestId(context) }) },
                'nextRequest',
                'tellVideo',
              ],
            },
            // The link takes it only when it has given up (its failed state).
            'user.retryVideo': { actions: sendTo('video', { type: 'video.retry' as const }) },
            'user.toggleMoneyTransfer': { actions: assign({ moneyTransfer: ({ context }) => !context.moneyTransfer }) },
            'user.selectBand': {
              guard: ({ context, event }) => event.id !== context.activeBandId && (context.join?.bands.some((b) => b.id === event.id) ?? false),
              // The link starts a session on the new band (and lets the old one go).
              actions: [assign({ activeBandId: ({ event }) => event.id }), 'playVideo'],
            },
            'user.cashout': 'cashingOut',
          },
          // At once: the floor's close warnings, the controls' fading, the player's question on leaving.
          type: 'parallel',
          states: {
            play: {
              initial: 'playing',
              states: {
                playing: {
                  on: {
                    'socket.closeWarning': {
                      target: 'closeWarning',
                      actions: assign({ warning: ({ event }) => ({ code: event.code, count: event.count }) }),
                    },
                  },
                },
                closeWarning: {
                  exit: assign({ warning: null }),
                  on: {
                    'socket.closeWarning': { actions: assign({ warning: ({ event }) => ({ code: event.code, count: event.count }) }) },
                    // Any request the server accepts ends the warning.
                    'socket.ack': { target: 'playing', actions: 'settlePending' },
                  },
                },
              },
              on: { 'socket.ack': { actions: 'settlePending' } },
            },
            // The reels turn from the floor's spinStart until its spin frame says they stopped: the
            // outcome and the meters are the machine's word at the stop, as on a physical machine.
            reels: {
              initial: 'idle',
              states: {
                idle: {
                  on: { 'socket.spinStart': { target: 'spinning', actions: assign({ lastSpin: ({ event }) => event.spin }) } },
                },
                // The floor starts no spin before it has told the last one's stop, nor within the
                // cycle (it refuses such a press: 60017), so a spinStart comes only while the reels are idle.
                spinning: {
                  tags: ['reels:spinning'],
                  after: { spinSettles: [{ guard: 'cycleLeft', target: 'resting' }, { target: 'idle' }] },
                  on: { 'socket.spin': [{ guard: 'cycleLeft', target: 'resting' }, { target: 'idle' }] },
                },
                // The reels have stopped, the game cycle goes on (UK 2.5 s, Germany 5 s from the start).
                resting: {
                  tags: ['reels:resting'],
                  after: { cycleRest: 'idle' },
                },
              },
            },
            // On a phone on its side the controls lie over the video: they fade while untouched.
            controls: {
              initial: 'shown',
              states: {
                shown: {
                  after: { controlsIdle: 'faded' },
                  on: { 'user.touch': { target: 'shown', reenter: true, actions: 'soundOnTap' } },
                },
                faded: { tags: ['controls:faded'], on: { 'user.touch': { target: 'shown', actions: 'soundOnTap' } } },
              },
            },
            // Player protection: a reality check pauses play until the player answers it. Continue
            // plays on; View history and Leave are recorded by the floor and leave (the pause stays
            // on the machine: back on it, the player meets the check again).
            check: {
              initial: 'clear',
              on: { 'socket.realityCheck': { actions: assign({ realityCheck: ({ event }) => event.session, session: ({ event }) => event.session }) } },
              states: {
                clear: {
                  entry: assign({
                    realityCheck: null,
                    afterLeave: 'lobby',
                    pending: ({ context }) => Object.fromEntries(Object.entries(context.pending).filter(([control]) => control !== 'realityCheck')),
                  }),
                  on: { 'socket.realityCheck': { target: 'due', actions: assign({ realityCheck: ({ event }) => event.session, session: ({ event }) => event.session }) } },
                },
                due: {
                  tags: ['check:due'],
                  on: {
                    'user.answerCheck': [
                      { guard: 'continues', target: 'continuing', actions: 'answerCheck' },
                      {
                        target: 'answering',
                        actions: ['answerCheck', assign({ afterLeave: ({ event }) => (event.answer === 'history' ? 'history' : 'lobby') })],
                      },
                    ],
                  },
                },
                // Continue on its way: play stays paused until the floor has taken it. (The floor
                // takes every answer, a late one too; one it has not taken in answerTimeout may be
                // given again: the dialog comes back.)
                continuing: {
                  tags: ['check:due', 'check:answering'],
                  on: { 'socket.ack': { guard: 'answerTaken', target: 'clear', actions: 'settlePending' } },
                  after: { answerTimeout: 'due' },
                },
                // View history or Leave on its way: once taken, the visit leaves.
                answering: {
                  tags: ['check:due', 'check:answering'],
                  on: { 'socket.ack': { guard: 'answerTaken', target: 'leaving', actions: ['settlePending', raise({ type: 'user.leave' })] } },
                  after: { answerTimeout: { target: 'due', actions: assign({ afterLeave: 'lobby' }) } },
                },
                // The leave runs (its question, if the machine holds credits). Staying brings the check back.
                leaving: {
                  on: { 'user.stay': { target: 'due', actions: assign({ afterLeave: 'lobby' }) } },
                },
              },
            },
            // Leaving is leaving: with nothing on the machine it is released at once; with credits
            // the player chooses: cash out first, or keep the machine (reserved for 2 minutes).
            leave: {
              initial: 'staying',
              states: {
                staying: {
                  on: {
                    'user.leave': [
                      {
                        guard: 'holdsNothing',
                        target: '#gameSession.connected.cashingOut',
                        actions: { type: 'leaveWith', params: { reason: 'left' } },
                      },
                      { target: 'asking' },
                    ],
                  },
                },
                asking: {
                  tags: ['leave:asking'],
                  on: {
                    // Asked already (a reality check's Leave while the question is up): the question stays.
                    'user.leave': {},
                    'user.stay': 'staying',
                    'user.keepMachine': { target: '#gameSession.left', actions: { type: 'leaveWith', params: { reason: 'left' } } },
                  },
                },
              },
            },
          },
        },
        cashingOut: {
          tags: ['screen:cashingOut'],
          entry: [
            { type: 'request', params: ({ context }) => ({ type: 'cashout', requestId: requestId(context) }) },
            'nextRequest',
          ],
          // A player who left a machine holding nothing released it through a cashout: no toast.
          on: {
            // The floor refuses no cashout (money may always leave a machine): a refusal heard now
            // is an earlier press's, answered late, and the cashout's close still comes.
            'socket.closed': { target: '#gameSession.left', actions: { type: 'leaveWith', params: ({ context }) => ({ reason: cashoutReason(context) }) } },
          },
          after: {
            cashoutTimeout: { target: '#gameSession.left', actions: { type: 'leaveWith', params: ({ context }) => ({ reason: cashoutReason(context) }) } },
          },
        },
      },
    },
    /** Played in another tab: nothing here until the player asks to play here again. */
    elsewhere: {
      tags: ['screen:elsewhere'],
      entry: assign({ warning: null, pending: {}, moneyTransfer: false, afterLeave: 'lobby' }),
      on: {
        'user.playHere': 'connected',
        'user.leave': { target: 'left', actions: { type: 'leaveWith', params: { reason: 'left' } } },
      },
    },
    reconnecting: {
      tags: ['screen:reconnecting'],
      entry: assign({ reconnects: ({ context }) => context.reconnects + 1, warning: null }),
      after: { reconnectBackoff: 'connected' },
      on: { 'user.leave': { target: 'left', actions: { type: 'leaveWith', params: { reason: 'left' } } } },
    },
    left: {
      type: 'final',
      tags: ['screen:left'],
      entry: 'announceKept',
    },
  },
  output: ({ context }) => ({ reason: context.leaveReason ?? 'left', failure: context.failure, next: context.afterLeave }),
});

/** Why a cashout ended the visit: the player's cashout, or leaving a machine that held nothing. */
function cashoutReason(context: Pick<GameSessionContext, 'leaveReason'>): LeaveReason {
  return context.leaveReason === 'left' ? 'left' : 'cashout';
}

/**
 * What is left of the jurisdiction's game cycle once the reels have stopped: the cycle counts
 * from the spin's start, which the floor told with how long the reels turn.
 */
export function restAfterSpin(context: Pick<GameSessionContext, 'join' | 'lastSpin'>): number {
  const cycle = context.join?.rules?.minSpinMs ?? 0;
  return Math.max(0, cycle - (context.lastSpin?.settlesInMs ?? DEFAULT_SPIN_MS));
}

/** The buttons that change the bet (Collect and Spin do not). */
const BET_BUTTONS: ReadonlySet<MachineButton> = new Set<MachineButton>(['betUp', 'betDown', 'maxBet', 'lines']);

/** Which control an event presses, if any. */
function controlOf(event: GameSessionEvent): Control | null {
  if (event.type === 'user.press') return event.button;
  if (event.type === 'user.transfer') return 'transfer';
  if (event.type === 'user.autoplay') return 'autoplay';
  return null;
}

/** The id of the next request: the visit's id and a counter, so no two requests share one. */
function requestId(context: Pick<GameSessionContext, 'visitId' | 'requestSeq'>): string {
  return `${context.visitId}-${context.requestSeq}`;
}

/**
 * The band a picture `width` CSS pixels wide needs: the smallest that is at least that wide, so
 * a desktop gets HD and a phone never pays for pixels it cannot show; the best band when none is
 * wide enough or the width is not known.
 */
export function fittingBand<B extends Pick<VideoBandInfo, 'width' | 'Order'>>(bands: readonly B[], width: number | null): B | undefined {
  const best = [...bands].sort((a, b) => b.Order - a.Order);
  if (width === null) return best[0];
  const wideEnough = best.filter((band) => band.width >= width);
  return wideEnough.sort((a, b) => a.width - b.width)[0] ?? best[0];
}

export function activeBand(context: Pick<GameSessionContext, 'join' | 'activeBandId'>): VideoBandInfo | undefined {
  return context.join?.bands.find((b) => b.id === context.activeBandId) ?? context.join?.bands[0];
}
