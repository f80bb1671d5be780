import { IdleLockDialog } from '../idleLock/IdleLockDialog.tsx';
import { InfoToasts } from '../auth/InfoToasts.tsx';
import { LiveChat } from '../liveChat/LiveChat.tsx';
import { ReconnectDialog } from '../reconnect/ReconnectDialog.tsx';

/** What a logged-in player has over every page: the lock, the reconnect dialog, info toasts, chat. */
export function LoggedInOverlays() {
  return (
    <>
      <InfoToasts />
      <ReconnectDialog />
      <IdleLockDialog />
      <LiveChat />
    </>
  );
}
