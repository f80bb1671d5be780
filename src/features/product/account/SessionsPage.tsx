import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import type { GameSessionItem } from '../../../../protocol/account.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useLogic } from '../../viewRuntime.tsx';
import { AccountList } from './AccountList.tsx';
import { useAddressFollows, useListAddress, type ListAddress } from './listAddress.ts';
import type { Column } from './DataTable.tsx';
import { useAccountFormat } from '../common/format.ts';
import { Net, resultOf, SessionsChart } from './SessionsChart.tsx';

/** Game Sessions (/slot-sessions): every session the player played, newest first, with how it went. */
export function SessionsPage({ address }: { address?: ListAddress }) {
  const { t } = useLingui();
  const format = useAccountFormat();
  // The filter and page live in the address too: a reload, Back or a shared link shows the same rows.
  const list = useActorRef(useLogic().account.sessions, { input: address?.input ?? {} });
  useAddressFollows(list, address);

  const columns = useMemo<Column<GameSessionItem>[]>(
    () => [
      {
        id: 'machine',
        header: t`Machine`,
        lead: true,
        cell: (s) => (
          <Machine>
            <span>{s.machineName}</span>
            <small>{s.brand}</small>
          </Machine>
        ),
      },
      { id: 'start', header: t`Start`, cell: (s) => format.dateTime(s.start) },
      { id: 'end', header: t`End`, cell: (s) => (s.end === null ? <Open>{t`In play`}</Open> : format.dateTime(s.end)) },
      { id: 'duration', header: t`Played session duration`, align: 'end', cell: (s) => format.duration(s.durationSeconds) },
      {
        id: 'amount',
        header: t`Amount`,
        align: 'end',
        cell: (s) => <SessionResult session={s} />,
      },
      { id: 'spins', header: t`Spin count`, align: 'end', cell: (s) => s.spinCount },
      { id: 'freeSpins', header: t`Free spin count`, align: 'end', cell: (s) => s.freeSpinCount },
    ],
    [t, format],
  );

  return (
    <>
      <PageHeader title={<Trans>Game Sessions</Trans>}>
        <p>
          <Trans>Every session you played, newest first, with what it brought you.</Trans>
        </p>
      </PageHeader>
      <AccountList
        list={list}
        name={t`Game sessions`}
        testId="sessions"
        columns={columns}
        rowKey={(s) => s.id}
        rowState={(s) => (s.end === null ? 'open' : resultOf(s.amount))}
        empty={<Trans>You have not played a session yet.</Trans>}
        emptyFiltered={<Trans>No game sessions match these filters.</Trans>}
        summary={(rows) => <SessionsChart sessions={rows} format={format} />}
      />
    </>
  );
}

/** The net result (cash out − cash in), in colour and in words, with what went in and came out. */
function SessionResult({ session }: { session: GameSessionItem }) {
  const format = useAccountFormat();
  const result = resultOf(session.amount);
  const cashIn = format.money(session.cashIn);
  const cashOut = format.money(session.cashOut);
  return (
    <Result>
      <span>
        <Net data-result={result}>{format.signedMoney(session.amount)}</Net>{' '}
        <Word data-result={result}>
          {result === 'won' ? <Trans>Won</Trans> : result === 'lost' ? <Trans>Lost</Trans> : <Trans>Even</Trans>}
        </Word>
      </span>
      <small>
        <Trans>
          In {cashIn} · Out {cashOut}
        </Trans>
      </small>
    </Result>
  );
}

const Machine = styled.span`
  display: flex;
  flex-direction: column;
  small { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 400; font-size: 0.8rem; }
`;

const Open = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

const Result = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 2px;
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.78rem; white-space: nowrap; }
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 0.02px)) {
    align-items: flex-start;
  }
`;

const Word = styled.span`
  font-size: 0.72rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  padding: 1px 6px;
  border-radius: 999px;
  border: 1px solid currentColor;
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-result='won'] { color: ${({ theme }) => theme.colors.success}; }
  &[data-result='lost'] { color: ${({ theme }) => theme.colors.danger}; }
`;

/** The route's component: the page with its list tied to the address. */
export function SessionsRoute() {
  return <SessionsPage address={useListAddress()} />;
}
