import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { TokenClaims } from '../../src/protocol/auth.ts';
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
    async verify(token) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: new Date(now()),
        }));
      } catch (error) {
        // Only a correctly signed token can be reported as expired: jose checks the
        // signature before the claims. Anything else a client sends is just not a valid token.
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
      const claims = TokenClaims.safeParse(payload);
      return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
    },
  };
}
