import type { IncomingMessage } from 'node:http';
import { z } from 'zod/mini';
import { invalidRequest, type Issue } from './errors.ts';

// zod/mini ships no default locale: without this every issue's message would be 'Invalid input'.
// The simulator's 40000 answers carry these messages, so keep classic zod's English ones.
z.config(z.locales.en());

/** Largest JSON body the API accepts (anything an honest client sends is far smaller). */
export const MAX_BODY_BYTES = 64 * 1024;

// Past this, stop draining and drop the connection: a client that keeps streaming is not
// going to read our answer anyway.
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Reads the whole body. An oversized body is drained (not parsed) so the client, which is
 * still sending, gets a clean 400 instead of a reset connection.
 */
function readRaw(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT_BYTES) req.destroy();
      else if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return true; // a bodiless POST from ky or fetch sends none
  const type = header.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * The body parsed as JSON and validated by `schema`; any problem is a 400 invalid request.
 * An empty body reads as undefined, so schemas decide whether a body is required.
 * Non-JSON content types are refused: an HTML form cannot post to the API.
 */
export async function readJson<T>(req: IncomingMessage, schema: z.ZodMiniType<T>): Promise<T> {
  if (!isJsonContentType(req.headers['content-type'])) {
    throw invalidRequest([{ path: '', code: 'content_type', message: 'expected application/json' }]);
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  const raw = await readRaw(req, MAX_BODY_BYTES);
  if (raw === 'too-large' || declared > MAX_BODY_BYTES) {
    throw invalidRequest([{ path: '', code: 'too_big', message: `body exceeds ${MAX_BODY_BYTES} bytes` }]);
  }
  let value: unknown;
  if (raw.length > 0) {
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalidRequest([{ path: '', code: 'invalid_json', message: 'malformed JSON' }]);
    }
  }
  return validate(schema, value);
}

export function validate<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRequest(zodIssues(result.error));
  return result.data;
}

export function zodIssues(error: z.core.$ZodError): Issue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code,
    message: issue.message,
  }));
}
