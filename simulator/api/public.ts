import type { IpCheckResult } from '../../src/protocol/check.ts';
import { ErrorCode } from '../../src/protocol/errors.ts';
import { ok, type Route } from '../http/router.ts';
import type { ApiDeps } from './deps.ts';

/** Calls the client makes before anyone logs in: its settings and the IP/country check. */
export function publicRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/Settings.json',
      handle: () => ok(deps.control.settings()),
    },
    {
      method: 'GET',
      path: '/check',
      handle: (request) => {
        const allowed = deps.control.isCountryAllowed(request.country);
        const result: IpCheckResult = {
          status: allowed ? 1 : 0,
          code: allowed ? ErrorCode.requestSuccessful : 0,
          ip: request.ip,
          country: request.country,
        };
        return ok(result);
      },
    },
  ];
}
