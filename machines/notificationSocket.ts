/**
 * notificationSocket — the player's notification socket (SPEC §3 real-time notifications), as a
 * child of auth.loggedIn: it lives exactly as long as the login.
 *
 *   connection.connecting ──socket.opened──▶ connection.open
 *   connection ──socket.closed (dropped, refused)──▶ backingOff ──reconnectBackoff──▶ connection
 *   connection ──socket.sessionEnded (close 4401: logout elsewhere, ban, operator)──▶ closed
 *              (auth hears server.unauthorized with the code and logs out)
 *
 * Balances, open sessions, info messages and batches of machine statuses go to auth as they come.
 * The statuses arrive already gathered (`socket.machines`: the socket holds them for a moment
 * after the first of a batch, the last status of each machine winning — a busy floor sends
 * hundreds a second, and each alone would be a transition of this chart and of auth).
 * Logging out stops this actor, which closes the socket (1000). The WebSocket, `init`, the
 * frames' validation and the gathering live in the provided `socket`
 * (src/services/notificationSocket.ts: in a worker of its own).
 */
import { assign, fromCallback, sendParent, setup } from 'xstate';
import { backoffDelay } from './backoff.ts';
import type { Failure } from './failure.ts';
import type { MachineStatusChange } from '../protocol/sockets.ts';


export interface NotificationSocketInput {
  token: string;
  playerId: string;
}

/** What the socket actor sends back: its life, and each frame already checked and translated. */
export type SocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.closed'; code: number }
  /** Close 4401: the login session ended; `code` says why (50100, 10704, 10706, 10707). */
  | { type: 'socket.sessionEnded'; code: number }
  | { type: 'socket.balance'; balance: number }
  | { type: 'socket.session'; status: 'open' | 'closed'; machineId: number; machineName: string; machineStatus: string; credits: number | null }
  /** The statuses gathered over one batch (the last of each machine). */
  | { type: 'socket.machines'; changes: MachineStatusChange[] }
  | { type: 'socket.info'; code: number; params: Record<string, unknown>; message: string; action: string };

/** What the notification socket reports to auth, its parent (SPEC §3 real-time notifications). */
export type NotificationEvent =
  | { type: 'server.balance'; balance: number }
  | { type: 'server.session'; status: 'open' | 'closed'; machineId: number; machineName: string; machineStatus: string; credits: number | null }
  /** Live machine statuses, a batch at a time (the socket gathers them: a busy floor sends hundreds a second). */
  | { type: 'server.machines'; changes: MachineStatusChange[] }
  | { type: 'server.info'; code: number; params: Record<string, unknown>; message: string; action: string };

/** What auth hears. */
export type ParentEvent = NotificationEvent | { type: 'server.unauthorized'; failure: Failure };

export interface NotificationSocketContext extends NotificationSocketInput {
  /** Reconnects since the socket was last open. */
  attempts: number;
}

export const notificationSocketMachine = setup({
  types: {
    context: {} as NotificationSocketContext,
    events: {} as SocketEvent,
    input: {} as NotificationSocketInput,
  },
  actors: {
    /** One WebSocket: opened with the token, `init` with the player id, closed when stopped. */
    socket: fromCallback<{ type: 'noop' }, NotificationSocketInput>(() => () => {}),
  },
  actions: {
    /** Everything auth hears goes through here (a path test runs the chart alone). */
    tell: sendParent((_, event: ParentEvent) => event),
  },
  delays: {
    /** The shared backoff (backoff.ts); `attempts` already counts this reconnect. */
    reconnectBackoff: ({ context }) => backoffDelay(context.attempts - 1),
  },
}).createMachine({
  id: 'notificationSocket',
  context: ({ input }) => ({ token: input.token, playerId: input.playerId, attempts: 0 }),
  initial: 'connection',
  states: {
    connection: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ token: context.token, playerId: context.playerId }), onError: 'backingOff' },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'socket.opened': { target: 'open', actions: assign({ attempts: 0 }) } },
        },
        open: {},
      },
      on: {
        'socket.closed': 'backingOff',
        'socket.sessionEnded': {
          target: 'closed',
          actions: {
            type: 'tell',
            params: ({ event }) => ({ type: 'server.unauthorized', failure: { code: event.code, message: 'the session has ended', params: {} } }),
          },
        },
        'socket.balance': { actions: { type: 'tell', params: ({ event }) => ({ type: 'server.balance', balance: event.balance }) } },
        'socket.session': {
          actions: {
            type: 'tell',
            params: ({ event }) => ({
              type: 'server.session',
              status: event.status,
              machineId: event.machineId,
              machineName: event.machineName,
              machineStatus: event.machineStatus,
              credits: event.credits,
            }),
          },
        },
        'socket.machines': { actions: { type: 'tell', params: ({ event }) => ({ type: 'server.machines', changes: event.changes }) } },
      'socket.info': {
          actions: {
            type: 'tell',
            params: ({ event }) => ({ type: 'server.info', code: event.code, params: event.params, message: event.message, action: event.action }),
          },
        },
      },
    },
    backingOff: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      after: { reconnectBackoff: 'connection' },
    },
    /** The login session ended: nothing more to hear (auth logs out and stops this actor). */
    closed: { type: 'final' },
  },
});
