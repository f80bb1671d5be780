/**
 * The chat panel's types (STYLE: a types file beside a large machine): the directory, the
 * events and the context. machines/chatPanel.ts is the chart.
 */
import type { Chat, ChatContact, ChatMessage, ChatStatus } from '../protocol/template.ts';
import type { Failure } from './failure.ts';

export type { ChatContact, ChatMessage, ChatStatus };

/** A conversation (the wire's Chat). */
export type ChatThread = Chat;

export interface ChatDirectory {
  contacts: ChatContact[];
  /** The player as a chat user: messages whose `who` is this id are the player's own. */
  userId: string;
  /** The player's own chat status, as saved. */
  status: ChatStatus;
}

export type ChatPanelEvent =
  | { type: 'user.toggle' }
  | { type: 'user.close' }
  | { type: 'user.selectContact'; contactId: string }
  | { type: 'user.send'; text: string }
  | { type: 'user.retry' }
  | { type: 'user.setStatus'; status: ChatStatus };

export interface ChatPanelContext {
  contacts: ChatContact[];
  userId: string | null;
  selectedContactId: string | null;
  chat: ChatThread | null;
  failure: Failure | null;
  /** The player's own status as the server last said (null until the directory arrives). */
  status: ChatStatus | null;
  /** The status being saved (null when none is). */
  requestedStatus: ChatStatus | null;
  /** Why the last status change failed (the previous status stays). */
  statusFailure: Failure | null;
}
