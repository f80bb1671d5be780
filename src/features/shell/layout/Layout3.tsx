import { useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import styled from 'styled-components';
import { Icon } from '../navigation/Icon.tsx';
import { Navigation } from '../navigation/Navigation.tsx';
import { useNavigationActor, useNavigationSelector } from '../navigation/NavigationProvider.tsx';
import { selectWalletShown } from '../../../../machines/navigation.selectors.ts';
import { useSettings } from '../../viewRuntime.tsx';
import { Balance } from './Balance.tsx';
// The navbar, toolbar and footer in the player's colour schemes, and the settings tools.
import { ChromeTray } from './ChromeTray.tsx';
import { ThemedFooter as Footer, ThemedNavbar as Navbar, ThemedToolbar as Toolbar } from './areas.tsx';
import { Content, DesktopOnly, FloatingCorner, Main, NavHead, Spacer } from './frame.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { LastLogin } from './LastLogin.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { FoldToggle, Greeting, LogoLink, MobileMenuButton, UserChip } from './parts.tsx';
import { IconButton } from '../../../ui/IconButton.ts';
import { ADMIN_BAR_HEIGHT, HEADER_HEIGHT, mobile, TOOLBAR_HEIGHT } from './sizes.ts';
import { UserPanel } from './UserPanel.tsx';
import { UI_VERSION } from './version.ts';

/**
 * Layout 3, the product's own (SPEC §2 'Layouts and panels'): a 120 px header made of the admin
 * bar and the toolbar (language, info, wallet toggle); below it the left drawer navbar with the
 * player, the balance, the last-login block, the menu and the UI version.
 */
export function Layout3() {
  const { HIDE_HEADER_BAR, LANG_SELECT, EXTERNAL_INFO } = useSettings();
  const balanceShown = useNavigationSelector(selectWalletShown);
  return (
    <Shell data-layout="layout3">
      {HIDE_HEADER_BAR ? (
        <FloatingCorner>
          <MobileMenuButton />
        </FloatingCorner>
      ) : (
        <Header>
          <AdminBar data-testid="admin-bar">
            <FoldToggle />
            <MobileMenuButton />
            <LogoLink />
            <Spacer />
            <DesktopOnly>
              <UserChip />
            </DesktopOnly>
          </AdminBar>
          <Tools>
            <Greeting />
            <Spacer />
            <ChromeTray place="toolbar" />
            {LANG_SELECT && <LanguageSelect />}
            {EXTERNAL_INFO && <InfoButton />}
            <WalletToggle />
            {balanceShown && <Balance />}
          </Tools>
        </Header>
      )}
      <Row>
        <Navbar
          top={HIDE_HEADER_BAR ? 0 : HEADER_HEIGHT}
          head={
            HIDE_HEADER_BAR ? (
              <NavHead>
                <FoldToggle />
              </NavHead>
            ) : undefined
          }
        >
          {HIDE_HEADER_BAR && <ChromeTray place="navbar" balance={false} />}
          <NavbarContent />
        </Navbar>
        <Below $header={HIDE_HEADER_BAR ? 0 : HEADER_HEIGHT}>
          <Content>
            <Outlet />
          </Content>
          <Footer />
        </Below>
      </Row>
      <MobileDrawer>
        <ChromeTray place="drawer" balance={false} />
        <NavbarContent />
      </MobileDrawer>
    </Shell>
  );
}

function NavbarContent() {
  return (
    <>
      <UserPanel />
      <Card data-fold="hide">
        <Icon name="wallet" />
        <Balance testId="navbar-balance" />
      </Card>
      <div data-fold="hide">
        <LastLogin />
      </div>
      <Navigation variant="vertical" />
      <VersionLabel data-fold="hide" dir="ltr">
        Reelside {UI_VERSION}
      </VersionLabel>
    </>
  );
}

/** Opens the info modal on the list of information pages. */
function InfoButton() {
  const { t } = useLingui();
  const nav = useNavigationActor();
  return (
    <IconButton type="button" aria-label={t`Information`} title={t`Information`} onClick={() => nav.send({ type: 'user.openInfoMenu' })}>
      <Icon name="info" />
    </IconButton>
  );
}

/** Shows or hides the balance in the toolbar. */
function WalletToggle() {
  const { t } = useLingui();
  const nav = useNavigationActor();
  const shown = useNavigationSelector(selectWalletShown);
  return (
    <IconButton
      type="button"
      data-tone="gold"
      aria-label={t`Show balance`}
      title={t`Show balance`}
      aria-pressed={shown}
      onClick={() => nav.send({ type: 'user.toggleWallet' })}
    >
      <Icon name="wallet" />
    </IconButton>
  );
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100%;
`;

const Header = styled.div`
  position: sticky;
  top: 0;
  z-index: 70;
  display: flex;
  flex-direction: column;
  height: ${HEADER_HEIGHT}px;
`;

const AdminBar = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  height: ${ADMIN_BAR_HEIGHT}px;
  padding-inline: 12px ${({ theme }) => theme.space(6)};
  background: linear-gradient(90deg, #070912, #141a33 55%, #2a1f08);
  border-bottom: 2px solid ${({ theme }) => theme.colors.primary};
  [dir='rtl'] & { background: linear-gradient(270deg, #070912, #141a33 55%, #2a1f08); }
  @media ${mobile} { gap: 8px; padding-inline: 8px 12px; }
  /* The bar is night-dark in every theme: its wordmark is drawn light, whatever the theme's text
     colour (a light theme's dark text vanished on it). */
  svg .word { fill: #f1f3fa; }
  svg .reel { fill: #1e2540; }
`;

const Tools = styled(Toolbar)`
  position: static;
  min-height: 0;
  height: ${TOOLBAR_HEIGHT}px;
  gap: 8px;
`;

const Row = styled.div`
  flex: 1;
  display: flex;
`;

const Below = styled(Main)<{ $header: number }>`
  min-height: calc(100vh - ${({ $header }) => $header}px);
`;

const Card = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid rgb(245 179 1 / 30%);
  background: linear-gradient(135deg, rgb(245 179 1 / 14%), rgb(245 179 1 / 3%));
  > svg { color: ${({ theme }) => theme.colors.primary}; }
`;

const VersionLabel = styled.div`
  margin-top: auto;
  padding: 12px 12px 0;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  letter-spacing: 0.04em;
`;
