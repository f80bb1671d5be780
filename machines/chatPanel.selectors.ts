/**
 * chatPanel's named selectors: what the chat panel, its toggle and the chrome show, read from the
 * chart's tags (chat:*, status:saving) and its context. Those that the chrome reads before the
 * chat actor exists take the snapshot or undefined.
 */
import type { SnapshotFrom } from 'xstate';
import type { ChatContact, ChatStatus, ChatThread, chatPanelMachine } from './chatPanel.ts';

type ChatSnapshot = SnapshotFrom<typeof chatPanelMachine>;

/** The panel is open. */
export const selectChatOpen = (snapshot: ChatSnapshot | undefined): boolean => snapshot?.hasTag('chat:open') ?? false;

/** Unread messages over every contact. */
export const selectUnread = (snapshot: ChatSnapshot): number => snapshot.context.contacts.reduce((sum, c) => sum + c.unread, 0);

/** The player's own status as shown: the one being saved while it is, else the saved one (null until known). */
export const selectShownStatus = (snapshot: ChatSnapshot): ChatStatus | null => snapshot.context.requestedStatus ?? snapshot.context.status;

/** The player's status is being saved. */
export const selectStatusSaving = (snapshot: ChatSnapshot): boolean => snapshot.hasTag('status:saving');

/** The last status change could not be saved. */
export const selectStatusFailed = (snapshot: ChatSnapshot): boolean => snapshot.context.statusFailure !== null;

/** The contacts, with their statuses and unread counts. */
export const selectContacts = (snapshot: ChatSnapshot): ChatContact[] => snapshot.context.contacts;

/** The contact chosen, or null. */
export const selectSelectedContactId = (snapshot: ChatSnapshot): string | null => snapshot.context.selectedContactId;

/** The contact chosen as the directory holds it, or null. */
export const selectSelectedContact = (snapshot: ChatSnapshot): ChatContact | null =>
  snapshot.context.contacts.find((c) => c.id === snapshot.context.selectedContactId) ?? null;

/** What the conversation side shows. */
export type ConversationView = 'failed' | 'chatting' | 'loading' | 'idle';

/** The conversation side: failed, chatting, loading, or idle (no contact chosen). */
export const selectConversationView = (snapshot: ChatSnapshot): ConversationView =>
  snapshot.hasTag('chat:failed') ? 'failed' : snapshot.hasTag('chat:chatting') ? 'chatting' : snapshot.hasTag('chat:loading') ? 'loading' : 'idle';

/** The open conversation, or null. */
export const selectChat = (snapshot: ChatSnapshot): ChatThread | null => snapshot.context.chat;

/** The player as a chat user (their own messages carry this id), or null until known. */
export const selectUserId = (snapshot: ChatSnapshot): string | null => snapshot.context.userId;

/** A message is on its way. */
export const selectSending = (snapshot: ChatSnapshot): boolean => snapshot.hasTag('chat:sending');

/** The last message could not be sent (the conversation stays open). */
export const selectSendFailed = (snapshot: ChatSnapshot): boolean => snapshot.hasTag('chat:chatting') && snapshot.context.failure !== null;

