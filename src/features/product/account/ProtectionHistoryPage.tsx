import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import type { ProtectionEntry } from '../../../../protocol/protection.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useLogic } from '../../viewRuntime.tsx';
import { useAccountFormat } from '../common/format.ts';
import { useDescribeEntry } from '../protection/entryText.tsx';
import { AccountList } from './AccountList.tsx';
import type { Column } from './DataTable.tsx';
import { useAddressFollows, useListAddress, type ListAddress } from './listAddress.ts';

/**
 * Protection history (/protection-history): every limit change, reality-check interval and answer,
 * break and exclusion of the player's, newest first, as the login log and the transactions list
 * theirs (issue 26, "Records").
 */
export function ProtectionHistoryPage({ address }: { address?: ListAddress }) {
  const { t } = useLingui();
  const format = useAccountFormat();
  const describe = useDescribeEntry();
  // The filter and page live in the address too: a reload, Back or a shared link shows the same rows.
  const list = useActorRef(useLogic().account.protectionHistory, { input: address?.input ?? {} });
  useAddressFollows(list, address);

  const columns = useMemo<Column<ProtectionEntry>[]>(
    () => [
      {
        id: 'at',
        header: t`Date and time`,
        cell: (entry) => {
          const at = new Date(entry.at).toISOString();
          return <time dateTime={at}>{format.dateTime(at)}</time>;
        },
      },
      { id: 'what', header: t`What happened`, lead: true, cell: (entry) => <What data-kind={entry.kind}>{describe(entry).what}</What> },
      {
        id: 'details',
        header: t`Details`,
        cell: (entry) => {
          const { details } = describe(entry);
          return details.length === 0 ? (
            '—'
          ) : (
            <Details>
              {details.map((detail, index) => (
                <span key={index}>{detail}</span>
              ))}
            </Details>
          );
        },
      },
    ],
    [t, format, describe],
  );

  return (
    <>
      <PageHeader title={<Trans>Protection history</Trans>}>
        <p>
          <Trans>Every limit you set, reality check you answered, break and exclusion you took, newest first.</Trans>
        </p>
      </PageHeader>
      <AccountList
        list={list}
        name={t`Protection history`}
        testId="protection-history-list"
        columns={columns}
        rowKey={(entry) => entry.id}
        empty={<Trans>Nothing here yet: your limits, reality checks and breaks will be listed here.</Trans>}
        emptyFiltered={<Trans>Nothing in your protection history matches these dates.</Trans>}
      />
    </>
  );
}

const What = styled.span`
  font-weight: 600;
  &[data-kind='lock'] { color: ${({ theme }) => theme.colors.primary}; }
`;

const Details = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The route's component: the page with its list tied to the address. */
export function ProtectionHistoryRoute() {
  return <ProtectionHistoryPage address={useListAddress()} />;
}
