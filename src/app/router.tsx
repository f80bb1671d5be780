import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { z } from 'zod/mini';
import { lazySchema } from '../../protocol/lazySchema.ts';
import { selectRoles } from '../../machines/auth.selectors.ts';
import type { Settings } from '../../protocol/settings.ts';
import type { ViewRuntime } from '../features/viewRuntime.tsx';
import { afterLoginTarget, hasRole } from './access.ts';
import { loadAppMessages } from '../ui/i18n.ts';
import { AUTH, type Role } from '../features/shell/navigation/roles.ts';
import { roleAllows } from '../features/shell/navigation/filter.ts';
import { ToastRegion } from '../ui/toasts.tsx';
import { AuthToasts } from '../features/product/auth/AuthToasts.tsx';
import { Overlays } from '../features/product/session/Overlays.tsx';
import { LoginPage } from '../features/product/auth/LoginPage.tsx';
import { NetworkErrorScreen, SplashScreen } from '../features/product/boot/BootScreens.tsx';

export interface RouterContext {
  auth: ViewRuntime['auth'];
  settings: Settings;
  /** The logged-in half of the app (its machines and the player's look), loaded once. */
  loadLoggedIn: () => Promise<unknown>;
}

/** The logged-in pages need their machines before they render. */
const loadLoggedIn = async ({ context }: { context: RouterContext }) => {
  await context.loadLoggedIn();
};

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
  // A page's code that cannot be downloaded: say so and offer a reload, never a blank screen.
  errorComponent: () => <NetworkErrorScreen onRetry={() => window.location.reload()} />,
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

const loginSearch = lazySchema(() => z.object({ redirect: z.catch(z.optional(z.string()), undefined) }));

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
  component: lazyRouteComponent(() => import('../features/product/auth/LogoutPage.tsx'), 'LogoutPage'),
});

/** The page chrome (toolbar, navigation) around the logged-in pages. */
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: requireUser,
  loader: loadLoggedIn,
  component: lazyRouteComponent(() => import('../features/shell/layout/MainLayout.tsx'), 'MainLayout'),
});

// One lobby page for /lobby and a brand's /lobby/:id/:name: choosing a brand (or none again) is
// the same lobby — its actor, its live statuses, the promo buttons — loading another brand, not a
// new page loading everything from the start. The page reads the brand from the address.
const lobbyRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'lobby',
  component: lazyRouteComponent(() => import('../features/product/lobby/LobbyPage.tsx'), 'LobbyPage'),
});

const lobbyAllRoute = createRoute({ getParentRoute: () => lobbyRoute, path: '/' });

const lobbyBrandRoute = createRoute({ getParentRoute: () => lobbyRoute, path: '$id/$name' });

const profileRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'profile',
  component: lazyRouteComponent(() => import('../features/product/account/ProfilePage.tsx'), 'ProfilePage'),
});

const profileIdRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'profile/$profileId',
  component: lazyRouteComponent(() => import('../features/product/account/ProfilePage.tsx'), 'ProfilePage'),
});

/**
 * A list's filter and page in its address, so a reload, Back and a shared link show the same
 * rows. What is not a day, a type (1–8) or a page is dropped (the list opens unfiltered), never an error.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const listSearch = lazySchema(() => z.object({
  from: z.catch(z.optional(z.string().check(z.regex(DAY))), undefined),
  to: z.catch(z.optional(z.string().check(z.regex(DAY))), undefined),
  type: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(8))), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(2), z.maximum(100_000))), undefined),
}));

const sessionsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'slot-sessions',
  validateSearch: listSearch,
  component: lazyRouteComponent(() => import('../features/product/account/SessionsPage.tsx'), 'SessionsRoute'),
});

const transactionsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'transactions',
  validateSearch: listSearch,
  component: lazyRouteComponent(() => import('../features/product/account/TransactionsPage.tsx'), 'TransactionsRoute'),
});

const protectionHistoryRoute = createRoute({
  getParentRoute: () => appLayout,
  path: 'protection-history',
  validateSearch: listSearch,
  component: lazyRouteComponent(() => import('../features/product/account/ProtectionHistoryPage.tsx'), 'ProtectionHistoryRoute'),
});

/** The game hides all page chrome, so it sits outside the layout. */
const gameRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'game/$gameId/$name',
  beforeLoad: requireUser,
  loader: loadLoggedIn,
  component: lazyRouteComponent(() => import('../features/product/game/GamePage.tsx'), 'GamePage'),
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
  // Its texts are the app's (a page few see: /login does not carry them).
  loader: loadAppMessages,
  component: lazyRouteComponent(() => import('../features/product/errors/Error404Page.tsx'), 'Error404Page'),
});

// ---- template pages (SPEC §2 leftovers) ---------------------------------------------------------
// Auth demos, coming-soon, error-500 and the guest role example sit outside the chrome and need
// no login (the guest example is for guests only); the other template pages sit in the app
// layout and need a logged-in player. All load lazily (with the app's texts), so none of them
// grows /login or /lobby.

/** SPEC §2 access rules for a role page: a guest goes to /login with the target kept; a player
 * without the role goes to the saved target or /. */
function requireRoles(allowed: readonly Role[]) {
  return ({ context, location, search }: { context: RouterContext; location: { href: string }; search: { redirect?: string } }) => {
    const roles = selectRoles(context.auth.getSnapshot());
    if (roleAllows(allowed, roles)) return;
    if (roles.length === 0) throw redirect({ to: '/login', search: { redirect: location.href } });
    throw redirect({ href: afterLoginTarget(search.redirect) });
  };
}

const authDemo = <P extends string>(path: P, name: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    // The logged-in half brings the app's texts and the sign-up form's machine.
    loader: loadLoggedIn,
    component: lazyRouteComponent(() => import('../features/shell/template/AuthDemoPages.tsx'), name as 'AuthLoginPage'),
  });

const authDemoRoutes = [
  authDemo('pages/auth/login', 'AuthLoginPage'),
  authDemo('pages/auth/login-2', 'AuthLogin2Page'),
  authDemo('pages/auth/login-3', 'AuthLogin3Page'),
  authDemo('pages/auth/register', 'AuthRegisterPage'),
  authDemo('pages/auth/register-2', 'AuthRegister2Page'),
  authDemo('pages/auth/register-3', 'AuthRegister3Page'),
  authDemo('pages/auth/forgot-password', 'AuthForgotPasswordPage'),
  authDemo('pages/auth/forgot-password-2', 'AuthForgotPassword2Page'),
  authDemo('pages/auth/reset-password', 'AuthResetPasswordPage'),
  authDemo('pages/auth/reset-password-2', 'AuthResetPassword2Page'),
  authDemo('pages/auth/lock', 'AuthLockPage'),
  authDemo('pages/auth/mail-confirm', 'AuthMailConfirmPage'),
];

const comingSoonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pages/coming-soon',
  loader: loadAppMessages,
  component: lazyRouteComponent(() => import('../features/shell/template/StandalonePages.tsx'), 'ComingSoonPage'),
});

const error500Route = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pages/errors/error-500',
  loader: loadAppMessages,
  component: lazyRouteComponent(() => import('../features/shell/template/StandalonePages.tsx'), 'Error500Page'),
});

const guestRoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/guest-role-example',
  validateSearch: loginSearch,
  beforeLoad: requireGuest,
  loader: loadAppMessages,
  component: lazyRouteComponent(() => import('../features/shell/template/StandalonePages.tsx'), 'GuestRoleExamplePage'),
});

const demoPage = <P extends string>(path: P, file: 'DemoPages' | 'SearchPages', name: string) =>
  createRoute({
    getParentRoute: () => appLayout,
    path,
    component:
      file === 'DemoPages'
        ? lazyRouteComponent(() => import('../features/shell/template/DemoPages.tsx'), name as 'DemoProfilePage')
        : lazyRouteComponent(() => import('../features/shell/template/SearchPages.tsx'), name as 'SearchClassicPage'),
  });

const templateLayoutRoutes = [
  demoPage('pages/profile', 'DemoPages', 'DemoProfilePage'),
  demoPage('pages/search/classic', 'SearchPages', 'SearchClassicPage'),
  demoPage('pages/search/modern', 'SearchPages', 'SearchModernPage'),
  demoPage('ui/page-layouts/carded', 'DemoPages', 'CardedLayoutPage'),
  demoPage('ui/page-layouts/simple', 'DemoPages', 'SimpleLayoutPage'),
  demoPage('ui/page-layouts/blank', 'DemoPages', 'BlankLayoutPage'),
  demoPage('ui/icons', 'DemoPages', 'IconsPage'),
  demoPage('ui/typography', 'DemoPages', 'TypographyPage'),
  demoPage('ui/helper-classes', 'DemoPages', 'HelperClassesPage'),
  demoPage('documentation', 'DemoPages', 'DocumentationPage'),
  createRoute({
    getParentRoute: () => appLayout,
    path: 'auth/admin-role-example',
    validateSearch: loginSearch,
    beforeLoad: requireRoles(AUTH.admin),
    component: lazyRouteComponent(() => import('../features/shell/template/DemoPages.tsx'), 'AdminRoleExamplePage'),
  }),
  createRoute({
    getParentRoute: () => appLayout,
    path: 'auth/staff-role-example',
    validateSearch: loginSearch,
    beforeLoad: requireRoles(AUTH.staff),
    component: lazyRouteComponent(() => import('../features/shell/template/DemoPages.tsx'), 'StaffRoleExamplePage'),
  }),
];
// ---- end of template pages --------------------------------------------------------------------

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  callbackRoute,
  logoutRoute,
  appLayout.addChildren([
    lobbyRoute.addChildren([lobbyAllRoute, lobbyBrandRoute]),
    profileRoute,
    profileIdRoute,
    sessionsRoute,
    transactionsRoute,
    protectionHistoryRoute,
    ...templateLayoutRoutes,
  ]),
  gameRoute,
  gameIndexRoute,
  error404Route,
  ...authDemoRoutes,
  comingSoonRoute,
  error500Route,
  guestRoleRoute,
]);

export type AppRouter = ReturnType<typeof createAppRouter>;

export function createAppRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
