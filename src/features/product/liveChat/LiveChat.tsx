import { useActorRef } from '@xstate/react';
import { useLogic } from '../../viewRuntime.tsx';

/** Loads the configured live-chat widget once (the app's liveChat actor); renders nothing itself. */
export function LiveChat() {
  useActorRef(useLogic().liveChat);
  return null;
}
