import { z } from 'zod/mini';
import type { ChatDirectory, ChatMessage, ChatStatus, ChatThread } from '../../machines/chatPanel.ts';
import {
  ChatContact,
  ChatUser,
  ChatUserUpdate,
  GetChatResponse,
  QuickPanelData,
  SendMessageRequest,
  SendMessageResponse,
} from '../../protocol/template.ts';
import type { Http } from './http.ts';

/** The template's chat panel and quick panel over the simulator (docs/protocol.md, "Template calls"). */
export function createChatService(http: Http) {
  return {
    async directory(): Promise<ChatDirectory> {
      const [contacts, user] = await Promise.all([http.get('/chat/contacts', z.array(ChatContact)), http.get('/chat/user', ChatUser)]);
      return { contacts, userId: user.id, status: user.status };
    },
    /** The player's own status (SPEC §3); answers the one the server kept. */
    async setStatus(status: ChatStatus): Promise<ChatStatus> {
      const body = ChatUserUpdate.parse({ status });
      const user = await http.post('/chat/user/data', body, ChatUser);
      return user.status;
    },
    async chat(contactId: string): Promise<ChatThread> {
      const answer = await http.get('/chat/get-chat', GetChatResponse, { searchParams: { contactId } });
      return answer.chat;
    },
    async send(request: SendMessageRequest): Promise<ChatMessage> {
      const body = SendMessageRequest.parse(request);
      const answer = await http.post('/chat/send-message', body, SendMessageResponse);
      return answer.message;
    },
    async quickPanel(): Promise<QuickPanelData> {
      return http.get('/quick-panel/data', QuickPanelData);
    },
  };
}
