import { useEffect } from 'react';
import { scheduleLiveChat } from '../../services/liveChat.ts';
import { useSettings } from '../runtime.tsx';

/** Loads the configured live-chat widget once; renders nothing itself. */
export function LiveChat() {
  const { LIVE_CHAT, LIVE_CHAT_ID } = useSettings();
  useEffect(() => {
    if (LIVE_CHAT === 'none' || LIVE_CHAT_ID === '') return;
    return scheduleLiveChat(LIVE_CHAT, LIVE_CHAT_ID);
  }, [LIVE_CHAT, LIVE_CHAT_ID]);
  return null;
}
