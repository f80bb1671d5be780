/**
 * reconnect — the dialog for a session the player still holds on a machine (SPEC §4).
 *
 *   hidden ──server.session (open, not the machine being played)──▶ shown
 *   shown ──user.continue──▶ continuing (rejoin with the stored token) ──game.entered──▶ hidden
 *                                         (or after continueTimeout, if the game never opened)
 *   shown ──user.cashout──▶ cashingOut (POST cancel) ──▶ hidden | shown (failure)
 *   shown ──user.kick──▶ kicking (POST kick) ──▶ shown (the session stays, now free to continue)
 *   server.session (closed) ──▶ hidden;  user.dismiss ──▶ hidden
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

/** The seven texts of SPEC §4, by machine status. */
export type ReconnectVariant = 'inBonus' | 'waiting' | 'tryingCashout' | 'playing' | 'technical' | 'offline' | 'unknown';

export function reconnectVariant(status: string): ReconnectVariant {
  switch (status) {
    case 'inBonus':
    case 'waiting':
    case 'tryingCashout':
    case 'playing':
    case 'offline':
      return status;
    case 'error':
    case 'malfunction':
      return 'technical';
    default:
      return 'unknown';
  }
}

export interface OpenSession {
  machineId: number;
  machineName: string;
  machineStatus: string;
  /** The player's credits held on the machine (minor units), when the operator says. */
  credits: number | null;
}

export interface ReconnectContext {
  session: OpenSession | null;
  /** The machine the player is on right now (its own session is not 'open elsewhere'). */
  playingMachineId: number | null;
  /** A machine the player chose to keep on leaving it: its open session is no surprise. */
  keptMachineId: number | null;
  failure: Failure | null;
}

export type ReconnectEvent =
  | { type: 'server.session'; status: 'open' | 'closed'; machineId: number; machineName: string; machineStatus: string; credits: number | null }
  | { type: 'game.entered'; machineId: number }
  | { type: 'game.left' }
  /** The player left the game keeping the machine (reserved): do not greet them with it. */
  | { type: 'game.kept'; machineId: number }
  | { type: 'user.continue' }
  | { type: 'user.cashout' }
  | { type: 'user.kick' }
  | { type: 'user.dismiss' };

export const reconnectMachine = setup({
  types: {
    context: {} as ReconnectContext,
    events: {} as ReconnectEvent,
    tags: {} as 'dialog:shown' | 'dialog:busy',
  },
  actors: {
    cancelSession: fromPromise<void, { machineId: number }>(async () => {
      throw new Error('cancelSession not provided');
    }),
    kickConnection: fromPromise<void, { machineId: number }>(async () => {
      throw new Error('kickConnection not provided');
    }),
  },
  actions: {
    /** Keep the shown session's status current (the dialog's text follows it). */
    followSession: assign({
      session: ({ context, event }) =>
        event.type === 'server.session' && event.status === 'open' && event.machineId === context.session?.machineId
          ? { ...context.session, machineStatus: event.machineStatus, credits: event.credits }
          : context.session,
    }),
    /** Navigate to the game with the stored token (the app provides it). */
    rejoin: (_, _params: { machineId: number; machineName: string }) => {},
  },
  delays: {
    continueTimeout: 5000,
  },
  guards: {
    opensElsewhere: ({ context, event }) =>
      event.type === 'server.session' &&
      event.status === 'open' &&
      event.machineId !== context.playingMachineId &&
      event.machineId !== context.keptMachineId,
    closesShown: ({ context, event }) =>
      event.type === 'server.session' && (event.status === 'closed' || event.machineId === context.playingMachineId) && event.machineId === context.session?.machineId,
  },
}).createMachine({
  id: 'reconnect',
  context: { session: null, playingMachineId: null, keptMachineId: null, failure: null },
  initial: 'hidden',
  on: {
    'game.entered': { target: '.hidden', actions: assign({ playingMachineId: ({ event }) => event.machineId, keptMachineId: null, session: null }) },
    'game.left': { actions: assign({ playingMachineId: null }) },
    'game.kept': { actions: assign({ keptMachineId: ({ event }) => event.machineId }) },
  },
  states: {
    hidden: {
      description: 'No dialog: the page beneath is usable',
      on: {
        'server.session': {
          guard: 'opensElsewhere',
          target: 'shown',
          actions: assign({
            session: ({ event }) => ({ machineId: event.machineId, machineName: event.machineName, machineStatus: event.machineStatus, credits: event.credits }),
            failure: null,
          }),
        },
      },
    },
    shown: {
      tags: ['dialog:shown'],
      on: {
        'server.session': [
          { guard: 'closesShown', target: 'hidden', actions: assign({ session: null }) },
          {
            guard: 'opensElsewhere',
            actions: assign({
              session: ({ event }) => ({ machineId: event.machineId, machineName: event.machineName, machineStatus: event.machineStatus, credits: event.credits }),
            }),
          },
        ],
        'user.continue': 'continuing',
        'user.cashout': 'cashingOut',
        'user.kick': 'kicking',
        'user.dismiss': { target: 'hidden', actions: assign({ session: null }) },
      },
    },
    continuing: {
      tags: ['dialog:shown'],
      // SPEC §4: Continue cancels the dialog, then rejoins the machine.
      entry: {
        type: 'rejoin',
        params: ({ context }) => ({ machineId: context.session?.machineId ?? 0, machineName: context.session?.machineName ?? '' }),
      },
      after: { continueTimeout: { target: 'hidden', actions: assign({ session: null }) } },
    },
    cashingOut: {
      tags: ['dialog:shown', 'dialog:busy'],
      on: { 'server.session': { actions: 'followSession' } },
      invoke: {
        id: 'cancelSession',
        src: 'cancelSession',
        input: ({ context }) => ({ machineId: context.session?.machineId ?? 0 }),
        onDone: { target: 'hidden', actions: assign({ session: null }) },
        onError: { target: 'shown', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    kicking: {
      tags: ['dialog:shown', 'dialog:busy'],
      // The kick's own effect (the session now waiting) may arrive before the HTTP answer.
      on: { 'server.session': { actions: 'followSession' } },
      invoke: {
        id: 'kickConnection',
        src: 'kickConnection',
        input: ({ context }) => ({ machineId: context.session?.machineId ?? 0 }),
        onDone: { target: 'shown', actions: assign({ failure: null }) },
        onError: { target: 'shown', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});

export type ReconnectRef = ActorRefFrom<typeof reconnectMachine>;
