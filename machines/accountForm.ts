/**
 * accountForm — a credentials form of the profile: change password, change PIN.
 *
 *   editing ──user.submit (every field valid)──▶ submitting ──saved──▶ editing
 *      ▲                                              │   fields cleared, `saved` emitted (the
 *      │                                              │   view's toast) and `announceSaved` run
 *      └───────────────────refused────────────────────┘   failure kept, shown on its field
 *   user.change edits a field (only while editing) and clears the failure shown on that field.
 *
 * The client checks only what the server cannot explain well (a field left empty, a PIN's
 * digits); the password's length is the server's to judge (40101 on the new password).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

export type FieldProblem = 'required' | 'pinFormat';

export interface AccountFormConfig<V extends Record<keyof V, string>> {
  id: string;
  empty: V;
  /** What is wrong with each field as typed (nothing: it may be sent). */
  check: (values: V) => Partial<Record<keyof V, FieldProblem>>;
  /** The field a refusal belongs on, by its SPEC §8 code; 'form' when it belongs to none. */
  fieldOf: (code: number | null) => keyof V | 'form';
}

export interface AccountFormContext<V> {
  values: V;
  failure: Failure | null;
  failureField: keyof V | 'form' | null;
}

export type AccountFormEvent<V> = { type: 'user.change'; field: keyof V; value: string } | { type: 'user.submit' };

export type AccountFormEmitted<O> = { type: 'saved'; output: O };

export function createAccountFormMachine<V extends Record<keyof V, string>, O>(config: AccountFormConfig<V>) {
  return setup({
    types: {
      context: {} as AccountFormContext<V>,
      events: {} as AccountFormEvent<V>,
      emitted: {} as AccountFormEmitted<O>,
      tags: {} as 'form:submitting',
    },
    actors: {
      submit: fromPromise<O, { values: V }>(async () => {
        throw new Error('submit not provided');
      }),
    },
    actions: {
      /** Tell the rest of the app (e.g. the new PIN hash for the idle lock). */
      announceSaved: (_, _params: { output: O }) => {},
    },
    guards: {
      valid: ({ context }) => Object.values(config.check(context.values)).every((problem) => problem === undefined),
    },
  }).createMachine({
    id: config.id,
    context: { values: config.empty, failure: null, failureField: null },
    initial: 'editing',
    states: {
      editing: {
        on: {
          'user.change': {
            actions: assign(({ context, event }) => {
              const clears = context.failureField === event.field;
              return {
                values: { ...context.values, [event.field]: event.value },
                failure: clears ? null : context.failure,
                failureField: clears ? null : context.failureField,
              };
            }),
          },
          'user.submit': { guard: 'valid', target: 'submitting', actions: assign({ failure: null, failureField: null }) },
        },
      },
      submitting: {
        tags: ['form:submitting'],
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({ values: context.values }),
          onDone: {
            target: 'editing',
            actions: [
              assign({ values: config.empty }),
              emit(({ event }) => ({ type: 'saved' as const, output: event.output })),
              { type: 'announceSaved', params: ({ event }) => ({ output: event.output }) },
            ],
          },
          onError: {
            target: 'editing',
            actions: assign(({ event }) => {
              const failure = toFailure(event.error);
              return { failure, failureField: config.fieldOf(failure.code) };
            }),
          },
        },
      },
    },
  });
}

// ---- the two forms of the profile -------------------------------------------------------------

const OLD_PASSWORD_WRONG = 40001;
const PASSWORD_TOO_SHORT = 40101;
const PASSWORD_UNCHANGED = 40102;

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
}

export const passwordForm: AccountFormConfig<PasswordValues> = {
  id: 'passwordChange',
  empty: { oldPassword: '', newPassword: '' },
  check: (v) => ({
    oldPassword: v.oldPassword === '' ? 'required' : undefined,
    newPassword: v.newPassword === '' ? 'required' : undefined,
  }),
  fieldOf: (code) => (code === OLD_PASSWORD_WRONG ? 'oldPassword' : code === PASSWORD_TOO_SHORT || code === PASSWORD_UNCHANGED ? 'newPassword' : 'form'),
};

export const passwordChangeMachine = createAccountFormMachine<PasswordValues, void>(passwordForm);

export interface PinValues {
  /** The account password, to prove it is the player. */
  password: string;
  pin: string;
}

/** A PIN is 4 to 6 digits (the server refuses anything else with 40000). */
export const PIN_PATTERN = /^\d{4,6}$/;

export const pinForm: AccountFormConfig<PinValues> = {
  id: 'pinChange',
  empty: { password: '', pin: '' },
  check: (v) => ({
    password: v.password === '' ? 'required' : undefined,
    pin: v.pin === '' ? 'required' : PIN_PATTERN.test(v.pin) ? undefined : 'pinFormat',
  }),
  fieldOf: (code) => (code === OLD_PASSWORD_WRONG ? 'password' : 'form'),
};

/** Saving answers the new PIN hash, which the idle lock compares against from now on. */
export const pinChangeMachine = createAccountFormMachine<PinValues, { pinCode: string }>(pinForm);
