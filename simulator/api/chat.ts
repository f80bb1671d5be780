import { z } from 'zod/mini';
import { ErrorCode } from '../../protocol/errors.ts';
import {
  ChatContact,
  ChatUser,
  ChatUserUpdate,
  GetChatQuery,
  GetChatResponse,
  SendMessageRequest,
  SendMessageResponse,
  type ChatListEntry,
  type ChatMessage,
} from '../../protocol/template.ts';
import { ApiFailure } from '../http/errors.ts';
import { ok, type Route } from '../http/router.ts';
import { ChatStore, type ChatProfile, type MessageRecord } from '../store/chat.ts';
import type { PlayerRecord } from '../store/store.ts';
import { authenticate } from './authenticate.ts';
import { DEMO_CONTACTS, initialsAvatar, starterChats } from './chat-contacts.ts';
import type { ApiDeps } from './deps.ts';

/**
 * The template's chat panel (SPEC §7), persisted per player: contacts with unread counts, the
 * player's chat user, a chat's dialog (opening it marks it read) and sending a message.
 * Contacts do not answer: it is demo content.
 */

const PLAYER_COLOR = '#37474f';
const iso = (at: number) => new Date(at).toISOString();

export function chatRoutes(deps: ApiDeps): Route[] {
  const chats = new ChatStore(deps.store);
  // Every call starts here, so a player's starter chats exist before anything reads them.
  const profileOf = (player: PlayerRecord) => chats.profile(player.id, starterChats(deps.now()));
  const chatList = (player: PlayerRecord): ChatListEntry[] =>
    chats.chats(player.id).map((chat) => ({
      chatId: String(chat.id),
      contactId: chat.contactId,
      lastMessageTime: chat.lastMessageAt === null ? null : iso(chat.lastMessageAt),
    }));
  const chatUser = (player: PlayerRecord, profile: ChatProfile): ChatUser => {
    const name = `${player.name} ${player.lastname}`.trim();
    return { id: String(player.id), name, avatar: initialsAvatar(name, PLAYER_COLOR), ...profile, chatList: chatList(player) };
  };
  const toMessage = (player: PlayerRecord, contactId: string, message: MessageRecord): ChatMessage => ({
    who: message.fromPlayer ? String(player.id) : contactId,
    message: message.text,
    time: iso(message.at),
  });

  return [
    {
      method: 'GET',
      path: '/api/chat/contacts',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        profileOf(player);
        const unread = new Map(chats.chats(player.id).map((chat) => [chat.contactId, chat.unread]));
        const contacts = DEMO_CONTACTS.map((contact) => ({
          id: contact.id,
          name: contact.name,
          avatar: initialsAvatar(contact.name, contact.color),
          status: contact.status,
          mood: contact.mood,
          unread: unread.get(contact.id) ?? 0,
        }));
        return ok(z.array(ChatContact), contacts);
      },
    },
    {
      method: 'GET',
      path: '/api/chat/user',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        return ok(ChatUser, chatUser(player, profileOf(player)));
      },
    },
    {
      method: 'POST',
      path: '/api/chat/user/data',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const change = await request.body(ChatUserUpdate);
        const profile = profileOf(player);
        chats.updateProfile(player.id, change);
        const updated = { status: change.status ?? profile.status, mood: change.mood ?? profile.mood };
        return ok(ChatUser, chatUser(player, updated));
      },
    },
    {
      method: 'GET',
      path: '/api/chat/get-chat',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        // userId is the template's; the token already says whose chats these are.
        const { contactId } = request.query(GetChatQuery);
        if (!DEMO_CONTACTS.some((contact) => contact.id === contactId)) {
          throw new ApiFailure(404, ErrorCode.invalidRequest, 'unknown contact', { contactId });
        }
        profileOf(player);
        const chat = chats.chatWith(player.id, contactId);
        chats.markRead(chat.id);
        const dialog = chats.messages(chat.id).map((message) => toMessage(player, contactId, message));
        return ok(GetChatResponse, { chat: { id: String(chat.id), dialog }, userChatList: chatList(player) });
      },
    },
    {
      method: 'POST',
      path: '/api/chat/send-message',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const { chatId, messageText, contactId } = await request.body(SendMessageRequest);
        profileOf(player);
        const chat = /^\d{1,15}$/.test(chatId) ? chats.chat(player.id, Number(chatId)) : undefined;
        if (!chat) throw new ApiFailure(404, ErrorCode.invalidRequest, 'unknown chat', { chatId });
        if (chat.contactId !== contactId) {
          throw new ApiFailure(400, ErrorCode.invalidRequest, 'invalid request', {
            issues: [{ path: 'contactId', code: 'custom', message: 'not the contact of this chat' }],
          });
        }
        const message: MessageRecord = { fromPlayer: true, text: messageText, at: deps.now() };
        chats.addMessage(chat.id, message);
        return ok(SendMessageResponse, { message: toMessage(player, contactId, message), userChatList: chatList(player) });
      },
    },
  ];
}
