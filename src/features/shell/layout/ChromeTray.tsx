import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { selectChatOpen, selectUnread } from '../../../../machines/chatPanel.selectors.ts';
import { Balance } from './Balance.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { IconButton } from '../../../ui/IconButton.ts';
import { useNavigationActor } from '../navigation/NavigationProvider.tsx';
import { useSettings, useUiSettingsActor } from '../../viewRuntime.tsx';
import { Glyph } from '../settings/glyphs.tsx';
import { useChatActor, type ChatActor } from '../chrome/ChromeHost.tsx';
import { chromePanels, useChromePanels, type Panel, type Place } from '../chrome/panels.ts';

const NavigationSearch = lazy(() => import('../search/NavigationSearch.tsx').then((m) => ({ default: m.NavigationSearch })));

/**
 * One row of the template chrome's tools: navigation search, shortcuts, settings, Team Chat
 * (with the unread total) and the quick panel. In the toolbar a phone keeps only the settings
 * cog; the phone's menu drawer has the whole row, and so has the navbar when the header bar is
 * hidden (HIDE_HEADER_BAR), so every tool stays reachable — and with it what else the hidden
 * header bar held: the balance (unless the layout's navbar shows it already) and the language.
 */
export function ChromeTray({ place, balance = true }: { place: Place; balance?: boolean }) {
  const { t } = useLingui();
  const nav = useNavigationActor();
  const uiSettings = useUiSettingsActor();
  const chat = useChatActor();
  const { open, from } = useChromePanels();
  const { HIDE_HEADER_BAR, LANG_SELECT } = useSettings();
  const standIns = HIDE_HEADER_BAR && place !== 'toolbar';
  // Phones reach these from the drawer; the toolbar there has room for the cog only.
  const narrow = place === 'toolbar' ? 'desktop' : undefined;

  const show = (panel: Panel) => {
    // A panel over the drawer: the drawer makes way (the search field opens inside it instead).
    if (place === 'drawer' && panel !== 'search') nav.send({ type: 'user.closeMobile' });
    chromePanels.show(panel, place);
  };

  return (
    <Row data-place={place}>
      {open === 'search' && from === place ? (
        <Suspense fallback={null}>
          <NavigationSearch onClose={chromePanels.close} />
        </Suspense>
      ) : (
        <IconButton type="button" data-only={narrow} aria-label={t`Search the menu`} title={t`Search the menu`} onClick={() => show('search')}>
          <Glyph name="search" />
        </IconButton>
      )}
      {uiSettings && (
        <>
          <IconButton
            type="button"
            data-only={narrow}
            aria-label={t`Shortcuts`}
            title={t`Shortcuts`}
            aria-expanded={open === 'shortcuts'}
            onClick={() => show('shortcuts')}
          >
            <Glyph name="star" />
          </IconButton>
          <IconButton type="button" aria-label={t`Settings`} title={t`Settings`} aria-expanded={open === 'settings'} onClick={() => show('settings')}>
            <Glyph name="cog" />
          </IconButton>
        </>
      )}
      {chat && (
        <>
          <ChatToggle chat={chat} narrow={narrow} onOpen={() => place === 'drawer' && nav.send({ type: 'user.closeMobile' })} />
          <IconButton
            type="button"
            data-only={narrow}
            aria-label={t`Quick panel`}
            title={t`Quick panel`}
            aria-expanded={open === 'quick'}
            data-testid="quick-panel-toggle"
            onClick={() => (open === 'quick' ? chromePanels.close() : show('quick'))}
          >
            <Glyph name="bolt" />
          </IconButton>
        </>
      )}
      {standIns && balance && <Balance testId={`${place}-balance`} />}
      {standIns && LANG_SELECT && <LanguageSelect />}
    </Row>
  );
}

function ChatToggle({ chat, narrow, onOpen }: { chat: ChatActor; narrow: 'desktop' | undefined; onOpen: () => void }) {
  const { t } = useLingui();
  const chatOpen = useSelector(chat, selectChatOpen);
  const unread = useSelector(chat, selectUnread);
  return (
    <IconButton
      type="button"
      data-only={narrow}
      aria-label={unread > 0 ? t`Team Chat, ${unread} unread` : t`Team Chat`}
      title={t`Team Chat`}
      aria-expanded={chatOpen}
      data-testid="chat-toggle"
      onClick={() => {
        if (!chatOpen) onOpen();
        chat.send({ type: 'user.toggle' });
      }}
    >
      <Badged>
        <Glyph name="chat" />
        {unread > 0 && <Count data-testid="chat-unread">{unread > 99 ? '99+' : unread}</Count>}
      </Badged>
    </IconButton>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
  &[data-place='navbar'],
  &[data-place='drawer'] {
    flex-wrap: wrap;
    justify-content: center;
    gap: 6px 4px;
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

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
