import { Outlet } from '@tanstack/react-router';
import { Navigation } from '../navigation/Navigation.tsx';
import { useSettings } from '../runtime.tsx';
import { Balance } from './Balance.tsx';
import { Footer } from './Footer.tsx';
import { Content, DesktopOnly, FloatingCorner, Main, MobileOnly, NavHead, Page, Spacer, Toolbar } from './frame.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { Navbar } from './Navbar.tsx';
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
        <UserPanel />
        <Navigation variant="vertical" />
      </MobileDrawer>
    </Page>
  );
}
