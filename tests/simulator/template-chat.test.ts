import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ErrorCode } from '../../protocol/errors.ts';
import { ChatContact, ChatUser, GetChatResponse, QuickPanelData, SendMessageResponse } from '../../protocol/template.ts';
import { call, errorOf, loginToken, MINUTE, startTestSimulator, START_TIME, type TestSimulator } from './helpers.ts';

/** The template's chat panel (/api/chat/*) and quick panel (/api/quick-panel/data). */

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator();
  token = await loginToken(t);
});
afterEach(async () => {
  await t.close();
});

const get = (path: string, as: string | null = token) => call(`${t.url}${path}`, as === null ? {} : { token: as });
const post = (path: string, body: unknown, as: string | null = token) => call(`${t.url}${path}`, as === null ? { body } : { body, token: as });
const contacts = async (as: string = token) => z.array(ChatContact).parse((await get('/api/chat/contacts', as)).body);
const openChat = async (contactId: string, as: string = token) =>
  GetChatResponse.parse((await get(`/api/chat/get-chat?contactId=${contactId}&userId=1`, as)).body);

function expectError(answer: Awaited<ReturnType<typeof call>>, status: number): void {
  expect(answer.status).toBe(status);
  expect(errorOf(answer).code).toBe(ErrorCode.invalidRequest);
}

describe('GET /api/chat/contacts and /api/chat/user', () => {
  it('lists demo contacts of every status with the player’s unread counts', async () => {
    const list = await contacts();
    expect(new Set(list.map((contact) => contact.status))).toEqual(new Set(['online', 'do-not-disturb', 'away', 'offline']));
    expect(Object.fromEntries(list.map((contact) => [contact.id, contact.unread]))).toEqual({
      support: 2,
      ayse: 1,
      mehmet: 0,
      emma: 0,
      sofia: 0,
      lucas: 0,
    });
    for (const contact of list) expect(contact.avatar).toMatch(/^data:image\/svg\+xml,/);
  });

  it('answers the chat user with the starter chats, most recent first', async () => {
    const user = ChatUser.parse((await get('/api/chat/user')).body);
    expect(user).toMatchObject({ id: '1', name: 'Demo Player', status: 'online', mood: '' });
    expect(user.chatList.map((entry) => entry.contactId)).toEqual(['support', 'ayse', 'mehmet']);
    expect(user.chatList[0]?.lastMessageTime).toBe(new Date(START_TIME - 2 * 60 * MINUTE + MINUTE).toISOString());
  });

  it('changes the player’s own status and mood', async () => {
    const answer = await post('/api/chat/user/data', { status: 'do-not-disturb', mood: 'On a hot streak' });
    expect(ChatUser.parse(answer.body)).toMatchObject({ status: 'do-not-disturb', mood: 'On a hot streak' });
    expect(ChatUser.parse((await get('/api/chat/user')).body)).toMatchObject({ status: 'do-not-disturb', mood: 'On a hot streak' });
    await post('/api/chat/user/data', { mood: 'Resting' });
    expect(ChatUser.parse((await get('/api/chat/user')).body)).toMatchObject({ status: 'do-not-disturb', mood: 'Resting' });
    expectError(await post('/api/chat/user/data', { status: 'sleeping' }), 400);
  });
});

describe('GET /api/chat/get-chat', () => {
  it('answers the dialog and marks the chat read', async () => {
    const { chat, userChatList } = await openChat('ayse');
    expect(chat.dialog.map((message) => message.who)).toEqual(['1', 'ayse']);
    expect(chat.dialog[1]?.message).toMatch(/free spins/);
    expect(userChatList.find((entry) => entry.contactId === 'ayse')?.chatId).toBe(chat.id);
    expect((await contacts()).find((contact) => contact.id === 'ayse')?.unread).toBe(0);
  });

  it('starts an empty chat with a contact the player has not talked to', async () => {
    const { chat, userChatList } = await openChat('emma');
    expect(chat.dialog).toEqual([]);
    expect(userChatList.map((entry) => entry.contactId)).toContain('emma');
    expect((await openChat('emma')).chat.id).toBe(chat.id);
  });

  it('answers 404 for an unknown contact, 400 without contactId, 401 without a token', async () => {
    const unknown = await get('/api/chat/get-chat?contactId=nobody');
    expectError(unknown, 404);
    expect(errorOf(unknown).Params).toEqual({ contactId: 'nobody' });
    expectError(await get('/api/chat/get-chat'), 400);
    expect((await get('/api/chat/get-chat?contactId=ayse', null)).status).toBe(401);
  });
});

describe('POST /api/chat/send-message', () => {
  it('appends the trimmed message, keeps it, and moves the chat to the top', async () => {
    const { chat } = await openChat('mehmet');
    t.clock.now += MINUTE;
    const answer = await post('/api/chat/send-message', { chatId: chat.id, contactId: 'mehmet', messageText: '  See you there!  ' });
    expect(answer.status).toBe(200);
    const sent = SendMessageResponse.parse(answer.body);
    expect(sent.message).toEqual({ who: '1', message: 'See you there!', time: new Date(START_TIME + MINUTE).toISOString() });
    expect(sent.userChatList[0]).toMatchObject({ chatId: chat.id, contactId: 'mehmet' });
    expect((await openChat('mehmet')).chat.dialog.at(-1)).toEqual(sent.message);
  });

  it('refuses empty, blank or over-long text', async () => {
    const { chat } = await openChat('support');
    for (const messageText of ['', '   \n ', 'x'.repeat(2001)]) {
      expectError(await post('/api/chat/send-message', { chatId: chat.id, contactId: 'support', messageText }), 400);
    }
    expect((await post('/api/chat/send-message', { chatId: chat.id, contactId: 'support', messageText: 'x'.repeat(2000) })).status).toBe(200);
  });

  it("refuses unknown chats, other players' chats and a contact that is not the chat's", async () => {
    const { chat } = await openChat('support');
    const player2 = await loginToken(t, 'player2', 'player2pass');
    const message = { chatId: chat.id, contactId: 'support', messageText: 'hello' };
    expectError(await post('/api/chat/send-message', message, player2), 404);
    expectError(await post('/api/chat/send-message', { ...message, chatId: '999' }), 404);
    expectError(await post('/api/chat/send-message', { ...message, chatId: 'abc' }), 404);
    expectError(await post('/api/chat/send-message', { ...message, contactId: 'ayse' }), 400);
    expectError(await post('/api/chat/send-message', { chatId: chat.id, contactId: 'support' }), 400);
    expect((await post('/api/chat/send-message', message, null)).status).toBe(401);
    // None of those landed.
    expect((await openChat('support')).chat.dialog).toHaveLength(2);
  });
});

describe('GET /api/quick-panel/data', () => {
  it('answers events and notes', async () => {
    const data = QuickPanelData.parse((await get('/api/quick-panel/data')).body);
    expect(data.events.length).toBeGreaterThan(0);
    expect(data.notes.length).toBeGreaterThan(0);
    expect(Object.keys(data.events[0] ?? {})).toEqual(['id', 'title', 'detail']);
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/quick-panel/data', null)).status).toBe(401);
    expect((await get('/api/chat/contacts', null)).status).toBe(401);
    expect((await get('/api/chat/user', null)).status).toBe(401);
    expect((await post('/api/chat/user/data', {}, null)).status).toBe(401);
  });
});
