import { Trans } from '@lingui/react/macro';
import { PageHeader } from '../../ui/PageHeader.tsx';

export function TransactionsPage() {
  return (
    <PageHeader title={<Trans>Transactions</Trans>}>
      <p>
        <Trans>Your deposits, withdrawals and wins will be listed here.</Trans>
      </p>
    </PageHeader>
  );
}
