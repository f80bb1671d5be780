import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { errorOf, startTestSimulator, type TestSimulator } from './helpers.ts';

/**
 * A client that sends part of a body and then nothing must not hold a handler (or the
 * connection) forever: it gets a coded 408 and its connection is closed, while everyone else
 * is served. One that hangs up mid-body gets a coded 400.
 */

const BODY_TIMEOUT_MS = 300;

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ bodyTimeoutMs: BODY_TIMEOUT_MS });
});
afterAll(async () => {
  await t.close();
});

interface RawExchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<{ text: string; afterMs: number }>;
  received: () => string;
}

/** Headers declaring a 100-byte body, then 10 bytes of it, then (unless half-closed) nothing. */
function partialPost(path: string, halfClose = false): RawExchange {
  const { port } = new URL(t.url);
  const socket = connect(Number(port), '127.0.0.1');
  const started = Date.now();
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  const closed = new Promise<{ text: string; afterMs: number }>((resolve, reject) => {
    socket.on('close', () => resolve({ text, afterMs: Date.now() - started }));
    socket.on('error', reject);
  });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username`,
  );
  if (halfClose) socket.end();
  return { socket, closed, received: () => text };
}

function parseResponse(text: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, headers: head.toLowerCase(), body: JSON.parse(body) };
}

describe('a body that stops arriving', () => {
  it('is answered 408 with the coded error and the connection closed; others are served meanwhile', async () => {
    const slow = partialPost('/api/login');
    // Another connection, while the slow body is pending.
    const check = await fetch(`${t.url}/check`);
    expect(check.status).toBe(200);
    expect(slow.received()).toBe('');

    const { text, afterMs } = await slow.closed;
    expect(afterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(afterMs).toBeLessThan(BODY_TIMEOUT_MS + 3000);
    const answer = parseResponse(text);
    expect(answer.status).toBe(408);
    expect(answer.headers).toContain('connection: close');
    expect(answer.headers).toContain('content-security-policy');
    const error = errorOf({ status: answer.status, headers: new Headers(), body: answer.body });
    expect(error.code).toBe(ErrorCode.invalidRequest);
    expect(JSON.stringify(error.Params)).toContain(`${BODY_TIMEOUT_MS} ms`);

    expect((await fetch(`${t.url}/check`)).status).toBe(200);
  });

  it('closes the connection even when the answer went out without reading the body', async () => {
    const slow = partialPost('/check'); // GET only: answered 405 at once, the body never read
    const { text, afterMs } = await slow.closed;
    expect(text).toMatch(/^HTTP\/1\.1 405/);
    expect(afterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(afterMs).toBeLessThan(BODY_TIMEOUT_MS + 3000);
  });

  it('defaults to 10 seconds', async () => {
    const { DEFAULT_BODY_TIMEOUT_MS } = await import('../../simulator/server.ts');
    expect(DEFAULT_BODY_TIMEOUT_MS).toBe(10_000);
  });
});

describe('a body cut short', () => {
  it('is answered 400 with the coded error when the client half-closes', async () => {
    const short = partialPost('/api/login', true);
    const { text, afterMs } = await short.closed;
    expect(afterMs).toBeLessThan(BODY_TIMEOUT_MS);
    const answer = parseResponse(text);
    expect(answer.status).toBe(400);
    const error = errorOf({ status: answer.status, headers: new Headers(), body: answer.body });
    expect(error.code).toBe(ErrorCode.invalidRequest);
    expect(error.ErrorMessage).toBe('invalid request');
    expect(JSON.stringify(error.Params)).toMatch(/Content-Length/);
    // Answered through the response under way: it carries the usual headers.
    expect(answer.headers).toContain('content-security-policy');
  });
});

describe('a request Node cannot parse', () => {
  it('is answered 400 with the coded error, not a bare status line', async () => {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('NOT A REQUEST\r\n\r\n');
    await closed;
    const answer = parseResponse(text);
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('connection: close');
    expect(errorOf({ status: answer.status, headers: new Headers(), body: answer.body }).code).toBe(ErrorCode.invalidRequest);
  });
});
