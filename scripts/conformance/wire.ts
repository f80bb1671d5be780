import WebSocket from 'ws';
import { snippet } from './contract.ts';

/** The suite's HTTP and WebSocket clients: every wait has a deadline, every failure says what it saw. */

/** A check's failure: `message` is the first difference between what was expected and what came. */
export class Difference extends Error {}

/** A check that could not be run here (not a failure, not a pass). */
export class Skip extends Error {}

export interface Answer {
  status: number;
  headers: Headers;
  url: string;
  text: string;
  /** The parsed body; undefined when it is not JSON. */
  json: unknown;
  isJson: boolean;
}

export async function request(
  url: string,
  init: { method?: string; token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; timeoutMs: number },
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  let body = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(init.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new Difference(`${init.method ?? 'GET'} ${url}: no answer within ${init.timeoutMs} ms`);
    throw new Difference(`${init.method ?? 'GET'} ${url}: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`);
  }
  let json: unknown;
  let isJson = false;
  try {
    json = JSON.parse(text);
    isJson = true;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, url: response.url || url, text, json, isJson };
}

export interface Closed {
  code: number;
  reason: string;
}

/**
 * One socket: every frame the server sends is parsed and handed to `inspect` (the contract check)
 * as it arrives; `next` waits for a frame that matches, each frame being handed out once.
 */
export class FrameSocket {
  readonly frames: unknown[] = [];
  readonly closed: Promise<Closed>;
  #taken = new Set<number>();
  #waiters: Array<() => void> = [];
  #closedWith: Closed | null = null;
  readonly #ws: WebSocket;

  private constructor(ws: WebSocket, inspect: (frame: unknown, raw: string) => void) {
    this.#ws = ws;
    ws.on('message', (data) => {
      const raw = String(data);
      let frame: unknown;
      try {
        frame = JSON.parse(raw);
      } catch {
        frame = { type: undefined, notJson: raw };
      }
      this.frames.push(frame);
      inspect(frame, raw);
      this.#wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        this.#closedWith = { code, reason: String(reason) };
        resolve(this.#closedWith);
        this.#wake();
      }),
    );
  }

  static open(url: string, timeoutMs: number, inspect: (frame: unknown, raw: string) => void): Promise<FrameSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { handshakeTimeout: timeoutMs });
      const socket = new FrameSocket(ws, inspect);
      const shown = url.replace(/token=[^&]*/, 'token=…');
      ws.once('open', () => resolve(socket));
      ws.once('error', (error) => reject(new Difference(`could not open ${shown}: ${error.message}`)));
      ws.once('unexpected-response', (_request, response) => {
        reject(new Difference(`could not open ${shown}: the upgrade was answered ${response.statusCode}`));
        ws.terminate();
      });
    });
  }

  get isOpen(): boolean {
    return this.#ws.readyState === WebSocket.OPEN;
  }

  send(message: unknown): void {
    this.#ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  close(): void {
    if (this.#ws.readyState === WebSocket.OPEN || this.#ws.readyState === WebSocket.CONNECTING) this.#ws.close(1000, 'conformance check done');
  }

  #wake(): void {
    this.#waiters.splice(0).forEach((wake) => wake());
  }

  #rest(): string {
    const rest = this.frames.filter((_, index) => !this.#taken.has(index));
    return rest.length === 0 ? 'nothing' : rest.map((frame) => snippet(frame, 100)).join(', ');
  }

  /** The first frame not yet handed out that `matches`; a Difference when none comes in time. */
  next(what: string, matches: (frame: Record<string, unknown>) => boolean, timeoutMs: number): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Difference(`no ${what} within ${timeoutMs} ms; the socket sent ${this.#rest()}`)), timeoutMs);
      const look = () => {
        for (let index = 0; index < this.frames.length; index++) {
          const frame = this.frames[index];
          if (this.#taken.has(index) || typeof frame !== 'object' || frame === null) continue;
          if (matches(frame as Record<string, unknown>)) {
            this.#taken.add(index);
            clearTimeout(timer);
            resolve(frame as Record<string, unknown>);
            return;
          }
        }
        if (this.#closedWith) {
          clearTimeout(timer);
          reject(new Difference(`the socket closed (${this.#closedWith.code} ${snippet(this.#closedWith.reason)}) before ${what}; it sent ${this.#rest()}`));
          return;
        }
        this.#waiters.push(look);
      };
      look();
    });
  }

  /** The close, or a Difference when the socket is still open after `timeoutMs`. */
  async waitClosed(what: string, timeoutMs: number): Promise<Closed> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Difference(`the socket was still open ${timeoutMs} ms after ${what}`)), timeoutMs);
    });
    try {
      return await Promise.race([this.closed, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A socket setting (a path on the site, or an absolute URL) as the client resolves it. */
export function socketUrl(setting: string, base: string): string {
  const url = new URL(setting, base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

export function withToken(url: string, token: string): string {
  const withQuery = new URL(url);
  withQuery.searchParams.set('token', token);
  return withQuery.toString();
}
