import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useState, useSyncExternalStore, type ReactNode } from 'react';
import styled from 'styled-components';
import { selectLoggedIn } from '../../machines/auth.selectors.ts';
import { LookHost } from '../features/shell/settings/LookHost.tsx';
import { useLoggedInReady } from '../features/viewRuntime.tsx';
import { guestLook } from '../services/storage.ts';
import type { AppRouter } from './router.tsx';
import type { Runtime } from './runtime.ts';

/**
 * The routed app, once the boot is through: the router's pages in the player's look, under the
 * boot's last screen until the first page is in. Its own file, downloaded beside the boot's
 * checks (src/app/App.tsx): the router is not in the way of the login painted from HTML.
 */
export function Routed({ runtime, router, cover }: { runtime: Runtime; router: AppRouter; cover: ReactNode }) {
  return (
    <>
      {/* The player's look: the theme, direction and layout follow the uiSettings machine. */}
      <PlayerLook runtime={runtime}>
        <RouterProvider router={router} />
      </PlayerLook>
      <FirstPageCover router={router}>{cover}</FirstPageCover>
    </>
  );
}

/**
 * The player's look once the logged-in half of the app is there: loaded for a player (without
 * holding the first routed screen) and for a guest whose look this browser keeps. A guest without
 * one is shown the night look the page came with, and the login page does not pay for evaluating
 * the logged-in half (the service worker fetches it meanwhile; a login starts evaluating it).
 */
function PlayerLook({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  const loggedIn = useSelector(runtime.auth, selectLoggedIn);
  const [guestWithLook] = useState(guestLook.kept);
  const ready = useLoggedInReady(loggedIn || guestWithLook);
  return <LookHost actor={ready ? (runtime.uiSettings ?? null) : null}>{children}</LookHost>;
}

/**
 * The boot's last screen over the page until the router has shown its first page. A reload of
 * /lobby or /game/… loads that page's code and the logged-in half before the router draws
 * anything: without this, the page stood empty and dark between the boot screens and the page.
 */
function FirstPageCover({ router, children }: { router: AppRouter; children: ReactNode }) {
  const subscribe = useCallback((changed: () => void) => router.subscribe('onResolved', changed), [router]);
  const pageIn = useSyncExternalStore(subscribe, () => router.state.resolvedLocation !== undefined);
  if (pageIn) return null;
  return <Cover>{children}</Cover>;
}

/** Over the page (and whatever the router draws as it comes), never beside it. */
const Cover = styled.div`
  position: fixed;
  inset: 0;
  z-index: 2000;
  overflow: auto;
`;
