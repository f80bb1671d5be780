import type { LoginResult } from '../../protocol/auth.ts';
import { NO_PIN } from '../secrets/pin.ts';
import type { PlayerRecord, SessionRecord } from '../store/store.ts';
import { SIMULATOR_VERSION } from './deps.ts';

/**
 * The answer of /login and /validate. last_logon / last_logon_ip are the login before the one
 * that opened this session (kept on the session), so both calls report the same thing. Both
 * answer it with `ok(LoginResult, …)`, which parses it on the way out.
 */
export function loginResult(token: string, player: PlayerRecord, session: SessionRecord, ip: string): LoginResult {
  return {
    token,
    // A player whose old PIN could not be migrated has none until they set one (change-PIN).
    pin_code: player.pinHash === NO_PIN ? undefined : player.pinHash,
    ip_address: ip,
    versions: SIMULATOR_VERSION,
    last_logon: session.previousLogon === null ? null : new Date(session.previousLogon).toISOString(),
    last_logon_ip: session.previousLogonIp,
    user: {
      id: String(player.id),
      username: player.username,
      name: player.name,
      lastname: player.lastname,
      email: player.email,
    },
  };
}
