import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { AnswerMismatch } from '../../simulator/http/errors.ts';
import { ok, Router, type ApiRequest, type Route } from '../../simulator/http/router.ts';

/** The router on its own: exact paths, `:name` parameters, and which route wins. */

const route = (method: Route['method'], path: string): Route => ({
  method,
  path,
  handle: (request) => ({ status: 200, body: { path, params: request.params } }),
});

const fakeRequest = { params: {} } as unknown as ApiRequest;

async function handled(router: Router, method: string, path: string): Promise<unknown> {
  const match = router.match(method, path);
  if (!match || !('route' in match)) throw new Error(`no route for ${method} ${path}`);
  return (await match.route.handle(fakeRequest)).body;
}

describe('Router', () => {
  const router = new Router().add([
    route('GET', '/api/machine/all'),
    route('GET', '/api/machine/brands'),
    route('GET', '/api/machine/:brandId'),
    route('DELETE', '/api/machine/:brandId'),
    route('GET', '/api/:kind/:id/detail'),
    route('GET', '/api/machine/:brandId/detail'),
  ]);

  it('matches exact paths with no params', async () => {
    expect(await handled(router, 'GET', '/api/machine/all')).toEqual({ path: '/api/machine/all', params: {} });
    expect(await handled(router, 'HEAD', '/api/machine/brands')).toEqual({ path: '/api/machine/brands', params: {} });
  });

  it('hands parameter values to the handler, URL-decoded', async () => {
    expect(await handled(router, 'GET', '/api/machine/42')).toEqual({ path: '/api/machine/:brandId', params: { brandId: '42' } });
    expect(await handled(router, 'GET', '/api/machine/a%20b')).toEqual({ path: '/api/machine/:brandId', params: { brandId: 'a b' } });
  });

  it('prefers literal segments over parameters', async () => {
    expect(await handled(router, 'GET', '/api/machine/7/detail')).toEqual({
      path: '/api/machine/:brandId/detail',
      params: { brandId: '7' },
    });
    expect(await handled(router, 'GET', '/api/player/7/detail')).toEqual({
      path: '/api/:kind/:id/detail',
      params: { kind: 'player', id: '7' },
    });
  });

  it('answers the allowed methods of every matching pattern for a wrong method', () => {
    expect(router.match('POST', '/api/machine/all')).toEqual({ allowed: ['GET', 'DELETE'] });
    expect(router.match('POST', '/api/machine/9')).toEqual({ allowed: ['GET', 'DELETE'] });
  });

  it('lets a parameter route take a method the exact path lacks', async () => {
    expect(await handled(router, 'DELETE', '/api/machine/all')).toEqual({ path: '/api/machine/:brandId', params: { brandId: 'all' } });
  });

  it('does not match empty or undecodable segments, or other lengths', () => {
    expect(router.match('GET', '/api/machine/')).toBeUndefined();
    expect(router.match('GET', '/api/machine/%E0%A4%A')).toBeUndefined();
    expect(router.match('GET', '/api/machine/1/2')).toBeUndefined();
    expect(router.match('GET', '/api/other')).toBeUndefined();
  });

  it('refuses duplicate routes and malformed parameter names', () => {
    expect(() => new Router().add([route('GET', '/a/:id'), route('GET', '/a/:id')])).toThrow(/duplicate route GET \/a\/:id/);
    expect(() => new Router().add([route('GET', '/a'), route('GET', '/a')])).toThrow(/duplicate/);
    expect(() => new Router().add([route('GET', '/a/:1x')])).toThrow(/bad route parameter/);
    expect(() => new Router().add([route('GET', '/a/:id/:id')])).toThrow(/bad route parameter/);
  });
});

describe('ok', () => {
  const Answer = z.object({ amount: z.int(), note: z.optional(z.string()) });

  it('sends what the protocol schema makes of the body', () => {
    const body = { amount: 5, internal: 'not on the wire' };
    expect(ok(Answer, body)).toEqual({ status: 200, body: { amount: 5 } });
  });

  it('refuses to send a body that does not fit, naming every wrong field', () => {
    const mismatch = (() => {
      try {
        ok(Answer, { amount: 2.5, note: 7 as unknown as string });
      } catch (error) {
        return error;
      }
      throw new Error('ok sent a body that does not fit');
    })();
    expect(mismatch).toBeInstanceOf(AnswerMismatch);
    expect((mismatch as AnswerMismatch).issues.map((issue) => issue.path)).toEqual(['amount', 'note']);
    expect((mismatch as Error).message).toMatch(/^the answer does not fit its protocol schema \(a simulator bug\): amount: .+; note: /);
  });
});
