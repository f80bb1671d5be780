import type { DatabaseSync } from 'node:sqlite';
import type { ChatStatus } from '../../protocol/template.ts';
import { int, intOrNull, text, type Row } from './rows.ts';
import type { Store } from './store.ts';

/**
 * The chat panel's state per player: their own status and mood, one chat per contact they
 * have talked to, its messages and unread count. Contacts themselves are demo data in code.
 */

export interface ChatProfile {
  status: ChatStatus;
  mood: string;
}

export interface ChatRecord {
  id: number;
  contactId: string;
  unread: number;
  lastMessageAt: number | null;
}

export interface MessageRecord {
  fromPlayer: boolean;
  text: string;
  at: number;
}

/** A conversation a new player finds waiting, so the panel is not empty on first open. */
export interface StarterChat {
  contactId: string;
  unread: number;
  messages: MessageRecord[];
}

export class ChatStore {
  readonly #store: Store;
  readonly #db: DatabaseSync;

  constructor(store: Store) {
    this.#store = store;
    this.#db = store.database;
  }

  /** The player's profile, creating it with the starter chats on first use. */
  profile(playerId: number, starters: readonly StarterChat[]): ChatProfile {
    const existing = this.#profileRow(playerId);
    if (existing) return existing;
    return this.#store.transaction(() => {
      const again = this.#profileRow(playerId);
      if (again) return again;
      this.#db.prepare("INSERT INTO chat_profiles (player_id, status, mood) VALUES (?, 'online', '')").run(playerId);
      for (const starter of starters) {
        const chatId = this.#insertChat(playerId, starter.contactId);
        for (const message of starter.messages) this.#insertMessage(chatId, message);
        this.#db.prepare('UPDATE chats SET unread = ? WHERE id = ?').run(starter.unread, chatId);
      }
      return { status: 'online', mood: '' };
    });
  }

  updateProfile(playerId: number, change: Partial<ChatProfile>): void {
    if (change.status !== undefined) {
      this.#db.prepare('UPDATE chat_profiles SET status = ? WHERE player_id = ?').run(change.status, playerId);
    }
    if (change.mood !== undefined) {
      this.#db.prepare('UPDATE chat_profiles SET mood = ? WHERE player_id = ?').run(change.mood, playerId);
    }
  }

  /** Most recent conversation first. */
  chats(playerId: number): ChatRecord[] {
    return (
      this.#db
        .prepare('SELECT * FROM chats WHERE player_id = ? ORDER BY coalesce(last_message_at, 0) DESC, id DESC')
        .all(playerId) as Row[]
    ).map(toChat);
  }

  chat(playerId: number, chatId: number): ChatRecord | undefined {
    const row = this.#db.prepare('SELECT * FROM chats WHERE player_id = ? AND id = ?').get(playerId, chatId) as Row | undefined;
    return row && toChat(row);
  }

  /** The player's chat with the contact, started (empty) if there is none yet. */
  chatWith(playerId: number, contactId: string): ChatRecord {
    const row = this.#db.prepare('SELECT * FROM chats WHERE player_id = ? AND contact_id = ?').get(playerId, contactId) as Row | undefined;
    if (row) return toChat(row);
    return { id: this.#insertChat(playerId, contactId), contactId, unread: 0, lastMessageAt: null };
  }

  messages(chatId: number): MessageRecord[] {
    return (this.#db.prepare('SELECT * FROM chat_messages WHERE chat_id = ? ORDER BY id').all(chatId) as Row[]).map((row) => ({
      fromPlayer: int(row, 'from_player') === 1,
      text: text(row, 'text'),
      at: int(row, 'at'),
    }));
  }

  markRead(chatId: number): void {
    this.#db.prepare('UPDATE chats SET unread = 0 WHERE id = ?').run(chatId);
  }

  addMessage(chatId: number, message: MessageRecord): void {
    this.#store.transaction(() => this.#insertMessage(chatId, message));
  }

  #profileRow(playerId: number): ChatProfile | undefined {
    const row = this.#db.prepare('SELECT status, mood FROM chat_profiles WHERE player_id = ?').get(playerId) as Row | undefined;
    return row && { status: text(row, 'status') as ChatStatus, mood: text(row, 'mood') };
  }

  #insertChat(playerId: number, contactId: string): number {
    const result = this.#db.prepare('INSERT INTO chats (player_id, contact_id) VALUES (?, ?)').run(playerId, contactId);
    return Number(result.lastInsertRowid);
  }

  #insertMessage(chatId: number, message: MessageRecord): void {
    this.#db
      .prepare('INSERT INTO chat_messages (chat_id, from_player, text, at) VALUES (?, ?, ?, ?)')
      .run(chatId, message.fromPlayer ? 1 : 0, message.text, message.at);
    this.#db
      .prepare('UPDATE chats SET last_message_at = max(coalesce(last_message_at, 0), ?) WHERE id = ?')
      .run(message.at, chatId);
  }
}

function toChat(row: Row): ChatRecord {
  return {
    id: int(row, 'id'),
    contactId: text(row, 'contact_id'),
    unread: int(row, 'unread'),
    lastMessageAt: intOrNull(row, 'last_message_at'),
  };
}
