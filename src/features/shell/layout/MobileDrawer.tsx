import { useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Backdrop } from '../../../ui/backdrop.ts';
import { useFocusReturn } from '../../../ui/focusReturn.ts';
import { SheetContent, SheetHead } from '../../../ui/sheet.ts';
import { Icon } from '../navigation/Icon.tsx';
import { useNavigationActor, useNavigationSelector } from '../navigation/NavigationProvider.tsx';
import { selectDrawerOpen } from '../../../../machines/navigation.selectors.ts';
import { LogoLink } from './parts.tsx';
import { IconButton } from '../../../ui/IconButton.ts';
import { desktop, NAVBAR_WIDTH } from './sizes.ts';

/**
 * The navbar on a phone: a drawer from the start edge, opened by the toolbar's menu button and
 * closed by its close button, Escape, a tap outside or choosing an item (SPEC §2). A dialog, so
 * focus stays inside while it is open.
 */
export function MobileDrawer({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const nav = useNavigationActor();
  const open = useNavigationSelector(selectDrawerOpen);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const shownAt = useRef(pathname);
  const returnFocus = useFocusReturn({ page: pathname });

  // Any way to another page (a menu item, the search field, a shortcut) leaves the drawer behind.
  useEffect(() => {
    if (pathname === shownAt.current) return;
    shownAt.current = pathname;
    nav.send({ type: 'user.closeMobile' });
  }, [pathname, nav]);


  return (
    <Dialog.Root open={open} onOpenChange={(next) => nav.send({ type: next ? 'user.openMobile' : 'user.closeMobile' })}>
      <Dialog.Portal>
        <DrawerBackdrop $layer={800} $dim={65} />
        <Drawer $edge="start" $width={`min(${NAVBAR_WIDTH}px, 85vw)`} $layer={801} aria-describedby={undefined} {...returnFocus} data-testid="mobile-drawer">
          <Dialog.Title asChild>
            <HiddenTitle>{t`Menu`}</HiddenTitle>
          </Dialog.Title>
          <SheetHead>
            <LogoLink />
            <Dialog.Close asChild>
              <IconButton type="button" aria-label={t`Close the menu`}>
                <Icon name="close" />
              </IconButton>
            </Dialog.Close>
          </SheetHead>
          <Scroll>{children}</Scroll>
        </Drawer>
      </Dialog.Portal>
    </Dialog.Root>
  );
}


const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const DrawerBackdrop = styled(Backdrop)`
  animation: ${fadeIn} 0.2s ease-out;
  @media ${desktop} { display: none; }
`;

const Drawer = styled(SheetContent)`
  @media ${desktop} { display: none; }
`;

const HiddenTitle = styled.h2`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;


const Scroll = styled.div`
  flex: 1;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 8px 12px 16px;
`;
