/**
 * settings — the operator's external settings.
 *
 *   loading ──/Settings.json parsed──▶ ready
 *      └──missing, unreachable or invalid──▶ ready (defaults, failure kept so it can be reported)
 *
 * Generic over the settings shape so machines stay independent of the wire schema.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

export interface SettingsContext<S> {
  settings: S;
  failure: Failure | null;
}

export function createSettingsMachine<S>(defaults: S) {
  return setup({
    types: {
      context: {} as SettingsContext<S>,
    },
    actors: {
      loadSettings: fromPromise<S, void>(async () => {
        throw new Error('loadSettings not provided');
      }),
    },
  }).createMachine({
    id: 'settings',
    context: { settings: defaults, failure: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'loadSettings',
          src: 'loadSettings',
          onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
          onError: { target: 'ready', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        },
      },
      ready: { type: 'final' },
    },
  });
}
