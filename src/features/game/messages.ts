import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LeaveReason } from '../../../machines/gameSession.ts';

/** What the player is told when a visit ends, by reason (failures add the coded text). */
export const LEAVE_TEXT: Record<LeaveReason, MessageDescriptor | null> = {
  cashout: msg`Cashed out. Your credits are back in your wallet.`,
  left: null,
  quit: msg`You have been removed from the game.`,
  closeSession: msg`Your session was closed and your credits were cashed out.`,
  joinFailed: msg`Could not join the machine.`,
  connectionLost: msg`The connection to the machine was lost.`,
  // The login session ended: the logout's own message says why (AuthToasts), once.
  sessionEnded: null,
};
