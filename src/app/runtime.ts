/**
 * The composition root: the one place where real services are handed to the machines.
 * Everything here is created once, after /Settings.json is known.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { authMachine } from '../../machines/auth.ts';
import { ipCheckMachine } from '../../machines/ipCheck.ts';
import { walletMachine } from '../../machines/wallet.ts';
import type { Settings } from '../protocol/settings.ts';
import { createHttp } from '../services/http.ts';
import { checkIp, createAuthService } from '../services/session.ts';
import { queryToken, tokenStorage } from '../services/storage.ts';
import { createAppRouter } from './router.tsx';

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type IpCheckActor = ActorRefFrom<typeof ipCheckMachine>;

export interface Runtime {
  settings: Settings;
  auth: AuthActor;
  ipCheck: IpCheckActor;
  router: ReturnType<typeof createAppRouter>;
}

export function createRuntime(settings: Settings): Runtime {
  // The http client reports 401s to the auth actor created just below; it only calls these
  // callbacks once requests run, after the actor exists.
  const http = createHttp({
    apiBase: settings.API_URL,
    getToken: () => auth.getSnapshot().context.token,
    onUnauthorized: (failure) => auth.send({ type: 'server.unauthorized', failure }),
  });
  const session = createAuthService(http, settings.SITE_ID);

  const auth: AuthActor = createActor(
    authMachine.provide({
      actors: {
        readTokens: fromPromise(async () => ({ queryToken: queryToken.read(), storedToken: tokenStorage.read() })),
        validateToken: fromPromise(({ input }) => session.validate(input.token)),
        login: fromPromise(({ input }) => session.login(input)),
        logout: fromPromise(({ input }) => session.logout(input.token)),
        wallet: walletMachine.provide({ actors: { fetchBalance: fromPromise(() => session.balance()) } }),
      },
      actions: {
        storeToken: (_, { token, remember }) => tokenStorage.write(token, remember),
        clearToken: () => tokenStorage.clear(),
        stripQueryToken: () => queryToken.strip(),
      },
    }),
  );

  const ipCheck = createActor(
    ipCheckMachine.provide({ actors: { checkIp: fromPromise(() => checkIp(settings.API_URL)) } }),
    { input: { enabled: settings.IP_CHEKCING } },
  );

  const router = createAppRouter({ auth, settings });

  // Route guards read the auth actor; when the player's roles change, guards must run again.
  let hadRole = false;
  auth.subscribe((snapshot) => {
    const hasRole = snapshot.context.roles.length > 0;
    if (hasRole !== hadRole) {
      hadRole = hasRole;
      void router.invalidate();
    }
  });

  auth.start();
  ipCheck.start();
  return { settings, auth, ipCheck, router };
}
