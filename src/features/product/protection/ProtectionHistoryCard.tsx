import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { selectHistoryEntries, selectHistoryFailed, selectHistoryOpen } from '../../../../machines/protectionHistory.selectors.ts';
import type { ProtectionEntry } from '../../../../protocol/protection.ts';
import { Button } from '../../../ui/Button.tsx';
import { useActorOptions, useLogic } from '../../viewRuntime.tsx';
import { Card } from '../common/controls.ts';
import { useAccountFormat } from '../common/format.ts';
import { Lead } from './cardParts.ts';
import { LIMIT_LABELS, useLimitValue } from './LimitsCard.tsx';

/**
 * Player protection on the profile: the player's own history of it — every limit change (a raise
 * with the day it counts), interval chosen, reality check answered and lock — as the operator
 * keeps it. Loaded when opened, so a choice just made on the page is in it.
 */
export function ProtectionHistoryCard() {
  const titleId = useId();
  const listId = useId();
  const history = useActorRef(useLogic().protectionHistory, useActorOptions());
  const open = useSelector(history, selectHistoryOpen);
  const entries = useSelector(history, selectHistoryEntries);
  const failed = useSelector(history, selectHistoryFailed);
  return (
    <Card aria-labelledby={titleId} data-testid="protection-history">
      <h2 id={titleId}>
        <Trans>Your protection history</Trans>
      </h2>
      <Lead>
        <Trans>Every limit you set, reality check you answered and break you took, newest first.</Trans>
      </Lead>
      <div>
        {/* Its words say whether the list is open (no aria-expanded: it would be said twice). */}
        <Button type="button" $variant="ghost" aria-controls={listId} onClick={() => history.send({ type: open ? 'user.close' : 'user.open' })}>
          {open ? <Trans>Hide history</Trans> : <Trans>Show history</Trans>}
        </Button>
      </div>
      <div id={listId} hidden={!open} aria-busy={open && entries === null && !failed}>
        {failed ? (
          <Lead role="alert">
            <Trans>Your protection history could not be loaded.</Trans>{' '}
            <Button type="button" $variant="ghost" onClick={() => history.send({ type: 'user.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          </Lead>
        ) : entries === null ? null : entries.length === 0 ? (
          <Lead>
            <Trans>Nothing yet.</Trans>
          </Lead>
        ) : (
          <Entries>
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </Entries>
        )}
      </div>
    </Card>
  );
}

function Entry({ entry }: { entry: ProtectionEntry }) {
  const format = useAccountFormat();
  const at = new Date(entry.at).toISOString();
  return (
    <li data-testid={`history-${entry.kind}`}>
      <time dateTime={at}>{format.dateTime(at)}</time>
      <span>
        <EntryText entry={entry} />
      </span>
    </li>
  );
}

/** What the entry says, in a sentence. */
function EntryText({ entry }: { entry: ProtectionEntry }) {
  const { i18n } = useLingui();
  const format = useAccountFormat();
  const value = useLimitValue();
  const when = (ms: number) => format.dateTime(new Date(ms).toISOString());
  switch (entry.kind) {
    case 'limit': {
      const label = i18n._(LIMIT_LABELS[entry.limit]);
      const from = when(entry.from);
      const amount = entry.amount === null ? '' : value(entry.limit, entry.amount);
      // Later than it was asked: a raise or a removal waiting out its 24 hours.
      const waits = entry.from > entry.at;
      if (entry.amount === null) return waits ? <Trans>{label}: none, from {from}</Trans> : <Trans>{label}: none</Trans>;
      return waits ? <Trans>{label}: {amount}, from {from}</Trans> : <Trans>{label}: {amount}</Trans>;
    }
    case 'realityCheckInterval': {
      const minutes = entry.minutes;
      return <Trans>Reality checks every {minutes} min</Trans>;
    }
    case 'realityCheck': {
      const played = format.duration(entry.playedMs / 1000);
      const bets = format.money(entry.bets);
      const wins = format.money(entry.wins);
      const books = <Trans>after {played} of play (bets {bets}, wins {wins})</Trans>;
      switch (entry.answer) {
        case 'continue':
          return <Trans>Reality check: you played on, {books}</Trans>;
        case 'history':
          return <Trans>Reality check: you looked at your history, {books}</Trans>;
        case 'leave':
          return <Trans>Reality check: you left the machine, {books}</Trans>;
      }
      break;
    }
    case 'lock': {
      const until = when(entry.until);
      switch (entry.lock) {
        case 'panic':
          return <Trans>Panic button: locked out until {until}</Trans>;
        case 'break':
          return <Trans>Break until {until}</Trans>;
        case 'exclusion':
          return <Trans>Self-exclusion until {until}</Trans>;
      }
      break;
    }
    case 'lockEnded':
      switch (entry.lock) {
        case 'panic':
          return <Trans>Panic lock ended early by the operator</Trans>;
        case 'break':
          return <Trans>Break ended early by the operator</Trans>;
        case 'exclusion':
          return <Trans>Self-exclusion ended early by the operator</Trans>;
      }
  }
  return null;
}

const Entries = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  > li {
    display: grid;
    gap: 2px;
    padding-top: 10px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    line-height: 1.4;
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85em;
    font-variant-numeric: tabular-nums;
  }
`;
