import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { readJson, validate } from './body.ts';

/** A tiny exact-path router: the API has a handful of fixed paths and no parameters yet. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Reply {
  status: number;
  body: unknown;
}

/** What a handler sees of a request; body and query are read through a schema or not at all. */
export interface ApiRequest {
  readonly raw: IncomingMessage;
  readonly url: URL;
  readonly ip: string;
  readonly country: string;
  body<T>(schema: z.ZodType<T>): Promise<T>;
  query<T>(schema: z.ZodType<T>): T;
}

export interface Route {
  method: Method;
  path: string;
  handle(request: ApiRequest): Promise<Reply> | Reply;
}

export function ok(body: unknown): Reply {
  return { status: 200, body };
}

export function createApiRequest(raw: IncomingMessage, url: URL, ip: string, country: string): ApiRequest {
  return {
    raw,
    url,
    ip,
    country,
    body: (schema) => readJson(raw, schema),
    query: (schema) => validate(schema, Object.fromEntries(url.searchParams)),
  };
}

export type Match = { route: Route } | { allowed: Method[] } | undefined;

export class Router {
  readonly #routes = new Map<string, Route[]>();

  add(routes: readonly Route[]): this {
    for (const route of routes) {
      const existing = this.#routes.get(route.path) ?? [];
      if (existing.some((other) => other.method === route.method)) {
        throw new Error(`duplicate route ${route.method} ${route.path}`);
      }
      this.#routes.set(route.path, [...existing, route]);
    }
    return this;
  }

  /** The route, or the methods the path does allow (for 405), or undefined (404). */
  match(method: string, path: string): Match {
    const candidates = this.#routes.get(path);
    if (!candidates) return undefined;
    const wanted = method === 'HEAD' ? 'GET' : method;
    const route = candidates.find((candidate) => candidate.method === wanted);
    return route ? { route } : { allowed: candidates.map((candidate) => candidate.method) };
  }
}
