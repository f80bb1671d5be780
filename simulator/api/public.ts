import { IpCheckResult } from '../../protocol/check.ts';
import { buildAsyncApi } from '../../protocol/contract/asyncapi.ts';
import type { JsonSchema } from '../../protocol/contract/jsonSchema.ts';
import { buildOpenApi } from '../../protocol/contract/openapi.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { Settings } from '../../protocol/settings.ts';
import { ok, unchecked, type Route } from '../http/router.ts';
import type { ApiDeps } from './deps.ts';

/** Built on first use: the same documents as docs/api/ (npm run contract), from the same schemas. */
function once(build: () => JsonSchema): () => JsonSchema {
  let built: JsonSchema | undefined;
  return () => (built ??= build());
}
const openApi = once(buildOpenApi);
const asyncApi = once(buildAsyncApi);

/**
 * Calls the client makes before anyone logs in (its settings and the IP/country check), and the
 * operator contract (OpenAPI 3.1 and AsyncAPI 3.0) for whoever builds a backend against it.
 */
export function publicRoutes(deps: ApiDeps): Route[] {
  return [
    // Documents about the wire, not answers of it: no protocol schema describes them.
    { method: 'GET', path: '/api/openapi.json', handle: () => unchecked(openApi()) },
    { method: 'GET', path: '/api/asyncapi.json', handle: () => unchecked(asyncApi()) },
    {
      method: 'GET',
      path: '/Settings.json',
      handle: () => ok(Settings, deps.control.settings()),
    },
    {
      method: 'GET',
      path: '/check',
      handle: (request) => {
        const allowed = deps.control.isCountryAllowed(request.country);
        return ok(IpCheckResult, {
          status: allowed ? 1 : 0,
          code: allowed ? ErrorCode.requestSuccessful : 0,
          ip: request.ip,
          country: request.country,
        });
      },
    },
  ];
}
