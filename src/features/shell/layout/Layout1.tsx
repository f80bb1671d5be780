import { Outlet } from '@tanstack/react-router';
import { Navigation } from '../navigation/Navigation.tsx';
import { useSettings } from '../../viewRuntime.tsx';
import { Balance } from './Balance.tsx';
// The navbar, toolbar and footer in the player's colour schemes, and the settings tools.
import { ChromeTray } from './ChromeTray.tsx';
import { ThemedFooter as Footer, ThemedNavbar as Navbar, ThemedToolbar as Toolbar } from './areas.tsx';
import { Content, DesktopOnly, FloatingCorner, Main, MobileOnly, NavHead, Page, Spacer } from './frame.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { FoldToggle, Greeting, LogoLink, MobileMenuButton, UserChip } from './parts.tsx';
import { UserPanel } from './UserPanel.tsx';

/** Layout 1, the default: a vertical navbar at the start edge, the toolbar above the page. */
export function Layout1() {
  const { HIDE_HEADER_BAR, LANG_SELECT } = useSettings();
  return (
    <Page data-layout="layout1">
      <Navbar
        head={
          <NavHead>
            <span data-fold="hide">
              <LogoLink />
            </span>
            <FoldToggle />
          </NavHead>
        }
      >
        <UserPanel />
        {HIDE_HEADER_BAR && <ChromeTray place="navbar" />}
        <Navigation variant="vertical" />
      </Navbar>
      <Main>
        {HIDE_HEADER_BAR ? (
          <FloatingCorner>
            <MobileMenuButton />
          </FloatingCorner>
        ) : (
          <Toolbar>
            <MobileMenuButton />
            <MobileOnly>
              <LogoLink compact />
            </MobileOnly>
            <Greeting />
            <Spacer />
            <ChromeTray place="toolbar" />
            <DesktopOnly>
              <UserChip />
            </DesktopOnly>
            <Balance />
            {LANG_SELECT && <LanguageSelect />}
          </Toolbar>
        )}
        <Content>
          <Outlet />
        </Content>
        <Footer />
      </Main>
      <MobileDrawer>
        <ChromeTray place="drawer" />
        <UserPanel />
        <Navigation variant="vertical" />
      </MobileDrawer>
    </Page>
  );
}
