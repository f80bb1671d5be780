/**
 * uiSettings — the player's look (SPEC §3 Settings, §6): theme presets (main, navbar, toolbar,
 * footer), layout, direction, custom scrollbars, animations, and the shortcuts menu's items.
 *
 *   guest ── loading (readLocal: this browser's copy) ──▶ ready
 *            ready ──user.change | user.addShortcut | user.removeShortcut | user.reset──▶ saving
 *            saving ──(saveDelay, restarted by every change)──▶ ready, writeLocal
 *   player ── loading (fetchRemote: GET /api/auth/user) ──▶ ready
 *            ready ──changes──▶ saving.debouncing ──saveDelay──▶ saving.writing (saveRemote) ──▶ ready
 *   guest ──session.login──▶ player (a guest change still waiting is written first)
 *   player ──session.logout──▶ guest (the guest's own settings come back)
 *
 * A load that fails keeps the defaults; a save that fails keeps the change on screen (failure
 * kept). Changes are applied at once; only the saving waits. Side effects are named
 * placeholders; src/app provides the real ones.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure } from './failure.ts';
import type { StoredUiSettings, UiSettings, UiSettingsContext, UiSettingsEvent, UiSettingsInput } from './uiSettings.types.ts';

export * from './uiSettings.types.ts';

/** At most this many shortcuts are kept. */
export const MAX_SHORTCUTS = 20;

/** The stored part laid over the base. */
export function mergeSettings(base: UiSettings, stored: StoredUiSettings | null | undefined): UiSettings {
  if (!stored) return base;
  return { ...base, ...stored, theme: { ...base.theme, ...stored.theme } } as UiSettings;
}

const changes = { target: 'saving', reenter: true } as const;

export const uiSettingsMachine = setup({
  types: {
    input: {} as UiSettingsInput,
    context: {} as UiSettingsContext,
    events: {} as UiSettingsEvent,
    tags: {} as 'look:loading' | 'look:saving' | 'look:player',
  },
  actors: {
    /** The guest's settings kept in this browser (null: none yet). */
    readLocal: fromPromise<StoredUiSettings | null, void>(async () => {
      throw new Error('readLocal not provided');
    }),
    /** The player's settings kept in their profile (null: none yet). */
    fetchRemote: fromPromise<StoredUiSettings | null, void>(async () => {
      throw new Error('fetchRemote not provided');
    }),
    saveRemote: fromPromise<void, { settings: UiSettings }>(async () => {
      throw new Error('saveRemote not provided');
    }),
  },
  actions: {
    /** Keep the guest's settings in this browser. */
    writeLocal: (_, _params: { settings: UiSettings }) => {},
    loaded: assign({
      settings: ({ context }, params: { stored: StoredUiSettings | null }) => mergeSettings(context.defaults, params.stored),
      failure: null,
    }),
    loadFailed: assign({
      settings: ({ context }) => context.defaults,
      failure: (_, params: { error: unknown }) => toFailure(params.error),
    }),
    saveFailed: assign({ failure: (_, params: { error: unknown }) => toFailure(params.error) }),
    saved: assign({ failure: null }),
    applyChange: assign({
      settings: ({ context, event }) => {
        switch (event.type) {
          case 'user.change':
            return mergeSettings(context.settings, event.patch);
          case 'user.addShortcut':
            return context.settings.shortcuts.includes(event.id) || context.settings.shortcuts.length >= MAX_SHORTCUTS
              ? context.settings
              : { ...context.settings, shortcuts: [...context.settings.shortcuts, event.id] };
          case 'user.removeShortcut':
            return { ...context.settings, shortcuts: context.settings.shortcuts.filter((id) => id !== event.id) };
          case 'user.reset':
            // The look goes back to the defaults; the shortcuts are the player's list, not a look.
            return { ...context.defaults, shortcuts: context.settings.shortcuts };
          default:
            return context.settings;
        }
      },
    }),
  },
  delays: {
    /** Quiet time after the last change before it is saved (a slider or a run of clicks saves once). */
    saveDelay: 600,
  },
}).createMachine({
  id: 'uiSettings',
  context: ({ input }) => ({ defaults: input.defaults, settings: input.defaults, failure: null }),
  initial: 'guest',
  states: {
    guest: {
      initial: 'loading',
      on: { 'session.login': '#uiSettings.player' },
      states: {
        loading: {
          tags: ['look:loading'],
          invoke: {
            src: 'readLocal',
            onDone: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => ({ stored: event.output }) } },
            onError: { target: 'ready', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          on: {
            'user.change': { target: 'saving', actions: 'applyChange' },
            'user.addShortcut': { target: 'saving', actions: 'applyChange' },
            'user.removeShortcut': { target: 'saving', actions: 'applyChange' },
            'user.reset': { target: 'saving', actions: 'applyChange' },
          },
        },
        saving: {
          tags: ['look:saving'],
          on: {
            'user.change': { ...changes, actions: 'applyChange' },
            'user.addShortcut': { ...changes, actions: 'applyChange' },
            'user.removeShortcut': { ...changes, actions: 'applyChange' },
            'user.reset': { ...changes, actions: 'applyChange' },
            'session.login': {
              target: '#uiSettings.player',
              actions: { type: 'writeLocal', params: ({ context }) => ({ settings: context.settings }) },
            },
          },
          after: {
            saveDelay: { target: 'ready', actions: { type: 'writeLocal', params: ({ context }) => ({ settings: context.settings }) } },
          },
        },
      },
    },
    player: {
      tags: ['look:player'],
      initial: 'loading',
      on: { 'session.logout': '#uiSettings.guest' },
      states: {
        loading: {
          tags: ['look:loading'],
          invoke: {
            src: 'fetchRemote',
            onDone: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => ({ stored: event.output }) } },
            onError: { target: 'ready', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          on: {
            'user.change': { target: 'saving', actions: 'applyChange' },
            'user.addShortcut': { target: 'saving', actions: 'applyChange' },
            'user.removeShortcut': { target: 'saving', actions: 'applyChange' },
            'user.reset': { target: 'saving', actions: 'applyChange' },
          },
        },
        saving: {
          tags: ['look:saving'],
          initial: 'debouncing',
          on: {
            'user.change': { ...changes, actions: 'applyChange' },
            'user.addShortcut': { ...changes, actions: 'applyChange' },
            'user.removeShortcut': { ...changes, actions: 'applyChange' },
            'user.reset': { ...changes, actions: 'applyChange' },
          },
          states: {
            debouncing: { after: { saveDelay: 'writing' } },
            writing: {
              invoke: {
                src: 'saveRemote',
                input: ({ context }) => ({ settings: context.settings }),
                onDone: { target: '#uiSettings.player.ready', actions: 'saved' },
                onError: { target: '#uiSettings.player.ready', actions: { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});
