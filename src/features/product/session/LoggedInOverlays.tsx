import { IdleLockDialog } from '../idleLock/IdleLockDialog.tsx';
import { LiveChat } from '../liveChat/LiveChat.tsx';
import { ReconnectDialog } from '../reconnect/ReconnectDialog.tsx';

/** What a logged-in player has over every page: the lock, the reconnect dialog, chat (info toasts: Overlays.tsx). */
export function LoggedInOverlays() {
  return (
    <>
      <ReconnectDialog />
      <IdleLockDialog />
      <LiveChat />
    </>
  );
}
