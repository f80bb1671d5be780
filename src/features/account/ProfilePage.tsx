import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useAuthActor } from '../runtime.tsx';

export function ProfilePage() {
  const user = useSelector(useAuthActor(), (s) => s.context.session?.user ?? null);
  if (!user) return null;
  return (
    <>
      <PageHeader title={<Trans>Profile</Trans>} />
      <Facts>
        <dt><Trans>username</Trans></dt>
        <dd>{user.username}</dd>
        <dt><Trans>name</Trans></dt>
        <dd>{user.name}</dd>
        <dt><Trans>last name</Trans></dt>
        <dd>{user.lastname}</dd>
        <dt><Trans>IP address</Trans></dt>
        <dd>{user.ipAddress}</dd>
        <dt><Trans>Last login</Trans></dt>
        <dd>{user.lastLogon ?? '—'}</dd>
        <dt><Trans>Last login IP</Trans></dt>
        <dd>{user.lastLogonIp ?? '—'}</dd>
      </Facts>
    </>
  );
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 24px;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; }
`;
