import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { chatPanelMachine, ChatStatus } from '../../../../machines/chatPanel.ts';
import {
  selectChat,
  selectContacts,
  selectConversationView,
  selectSelectedContact,
  selectSelectedContactId,
  selectSendFailed,
  selectSending,
  selectShownStatus,
  selectStatusFailed,
  selectStatusSaving,
  selectUserId,
} from '../../../../machines/chatPanel.selectors.ts';
import { Button } from '../../../ui/Button.tsx';
import { intlLocale } from '../../../../protocol/format.ts';
import { Sheet } from './Sheet.tsx';

type ChatActor = ActorRefFrom<typeof chatPanelMachine>;

/** 'Team Chat' (SPEC §2, §4): contacts with status and unread counts beside the open chat. */
export function ChatPanel({ actor }: { actor: ChatActor }) {
  const { t } = useLingui();
  return (
    <Sheet title={t`Team Chat`} testId="chat-panel" onClose={() => actor.send({ type: 'user.close' })}>
      <MyStatus actor={actor} />
      <Body>
        <Contacts actor={actor} />
        <Conversation actor={actor} />
      </Body>
    </Sheet>
  );
}

const STATUSES: readonly ChatStatus[] = ['online', 'away', 'do-not-disturb', 'offline'];

function useStatusLabels(): Record<ChatStatus, string> {
  const { t } = useLingui();
  return {
    online: t`Online`,
    'do-not-disturb': t`Do not disturb`,
    away: t`Away`,
    offline: t`Offline`,
  };
}

/**
 * The player's own status (SPEC §3): the saved one shows, the one being saved while it is; a
 * failure says so and the saved one comes back.
 */
function MyStatus({ actor }: { actor: ChatActor }) {
  const id = useId();
  const statusLabel = useStatusLabels();
  const shown = useSelector(actor, selectShownStatus);
  const saving = useSelector(actor, selectStatusSaving);
  const failed = useSelector(actor, selectStatusFailed);
  return (
    <StatusRow data-state={saving ? 'saving' : failed ? 'failed' : 'idle'} data-testid="chat-status">
      {shown && <Status data-status={shown} aria-hidden="true" />}
      <label htmlFor={id}>
        <Trans>Your status</Trans>
      </label>
      <select
        id={id}
        value={shown ?? ''}
        // Not disabled while saving: that would throw the focus out of the panel. The machine
        // takes no other change until the answer is in.
        aria-busy={saving || undefined}
        disabled={shown === null}
        onChange={(e) => actor.send({ type: 'user.setStatus', status: e.target.value as ChatStatus })}
      >
        {shown === null && <option value="" />}
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel[status]}
          </option>
        ))}
      </select>
      {failed && (
        <StatusFailure role="alert">
          <Trans>Your status could not be saved.</Trans>
        </StatusFailure>
      )}
    </StatusRow>
  );
}

function Contacts({ actor }: { actor: ChatActor }) {
  const { t } = useLingui();
  const contacts = useSelector(actor, selectContacts);
  const selected = useSelector(actor, selectSelectedContactId);
  const statusLabel = useStatusLabels();
  return (
    <ContactList aria-label={t`Contacts`}>
      {contacts.map((contact) => {
        const { name, unread } = contact;
        const status = statusLabel[contact.status];
        return (
          <li key={contact.id}>
            <ContactButton
              type="button"
              aria-pressed={contact.id === selected}
              aria-label={unread > 0 ? t`${name}, ${status}, ${unread} unread` : t`${name}, ${status}`}
              title={contact.name}
              data-testid={`chat-contact-${contact.id}`}
              onClick={() => actor.send({ type: 'user.selectContact', contactId: contact.id })}
            >
              <Avatar src={contact.avatar} alt="" />
              <Status data-status={contact.status} />
              {contact.unread > 0 && <Unread>{contact.unread}</Unread>}
            </ContactButton>
          </li>
        );
      })}
    </ContactList>
  );
}

function Conversation({ actor }: { actor: ChatActor }) {
  const { t, i18n } = useLingui();
  const view = useSelector(actor, selectConversationView);
  const chat = useSelector(actor, selectChat);
  const userId = useSelector(actor, selectUserId);
  const contact = useSelector(actor, selectSelectedContact);
  const sending = useSelector(actor, selectSending);
  const sendFailed = useSelector(actor, selectSendFailed);
  const [draft, setDraft] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const count = chat?.dialog.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (view === 'failed') {
    return (
      <Center data-state="failed">
        <p role="alert">
          <Trans>The chat could not be loaded.</Trans>
        </p>
        <Button type="button" $variant="ghost" onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </Center>
    );
  }
  if (view === 'loading') {
    return (
      <Center data-state="loading" aria-busy="true">
        <Trans>Loading…</Trans>
      </Center>
    );
  }
  if (view === 'idle' || !chat) {
    return (
      <Center data-state="idle">
        <Trans>Select a contact to start a conversation.</Trans>
      </Center>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The machine refuses a blank message (SPEC §5); the draft stays for the player to fix.
    if (!actor.getSnapshot().can({ type: 'user.send', text: draft })) return;
    actor.send({ type: 'user.send', text: draft });
    setDraft('');
  };
  const time = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(intlLocale(i18n.locale), { hour: '2-digit', minute: '2-digit' });
  };

  return (
    <Thread data-state="chatting">
      <ThreadHead>{contact?.name}</ThreadHead>
      <Messages data-testid="chat-messages">
        {chat.dialog.length === 0 ? (
          <Empty>
            <Trans>Start a conversation by typing your message below.</Trans>
          </Empty>
        ) : (
          chat.dialog.map((m, index) => (
            <Bubble key={`${m.time}-${index}`} data-mine={m.who === userId || undefined}>
              <span>{m.message}</span>
              <time dateTime={m.time}>{time(m.time)}</time>
            </Bubble>
          ))
        )}
        <div ref={end} />
      </Messages>
      {sendFailed && (
        <Failure role="alert">
          <Trans>The message could not be sent.</Trans>
        </Failure>
      )}
      <Composer onSubmit={submit}>
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={2000}
          placeholder={t`Type your message`}
          aria-label={t`Message`}
          data-testid="chat-input"
        />
        <Button type="submit" disabled={sending || draft.trim() === ''}>
          <Trans>Send</Trans>
        </Button>
      </Composer>
    </Thread>
  );
}

const StatusRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 8px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.9rem;
  > span { position: static; flex-shrink: 0; }
  label { color: ${({ theme }) => theme.colors.textMuted}; }
  select {
    margin-inline-start: auto;
    min-height: 36px;
    padding: 0 8px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
  &[data-state='saving'] select { opacity: 0.7; cursor: progress; }
`;

const StatusFailure = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  display: flex;
`;

const ContactList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 8px 0;
  width: 72px;
  flex-shrink: 0;
  overflow-y: auto;
  border-inline-end: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
`;

const ContactButton = styled.button`
  position: relative;
  width: 52px;
  height: 52px;
  padding: 4px;
  border-radius: 50%;
  border: 2px solid transparent;
  background: none;
  cursor: pointer;
  &[aria-pressed='true'] { border-color: ${({ theme }) => theme.colors.primary}; }
`;

const Avatar = styled.img`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  display: block;
`;

const Status = styled.span`
  position: absolute;
  bottom: 4px;
  inset-inline-end: 4px;
  width: 12px;
  height: 12px;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  background: #7a8199;
  &[data-status='online'] { background: ${({ theme }) => theme.colors.success}; }
  &[data-status='do-not-disturb'] { background: ${({ theme }) => theme.colors.danger}; }
  &[data-status='away'] { background: ${({ theme }) => theme.colors.primary}; }
`;

const Unread = styled.span`
  position: absolute;
  top: 0;
  inset-inline-end: 0;
  min-width: 18px;
  height: 18px;
  border-radius: 9px;
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: 0.68rem;
  font-weight: 700;
  line-height: 18px;
`;

const Center = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 24px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  p { margin: 0; }
`;

const Thread = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const ThreadHead = styled.div`
  padding: 12px 16px;
  font-weight: 600;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Messages = styled.div`
  flex: 1;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px;
`;

const Empty = styled.p`
  margin: auto 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bubble = styled.div`
  align-self: flex-start;
  max-width: 85%;
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: 8px 12px;
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow-wrap: anywhere;
  time { font-size: 0.7rem; color: ${({ theme }) => theme.colors.textMuted}; }
  &[data-mine] {
    align-self: flex-end;
    background: rgb(245 179 1 / 16%);
  }
`;

const Failure = styled.p`
  margin: 0;
  padding: 0 12px 4px;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

const Composer = styled.form`
  display: flex;
  gap: 8px;
  padding: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  input {
    flex: 1;
    min-width: 0;
    min-height: 42px;
    padding: 0 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;
