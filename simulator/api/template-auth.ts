import type { z } from 'zod/mini';
import { LoginResult } from '../../protocol/auth.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { RegisterRequest, RegisterResult, UserSettingsResponse, UserSettingsUpdate } from '../../protocol/template.ts';
import { hashPassword } from '../secrets/passwords.ts';
import { createPinCode } from '../secrets/pin.ts';
import { validate } from '../http/body.ts';
import { fail } from '../http/errors.ts';
import { ok, type ApiRequest, type Route } from '../http/router.ts';
import { saveUserSettings, userSettings } from '../store/user-settings.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';
import { loginRoutes } from './login.ts';

/**
 * The template's account calls (SPEC §7): register a player, and keep their UI settings
 * (layout, theme, shortcuts ...) as one JSON document.
 */

const USERNAME_TAKEN = 'The username is already taken';

export function templateAuthRoutes(deps: ApiDeps): Route[] {
  const [loginRoute] = loginRoutes(deps);
  if (!loginRoute) throw new Error('the login route is missing');
  return [
    {
      method: 'POST',
      path: '/api/auth/register',
      handle: (request) => deps.gate.run(request.ip, 'register', () => register(request, deps, loginRoute)),
    },
    {
      method: 'GET',
      path: '/api/auth/user',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        return ok(UserSettingsResponse, settingsAnswer(deps, player.id));
      },
    },
    {
      method: 'POST',
      path: '/api/auth/user/update',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const { user } = await request.body(UserSettingsUpdate);
        saveUserSettings(deps.store, player.id, JSON.stringify(user), deps.now());
        return ok(UserSettingsResponse, settingsAnswer(deps, player.id));
      },
    },
  ];
}

/**
 * Creates the player (balance 0), then logs them in through the login route itself, so the
 * new session, token and login log are exactly a login's. A taken username is a form result
 * ({error}, 200), as the template expects, not a failure.
 */
async function register(request: ApiRequest, deps: ApiDeps, loginRoute: Route) {
  const input = await request.body(RegisterRequest);
  const { store } = deps;
  // Before anything is created: a visitor who may not log in may not sign up either.
  if (!deps.control.isCountryAllowed(request.country)) {
    throw fail(403, ErrorCode.ipNotPermitted, { country: request.country, ip: request.ip });
  }
  const taken: RegisterResult = { error: { username: USERNAME_TAKEN } };
  if (store.playerByUsername(input.username)) return ok(RegisterResult, taken);
  // No PIN chosen: the operator's default, the one the Turkish lock text names.
  const pin = input.pin ?? deps.control.settings().DEFAULT_PIN;
  const [passwordHash, pinHash] = await Promise.all([hashPassword(input.password), createPinCode(pin)]);
  // Checked again after the await: another registration may have taken the name meanwhile.
  if (store.playerByUsername(input.username)) return ok(RegisterResult, taken);
  store.insertPlayer({
    username: input.username,
    name: input.name,
    lastname: input.lastname,
    email: input.email,
    passwordHash,
    pinHash,
    balanceMinor: 0,
    banned: false,
  });

  const credentials = { username: input.username, password: input.password, site_id: 0 };
  const reply = await loginRoute.handle({
    ...request,
    body: <T>(schema: z.ZodMiniType<T>) => Promise.resolve(validate(schema, credentials)),
  });
  const login = LoginResult.parse(reply.body);
  return ok(RegisterResult, { user: login.user, access_token: login.token });
}

/** Stored as JSON of a UserSettingsUpdate's `user`; `ok` checks it is still an object. */
function settingsAnswer(deps: ApiDeps, playerId: number): UserSettingsResponse {
  const stored = userSettings(deps.store, playerId);
  return {
    user: stored ? (JSON.parse(stored.json) as UserSettingsResponse['user']) : {},
    updatedAt: stored ? new Date(stored.updatedAt).toISOString() : null,
  };
}
