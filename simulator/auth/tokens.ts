import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { TokenClaims } from '../../protocol/auth.ts';
import type { Store } from '../store/store.ts';

/** HS256 tokens. The key is made on first start and kept in the database, so tokens survive restarts. */

export type TokenCheck =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'invalid' | 'expired' };

export interface Tokens {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenCheck>;
}

const SECRET_KEY = 'jwt_secret';
const ALGORITHM = 'HS256';

export function loadSigningKey(store: Store): Uint8Array {
  const encoded = store.initMeta(SECRET_KEY, randomBytes(32).toString('base64url'));
  return Buffer.from(encoded, 'base64url');
}

export function createTokens(key: Uint8Array, now: () => number): Tokens {
  return {
    sign(claims) {
      return new SignJWT({ ...claims }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(key);
    },
    verify(token) {
      return Promise.resolve(verifySync(token, key, now()));
    },
  };
}

/**
 * HS256 verification done here, synchronously, with node:crypto's HMAC: WebCrypto (jose's
 * jwtVerify) runs HMAC on libuv's thread pool, where every token check would queue behind
 * whatever password hashing a login flood had started. The rules are jose's (RFC 7515/7519):
 * three base64url parts, a header naming exactly HS256 with no `crit`, a signature that matches
 * in constant time, then the claims — and only a correctly signed token is reported as expired.
 */
export function verifySync(token: string, key: Uint8Array, nowMs: number): TokenCheck {
  const invalid: TokenCheck = { ok: false, reason: 'invalid' };
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !BASE64URL.test(part))) return invalid;
  const [head, body, signature] = parts as [string, string, string];
  const header = parseJson(head);
  if (!header || header.alg !== ALGORITHM || 'crit' in header || ('b64' in header && header.b64 !== true)) return invalid;
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  const payload = parseJson(body);
  if (!payload) return invalid;
  const claims = TokenClaims.safeParse(payload);
  if (!claims.success) return invalid;
  const nowSeconds = Math.floor(nowMs / 1000);
  if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds) return invalid;
  if (claims.data.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims.data };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
