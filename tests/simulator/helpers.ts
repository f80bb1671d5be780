import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod/mini';
import { LoginResult } from '../../protocol/auth.ts';
import type { ApiError } from '../../protocol/errors.ts';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/server.ts';

/** A simulator on a random port with an in-memory database, a fake build and a movable clock. */

export const START_TIME = Date.UTC(2026, 0, 15, 12, 0, 0);
export const INDEX_HTML = '<!doctype html><title>fake reelside build</title><div id="root"></div>';
export const APP_JS = 'console.log("app-abc123");';
export const SECRET_TEXT = 'top secret outside the static dir';

export interface TestSimulator {
  sim: Simulator;
  url: string;
  /** Milliseconds since the epoch, as the simulator sees them. */
  clock: { now: number };
  /** Folder that holds static/ and, beside it, secret.txt (for traversal tests). */
  root: string;
  close(): Promise<void>;
}

export interface TestSimulatorOptions extends SimulatorOptions {
  /** Write index.html into the static folder (default true). */
  withIndex?: boolean;
}

export async function startTestSimulator(options: TestSimulatorOptions = {}): Promise<TestSimulator> {
  const { withIndex = true, ...simulatorOptions } = options;
  const root = mkdtempSync(join(tmpdir(), 'reelside-sim-'));
  const staticDir = join(root, 'static');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  if (withIndex) writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(staticDir, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'secret.txt'), SECRET_TEXT);

  const clock = { now: START_TIME };
  let sim: Simulator;
  try {
    sim = await startSimulator({ port: 0, memory: true, staticDir, now: () => clock.now, ...simulatorOptions });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    sim,
    url: sim.url,
    clock,
    root,
    async close() {
      await sim.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

// Stricter than ApiError (which defaults Params): the simulator must always send all three.
const ErrorBody = z.strictObject({
  code: z.int(),
  ErrorMessage: z.string().check(z.minLength(1)),
  Params: z.record(z.string(), z.unknown()),
});

/** The error body, checked to have exactly code, ErrorMessage and Params. */
export function errorOf(answer: JsonAnswer): ApiError {
  return ErrorBody.parse(answer.body);
}

export async function call(
  url: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; token?: string } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get('content-type')?.startsWith('application/json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed };
}

export function login(
  t: TestSimulator,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  return call(`${t.url}/api/login`, { body: { username, password, site_id: 0 }, headers });
}

export async function loginToken(t: TestSimulator, username = 'demo', password = 'demo1234'): Promise<string> {
  const answer = await login(t, username, password);
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return LoginResult.parse(answer.body).token;
}

export const MINUTE = 60_000;
