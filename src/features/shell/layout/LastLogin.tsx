import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { formatDateTime } from '../../../ui/dates.ts';
import { useAuthActor } from '../../viewRuntime.tsx';
import { selectUser } from '../../../../machines/auth.selectors.ts';

/** Layout 3's navbar block: current IP, last login time and last login IP (SPEC §1). */
export function LastLogin() {
  const { i18n } = useLingui();
  const user = useSelector(useAuthActor(), selectUser);
  if (!user) return null;
  return (
    <Facts data-testid="last-login">
      <dt>
        <Trans>Current IP</Trans>
      </dt>
      <dd dir="ltr">{user.ipAddress || '—'}</dd>
      <dt>
        <Trans>Last login</Trans>
      </dt>
      <dd>{user.lastLogon ? formatDateTime(user.lastLogon, i18n.locale) : '—'}</dd>
      <dt>
        <Trans>Last login IP</Trans>
      </dt>
      <dd dir="ltr">{user.lastLogonIp || '—'}</dd>
    </Facts>
  );
}

const Facts = styled.dl`
  display: grid;
  /* The figure keeps its width; a long label (Arabic's) takes two lines before a date would. */
  grid-template-columns: minmax(min-content, 1fr) auto;
  gap: 4px 12px;
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: rgb(255 255 255 / 2%);
  font-size: 0.8rem;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  /* At the block's end edge whatever its own direction (an IP reads left to right in Arabic too). */
  dd { justify-self: end; margin: 0; min-width: 0; color: ${({ theme }) => theme.colors.text}; text-align: end; unicode-bidi: plaintext; }
`;
