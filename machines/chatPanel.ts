/**
 * chatPanel — the template's 'Team Chat' side panel (SPEC §2, §4 'Chat panel').
 *
 *   closed (refreshes the contacts for the unread badge)
 *     ──user.open / user.toggle / user.selectContact──▶ open
 *   open: loadingContacts ──fetched──▶ idle ──user.selectContact──▶ loadingChat ──▶ chatting
 *         (a contact picked before the list arrived goes straight on to loadingChat)
 *         chatting: ready ──user.send [text not blank]──▶ sending ──▶ ready
 *         loadingContacts / loadingChat ──fails──▶ failed ──user.retry──▶ loadingContacts
 *     ──user.close / user.toggle (Esc, outside click, close button)──▶ closed, selection cleared
 *
 * A blank message is refused by the `hasText` guard (SPEC §5); a failed send keeps the panel in
 * `chatting` with the failure shown.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

export type ChatStatus = 'online' | 'do-not-disturb' | 'away' | 'offline';

export interface ChatContact {
  id: string;
  name: string;
  avatar: string;
  status: ChatStatus;
  mood: string;
  unread: number;
}

export interface ChatMessage {
  who: string;
  message: string;
  time: string;
}

export interface ChatThread {
  id: string;
  dialog: ChatMessage[];
}

export interface ChatDirectory {
  contacts: ChatContact[];
  /** The player as a chat user: messages whose `who` is this id are the player's own. */
  userId: string;
}

// ---- Events ---------------------------------------------------------------------------------

export type ChatPanelEvent =
  | { type: 'user.open' }
  | { type: 'user.toggle' }
  | { type: 'user.close' }
  | { type: 'user.selectContact'; contactId: string }
  | { type: 'user.send'; text: string }
  | { type: 'user.retry' };

// ---- Context --------------------------------------------------------------------------------

export interface ChatPanelContext {
  contacts: ChatContact[];
  userId: string | null;
  selectedContactId: string | null;
  chat: ChatThread | null;
  failure: Failure | null;
}

export const chatPanelMachine = setup({
  types: {
    context: {} as ChatPanelContext,
    events: {} as ChatPanelEvent,
  },
  actors: {
    fetchContacts: fromPromise<ChatDirectory, void>(async () => {
      throw new Error('fetchContacts not provided');
    }),
    fetchChat: fromPromise<ChatThread, { contactId: string }>(async () => {
      throw new Error('fetchChat not provided');
    }),
    sendMessage: fromPromise<ChatMessage, { chatId: string; contactId: string; messageText: string }>(async () => {
      throw new Error('sendMessage not provided');
    }),
  },
  guards: {
    hasSelection: ({ context }) => context.selectedContactId !== null,
    hasText: ({ event }) => event.type === 'user.send' && event.text.trim().length > 0,
  },
  actions: {
    select: assign({
      selectedContactId: ({ event }) => (event.type === 'user.selectContact' ? event.contactId : null),
      chat: null,
      failure: null,
    }),
    clearSelection: assign({ selectedContactId: null, chat: null, failure: null }),
  },
}).createMachine({
  id: 'chatPanel',
  context: { contacts: [], userId: null, selectedContactId: null, chat: null, failure: null },
  initial: 'closed',
  states: {
    closed: {
      // Keeps the toolbar's unread badge current; a failure only leaves the badge as it was.
      invoke: {
        id: 'refreshContacts',
        src: 'fetchContacts',
        onDone: { actions: assign({ contacts: ({ event }) => event.output.contacts, userId: ({ event }) => event.output.userId }) },
      },
      on: {
        'user.open': 'open',
        'user.toggle': 'open',
        'user.selectContact': { target: 'open', actions: 'select' },
      },
    },
    open: {
      initial: 'loadingContacts',
      on: {
        'user.close': { target: 'closed', actions: 'clearSelection' },
        'user.toggle': { target: 'closed', actions: 'clearSelection' },
      },
      states: {
        loadingContacts: {
          invoke: {
            id: 'fetchContacts',
            src: 'fetchContacts',
            onDone: [
              {
                guard: 'hasSelection',
                target: 'loadingChat',
                actions: assign({ contacts: ({ event }) => event.output.contacts, userId: ({ event }) => event.output.userId }),
              },
              {
                target: 'idle',
                actions: assign({ contacts: ({ event }) => event.output.contacts, userId: ({ event }) => event.output.userId }),
              },
            ],
            onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
          },
          // Picked before the list arrived: remembered, opened once the list is there.
          on: { 'user.selectContact': { actions: 'select' } },
        },
        idle: {
          on: { 'user.selectContact': { target: 'loadingChat', actions: 'select' } },
        },
        loadingChat: {
          invoke: {
            id: 'fetchChat',
            src: 'fetchChat',
            input: ({ context }) => ({ contactId: context.selectedContactId ?? '' }),
            onDone: {
              target: 'chatting',
              // Opening a chat marks it read on the server; the list follows without a reload.
              actions: assign({
                chat: ({ event }) => event.output,
                contacts: ({ context }) =>
                  context.contacts.map((c) => (c.id === context.selectedContactId ? { ...c, unread: 0 } : c)),
              }),
            },
            onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
          },
          on: { 'user.selectContact': { target: 'loadingChat', reenter: true, actions: 'select' } },
        },
        chatting: {
          initial: 'ready',
          on: { 'user.selectContact': { target: 'loadingChat', actions: 'select' } },
          states: {
            ready: {
              on: { 'user.send': { guard: 'hasText', target: 'sending', actions: assign({ failure: null }) } },
            },
            sending: {
              invoke: {
                id: 'sendMessage',
                src: 'sendMessage',
                input: ({ context, event }) => ({
                  chatId: context.chat?.id ?? '',
                  contactId: context.selectedContactId ?? '',
                  messageText: event.type === 'user.send' ? event.text.trim() : '',
                }),
                onDone: {
                  target: 'ready',
                  actions: assign({
                    chat: ({ context, event }) => (context.chat ? { ...context.chat, dialog: [...context.chat.dialog, event.output] } : null),
                  }),
                },
                onError: { target: 'ready', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
              },
            },
          },
        },
        failed: {
          on: {
            'user.retry': { target: 'loadingContacts', actions: assign({ failure: null }) },
            'user.selectContact': { target: 'loadingContacts', actions: 'select' },
          },
        },
      },
    },
  },
});
