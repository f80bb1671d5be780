import type { z } from 'zod/mini';
import { ApiFailure } from './apiFailure.ts';

export interface HttpOptions {
  /** Where the API lives, e.g. '/api' or an operator's absolute URL. */
  apiBase: string;
  getToken: () => string | null;
  /**
   * Called on any 401 so the auth machine can log out (never navigates by itself), with the token
   * the refused request carried (null: none): an answer to a login since let go is not this one's.
   */
  onUnauthorized: (failure: ApiFailure, token: string | null) => void;
}

export interface Http {
  /**
   * The operator's clock, in epoch ms: the device's clock corrected by the offset the last
   * answer's `Date` header showed (a cross-origin API must expose it: Access-Control-Expose-Headers).
   * The device's own clock until an answer has told. Phones with a wrong clock are common.
   */
  serverNow(): number;
  get<T>(path: string, schema: z.ZodMiniType<T>, init?: { token?: string; searchParams?: Record<string, string | number> }): Promise<T>;
  post<T>(path: string, body: unknown, schema: z.ZodMiniType<T>, init?: { token?: string }): Promise<T>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How long one call may take before it fails as a network error. */
const TIMEOUT_MS = 15_000;

/**
 * A small JSON client over fetch: bearer token, 401 reporting, zod-validated answers. (It used
 * to sit on ky; with retries and HTTP errors switched off nothing of ky was left in use but
 * its weight — 8 KB gzip of the /login budget.)
 */
export function createHttp(options: HttpOptions): Http {
  const base = options.apiBase.replace(/\/+$/, '');
  // The operator's clock less the device's, from the last answer's Date (serverNow).
  let clockOffset = 0;

  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodMiniType<T>,
    init: { token?: string; json?: unknown; searchParams?: Record<string, string | number> },
  ): Promise<T> {
    const token = init.token ?? options.getToken();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const query = init.searchParams
      ? `?${new URLSearchParams(Object.entries(init.searchParams).map(([key, value]) => [key, String(value)]))}`
      : '';
    let response: Response;
    try {
      response = await fetch(`${base}/${path.replace(/^\//, '')}${query}`, {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        // Never an answer from the browser's cache: it is the operator's word now (and its Date the
        // operator's clock, which the game's clock shows).
        cache: 'no-store',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ApiFailure(0, null, error instanceof Error ? error.message : 'network error');
    }
    // Date has whole seconds: the middle of that second is the best guess. (No header: NaN, kept out.)
    const offset = Date.parse(response.headers.get('date') ?? '') + 500 - Date.now();
    if (offset === offset) clockOffset = offset;
    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      // The answer broke off (or timed out) while it was being read.
      throw new ApiFailure(0, null, error instanceof Error ? error.message : 'network error');
    }
    if (!response.ok) {
      const failure = ApiFailure.fromBody(response.status, body);
      if (response.status === 401) options.onUnauthorized(failure, token);
      throw failure;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiFailure(response.status, 40000, `unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
    return parsed.data;
  }

  return {
    serverNow: () => Date.now() + clockOffset,
    get: (path, schema, init = {}) => send('GET', path, schema, init),
    post: (path, body, schema, init = {}) => send('POST', path, schema, { ...init, json: body }),
  };
}
