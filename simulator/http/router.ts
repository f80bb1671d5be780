import type { IncomingMessage } from 'node:http';
import type { z } from 'zod/mini';
import { readJson, validate, zodIssues } from './body.ts';
import { AnswerMismatch } from './errors.ts';

/**
 * A tiny router: exact paths, and paths with `:name` segments (`/api/machine/:brandId`) whose
 * values reach the handler as `request.params`. A literal segment beats a parameter, so
 * `/api/machine/all` is never read as a brand id.
 */

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
  /** The values of the route's `:name` segments, URL-decoded; empty for exact paths. */
  readonly params: Readonly<Record<string, string>>;
  body<T>(schema: z.ZodMiniType<T>): Promise<T>;
  query<T>(schema: z.ZodMiniType<T>): T;
}

export interface Route {
  method: Method;
  path: string;
  handle(request: ApiRequest): Promise<Reply> | Reply;
}

/**
 * A 200 answer of the wire: `body` parsed by its protocol schema on the way out, and what the
 * schema makes of it is what is sent. A body that does not fit is a bug of the simulator, not
 * an answer: AnswerMismatch, which the handler logs and answers with a 500. Called inside a
 * route's `store.transaction`, the mismatch also undoes what the route wrote.
 */
export function ok<S extends z.ZodMiniType>(schema: S, body: z.input<S>): Reply {
  const result = schema.safeParse(body);
  if (!result.success) throw new AnswerMismatch(zodIssues(result.error));
  return { status: 200, body: result.data };
}

/** A 200 no protocol schema describes: only /sim steering and the contract documents answer so. */
export function unchecked(body: unknown): Reply {
  return { status: 200, body };
}

export function createApiRequest(raw: IncomingMessage, url: URL, ip: string, country: string): ApiRequest {
  return {
    raw,
    url,
    ip,
    country,
    params: {},
    body: (schema) => readJson(raw, schema),
    query: (schema) => validate(schema, Object.fromEntries(url.searchParams)),
  };
}

export type Match = { route: Route } | { allowed: Method[] } | undefined;

/** A path pattern split into segments; `name` is set for `:name` segments. */
interface Pattern {
  path: string;
  segments: { literal: string; name?: string }[];
  routes: Route[];
}

export class Router {
  readonly #exact = new Map<string, Route[]>();
  readonly #patterns: Pattern[] = [];

  add(routes: readonly Route[]): this {
    for (const route of routes) {
      if (route.path.includes('/:')) this.#addPattern(route);
      else this.#exact.set(route.path, withRoute(this.#exact.get(route.path) ?? [], route));
    }
    return this;
  }

  /**
   * The route, or the methods the path does allow (for 405), or undefined (404). Candidates are
   * the exact path, then patterns from the most literal; the first with the method wins.
   */
  match(method: string, path: string): Match {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const candidates: { routes: Route[]; params: Record<string, string> }[] = [];
    const exact = this.#exact.get(path);
    if (exact) candidates.push({ routes: exact, params: {} });
    for (const pattern of this.#patterns) {
      const params = matchPattern(pattern, path);
      if (params) candidates.push({ routes: pattern.routes, params });
    }
    if (candidates.length === 0) return undefined;
    for (const { routes, params } of candidates) {
      const route = routes.find((candidate) => candidate.method === wanted);
      if (route) return { route: Object.keys(params).length === 0 ? route : bindParams(route, params) };
    }
    const allowed = new Set(candidates.flatMap(({ routes }) => routes.map((route) => route.method)));
    return { allowed: [...allowed] };
  }

  #addPattern(route: Route): void {
    let pattern = this.#patterns.find((existing) => existing.path === route.path);
    if (!pattern) {
      pattern = { path: route.path, segments: parsePattern(route.path), routes: [] };
      this.#patterns.push(pattern);
      this.#patterns.sort(bySpecificity);
    }
    pattern.routes = withRoute(pattern.routes, route);
  }
}

function withRoute(existing: Route[], route: Route): Route[] {
  if (existing.some((other) => other.method === route.method)) {
    throw new Error(`duplicate route ${route.method} ${route.path}`);
  }
  return [...existing, route];
}

function parsePattern(path: string): Pattern['segments'] {
  const names = new Set<string>();
  return path.split('/').map((segment) => {
    if (!segment.startsWith(':')) return { literal: segment };
    const name = segment.slice(1);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || names.has(name)) {
      throw new Error(`bad route parameter ${JSON.stringify(segment)} in ${path}`);
    }
    names.add(name);
    return { literal: segment, name };
  });
}

/** Earlier literal segments first: /a/b/:c before /a/:b/c before /:a/b/c. */
function bySpecificity(a: Pattern, b: Pattern): number {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let index = 0; index < length; index++) {
    const aParam = a.segments[index]?.name !== undefined;
    const bParam = b.segments[index]?.name !== undefined;
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

/** The params when `path` fits the pattern; an empty or undecodable value does not fit. */
function matchPattern(pattern: Pattern, path: string): Record<string, string> | undefined {
  const parts = path.split('/');
  if (parts.length !== pattern.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.segments.entries()) {
    const part = parts[index] ?? '';
    if (segment.name === undefined) {
      if (part !== segment.literal) return undefined;
      continue;
    }
    if (part === '') return undefined;
    try {
      params[segment.name] = decodeURIComponent(part);
    } catch {
      return undefined;
    }
  }
  return params;
}

// The request handler builds requests without knowing the route; the params ride along here.
function bindParams(route: Route, params: Record<string, string>): Route {
  return {
    method: route.method,
    path: route.path,
    handle: (request) =>
      route.handle({
        raw: request.raw,
        url: request.url,
        ip: request.ip,
        country: request.country,
        params: Object.freeze({ ...params }),
        body: request.body,
        query: request.query,
      }),
  };
}
