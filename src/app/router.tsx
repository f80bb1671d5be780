import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { z } from 'zod';
import type { Settings } from '../protocol/settings.ts';
import type { AuthActor } from './runtime.ts';
import { afterLoginTarget, hasRole } from './access.ts';
import { ToastRegion } from '../ui/toasts.tsx';
import { AuthToasts } from '../features/auth/AuthToasts.tsx';
import { Overlays } from '../features/session/Overlays.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { LogoutPage } from '../features/auth/LogoutPage.tsx';
import { SplashScreen } from '../features/boot/BootScreens.tsx';
import { MainLayout } from '../features/layout/MainLayout.tsx';
import { Error404Page } from '../features/errors/Error404Page.tsx';

export interface RouterContext {
  auth: AuthActor;
  settings: Settings;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <ToastRegion />
      <AuthToasts />
      <Overlays />
    </>
  ),
  // SPEC §2: any unknown path redirects to the 404 page.
  notFoundComponent: () => <Navigate to="/pages/errors/error-404" replace />,
});

/** Protected routes: a guest goes to /login with the requested path kept as the target. */
function requireUser({ context, location }: { context: RouterContext; location: { href: string } }) {
  if (!hasRole(context.auth)) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
}

/** Guest-only routes: a player with a role goes to the saved target or /. */
function requireGuest({ context, search }: { context: RouterContext; search: { redirect?: string } }) {
  if (hasRole(context.auth)) throw redirect({ href: afterLoginTarget(search.redirect) });
}

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/lobby' });
  },
});

const loginSearch = z.object({ redirect: z.string().optional().catch(undefined) });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: loginSearch,
  beforeLoad: requireGuest,
  component: LoginPage,
});

const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'callback',
  validateSearch: loginSearch,
  beforeLoad: requireGuest,
  component: SplashScreen,
});

const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'logout',
  beforeLoad: requireUser,
  component: LogoutPage,
});

/** The page chrome (toolbar, navigation) around the logged-in pages. */
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: requireUser,
  component: MainLayout,
});

const lobbyRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'lobby',
  component: lazyRouteComponent(() => import('../features/lobby/LobbyPage.tsx'), 'LobbyPage'),
});

const lobbyBrandRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'lobby/$id/$name',
  component: lazyRouteComponent(() => import('../features/lobby/LobbyPage.tsx'), 'LobbyPage'),
});

const profileRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'profile',
  component: lazyRouteComponent(() => import('../features/account/ProfilePage.tsx'), 'ProfilePage'),
});

const profileIdRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'profile/$profileId',
  component: lazyRouteComponent(() => import('../features/account/ProfilePage.tsx'), 'ProfilePage'),
});

const sessionsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'slot-sessions',
  component: lazyRouteComponent(() => import('../features/account/SessionsPage.tsx'), 'SessionsPage'),
});

const transactionsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'transactions',
  component: lazyRouteComponent(() => import('../features/account/TransactionsPage.tsx'), 'TransactionsPage'),
});

/** The game hides all page chrome, so it sits outside the layout. */
const gameRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'game/$gameId/$name',
  beforeLoad: requireUser,
  component: lazyRouteComponent(() => import('../features/game/GamePage.tsx'), 'GamePage'),
});

const gameIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'game',
  beforeLoad: () => {
    throw redirect({ to: '/lobby' });
  },
});

const error404Route = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pages/errors/error-404',
  component: Error404Page,
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  callbackRoute,
  logoutRoute,
  appLayout.addChildren([lobbyRoute, lobbyBrandRoute, profileRoute, profileIdRoute, sessionsRoute, transactionsRoute]),
  gameRoute,
  gameIndexRoute,
  error404Route,
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
