import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { formatMoney } from '../../../../protocol/format.ts';
import { useAuthActor, useSettings } from '../../viewRuntime.tsx';
import { selectWallet } from '../../../../machines/auth.selectors.ts';
import { selectWalletBalance } from '../../../../machines/wallet.selectors.ts';

/** The wallet balance, or 'loading..' until the first answer. */
export function Balance({ testId = 'balance', className }: { testId?: string; className?: string }) {
  const { i18n } = useLingui();
  const { CURRENCY } = useSettings();
  const wallet = useSelector(useAuthActor(), selectWallet);
  const balance = useSelector(wallet, selectWalletBalance);
  return <BalanceFace testId={testId} className={className} amount={balance === null ? null : formatMoney(balance, CURRENCY, i18n.locale)} />;
}

/** The balance as shown: its label and the amount, or 'loading..' (a lobby painted from HTML shows that). */
export function BalanceFace({ amount, testId, className }: { amount: string | null; testId?: string; className?: string }) {
  return (
    <Root data-testid={testId} className={className} aria-live="polite">
      <Label>
        <Trans>Balance</Trans>
      </Label>
      <Amount>{amount ?? <Trans>loading..</Trans>}</Amount>
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  line-height: 1.2;
`;

const Label = styled.span`
  white-space: nowrap;
  font-size: 0.7rem;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Amount = styled.span`
  white-space: nowrap;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;
