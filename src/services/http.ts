import ky, { type KyInstance } from 'ky';
import type { z } from 'zod/mini';
import { ApiFailure } from './apiFailure.ts';

export interface HttpOptions {
  /** Where the API lives, e.g. '/api' or an operator's absolute URL. */
  apiBase: string;
  getToken: () => string | null;
  /** Called on any 401 so the auth machine can log out (never navigates by itself). */
  onUnauthorized: (failure: ApiFailure) => void;
}

export interface Http {
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

/** A small JSON client over ky: bearer token, 401 reporting, zod-validated answers. */
export function createHttp(options: HttpOptions): Http {
  const client: KyInstance = ky.create({
    prefix: options.apiBase,
    retry: 0,
    timeout: 15_000,
    throwHttpErrors: false,
  });

  async function send<T>(
    method: 'get' | 'post',
    path: string,
    schema: z.ZodMiniType<T>,
    init: { token?: string; json?: unknown; searchParams?: Record<string, string | number> },
  ): Promise<T> {
    const token = init.token ?? options.getToken();
    let response: Response;
    try {
      response = await client(path.replace(/^\//, ''), {
        method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(init.json === undefined ? {} : { json: init.json }),
        ...(init.searchParams ? { searchParams: init.searchParams } : {}),
      });
    } catch (error) {
      throw new ApiFailure(0, null, error instanceof Error ? error.message : 'network error');
    }
    const body = await readJson(response);
    if (!response.ok) {
      const failure = ApiFailure.fromBody(response.status, body);
      if (response.status === 401) options.onUnauthorized(failure);
      throw failure;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiFailure(response.status, 40000, `unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
    return parsed.data;
  }

  return {
    get: (path, schema, init = {}) => send('get', path, schema, init),
    post: (path, body, schema, init = {}) => send('post', path, schema, { ...init, json: body }),
  };
}
