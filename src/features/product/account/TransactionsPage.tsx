import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import type { TransactionItem } from '../../../../protocol/account.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useLogic } from '../../viewRuntime.tsx';
import { AccountList } from './AccountList.tsx';
import { useAddressFollows, useListAddress, type ListAddress } from './listAddress.ts';
import type { Column } from './DataTable.tsx';
import { useAccountFormat } from '../common/format.ts';
import { ACTION_LABELS, TRANSACTION_TAG_LABELS, UNKNOWN_LABEL, walletDirection } from './labels.ts';

/** Transactions (/transactions): every move of the wallet, newest first. */
export function TransactionsPage({ address }: { address?: ListAddress }) {
  const { t, i18n } = useLingui();
  const format = useAccountFormat();
  // The filter and page live in the address too: a reload, Back or a shared link shows the same rows.
  const list = useActorRef(useLogic().account.transactions, { input: address?.input ?? {} });
  useAddressFollows(list, address);

  const columns = useMemo<Column<TransactionItem>[]>(
    () => [
      { id: 'at', header: t`Operation date`, cell: (x) => format.dateTime(x.at) },
      {
        id: 'type',
        header: t`Type`,
        lead: true,
        cell: (x) => <Action data-action={x.action}>{i18n._(ACTION_LABELS[x.action] ?? UNKNOWN_LABEL)}</Action>,
      },
      {
        id: 'amount',
        header: t`Amount`,
        align: 'end',
        cell: (x) => {
          const direction = walletDirection(x.action);
          return <Amount data-direction={direction > 0 ? 'in' : 'out'}>{format.signedMoney(direction * x.amount)}</Amount>;
        },
      },
      {
        id: 'tag',
        header: t`Tag`,
        cell: (x) => {
          const known = Object.hasOwn(TRANSACTION_TAG_LABELS, x.tag) ? TRANSACTION_TAG_LABELS[x.tag] : undefined;
          return known ? i18n._(known) : x.tag || '—';
        },
      },
      { id: 'machine', header: t`Machine`, cell: (x) => x.machineName ?? '—' },
      { id: 'balance', header: t`Balance after`, align: 'end', cell: (x) => format.money(x.balanceAfter) },
    ],
    [t, i18n, format],
  );
  const typeFilter = useMemo(
    () => ({
      label: t`Type`,
      options: Object.entries(ACTION_LABELS).map(([value, label]) => ({ value: Number(value), label: i18n._(label) })),
    }),
    [t, i18n],
  );

  return (
    <>
      <PageHeader title={<Trans>Transactions</Trans>}>
        <p>
          <Trans>Deposits, withdrawals and the money you moved to and from the machines, newest first.</Trans>
        </p>
      </PageHeader>
      <AccountList
        list={list}
        name={t`Transactions`}
        testId="transactions"
        columns={columns}
        rowKey={(x) => x.id}
        typeFilter={typeFilter}
        empty={<Trans>There are no transactions yet.</Trans>}
        emptyFiltered={<Trans>No transactions match these filters.</Trans>}
      />
    </>
  );
}

const Action = styled.span`
  font-weight: 600;
  &[data-action='6'] { color: ${({ theme }) => theme.colors.primary}; }
`;

const Amount = styled.span`
  font-weight: 600;
  &[data-direction='in'] { color: ${({ theme }) => theme.colors.success}; }
`;

/** The route's component: the page with its list tied to the address. */
export function TransactionsRoute() {
  return <TransactionsPage address={useListAddress()} />;
}
