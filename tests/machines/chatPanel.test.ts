import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chatPanelMachine, type ChatContact, type ChatMessage, type ChatThread } from '../../machines/chatPanel.ts';

const contacts: ChatContact[] = [
  { id: 'support', name: 'Support', avatar: 'data:,', status: 'online', mood: '', unread: 2 },
  { id: 'ayse', name: 'Ayşe', avatar: 'data:,', status: 'away', mood: '', unread: 1 },
];

function start(options: { failChat?: boolean; failSend?: boolean } = {}) {
  const fetchContacts = vi.fn(async () => ({ contacts, userId: '1' }));
  const fetchChat = vi.fn(async (contactId: string): Promise<ChatThread> => {
    if (options.failChat) throw { code: 40000, message: 'nope', params: {} };
    return { id: `chat-${contactId}`, dialog: [] };
  });
  const sendMessage = vi.fn(async (input: { chatId: string; contactId: string; messageText: string }): Promise<ChatMessage> => {
    if (options.failSend) throw new Error('down');
    return { who: '1', message: input.messageText, time: '2026-01-01T10:00:00Z' };
  });
  const actor = createActor(
    chatPanelMachine.provide({
      actors: {
        fetchContacts: fromPromise(() => fetchContacts()),
        fetchChat: fromPromise(({ input }) => fetchChat(input.contactId)),
        sendMessage: fromPromise(({ input }) => sendMessage(input)),
      },
    }),
  ).start();
  return { actor, fetchContacts, fetchChat, sendMessage };
}

describe('chatPanel', () => {
  it('starts closed and loads the contacts for the unread badge', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    await waitFor(actor, (s) => s.context.contacts.length === 2);
  });

  it('opens on the toggle and shows the contacts with nothing selected', async () => {
    const { actor } = start();
    actor.send({ type: 'user.toggle' });
    await waitFor(actor, (s) => s.matches({ open: 'idle' }));
    expect(actor.getSnapshot().context.selectedContactId).toBeNull();
  });

  it('a contact clicked while closed opens the panel and loads that chat, marking it read', async () => {
    const { actor, fetchChat } = start();
    actor.send({ type: 'user.selectContact', contactId: 'support' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    await waitFor(actor, (s) => s.matches({ open: 'chatting' }));
    expect(fetchChat).toHaveBeenCalledWith('support');
    const s = actor.getSnapshot();
    expect(s.context.chat?.id).toBe('chat-support');
    expect(s.context.contacts.find((c) => c.id === 'support')?.unread).toBe(0);
  });

  it('sends a message and appends the answer, trimmed', async () => {
    const { actor, sendMessage } = start();
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { chatting: 'ready' } }));
    actor.send({ type: 'user.send', text: '  hello  ' });
    expect(actor.getSnapshot().matches({ open: { chatting: 'sending' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ open: { chatting: 'ready' } }));
    expect(sendMessage).toHaveBeenCalledWith({ chatId: 'chat-ayse', contactId: 'ayse', messageText: 'hello' });
    expect(actor.getSnapshot().context.chat?.dialog.map((m) => m.message)).toEqual(['hello']);
  });

  it('refuses an empty or blank message (SPEC §5)', async () => {
    const { actor, sendMessage } = start();
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { chatting: 'ready' } }));
    expect(actor.getSnapshot().can({ type: 'user.send', text: '' })).toBe(false);
    actor.send({ type: 'user.send', text: '' });
    actor.send({ type: 'user.send', text: '   \n ' });
    expect(actor.getSnapshot().matches({ open: { chatting: 'ready' } })).toBe(true);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('a failed send stays in the chat with the failure', async () => {
    const { actor } = start({ failSend: true });
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { chatting: 'ready' } }));
    actor.send({ type: 'user.send', text: 'hi' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches({ open: { chatting: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.chat?.dialog).toEqual([]);
  });

  it('close clears the selection and the chat', async () => {
    const { actor } = start();
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: 'chatting' }));
    actor.send({ type: 'user.close' });
    const s = actor.getSnapshot();
    expect(s.matches('closed')).toBe(true);
    expect(s.context.selectedContactId).toBeNull();
    expect(s.context.chat).toBeNull();
  });

  it('a failed chat load can be retried', async () => {
    const { actor, fetchChat } = start({ failChat: true });
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(actor.getSnapshot().context.failure?.code).toBe(40000);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches({ open: 'failed' }) && fetchChat.mock.calls.length === 2);
  });
});
