import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chatPanelMachine, type ChatContact, type ChatMessage, type ChatStatus, type ChatThread } from '../../machines/chatPanel.ts';

const contacts: ChatContact[] = [
  { id: 'support', name: 'Support', avatar: 'data:,', status: 'online', mood: '', unread: 2 },
  { id: 'ayse', name: 'Ayşe', avatar: 'data:,', status: 'away', mood: '', unread: 1 },
];

function start(options: { failChat?: boolean; failSend?: boolean; failStatus?: boolean } = {}) {
  /** What the server keeps. */
  const server: { status: ChatStatus } = { status: 'online' };
  const fetchContacts = vi.fn(async () => ({ contacts, userId: '1', status: server.status }));
  const fetchChat = vi.fn(async (contactId: string): Promise<ChatThread> => {
    if (options.failChat) throw { code: 40000, message: 'nope', params: {} };
    return { id: `chat-${contactId}`, dialog: [] };
  });
  const sendMessage = vi.fn(async (input: { chatId: string; contactId: string; messageText: string }): Promise<ChatMessage> => {
    if (options.failSend) throw new Error('down');
    return { who: '1', message: input.messageText, time: '2026-01-01T10:00:00Z' };
  });
  let finishSave: () => void = () => {};
  const saveStatus = vi.fn(
    (status: ChatStatus) =>
      new Promise<ChatStatus>((resolve, reject) => {
        finishSave = () => {
          if (options.failStatus) return reject({ code: 40000, message: 'invalid request', params: {} });
          server.status = status;
          resolve(status);
        };
      }),
  );
  const actor = createActor(
    chatPanelMachine.provide({
      actors: {
        fetchContacts: fromPromise(() => fetchContacts()),
        fetchChat: fromPromise(({ input }) => fetchChat(input.contactId)),
        sendMessage: fromPromise(({ input }) => sendMessage(input)),
        saveStatus: fromPromise(({ input }) => saveStatus(input.status)),
      },
    }),
  ).start();
  return { actor, server, fetchContacts, fetchChat, sendMessage, saveStatus, finishSave: () => finishSave() };
}

describe('chatPanel', () => {
  it('starts closed and loads the contacts for the unread badge a second later, not with the page', async () => {
    vi.useFakeTimers();
    try {
      const { actor, fetchContacts } = start();
      expect(actor.getSnapshot().matches('closed')).toBe(true);
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchContacts).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchContacts).toHaveBeenCalledTimes(1);
      await waitFor(actor, (s) => s.context.contacts.length === 2);
      expect(actor.getSnapshot().matches({ closed: 'current' })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a badge refresh that fails leaves the badge as it was, and the panel still opens', async () => {
    const failing = createActor(
      chatPanelMachine.provide({
        actors: { fetchContacts: fromPromise(async () => Promise.reject(new Error('down'))) },
        delays: { badgeRefresh: 0 },
      }),
    ).start();
    await waitFor(failing, (s) => s.matches({ closed: 'current' }));
    expect(failing.getSnapshot().context.contacts).toEqual([]);
    failing.send({ type: 'user.toggle' });
    expect(failing.getSnapshot().matches('open')).toBe(true);
  });

  it('opens on the toggle and shows the contacts with nothing selected', async () => {
    const { actor } = start();
    actor.send({ type: 'user.toggle' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: 'idle' } }));
    expect(actor.getSnapshot().context.selectedContactId).toBeNull();
  });

  it('a contact clicked while closed opens the panel and loads that chat, marking it read', async () => {
    const { actor, fetchChat } = start();
    actor.send({ type: 'user.selectContact', contactId: 'support' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    await waitFor(actor, (s) => s.matches({ open: { conversation: 'chatting' } }));
    expect(fetchChat).toHaveBeenCalledWith('support');
    const s = actor.getSnapshot();
    expect(s.context.chat?.id).toBe('chat-support');
    expect(s.context.contacts.find((c) => c.id === 'support')?.unread).toBe(0);
  });

  it('sends a message and appends the answer, trimmed', async () => {
    const { actor, sendMessage } = start();
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: { chatting: 'ready' } } }));
    actor.send({ type: 'user.send', text: '  hello  ' });
    expect(actor.getSnapshot().matches({ open: { conversation: { chatting: 'sending' } } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ open: { conversation: { chatting: 'ready' } } }));
    expect(sendMessage).toHaveBeenCalledWith({ chatId: 'chat-ayse', contactId: 'ayse', messageText: 'hello' });
    expect(actor.getSnapshot().context.chat?.dialog.map((m) => m.message)).toEqual(['hello']);
  });

  it('refuses an empty or blank message (SPEC §5)', async () => {
    const { actor, sendMessage } = start();
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: { chatting: 'ready' } } }));
    expect(actor.getSnapshot().can({ type: 'user.send', text: '' })).toBe(false);
    actor.send({ type: 'user.send', text: '' });
    actor.send({ type: 'user.send', text: '   \n ' });
    expect(actor.getSnapshot().matches({ open: { conversation: { chatting: 'ready' } } })).toBe(true);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('a failed send stays in the chat with the failure', async () => {
    const { actor } = start({ failSend: true });
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: { chatting: 'ready' } } }));
    actor.send({ type: 'user.send', text: 'hi' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches({ open: { conversation: { chatting: 'ready' } } })).toBe(true);
    expect(actor.getSnapshot().context.chat?.dialog).toEqual([]);
  });

  it('close clears the selection and the chat', async () => {
    const { actor } = start();
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: 'chatting' } }));
    actor.send({ type: 'user.close' });
    const s = actor.getSnapshot();
    expect(s.matches('closed')).toBe(true);
    expect(s.context.selectedContactId).toBeNull();
    expect(s.context.chat).toBeNull();
  });

  it('a failed chat load can be retried', async () => {
    const { actor, fetchChat } = start({ failChat: true });
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: 'failed' } }));
    expect(actor.getSnapshot().context.failure?.code).toBe(40000);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: 'failed' } }) && fetchChat.mock.calls.length === 2);
  });

  it('the player’s own status comes with the contacts, and a change shows once the server kept it', async () => {
    const { actor, saveStatus, finishSave } = start();
    actor.send({ type: 'user.toggle' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: 'idle' } }));
    expect(actor.getSnapshot().context.status).toBe('online');

    actor.send({ type: 'user.setStatus', status: 'away' });
    let s = actor.getSnapshot();
    expect(s.matches({ open: { status: 'saving' } })).toBe(true);
    expect(s.context.requestedStatus).toBe('away');
    expect(s.context.status).toBe('online');
    expect(saveStatus).toHaveBeenCalledWith('away');
    // One change at a time: another choice while saving is not taken.
    expect(s.can({ type: 'user.setStatus', status: 'offline' })).toBe(false);

    finishSave();
    s = await waitFor(actor, (snap) => snap.matches({ open: { status: 'idle' } }));
    expect(s.context.status).toBe('away');
    expect(s.context.requestedStatus).toBeNull();
    expect(saveStatus).toHaveBeenCalledTimes(1);
  });

  it('choosing the status it already has sends nothing', async () => {
    const { actor, saveStatus } = start();
    actor.send({ type: 'user.toggle' });
    await waitFor(actor, (s) => s.context.status === 'online');
    expect(actor.getSnapshot().can({ type: 'user.setStatus', status: 'online' })).toBe(false);
    actor.send({ type: 'user.setStatus', status: 'online' });
    expect(actor.getSnapshot().matches({ open: { status: 'idle' } })).toBe(true);
    expect(saveStatus).not.toHaveBeenCalled();
  });

  it('the status cannot change before it is known', () => {
    const { actor } = start();
    actor.send({ type: 'user.toggle' });
    expect(actor.getSnapshot().context.status).toBeNull();
    expect(actor.getSnapshot().can({ type: 'user.setStatus', status: 'away' })).toBe(false);
  });

  it('a failed status change keeps the previous status and the failure, until the next try or close', async () => {
    const { actor, finishSave } = start({ failStatus: true });
    actor.send({ type: 'user.toggle' });
    await waitFor(actor, (s) => s.context.status === 'online');
    actor.send({ type: 'user.setStatus', status: 'do-not-disturb' });
    finishSave();
    let s = await waitFor(actor, (snap) => snap.context.statusFailure !== null);
    expect(s.matches({ open: { status: 'idle' } })).toBe(true);
    expect(s.context.status).toBe('online');
    expect(s.context.requestedStatus).toBeNull();
    expect(s.context.statusFailure?.code).toBe(40000);
    // the conversation is not touched by it
    expect(s.context.failure).toBeNull();

    actor.send({ type: 'user.setStatus', status: 'away' });
    expect(actor.getSnapshot().context.statusFailure).toBeNull();
    finishSave();
    s = await waitFor(actor, (snap) => snap.context.statusFailure !== null);
    expect(s.context.status).toBe('online');
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().context.statusFailure).toBeNull();
  });

  it('the status region runs beside the conversation: a chat stays open while the status is saved', async () => {
    const { actor, finishSave } = start();
    actor.send({ type: 'user.selectContact', contactId: 'ayse' });
    await waitFor(actor, (s) => s.matches({ open: { conversation: { chatting: 'ready' } } }));
    actor.send({ type: 'user.setStatus', status: 'offline' });
    expect(actor.getSnapshot().matches({ open: { conversation: { chatting: 'ready' }, status: 'saving' } })).toBe(true);
    finishSave();
    const s = await waitFor(actor, (snap) => snap.context.status === 'offline');
    expect(s.matches({ open: { conversation: { chatting: 'ready' }, status: 'idle' } })).toBe(true);
  });

  it('the status is read again with the contacts on every opening', async () => {
    const { actor, server, finishSave } = start();
    actor.send({ type: 'user.toggle' });
    await waitFor(actor, (s) => s.context.status === 'online');
    actor.send({ type: 'user.setStatus', status: 'away' });
    finishSave();
    await waitFor(actor, (s) => s.context.status === 'away');
    actor.send({ type: 'user.close' });
    server.status = 'offline'; // changed elsewhere (another tab)
    actor.send({ type: 'user.toggle' });
    await waitFor(actor, (s) => s.context.status === 'offline');
  });
});
