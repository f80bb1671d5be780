import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Logo } from '../../ui/Logo.tsx';
import { useAuthActor, useSettings } from '../runtime.tsx';
import { Balance } from './Balance.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';

/** A minimal layout: toolbar with logo, navigation, balance and language; the page below. */
export function MainLayout() {
  const { t } = useLingui();
  const settings = useSettings();
  const username = useSelector(useAuthActor(), (s) => s.context.session?.user.username ?? '');
  return (
    <Root>
      {!settings.HIDE_HEADER_BAR && (
        <Toolbar>
          <Link to="/lobby" replace aria-label={t`Home`}>
            <Logo size={28} />
          </Link>
          <Nav aria-label={t`Main navigation`}>
            <Link to="/lobby" activeProps={{ 'aria-current': 'page' }}>
              <Trans>Home</Trans>
            </Link>
            <Link to="/profile" activeProps={{ 'aria-current': 'page' }}>
              <Trans>Profile</Trans>
            </Link>
            <Link to="/slot-sessions" activeProps={{ 'aria-current': 'page' }}>
              <Trans>Game Sessions</Trans>
            </Link>
            <Link to="/transactions" activeProps={{ 'aria-current': 'page' }}>
              <Trans>Transactions</Trans>
            </Link>
          </Nav>
          <Spacer />
          <User>{username}</User>
          <Balance />
          {settings.LANG_SELECT && <LanguageSelect />}
          <Link to="/logout">
            <Trans>Logout</Trans>
          </Link>
        </Toolbar>
      )}
      <Content>
        <Outlet />
      </Content>
    </Root>
  );
}

const Root = styled.div`
  min-height: 100%;
  display: flex;
  flex-direction: column;
`;

const Toolbar = styled.header`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a { color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  a[aria-current='page'] { color: ${({ theme }) => theme.colors.primary}; }
`;

const Nav = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  flex-wrap: wrap;
`;

const Spacer = styled.div`
  flex: 1;
`;

const User = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Content = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space(6)};
`;
