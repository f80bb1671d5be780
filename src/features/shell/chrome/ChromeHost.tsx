import { useActorRef, useSelector } from '@xstate/react';
import { createContext, lazy, Suspense, useContext, useEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { chatPanelMachine } from '../../../../machines/chatPanel.ts';
import { selectChatOpen } from '../../../../machines/chatPanel.selectors.ts';
import { useActorOptions, useLogic, useUiSettingsActor, type ViewLogic } from '../../viewRuntime.tsx';
import { chromePanels, useChromePanels } from './panels.ts';

// Every panel loads when first opened: none of them grows the /login or /lobby bundles.
const SettingsPanel = lazy(() => import('../settings/SettingsPanel.tsx').then((m) => ({ default: m.SettingsPanel })));
const ShortcutsMenu = lazy(() => import('../shortcuts/ShortcutsMenu.tsx').then((m) => ({ default: m.ShortcutsMenu })));
const ChatPanel = lazy(() => import('../chat/ChatPanel.tsx').then((m) => ({ default: m.ChatPanel })));
const QuickPanel = lazy(() => import('../quickPanel/QuickPanel.tsx').then((m) => ({ default: m.QuickPanel })));

export type ChatActor = ActorRefFrom<typeof chatPanelMachine>;

const ChatContext = createContext<ChatActor | null>(null);

/** The Team Chat actor for the tool rows' toggles and unread badges (null: no template logic). */
export const useChatActor = () => useContext(ChatContext);

/**
 * The template chrome's panels, mounted once around the page chrome: any row of tools (toolbar,
 * navbar, phone drawer) opens them, and they outlive a change of layout.
 */
export function ChromeHost({ children }: { children: ReactNode }) {
  const template = useLogic().template as ViewLogic['template'] | undefined;
  // A runtime without the template logic (a trimmed test runtime) has no chat or quick panel.
  return template ? (
    <WithChat template={template}>{children}</WithChat>
  ) : (
    <Panels chat={null} template={null}>
      {children}
    </Panels>
  );
}

function WithChat({ template, children }: { template: ViewLogic['template']; children: ReactNode }) {
  const chat = useActorRef(template.chatPanel, useActorOptions());
  return (
    <ChatContext.Provider value={chat}>
      <Panels chat={chat} template={template}>
        {children}
      </Panels>
    </ChatContext.Provider>
  );
}

function Panels({ chat, template, children }: { chat: ChatActor | null; template: ViewLogic['template'] | null; children: ReactNode }) {
  const uiSettings = useUiSettingsActor();
  const { open, loaded } = useChromePanels();
  const chatOpen = useSelector(chat ?? undefined, selectChatOpen);
  const closeTo = (panel: 'shortcuts' | 'settings') => (isOpen: boolean) => (isOpen ? chromePanels.show(panel) : chromePanels.close());
  useEffect(() => () => chromePanels.reset(), []);

  return (
    <>
      {children}
      <Suspense fallback={null}>
        {uiSettings && loaded.has('shortcuts') && <ShortcutsMenu actor={uiSettings} open={open === 'shortcuts'} onOpenChange={closeTo('shortcuts')} />}
        {uiSettings && loaded.has('settings') && <SettingsPanel actor={uiSettings} open={open === 'settings'} onOpenChange={closeTo('settings')} />}
        {chat && chatOpen && <ChatPanel actor={chat} />}
        {template && open === 'quick' && <QuickPanel logic={template.quickPanelData} store={template.quickSettings} onClose={chromePanels.close} />}
      </Suspense>
    </>
  );
}
