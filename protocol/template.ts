import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';
import { PlayerProfile } from './auth.ts';

/**
 * Calls of the admin-dashboard template the client still carries (SPEC §7: register, user
 * settings, chat panel, quick panel). Demo content, but persisted by the simulator.
 */

// ---- register ----------------------------------------------------------------------------

export const RegisterRequest = lazySchema(() => z.object({
  username: z
    .string()
    .check(
      z.minLength(4),
      z.maxLength(32),
      z.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, _ . - (starting with a letter or digit)'),
    ),
  password: z.string().check(z.minLength(8), z.maxLength(128)),
  email: z.email().check(z.maxLength(254)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  lastname: z._default(z.string().check(z.trim(), z.maxLength(64)), ''),
  /** The idle-lock PIN; without one the player gets the operator's DEFAULT_PIN (settings). */
  pin: z.optional(z.string().check(z.regex(/^\d{4,6}$/, 'a PIN is 4 to 6 digits'))),
}));
export type RegisterRequest = z.input<typeof RegisterRequest>;

/** The sign-up fields a form checks as it is filled in. */
export type RegisterField = 'username' | 'password' | 'email' | 'name';

/**
 * Whether a value passes its field's rule in RegisterRequest — the very schema the simulator's
 * /auth/register validates with, so a form can say what is wrong before asking the server.
 */
export function registerFieldValid(field: RegisterField, value: string): boolean {
  return RegisterRequest.shape[field].safeParse(value).success;
}

/** Success logs the new player in; a taken username answers `error` (a form result, status 200). */
export const RegisterResult = lazySchema(() => z.union([
  z.object({ user: PlayerProfile, access_token: z.string().check(z.minLength(1)) }),
  z.object({ error: z.record(z.string(), z.string()) }),
]));
export type RegisterResult = z.infer<typeof RegisterResult>;

// ---- UI settings -------------------------------------------------------------------------

/** Largest stored settings document, as compact JSON in UTF-8 bytes. */
export const MAX_USER_SETTINGS_BYTES = 16 * 1024;

const SettingsDocument = lazySchema(() => z.record(z.string(), z.unknown()).check(
  // TextEncoder, not Buffer: this file runs in the browser too.
  z.refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= MAX_USER_SETTINGS_BYTES, {
    message: `at most ${MAX_USER_SETTINGS_BYTES} bytes of JSON`,
  }),
));

/** The player's UI settings (layout, theme, shortcuts, ...): any JSON object, replaced whole. */
export const UserSettingsUpdate = lazySchema(() => z.object({ user: SettingsDocument }));
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdate>;

export const UserSettingsResponse = lazySchema(() => z.object({
  user: z.record(z.string(), z.unknown()),
  /** null until the first update. */
  updatedAt: z.nullable(z.string()),
}));
export type UserSettingsResponse = z.infer<typeof UserSettingsResponse>;

// ---- chat panel --------------------------------------------------------------------------

export const ChatStatus = lazySchema(() => z.enum(['online', 'do-not-disturb', 'away', 'offline']));
export type ChatStatus = z.infer<typeof ChatStatus>;

export const ChatContact = lazySchema(() => z.object({
  id: z.string(),
  name: z.string(),
  /** An image URL (the simulator sends small data: SVGs). */
  avatar: z.string(),
  status: ChatStatus,
  mood: z.string(),
  /** Messages from this contact the player has not opened yet. */
  unread: z.int().check(z.nonnegative()),
}));
export type ChatContact = z.infer<typeof ChatContact>;

export const ChatListEntry = lazySchema(() => z.object({
  chatId: z.string(),
  contactId: z.string(),
  lastMessageTime: z.nullable(z.string()),
}));
export type ChatListEntry = z.infer<typeof ChatListEntry>;

export const ChatUser = lazySchema(() => z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string(),
  status: ChatStatus,
  mood: z.string(),
  chatList: z.array(ChatListEntry),
}));
export type ChatUser = z.infer<typeof ChatUser>;

/** POST /chat/user/data: what the player may change about themself in the chat panel. */
export const ChatUserUpdate = lazySchema(() => z.object({
  status: z.optional(ChatStatus),
  mood: z.optional(z.string().check(z.maxLength(200))),
}));
export type ChatUserUpdate = z.infer<typeof ChatUserUpdate>;

export const ChatMessage = lazySchema(() => z.object({
  /** The sender: the player's chat user id or a contact id. */
  who: z.string(),
  message: z.string(),
  time: z.string(),
}));
export type ChatMessage = z.infer<typeof ChatMessage>;

export const Chat = lazySchema(() => z.object({ id: z.string(), dialog: z.array(ChatMessage) }));
export type Chat = z.infer<typeof Chat>;

export const GetChatQuery = lazySchema(() => z.object({
  contactId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Sent by the template; must be the player's own id when present. */
  userId: z.optional(z.string().check(z.maxLength(64))),
}));

export const GetChatResponse = lazySchema(() => z.object({ chat: Chat, userChatList: z.array(ChatListEntry) }));
export type GetChatResponse = z.infer<typeof GetChatResponse>;

export const MAX_CHAT_MESSAGE_LENGTH = 2000;

export const SendMessageRequest = lazySchema(() => z.object({
  chatId: z.string().check(z.minLength(1), z.maxLength(64)),
  messageText: z.string().check(z.trim(), z.minLength(1, 'a message needs some text'), z.maxLength(MAX_CHAT_MESSAGE_LENGTH)),
  contactId: z.string().check(z.minLength(1), z.maxLength(64)),
}));
export type SendMessageRequest = z.input<typeof SendMessageRequest>;

export const SendMessageResponse = lazySchema(() => z.object({ message: ChatMessage, userChatList: z.array(ChatListEntry) }));
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

// ---- quick panel -------------------------------------------------------------------------

export const QuickPanelEntry = lazySchema(() => z.object({ id: z.int(), title: z.string(), detail: z.string() }));
export const QuickPanelData = lazySchema(() => z.object({ events: z.array(QuickPanelEntry), notes: z.array(QuickPanelEntry) }));
export type QuickPanelData = z.infer<typeof QuickPanelData>;
