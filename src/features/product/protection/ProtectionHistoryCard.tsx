import { Trans } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled, { css } from 'styled-components';
import { selectHistoryEntries, selectHistoryFailed, selectHistoryOpen, selectHistoryTotal } from '../../../../machines/protectionHistory.selectors.ts';
import type { ProtectionEntry } from '../../../../protocol/protection.ts';
import { Button } from '../../../ui/Button.tsx';
import { useActorOptions, useLogic } from '../../viewRuntime.tsx';
import { Card } from '../common/controls.ts';
import { useAccountFormat } from '../common/format.ts';
import { Lead } from './cardParts.ts';
import { useDescribeEntry } from './entryText.tsx';

/**
 * Player protection on the profile: the latest of the player's own history of it — limit changes
 * (a raise with the day it counts), intervals chosen, reality checks answered and locks — as the
 * operator keeps it, and a link to all of it (/protection-history). Loaded when opened, so a
 * choice just made on the page is in it.
 */
export function ProtectionHistoryCard() {
  const titleId = useId();
  const listId = useId();
  const history = useActorRef(useLogic().protectionHistory, useActorOptions());
  const open = useSelector(history, selectHistoryOpen);
  const entries = useSelector(history, selectHistoryEntries);
  const failed = useSelector(history, selectHistoryFailed);
  const total = useSelector(history, selectHistoryTotal);
  return (
    <Card aria-labelledby={titleId} data-testid="protection-history">
      <h2 id={titleId}>
        <Trans>Your protection history</Trans>
      </h2>
      <Lead>
        <Trans>The latest limits you set, reality checks you answered and breaks you took, newest first.</Trans>
      </Lead>
      <Actions>
        {/* Its words say whether the list is open (no aria-expanded: it would be said twice). */}
        <Button type="button" $variant="ghost" aria-controls={listId} onClick={() => history.send({ type: open ? 'user.close' : 'user.open' })}>
          {open ? <Trans>Hide history</Trans> : <Trans>Show history</Trans>}
        </Button>
        <SeeAll total={open && entries !== null ? total : 0} />
      </Actions>
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
  const { what, details } = useDescribeEntry()(entry);
  const at = new Date(entry.at).toISOString();
  return (
    <li data-testid={`history-${entry.kind}`}>
      <time dateTime={at}>{format.dateTime(at)}</time>
      <span>{what}</span>
      {details.length > 0 && (
        <small>
          {details.map((detail, index) => (
            <span key={index}>{detail}</span>
          ))}
        </small>
      )}
    </li>
  );
}

/**
 * The history's own page. A client-side link where the card is under the app's router; a plain
 * one where it is shown without one (its views tests, as listAddress.ts has it).
 */
function SeeAll({ total }: { total: number }) {
  const router = useRouter({ warn: false });
  const text = total > 0 ? <Trans>See all ({total})</Trans> : <Trans>See all</Trans>;
  return router ? <AllLink to="/protection-history">{text}</AllLink> : <AllAnchor href="/protection-history">{text}</AllAnchor>;
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
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85em;
  }
  small > span + span::before { content: ' · '; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const linkStyle = css`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 3px;
  min-height: 44px;
  display: inline-flex;
  align-items: center;
`;

const AllLink = styled(Link)`
  ${linkStyle}
`;

const AllAnchor = styled.a`
  ${linkStyle}
`;
