import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { IconButton } from '../layout/parts.tsx';
import { useActorOptions, useLogic, type ViewLogic } from '../runtime.tsx';

// The panels load on first use: neither grows the /lobby bundle (the toolbar only has these buttons).
const ChatPanel = lazy(() => import('./ChatPanel.tsx').then((m) => ({ default: m.ChatPanel })));
const QuickPanel = lazy(() => import('../quickPanel/QuickPanel.tsx').then((m) => ({ default: m.QuickPanel })));

/**
 * The toolbar's chat toggle (with the unread total) and quick-panel toggle (SPEC §2 template
 * chrome). Desktop only: a phone's toolbar has no room left for demo content.
 */
export function TemplatePanelButtons() {
  const template = useLogic().template as ViewLogic['template'] | undefined;
  // A runtime without the template logic (a trimmed test runtime) shows no template chrome.
  return template ? <Buttons template={template} /> : null;
}

function Buttons({ template }: { template: ViewLogic['template'] }) {
  const { t } = useLingui();
  const chat = useActorRef(template.chatPanel, useActorOptions());
  const chatOpen = useSelector(chat, (s) => s.matches('open'));
  const unread = useSelector(chat, (s) => s.context.contacts.reduce((sum, c) => sum + c.unread, 0));
  const [quickOpen, setQuickOpen] = useState(false);
  return (
    <>
      <IconButton
        type="button"
        data-only="desktop"
        aria-label={unread > 0 ? t`Team Chat, ${unread} unread` : t`Team Chat`}
        title={t`Team Chat`}
        aria-expanded={chatOpen}
        data-testid="chat-toggle"
        onClick={() => chat.send({ type: 'user.toggle' })}
      >
        <Badged>
          <Glyph d={CHAT} />
          {unread > 0 && <Count data-testid="chat-unread">{unread > 99 ? '99+' : unread}</Count>}
        </Badged>
      </IconButton>
      <IconButton
        type="button"
        data-only="desktop"
        aria-label={t`Quick panel`}
        title={t`Quick panel`}
        aria-expanded={quickOpen}
        data-testid="quick-panel-toggle"
        onClick={() => setQuickOpen((open) => !open)}
      >
        <Glyph d={BOLT} />
      </IconButton>
      <Suspense fallback={null}>
        {chatOpen && <ChatPanel actor={chat} />}
        {quickOpen && <QuickPanel logic={template.quickPanelData} onClose={() => setQuickOpen(false)} />}
      </Suspense>
    </>
  );
}

const CHAT = 'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z';
const BOLT = 'M7 2v11h3v9l7-12h-4l4-8z';

function Glyph({ d }: { d: string }) {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={d} />
    </svg>
  );
}

const Badged = styled.span`
  position: relative;
  display: inline-grid;
  place-items: center;
`;

const Count = styled.span`
  position: absolute;
  top: -8px;
  inset-inline-end: -10px;
  min-width: 18px;
  height: 18px;
  padding: 0 4px;
  border-radius: 9px;
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: 0.68rem;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
`;
