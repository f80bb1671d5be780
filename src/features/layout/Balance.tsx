import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { formatMoney } from '../../ui/money.ts';
import { useAuthActor, useSettings } from '../runtime.tsx';

/** The wallet balance, or 'loading..' until the first answer. */
export function Balance() {
  const { i18n } = useLingui();
  const { CURRENCY } = useSettings();
  const wallet = useSelector(useAuthActor(), (s) => s.children.wallet);
  const balance = useSelector(wallet, (s) => s?.context.balance ?? null);
  return (
    <Root data-testid="balance" aria-live="polite">
      <Label>
        <Trans>Balance</Trans>
      </Label>
      <Amount>{balance === null ? <Trans>loading..</Trans> : formatMoney(balance, CURRENCY, i18n.locale)}</Amount>
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
  font-size: 0.7rem;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Amount = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;
