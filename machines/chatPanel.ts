/**
 * chatPanel — the template's 'Team Chat' side panel (SPEC §2, §4 'Chat panel').
 *
 *   closed: settling ──after badgeRefresh──▶ refreshing (the contacts, for the unread badge) ──▶ current
 *     ──user.toggle / user.selectContact──▶ open
 *   open.conversation: loadingContacts ──fetched──▶ idle ──user.selectContact──▶ loadingChat ──▶ chatting
 *         (a contact picked before the list arrived goes straight on to loadingChat)
 *         chatting: ready ──user.send [text not blank]──▶ sending ──▶ ready
 *         loadingContacts / loadingChat ──fails──▶ failed ──user.retry──▶ loadingContacts
 *     ──user.close / user.toggle (Esc, outside click, close button)──▶ closed, selection cleared
 *   open runs two regions side by side: `conversation` (the above) and `status`, the player's own
 *   chat status (SPEC §3): idle ──user.setStatus [known, and another one]──▶ saving ──▶ idle;
 *   the saved status is the server's answer, a failure keeps the previous one with the failure.
 *
 * A blank message is refused by the `hasText` guard (SPEC §5); a failed send keeps the panel in
 * `chatting` with the failure shown.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure } from './failure.ts';
import type { ChatDirectory, ChatMessage, ChatPanelContext, ChatPanelEvent, ChatStatus, ChatThread } from './chatPanel.types.ts';

export * from './chatPanel.types.ts';

export const chatPanelMachine = setup({
  types: {
    context: {} as ChatPanelContext,
    events: {} as ChatPanelEvent,
    tags: {} as 'chat:open' | 'chat:loading' | 'chat:chatting' | 'chat:sending' | 'chat:failed' | 'status:saving',
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
    /** Saves the player's status; answers the status the server kept. */
    saveStatus: fromPromise<ChatStatus, { status: ChatStatus }>(async () => {
      throw new Error('saveStatus not provided');
    }),
  },
  guards: {
    hasSelection: ({ context }) => context.selectedContactId !== null,
    hasText: ({ event }) => event.type === 'user.send' && event.text.trim().length > 0,
    changesStatus: ({ context, event }) => event.type === 'user.setStatus' && context.status !== null && event.status !== context.status,
  },
  delays: {
    /** How long after the page shows (or the panel closes) the unread badge is refreshed. */
    badgeRefresh: 1000,
  },
  actions: {
    select: assign({
      selectedContactId: ({ event }) => (event.type === 'user.selectContact' ? event.contactId : null),
      chat: null,
      failure: null,
    }),
    clearSelection: assign({ selectedContactId: null, chat: null, failure: null }),
    keepDirectory: assign((_, directory: ChatDirectory) => ({
      contacts: directory.contacts,
      userId: directory.userId,
      status: directory.status,
    })),
  },
}).createMachine({
  id: 'chatPanel',
  context: {
    contacts: [],
    userId: null,
    selectedContactId: null,
    chat: null,
    failure: null,
    status: null,
    requestedStatus: null,
    statusFailure: null,
  },
  initial: 'closed',
  states: {
    closed: {
      // Keeps the toolbar's unread badge current, a moment after the page (or the panel's close):
      // not inside a page's first render, where its two requests and their parsing lengthened a
      // phone's longest task (docs/performance.md). A failure only leaves the badge as it was.
      initial: 'settling',
      states: {
        settling: {
          after: { badgeRefresh: 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'refreshContacts',
            src: 'fetchContacts',
            onDone: { target: 'current', actions: { type: 'keepDirectory', params: ({ event }) => event.output } },
            onError: 'current',
          },
        },
        current: {},
      },
      on: {
        'user.toggle': 'open',
        'user.selectContact': { target: 'open', actions: 'select' },
      },
    },
    open: {
      tags: ['chat:open'],
      type: 'parallel',
      on: {
        'user.close': { target: 'closed', actions: 'clearSelection' },
        'user.toggle': { target: 'closed', actions: 'clearSelection' },
      },
      states: {
        conversation: {
          initial: 'loadingContacts',
          states: {
            loadingContacts: {
              tags: ['chat:loading'],
              invoke: {
                id: 'fetchContacts',
                src: 'fetchContacts',
                onDone: [
                  {
                    guard: 'hasSelection',
                    target: 'loadingChat',
                    actions: { type: 'keepDirectory', params: ({ event }) => event.output },
                  },
                  { target: 'idle', actions: { type: 'keepDirectory', params: ({ event }) => event.output } },
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
              tags: ['chat:loading'],
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
              tags: ['chat:chatting'],
              initial: 'ready',
              on: { 'user.selectContact': { target: 'loadingChat', actions: 'select' } },
              states: {
                ready: {
                  on: { 'user.send': { guard: 'hasText', target: 'sending', actions: assign({ failure: null }) } },
                },
                sending: {
                  tags: ['chat:sending'],
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
                        chat: ({ context, event }) =>
                          context.chat ? { ...context.chat, dialog: [...context.chat.dialog, event.output] } : null,
                      }),
                    },
                    onError: { target: 'ready', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
                  },
                },
              },
            },
            failed: {
              tags: ['chat:failed'],
              on: {
                'user.retry': { target: 'loadingContacts', actions: assign({ failure: null }) },
                'user.selectContact': { target: 'loadingContacts', actions: 'select' },
              },
            },
          },
        },
        status: {
          initial: 'idle',
          // A change left unsaved when the panel closes is forgotten with its failure.
          exit: assign({ requestedStatus: null, statusFailure: null }),
          states: {
            idle: {
              on: {
                'user.setStatus': {
                  guard: 'changesStatus',
                  target: 'saving',
                  actions: assign({ requestedStatus: ({ event }) => event.status, statusFailure: null }),
                },
              },
            },
            saving: {
              tags: ['status:saving'],
              invoke: {
                id: 'saveStatus',
                src: 'saveStatus',
                input: ({ context }) => ({ status: context.requestedStatus ?? 'online' }),
                onDone: { target: 'idle', actions: assign({ status: ({ event }) => event.output, requestedStatus: null }) },
                onError: {
                  target: 'idle',
                  actions: assign({ requestedStatus: null, statusFailure: ({ event }) => toFailure(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});
