import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, type ReactNode } from 'react';
import type { ProtectionEntry } from '../../../../protocol/protection.ts';
import { useAccountFormat } from '../common/format.ts';
import { LIMIT_LABELS, useLimitValue } from './LimitsCard.tsx';

/** An entry of the protection history in words: what happened, and its details (amounts, times; none for some). */
export interface EntryWords {
  what: ReactNode;
  details: ReactNode[];
}

/**
 * How the player's protection history says each entry, for the profile's card and the history's
 * own page alike (one wording: the player meets the same words in both places).
 */
export function useDescribeEntry(): (entry: ProtectionEntry) => EntryWords {
  const { t, i18n } = useLingui();
  const format = useAccountFormat();
  const value = useLimitValue();
  // One function while the language and format stay (the history page's columns are memoised on it).
  return useCallback(
    (entry: ProtectionEntry): EntryWords => {
      const when = (ms: number) => format.dateTime(new Date(ms).toISOString());
      switch (entry.kind) {
        case 'limit': {
          const label = i18n._(LIMIT_LABELS[entry.limit]);
          const amount = entry.amount === null ? '' : value(entry.limit, entry.amount);
          const before = entry.before === null ? null : value(entry.limit, entry.before);
          const from = when(entry.from);
          return {
            what: entry.amount === null ? <Trans>{label}: none</Trans> : <Trans>{label}: {amount}</Trans>,
            details: [
              before === null ? <Trans>Before: none</Trans> : <Trans>Before: {before}</Trans>,
              // Later than it was asked: a raise or a removal waiting out its 24 hours.
              ...(entry.from > entry.at ? [<Trans>Counts from {from}</Trans>] : []),
            ],
          };
        }
        case 'realityCheckInterval': {
          const { minutes, before } = entry;
          return {
            what: <Trans>Reality checks every {minutes} min</Trans>,
            details: [
              before === null ? <Trans>Before: the operator&apos;s default</Trans> : <Trans>Before: every {before} min</Trans>,
            ],
          };
        }
        case 'realityCheck': {
          const played = format.duration(entry.playedMs / 1000);
          const bets = format.money(entry.bets);
          const wins = format.money(entry.wins);
          const what =
            entry.answer === 'continue'
              ? t`Reality check: you played on`
              : entry.answer === 'history'
                ? t`Reality check: you looked at your history`
                : t`Reality check: you left the machine`;
          return { what, details: [<Trans>After {played} of play: bets {bets}, wins {wins}</Trans>] };
        }
        case 'lock': {
          const until = when(entry.until);
          const what = entry.lock === 'panic' ? t`Panic button: locked out` : entry.lock === 'break' ? t`Break taken` : t`Self-exclusion`;
          return { what, details: [<Trans>Until {until}</Trans>] };
        }
        case 'lockEnded': {
          const what =
            entry.lock === 'panic'
              ? t`Panic lock ended early by the operator`
              : entry.lock === 'break'
                ? t`Break ended early by the operator`
                : t`Self-exclusion ended early by the operator`;
          return { what, details: [] };
        }
      }
    },
    [t, i18n, format, value],
  );
}
