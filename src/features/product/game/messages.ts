import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { LeaveReason } from '../../../../machines/gameSession.ts';
import type { ToastVariant } from '../../../ui/toasts.tsx';
import { failureText, type CodedFailure } from '../errors/codeMessages.ts';

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

/** Ends a sentence that has no closing mark of its own (a server's text, a code's short text). */
const SENTENCE_END = /[.!?…؟。]["'”’»)]*$/u;

/**
 * Sentences shown one after the other: each ends with a full stop unless it has its own mark,
 * so 'Your session was closed …' and the code's 'Your session is being terminated' do not run
 * together (the full stop is the same '.' in English, Turkish and Arabic).
 */
export function joinSentences(sentences: readonly (string | null | undefined)[]): string {
  return sentences
    .map((sentence) => sentence?.trim() ?? '')
    .filter((sentence) => sentence !== '')
    .map((sentence) => (SENTENCE_END.test(sentence) ? sentence : `${sentence}.`))
    .join(' ');
}

/** The toast of a visit that ended for `reason` (with the failure that ended it), or null for none. */
export function leaveToast(i18n: I18n, reason: LeaveReason, failure: CodedFailure | null | undefined): { text: string; variant: ToastVariant } | null {
  const text = LEAVE_TEXT[reason];
  // A cash-out is said as such, whatever error frame came with its close.
  const detail = failure && reason !== 'cashout' ? failureText(i18n, failure) : null;
  if (!text && !detail) return null;
  const variant: ToastVariant = reason === 'cashout' ? 'success' : reason === 'quit' ? 'warning' : 'error';
  return { text: joinSentences([text ? i18n._(text) : null, detail]), variant };
}
