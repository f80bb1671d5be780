import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { intlLocale } from '../../ui/locale.ts';
import { useAuthActor } from '../runtime.tsx';

/** Layout 3's navbar block: current IP, last login time and last login IP (SPEC §1). */
export function LastLogin() {
  const { i18n } = useLingui();
  const user = useSelector(useAuthActor(), (s) => s.context.session?.user ?? null);
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
      <dd>{formatWhen(user.lastLogon, i18n.locale)}</dd>
      <dt>
        <Trans>Last login IP</Trans>
      </dt>
      <dd dir="ltr">{user.lastLogonIp || '—'}</dd>
    </Facts>
  );
}

function formatWhen(value: string | null, locale: string): string {
  if (!value) return '—';
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'short', timeStyle: 'short' }).format(when);
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: rgb(255 255 255 / 2%);
  font-size: 0.8rem;
  dt { color: ${({ theme }) => theme.colors.textMuted}; white-space: nowrap; }
  dd { margin: 0; color: ${({ theme }) => theme.colors.text}; text-align: end; white-space: nowrap; unicode-bidi: plaintext; }
`;
