import type { Credentials, Session } from '../../machines/auth.ts';
import { LoginResult, TokenClaims } from '../../protocol/auth.ts';
import { OkResponse } from '../../protocol/errors.ts';
import { BalanceResponse } from '../../protocol/player.ts';
import { IpCheckResult } from '../../protocol/check.ts';
import type { Http } from './http.ts';
import { ApiFailure } from './apiFailure.ts';

/**
 * The JWT reader (jose) loads beside the first login or token check rather than with /login's
 * first paint: nothing on the page before that reads a token.
 */
const loadJwt = () => import('jose').then(({ decodeJwt }) => decodeJwt);

/** Turn the operator's login answer into the session the auth machine keeps; `now` is the operator's clock. */
export function toSession(result: LoginResult, decodeJwt: (token: string) => unknown, now: number): Session {
  const claims = TokenClaims.safeParse(decodeJwt(result.token));
  if (!claims.success) throw new ApiFailure(200, 10, 'signature not verified');
  return {
    token: result.token,
    pinCode: result.pin_code ?? null,
    expiresInMs: claims.data.exp * 1000 - now,
    user: {
      ...result.user,
      permissions: claims.data.permissions,
      group: claims.data.group,
      type: claims.data.type,
      ipAddress: result.ip_address,
      lastLogon: result.last_logon,
      lastLogonIp: result.last_logon_ip,
      versions: result.versions,
    },
  };
}

export function createAuthService(http: Http, siteId: number) {
  return {
    async login(credentials: Credentials): Promise<Session> {
      const [result, decodeJwt] = await Promise.all([
        http.post('/login', { username: credentials.username, password: credentials.password, site_id: siteId }, LoginResult),
        loadJwt(),
      ]);
      // Expiry is the operator's clock's business, not the phone's (whose clock may be a day off).
      return toSession(result, decodeJwt, http.serverNow());
    },
    async validate(token: string): Promise<Session> {
      const [result, decodeJwt] = await Promise.all([http.get('/validate', LoginResult, { token }), loadJwt()]);
      return toSession(result, decodeJwt, http.serverNow());
    },
    async logout(token: string): Promise<void> {
      await http.post('/player/logout', {}, OkResponse, { token });
    },
    async balance(): Promise<number> {
      return (await http.get('/player/balance', BalanceResponse)).balance;
    },
  };
}

/** GET {api base}/../check: the IP check lives beside the API, not under it. */
export async function checkIp(apiBase: string): Promise<IpCheckResult> {
  const base = new URL(apiBase.replace(/\/?$/, '/'), window.location.href);
  const response = await fetch(new URL('../check', base), { headers: { accept: 'application/json' } });
  if (response.status !== 200) throw new ApiFailure(response.status, null, `HTTP ${response.status}`);
  const parsed = IpCheckResult.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiFailure(response.status, 40000, 'invalid IP check answer');
  return parsed.data;
}
