import { TokenClaims, PLAYER_PERMISSION } from '../auth.ts';
import { ApiError, ErrorCode } from '../errors.ts';
import { wireCodes } from './codes.ts';
import { toJsonSchema, type JsonSchema } from './jsonSchema.ts';
import { REST_OPERATIONS, type Area, type ErrorAnswer, type RestOperation } from './rest.ts';

/**
 * docs/api/openapi.json: OpenAPI 3.1 for every REST call of the client, built from the zod
 * schemas through REST_OPERATIONS. Deterministic (no dates, definition order), so the committed
 * file can be compared with a fresh build.
 */

/** The contract's own version: raise it when the wire changes in a way an operator must follow. */
export const CONTRACT_VERSION = '1.0.0';

/**
 * Who answers for the contract, and on what terms: the client team that publishes it with the
 * client; operators implement it under their agreement with us (no public licence). Both
 * documents carry these, as Spectral (info-contact, asyncapi-info-contact-properties) and Redocly
 * (info-license, info-license-strict) ask. The addresses are under `.example` (RFC 2606), the
 * documentation domain: an operator's copy names its own desk.
 */
export const CONTRACT_CONTACT = { name: 'Reelside client team', url: 'https://reelside.example/operators', email: 'operators@reelside.example' } as const;
/** AsyncAPI's License object has a name and a url (OpenAPI 3.1's takes an SPDX identifier instead). */
export const CONTRACT_TERMS_URL = 'https://reelside.example/operators/terms';
export const CONTRACT_LICENSE = { name: 'Proprietary: for operators of the Reelside client', identifier: 'LicenseRef-Reelside-Proprietary' } as const;

export const WHEP_DRAFT = 'https://datatracker.ietf.org/doc/draft-ietf-wish-whep/';
export const WHIP_RFC = 'https://www.rfc-editor.org/rfc/rfc9725';

const AREAS: Record<Area, string> = {
  public: 'Before login: the settings file and the IP check',
  auth: 'Login, token validation, logout and the balance',
  lobby: 'Brands and machines',
  account: 'The account screens: profile, password, PIN, login log, game sessions, transactions',
  promo: 'Discount and bonus (AUTO_DISCOUNT, AUTO_BONUS)',
  floor: "The reconnect dialog's Kick and Cashout",
  protection: 'Player protection: the panic button (locks, their records; the rules of play are told on the machine socket)',
  template: 'Calls of the admin-dashboard template the client still carries (register, UI settings, chat, quick panel)',
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

function mergeErrors(errors: readonly ErrorAnswer[]): ErrorAnswer[] {
  const byStatus = new Map<number, ErrorAnswer>();
  for (const error of errors) {
    const seen = byStatus.get(error.status);
    byStatus.set(
      error.status,
      seen
        ? { status: error.status, codes: [...new Set([...seen.codes, ...error.codes])], when: `${seen.when}; ${error.when}` }
        : error,
    );
  }
  return [...byStatus.values()].sort((a, b) => a.status - b.status);
}

function errorResponse(error: ErrorAnswer) {
  return {
    description: error.when,
    content: json({
      type: 'object',
      allOf: [ref('ApiError')],
      properties: { code: { enum: [...error.codes] } },
    }),
  };
}

function parameters(operation: RestOperation): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(operation.pathParams ?? {})) {
    out.push({ name, in: 'path', required: true, schema: toJsonSchema(schema, 'draft-2020-12') });
  }
  if (operation.query) {
    const query = toJsonSchema(operation.query, 'draft-2020-12') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      out.push({ name, in: 'query', required: (query.required ?? []).includes(name), schema });
    }
  }
  return out;
}

/**
 * Relative server URLs, resolved against where the document is served (the simulator serves it
 * at /api/openapi.json); `/` is the site's root, as in OpenAPI's own default server.
 */
const SERVERS: Record<RestOperation['base'], JsonSchema[]> = {
  api: [
    {
      url: '/api',
      description: 'Settings.API_URL: /api on the site that serves the client unless the operator sets another path or an absolute URL',
    },
  ],
  apiParent: [{ url: '/', description: 'beside the API: the client calls {API_URL}/../check, with the default API_URL the site itself' }],
  site: [{ url: '/', description: 'the site that serves the client (it fetches /Settings.json from its own origin)' }],
};

function operationObject(operation: RestOperation): JsonSchema {
  const responses: JsonSchema = {
    '200': { description: 'OK', content: json(ref(operation.responseName)) },
  };
  for (const error of mergeErrors(operation.errors)) responses[String(error.status)] = errorResponse(error);
  for (const [status, description] of Object.entries(operation.otherAnswers ?? {})) responses[status] = { description };
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.area],
    security: operation.auth ? [{ bearer: [] }] : [],
    ...(parameters(operation).length > 0 ? { parameters: parameters(operation) } : {}),
    ...(operation.body && operation.bodyName
      ? { requestBody: { required: true, content: json(ref(operation.bodyName)) } }
      : {}),
    responses,
  };
}

function componentSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {
    ApiError: {
      ...toJsonSchema(ApiError, 'draft-2020-12'),
      description: 'The body of every failing call: `code` is what the client acts on and shows (CODE_{code}), `ErrorMessage` the fallback text, `Params` the values the text needs',
    },
    TokenClaims: {
      ...toJsonSchema(TokenClaims, 'draft-2020-12'),
      description: `The payload of the bearer token (a JWT the client decodes but never trusts): \`exp\` ends the session on the client, \`permissions\` must hold ${PLAYER_PERMISSION} for the product's routes`,
    },
  };
  for (const operation of REST_OPERATIONS) {
    for (const [name, schema] of [
      [operation.responseName, operation.response],
      [operation.bodyName, operation.body],
    ] as const) {
      if (!name || !schema) continue;
      const built = toJsonSchema(schema, 'draft-2020-12');
      const seen = schemas[name];
      if (seen && JSON.stringify(seen) !== JSON.stringify(built)) throw new Error(`two different schemas are named ${name}`);
      schemas[name] = built;
    }
  }
  markToken(schemas.LoginResult, ['properties', 'token']);
  markToken(schemas.RegisterResult, ['anyOf', 0, 'properties', 'access_token']);
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

/** A login token's string schema: a JWT whose payload is TokenClaims (JSON Schema's content vocabulary). */
function markToken(schema: JsonSchema | undefined, path: readonly (string | number)[]): void {
  let node: unknown = schema;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  const token = node as JsonSchema | undefined;
  if (token?.type !== 'string') throw new Error(`no token string at ${path.join('.')}`);
  Object.assign(token, {
    description: 'the bearer token: a JWT whose payload is TokenClaims',
    contentMediaType: 'application/jwt',
    contentSchema: ref('TokenClaims'),
  });
}

const apiErrorBody = (description: string) => ({ description, content: json(ref('ApiError')) });

/** WHEP is referenced, not redefined: the draft's HTTP rules plus ours (the bearer, the bands). */
function whepPathItems(): JsonSchema {
  const externalDocs = { description: 'WHEP (draft-ietf-wish-whep), with the HTTP rules of WHIP (RFC 9725)', url: WHEP_DRAFT };
  return {
    WhepEndpoint: {
      summary: "A video band's WHEP endpoint: `whepUrl` of a band in the machine socket's `joined` frame",
      description:
        'Standard WHEP: any WHEP media server will do (MediaMTX, Janus behind a WHEP front, OvenMediaEngine, a CDN\'s WebRTC egress). Our rules on top: the offer carries `Authorization: Bearer <the player\'s API token>`, and only the player joined to the machine gets its video (401 without a usable token, 403 for anyone else). A backend may hold each player to a few viewers and rate-limit their offers (the simulator: two viewer sessions per player and per machine, a newer offer closing the oldest, so a re-POST without DELETE replaces rather than piles up; offers beyond a burst of 10, then one a second, answer 429 (code 10708) with `Retry-After`). A viewer ends with the login session it was opened by. A relative `whepUrl` is resolved against the page. A 307 to another WHEP server is followed with the same offer.',
      servers: [{ url: '{whepUrl}', variables: { whepUrl: { default: '/whep/1/hd', description: 'a band\'s whepUrl' } } }],
      post: {
        operationId: 'whepOffer',
        summary: 'POST the SDP offer (recvonly video); 201 with the SDP answer and the session URL in Location',
        description:
          "The client sends the offer as soon as it has the band, with the host candidates gathered by then; it has no STUN or TURN servers and does not trickle ICE (no PATCH), so the answer must carry every candidate of the server. Location is resolved against the URL that answered (after a 307, the other server's).",
        externalDocs,
        security: [{ bearer: [] }],
        requestBody: { required: true, content: { 'application/sdp': { schema: { type: 'string' } } } },
        responses: {
          '201': {
            description: 'The SDP answer',
            headers: { Location: { required: true, description: 'the WHEP session URL, for DELETE', schema: { type: 'string' } } },
            content: { 'application/sdp': { schema: { type: 'string' } } },
          },
          '307': {
            description: 'the band is served by another WHEP server: re-POST the same offer to Location',
            headers: { Location: { required: true, schema: { type: 'string' } } },
          },
          '401': apiErrorBody('no usable bearer token (or its login session ended while the offer was answered)'),
          '403': apiErrorBody('the bearer is not the player joined to this machine'),
          '409': apiErrorBody('replaced, while it was answered, by a newer offer of the same player or for the same machine'),
          '429': {
            ...apiErrorBody(`the player's offers came too fast: code ${ErrorCode.tooManyRequests}, \`Params.retry_after\` in seconds`),
            headers: { 'Retry-After': { required: true, description: 'seconds until the next offer is taken', schema: { type: 'integer' } } },
          },
          '503': {
            ...apiErrorBody('no more viewers fit, or the video is unavailable; try again later'),
            headers: { 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } },
          },
        },
      },
    },
    WhepSession: {
      summary: 'A WHEP session: the Location of the 201',
      servers: [{ url: '{location}', variables: { location: { default: '/whep/1/hd/session', description: 'the Location of the 201, resolved against the URL that answered' } } }],
      delete: {
        operationId: 'whepStop',
        summary: 'End the session (the client does on leave and on pagehide, with keepalive)',
        description:
          "Sent without a token: the session URL is the key (the simulator's are random UUIDs). The client does not wait for the answer.",
        externalDocs,
        security: [],
        responses: {
          '200': { description: 'ended' },
          '204': { description: 'ended' },
          '404': apiErrorBody('no such session: ended already, or never opened'),
        },
      },
    },
  };
}

const DESCRIPTION = `The REST calls the Reelside client makes to an operator's backend. Generated from the zod schemas in \`protocol/\` (\`npm run contract\`); the prose reference is \`docs/protocol.md\`, the sockets are in \`asyncapi.json\` beside this file.

- Bodies are JSON. Money is integer minor units (cents) everywhere, except a brand's \`jackpot\` string (major units).
- Schemas describe what the receiving side accepts: unknown fields are ignored; a field with a default may be left out.
- Every failing call answers a non-2xx status with the \`ApiError\` body; its \`code\` is what the client acts on. The codes each call may answer are listed with its responses; \`x-error-codes\` lists them all.
- Authenticated calls send \`Authorization: Bearer <token>\` (the \`token\` of the login answer, a JWT whose payload is \`TokenClaims\`). **Any 401 logs the player out.**
- The IP check (\`GET {API_URL}/../check\`) runs before anything else when IP_CHEKCING is on: \`status\` and \`code\` both 0 block the visitor; login answers 403 10703 for a country that is not permitted.
- Video is WHEP, referenced rather than redefined: \`components.pathItems.WhepEndpoint\` and \`WhepSession\`.`;

export function buildOpenApi(): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const operation of REST_OPERATIONS) {
    const item = (paths[operation.path] ??= {});
    if (operation.base !== 'api') item.servers = SERVERS[operation.base];
    item[operation.method] = operationObject(operation);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Reelside operator API', version: CONTRACT_VERSION, description: DESCRIPTION, contact: CONTRACT_CONTACT, license: CONTRACT_LICENSE },
    servers: SERVERS.api,
    tags: Object.entries(AREAS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token of the login answer; its payload is TokenClaims. The sockets carry it as ?token=, WHEP as this same header',
        },
      },
      pathItems: whepPathItems(),
    },
    'x-error-codes': wireCodes(),
  };
}
