/**
 * register — the template's sign-up form (/pages/auth/register*, SPEC §7 POST /api/auth/register).
 *
 *   idle ──user.submit [every required field filled]──▶ submitting
 *   submitting ──registered──▶ registered (final; `startSession` hands the new token to the app)
 *              ──refused (e.g. a taken username, by field)──▶ failed
 *              ──fails──▶ failed (failure kept by code for the message)
 *   failed ──user.submit──▶ submitting (the refusals and failure of the last try are cleared)
 *
 * The view checks the fields first by the register request's own schema (protocol/template.ts:
 * registerFieldValid) and the confirmation; the machine
 * sends what it is given once, and is deaf to a second submit while one is on its way.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RegisterRequest } from '../protocol/template.ts';
import { toFailure, type Failure } from './failure.ts';

/** The sign-up's fields as the form sends them: the wire's request without the PIN (the operator's default applies). */
export type Registration = Omit<RegisterRequest, 'pin'>;

/** What the server made of a registration: a new logged-in player, or a refusal by field. */
export type RegisterOutcome =
  | { kind: 'registered'; token: string; username: string }
  /** Field → the server's own words (the view has its own text for the fields it knows). */
  | { kind: 'refused'; fields: Record<string, string> };

// ---- Events ---------------------------------------------------------------------------------

export type RegisterEvent = { type: 'user.submit'; values: Registration };

// ---- Context --------------------------------------------------------------------------------

export interface RegisterContext {
  /** The server's refusals of the last try, by field. */
  refusals: Record<string, string>;
  failure: Failure | null;
  /** Who was registered (set in `registered`). */
  username: string | null;
}

const filled = (value: string | undefined) => value !== undefined && value.trim() !== '';

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    tags: {} as 'form:submitting' | 'form:registered',
  },
  actors: {
    register: fromPromise<RegisterOutcome, Registration>(async () => {
      throw new Error('register not provided');
    }),
  },
  actions: {
    /** Log the new player in with their token (the composition root uses the token login). */
    startSession: (_, _params: { token: string }) => {},
  },
  guards: {
    complete: ({ event }) => {
      const { username, password, email, name } = event.values;
      return filled(username) && password !== '' && filled(email) && filled(name);
    },
    refused: (_, outcome: RegisterOutcome) => outcome.kind === 'refused',
  },
}).createMachine({
  id: 'register',
  context: { refusals: {}, failure: null, username: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.submit': { guard: 'complete', target: 'submitting' } },
    },
    submitting: {
      tags: ['form:submitting'],
      entry: assign({ refusals: {}, failure: null }),
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => event.values,
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'failed',
            actions: assign({ refusals: ({ event }) => (event.output.kind === 'refused' ? event.output.fields : {}) }),
          },
          {
            target: 'registered',
            actions: [
              assign({ username: ({ event }) => (event.output.kind === 'registered' ? event.output.username : null) }),
              { type: 'startSession', params: ({ event }) => ({ token: event.output.kind === 'registered' ? event.output.token : '' }) },
            ],
          },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      on: { 'user.submit': { guard: 'complete', target: 'submitting' } },
    },
    registered: { type: 'final', tags: ['form:registered'] },
  },
});
