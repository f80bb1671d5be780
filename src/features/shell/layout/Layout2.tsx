import { Outlet } from '@tanstack/react-router';
import styled from 'styled-components';
import { Navigation } from '../navigation/Navigation.tsx';
import { useSettings } from '../../viewRuntime.tsx';
import { Balance } from './Balance.tsx';
// The navbar, toolbar and footer in the player's colour schemes, and the settings tools.
import { ChromeTray } from './ChromeTray.tsx';
import { ThemedFooter as Footer, ThemedToolbar as Toolbar } from './areas.tsx';
import { Content, DesktopOnly, FloatingCorner, Main, Spacer } from './frame.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { LogoLink, MobileMenuButton, UserChip } from './parts.tsx';
import { mobile } from './sizes.ts';
import { UserPanel } from './UserPanel.tsx';

/** Layout 2: the toolbar with a horizontal menu below it; submenus open on hover after 150 ms. */
export function Layout2() {
  const { HIDE_HEADER_BAR, LANG_SELECT } = useSettings();
  return (
    <Main data-layout="layout2">
      <Header>
        {HIDE_HEADER_BAR ? (
          <FloatingCorner>
            <MobileMenuButton />
          </FloatingCorner>
        ) : (
          <Bar>
            <MobileMenuButton />
            <LogoLink />
            <Spacer />
            <ChromeTray place="toolbar" />
            <DesktopOnly>
              <UserChip />
            </DesktopOnly>
            <Balance />
            {LANG_SELECT && <LanguageSelect />}
          </Bar>
        )}
        <MenuRow data-testid="menu-bar">
          <Navigation variant="horizontal" />
          {HIDE_HEADER_BAR && (
            <>
              <Spacer />
              <ChromeTray place="navbar" />
            </>
          )}
        </MenuRow>
      </Header>
      <Content>
        <Outlet />
      </Content>
      <Footer />
      <MobileDrawer>
        <ChromeTray place="drawer" />
        <UserPanel />
        <Navigation variant="vertical" />
      </MobileDrawer>
    </Main>
  );
}

const Header = styled.div`
  position: sticky;
  top: 0;
  z-index: 40;
`;

const Bar = styled(Toolbar)`
  position: static;
  border-bottom-color: rgb(44 53 88 / 55%);
`;

const MenuRow = styled.div`
  display: flex;
  align-items: center;
  min-height: 56px;
  padding-inline: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 8px 24px rgb(0 0 0 / 25%);
  @media ${mobile} { display: none; }
`;
