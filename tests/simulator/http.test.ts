import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginResult } from '../../protocol/auth.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { APP_JS, INDEX_HTML, SECRET_TEXT, call, errorOf, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { INTERNAL_ERROR } from '../../simulator/http/errors.ts';
import { ProtectionStore } from '../../simulator/store/protection.ts';

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator();
});
afterAll(async () => {
  await t.close();
});

/** A request whose path is sent byte for byte (fetch would normalise the dots away). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}/`, { path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function expectStillServing(): Promise<void> {
  const answer = await call(`${t.url}/api/login`, { body: { username: 'demo', password: 'demo1234' } });
  expect(answer.status).toBe(200);
  LoginResult.parse(answer.body);
}

function expectInvalidRequest(answer: Awaited<ReturnType<typeof call>>): { path: string; message: string }[] {
  expect(answer.status).toBe(400);
  const error = errorOf(answer);
  expect(error.code).toBe(ErrorCode.invalidRequest);
  expect(error.ErrorMessage).toBe('invalid request');
  const issues = error.Params.issues as { path: string; message: string }[];
  expect(issues.length).toBeGreaterThan(0);
  return issues;
}

describe('request validation', () => {
  it('answers 400 40000 to malformed JSON and keeps serving', async () => {
    const issues = expectInvalidRequest(await call(`${t.url}/api/login`, { rawBody: '{"username": "demo",' }));
    expect(issues[0]?.message).toBe('malformed JSON');
    await expectStillServing();
  });

  it('names the fields of the wrong type or missing', async () => {
    const issues = expectInvalidRequest(
      await call(`${t.url}/api/login`, { body: { username: 5, site_id: 'zero' } }),
    );
    expect(issues.map((issue) => issue.path).sort()).toEqual(['password', 'site_id', 'username']);
    await expectStillServing();
  });

  it('refuses bodies that are not JSON objects', async () => {
    for (const rawBody of ['null', '[]', '"demo"', '42', '']) {
      expectInvalidRequest(await call(`${t.url}/api/login`, { method: 'POST', rawBody }));
    }
    await expectStillServing();
  });

  it('refuses a body over 64 KB without reading it as JSON', async () => {
    const password = 'x'.repeat(70 * 1024);
    const issues = expectInvalidRequest(await call(`${t.url}/api/login`, { body: { username: 'demo', password } }));
    expect(issues[0]?.message).toMatch(/exceeds 65536 bytes/);
    await expectStillServing();
  });

  it('refuses form and text posts (no cross-site form can reach the API)', async () => {
    const form = await call(`${t.url}/api/login`, {
      rawBody: 'username=demo&password=demo1234',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectInvalidRequest(form);
    const text = await call(`${t.url}/api/login`, {
      rawBody: '{"username":"demo","password":"demo1234"}',
      headers: { 'content-type': 'text/plain' },
    });
    expectInvalidRequest(text);
  });

  it('answers 405 with Allow for a known path and the wrong method', async () => {
    const answer = await call(`${t.url}/api/login`);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(errorOf(answer).code).toBe(ErrorCode.invalidRequest);
  });

  it('answers 404 JSON for unknown API paths, never the client', async () => {
    for (const path of ['/api/nope', '/api', '/api/player/balance/extra', '/ws/machine', '/sim/nothing']) {
      const answer = await call(`${t.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(errorOf(answer)).toMatchObject({ code: ErrorCode.invalidRequest, ErrorMessage: 'not found' });
    }
  });
});

describe('static client', () => {
  it('serves index.html at / without long caching', async () => {
    const response = await fetch(`${t.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('serves hashed assets with their type and an immutable cache', async () => {
    const response = await fetch(`${t.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(APP_JS);
  });

  it('serves other files with their type, revalidated', async () => {
    const response = await fetch(`${t.url}/favicon.svg`);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await fetch(`${t.url}/assets/app-abc123.js`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${t.url}/assets/app-abc123.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('falls back to index.html for client routes', async () => {
    for (const path of ['/lobby', '/lobby/3/Brand', '/game/12/Lucky%20Reels', '/profile']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    }
  });

  it('answers 404 for missing files instead of index.html', async () => {
    for (const path of ['/assets/app-missing.js', '/missing.css']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('fake reelside build');
    }
  });

  it('never serves a file outside the static folder', async () => {
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/static/../secret.txt',
      '/secret.txt%00.html',
    ];
    for (const path of attempts) {
      const answer = await rawGet(path);
      expect(answer.body, path).not.toContain(SECRET_TEXT);
      expect([200, 400, 404], path).toContain(answer.status);
    }
    // The files really are there: only the guard keeps them out.
    expect((await rawGet('/assets/../favicon.svg')).status).toBe(200);
  });

  it('tells you to build when there is no index.html', async () => {
    const bare = await startTestSimulator({ withIndex: false });
    try {
      const response = await fetch(`${bare.url}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('npm run build');
      // The API works without a build.
      expect((await fetch(`${bare.url}/check`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('security headers', () => {
  it('are on static, API and error responses alike', async () => {
    const responses = await Promise.all(
      ['/', '/assets/app-abc123.js', '/api/nope', '/check', '/missing.css'].map((path) => fetch(`${t.url}${path}`)),
    );
    responses.push(await fetch(`${t.url}/api/login`, { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } }));
    for (const response of responses) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('permissions-policy')).toBe(
        'camera=(), microphone=(), geolocation=(), fullscreen=(self), autoplay=(self)',
      );
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('never allow any host by a bare scheme: our sockets are self, sockets elsewhere are named', async () => {
    const policy = async () => (await fetch(`${t.url}/check`)).headers.get('content-security-policy') ?? '';
    const connectSrc = async () => /connect-src ([^;]*)/.exec(await policy())?.[1]?.split(' ') ?? [];
    expect(await connectSrc()).toEqual(["'self'"]);
    try {
      // The operator moves the API and both sockets to other hosts at run time (PUT /sim/settings).
      await call(`${t.url}/sim/settings`, {
        method: 'PUT',
        body: {
          MACHINE_URL: 'wss://socket.example.com/ws/machine',
          NOTIFICATION_URL: 'https://notify.example.com:8443/ws/notification',
          API_URL: 'https://api.example.com/api',
        },
      });
      const sources = await connectSrc();
      expect(sources).toContain('wss://socket.example.com');
      // The client opens an https socket setting as wss: that is the origin to allow.
      expect(sources).toContain('wss://notify.example.com:8443');
      expect(sources).toContain('https://api.example.com');
      for (const source of sources) expect(source, 'a bare scheme').not.toMatch(/^[a-z]+:$/);

      // A setting cannot smuggle a directive into the policy.
      await call(`${t.url}/sim/settings`, { method: 'PUT', body: { MACHINE_URL: "wss://x.example;script-src*'unsafe-eval'/ws" } });
      const csp = await policy();
      expect(csp).not.toContain('x.example');
      expect(csp).not.toContain('unsafe-eval');
    } finally {
      await call(`${t.url}/sim/settings`, { method: 'DELETE' });
    }
    expect(await connectSrc()).toEqual(["'self'"]);
  });

  it('let a page opened with ?inspect=stately keep the inspector window it opens', async () => {
    const response = await fetch(`${t.url}/login?inspect=stately`);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect((await fetch(`${t.url}/login?inspect`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('let in the live-chat provider the operator turned on, and the external video servers, nothing else', async () => {
    const policy = async (url: string) => (await fetch(`${url}/check`)).headers.get('content-security-policy') ?? '';
    expect(await policy(t.url)).not.toMatch(/tawk|jivo/);
    const chat = await startTestSimulator({
      settings: { LIVE_CHAT: 'tawk', LIVE_CHAT_ID: 'abc' },
      externalVideo: { '6': 'https://media.example:8443/whep/cam-6' },
    });
    try {
      const csp = await policy(chat.url);
      expect(csp).toMatch(/script-src 'self' https:\/\/embed\.tawk\.to/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/media\.example:8443 [^;]*wss:\/\/\*\.tawk\.to/);
      expect(csp).not.toMatch(/jivo/);
      // Changed at run time (PUT /sim/settings), the policy follows.
      await call(`${chat.url}/sim/settings`, { method: 'PUT', body: { LIVE_CHAT: 'jivo' } });
      expect(await policy(chat.url)).toMatch(/script-src 'self' https:\/\/code\.jivosite\.com/);
    } finally {
      await chat.close();
    }
  });

  it('keeps API answers out of caches', async () => {
    const response = await fetch(`${t.url}/check`);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('an unexpected failure after the body was read', () => {
  it('is answered 500 50000 (a request whose body was read is destroyed, and its client still waits)', async () => {
    const token = await loginToken(t);
    const fault = vi.spyOn(ProtectionStore.prototype, 'setLimit').mockImplementationOnce(() => {
      throw new Error('CHECK constraint failed (injected)');
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await call(`${t.url}/api/player/protection/limit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: { kind: 'lossDay', amount: 1000 },
      });
      expect(answer.status).toBe(500);
      expect(errorOf(answer).code).toBe(INTERNAL_ERROR);
      expect(String(quiet.mock.calls[0]?.[3])).toContain('CHECK constraint failed (injected)');
    } finally {
      fault.mockRestore();
      quiet.mockRestore();
    }
  });
});
