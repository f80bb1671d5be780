import { RouterProvider } from '@tanstack/react-router';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useFirstLogin } from '../features/product/auth/firstLogin.tsx';
import type { AppRouter } from './router.tsx';

/**
 * The routed app, once the boot is through: the router's pages, under the boot's last screen
 * until the first page is in. Its own file, loaded by src/app/App.tsx beside the boot's checks —
 * or, on the painted login, once the player turns to the form: not in the way of the first paint.
 */
export function Routed({ router, cover }: { router: AppRouter; cover: ReactNode }) {
  return (
    <>
      <RouterProvider router={router} />
      <FirstPageCover router={router}>{cover}</FirstPageCover>
    </>
  );
}

/**
 * The boot's last screen (given with its cover) over the page until the router has shown its first
 * page. A reload of /lobby or /game/… loads that page's code and the logged-in half before the
 * router draws anything: without this, the page stood empty and dark between the boot screens and
 * the page. On a page painted with its login, that login stands meanwhile and after: it is over
 * once the router shows another page (firstLogin.tsx).
 */
function FirstPageCover({ router, children }: { router: AppRouter; children: ReactNode }) {
  const subscribe = useCallback((changed: () => void) => router.subscribe('onResolved', changed), [router]);
  // Where the router's first page is (undefined until it has shown one).
  const pathname = useSyncExternalStore(subscribe, () => router.state.resolvedLocation?.pathname);
  const first = useFirstLogin();
  useEffect(() => {
    if (pathname !== undefined && pathname !== '/login') first.end();
  }, [first, pathname]);
  return pathname === undefined ? children : null;
}
