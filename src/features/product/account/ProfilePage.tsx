import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import type { LoginLogItem } from '../../../../protocol/account.ts';
import { selectProfile, selectProfileFailure } from '../../../../machines/accountProfile.selectors.ts';
import { selectUser } from '../../../../machines/auth.selectors.ts';
import { Button } from '../../../ui/Button.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useAuthActor, useLogic } from '../../viewRuntime.tsx';
import { AccountList } from './AccountList.tsx';
import { Card } from '../common/controls.ts';
import { PasswordForm, PinForm } from './CredentialForms.tsx';
import { LimitsCard } from '../protection/LimitsCard.tsx';
import { ProtectionHistoryCard } from '../protection/ProtectionHistoryCard.tsx';
import { RealityCheckCard } from '../protection/RealityCheckCard.tsx';
import { TakeABreak } from '../protection/TakeABreak.tsx';
import type { Column } from './DataTable.tsx';
import { useAccountFormat } from '../common/format.ts';
import { LOGIN_TYPE_LABELS, UNKNOWN_LABEL } from './labels.ts';

/**
 * The profile (/profile, /profile/:profileId — a player only ever sees their own): who they are,
 * the last-login block, the password and PIN forms, a break or self-exclusion, and the login log.
 */
export function ProfilePage() {
  const { i18n } = useLingui();
  const format = useAccountFormat();
  const user = useSelector(useAuthActor(), selectUser);
  const profileActor = useActorRef(useLogic().account.profile);
  const profile = useSelector(profileActor, selectProfile);
  const failure = useSelector(profileActor, selectProfileFailure);
  if (!user) return null;

  // What the login answered, until the server's current profile arrives.
  const shown = profile ?? {
    username: user.username,
    name: user.name,
    lastname: user.lastname,
    ip: user.ipAddress,
    lastLogon: user.lastLogon,
    lastLogonIp: user.lastLogonIp,
  };

  return (
    <>
      <PageHeader title={<Trans>Profile</Trans>} />
      {failure && (
        <Problem role="alert">
          <span>
            <Trans>The profile could not be refreshed.</Trans> {failureText(i18n, failure)}
          </span>
          <Button type="button" $variant="ghost" onClick={() => profileActor.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Problem>
      )}
      <Grid>
        <FactsCard title={<Trans>Account</Trans>} testId="profile-account">
          <dt>
            <Trans>username</Trans>
          </dt>
          <dd>{shown.username}</dd>
          <dt>
            <Trans>name</Trans>
          </dt>
          <dd>{shown.name}</dd>
          <dt>
            <Trans>last name</Trans>
          </dt>
          <dd>{shown.lastname}</dd>
        </FactsCard>
        <FactsCard title={<Trans>Last login</Trans>} testId="profile-last-login">
          <dt>
            <Trans>Current IP</Trans>
          </dt>
          <dd>{shown.ip}</dd>
          <dt>
            <Trans>Last login time</Trans>
          </dt>
          <dd>{shown.lastLogon ? format.dateTime(shown.lastLogon) : <Trans>This is your first login.</Trans>}</dd>
          <dt>
            <Trans>Last login IP</Trans>
          </dt>
          <dd>{shown.lastLogonIp ?? '—'}</dd>
        </FactsCard>
        <PasswordForm />
        <PinForm />
        <LimitsCard />
        <RealityCheckCard />
        <TakeABreak />
        <ProtectionHistoryCard />
        <Wide>
          <LoginLog />
        </Wide>
      </Grid>
    </>
  );
}

function FactsCard({ title, testId, children }: { title: ReactNode; testId: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{title}</h2>
      <Facts>{children}</Facts>
    </Card>
  );
}

/** Every login, validation, logout and password change of the account, newest first. */
function LoginLog() {
  const { t, i18n } = useLingui();
  const format = useAccountFormat();
  const titleId = useId();
  const list = useActorRef(useLogic().account.loginLog, { input: {} });
  const columns = useMemo<Column<LoginLogItem>[]>(
    () => [
      { id: 'at', header: t`Login time`, lead: true, cell: (x) => format.dateTime(x.at) },
      {
        id: 'ip',
        header: t`IP address`,
        cell: (x) => (
          <span>
            {x.ip} {x.country && <Country>{x.country}</Country>}
          </span>
        ),
      },
      {
        id: 'type',
        header: t`Type`,
        cell: (x) => <LogType data-type={x.type}>{i18n._(LOGIN_TYPE_LABELS[x.type] ?? UNKNOWN_LABEL)}</LogType>,
      },
    ],
    [t, i18n, format],
  );
  const typeFilter = useMemo(
    () => ({
      label: t`Type`,
      options: Object.entries(LOGIN_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label: i18n._(label) })),
    }),
    [t, i18n],
  );
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Login log</Trans>
      </h2>
      <AccountList
        list={list}
        name={t`Login log`}
        testId="login-log"
        columns={columns}
        rowKey={(x) => x.id}
        rowState={(x) => (x.type === 2 || x.type === 3 || x.type === 7 ? 'lost' : undefined)}
        typeFilter={typeFilter}
        empty={<Trans>There are no logins yet.</Trans>}
        emptyFiltered={<Trans>No logins match these filters.</Trans>}
      />
    </Card>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: ${({ theme }) => theme.space(5)};
  align-items: start;
`;

const Wide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 10px 24px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.78rem;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    align-self: center;
  }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

const Problem = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.danger};
`;

const Country = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LogType = styled.span`
  &[data-type='2'], &[data-type='3'], &[data-type='7'] { color: ${({ theme }) => theme.colors.danger}; }
  &[data-type='1'] { color: ${({ theme }) => theme.colors.success}; }
`;
