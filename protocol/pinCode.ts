import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';

/*
 * The idle lock's pin_code: a salted, slow verifier of the PIN (PBKDF2-SHA-256), written as
 * `pbkdf2-sha256$<iterations>$<salt>$<hash>`. Its own module: only the idle lock's PIN check
 * (loaded after the first paint) and the simulator read it, so /login does not carry it.
 */

/** The one PIN scheme: PBKDF2 with HMAC-SHA-256. */
export const PIN_SCHEME = 'pbkdf2-sha256';
/** The least PBKDF2 work the client accepts: a pin_code below it cannot unlock the idle lock. */
export const PIN_MIN_ITERATIONS = 100_000;
/** The most one unlock may cost the browser: a larger count is refused, not computed. */
export const PIN_MAX_ITERATIONS = 10_000_000;
/** Salt length bounds in bytes (the simulator uses 16). */
export const PIN_SALT_MIN_BYTES = 16;
export const PIN_SALT_MAX_BYTES = 64;
/** The derived key's length in bytes (one SHA-256 block). */
export const PIN_HASH_BYTES = 32;

/** Unpadded base64url for `min`..`max` bytes: ceil(4n / 3) characters, never 1 more than a multiple of 4. */
function base64url(minBytes: number, maxBytes: number, what: string) {
  const minChars = Math.ceil((4 * minBytes) / 3);
  const maxChars = Math.ceil((4 * maxBytes) / 3);
  return z.pipe(
    z.string().check(
      z.regex(/^[A-Za-z0-9_-]*$/, `${what} must be unpadded base64url`),
      z.refine(
        (text) => text.length >= minChars && text.length <= maxChars && text.length % 4 !== 1,
        minBytes === maxBytes ? `${what} must be ${minBytes} bytes` : `${what} must be ${minBytes} to ${maxBytes} bytes`,
      ),
    ),
    z.transform(fromBase64Url),
  );
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  // atob (browser and Node) decodes base64 without its padding.
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const PinIterations = lazySchema(() => z.pipe(
  z.string().check(z.regex(/^[1-9][0-9]{0,11}$/, 'PBKDF2 iterations must be a decimal number')),
  z.pipe(
    z.transform(Number),
    z.int().check(
      z.gte(PIN_MIN_ITERATIONS, `PBKDF2 iterations below ${PIN_MIN_ITERATIONS} are refused`),
      z.lte(PIN_MAX_ITERATIONS, `PBKDF2 iterations above ${PIN_MAX_ITERATIONS} are refused`),
    ),
  ),
));

/**
 * pin_code as the idle lock reads it: `pbkdf2-sha256$<iterations>$<salt>$<hash>`, salt and hash
 * in unpadded base64url, hash = PBKDF2-HMAC-SHA-256(the PIN's digits as UTF-8, salt,
 * iterations, 32 bytes). Each player has their own random salt; the iterations travel with the
 * code, so the operator can raise them (a new code is made when the player next sets a PIN).
 * Fewer than PIN_MIN_ITERATIONS, more than PIN_MAX_ITERATIONS or any other shape is refused.
 */
export const PinCode = lazySchema(() => z.pipe(
  z.pipe(
    z.string().check(z.maxLength(256, 'pin_code is too long')),
    z.transform((text) => text.split('$')),
  ),
  z.pipe(
    z.tuple(
      [
        z.literal(PIN_SCHEME, `pin_code must start with ${PIN_SCHEME}`),
        PinIterations,
        base64url(PIN_SALT_MIN_BYTES, PIN_SALT_MAX_BYTES, 'the salt'),
        base64url(PIN_HASH_BYTES, PIN_HASH_BYTES, 'the hash'),
      ],
      'pin_code must be pbkdf2-sha256$<iterations>$<salt>$<hash>',
    ),
    z.transform(([, iterations, salt, hash]) => ({ iterations, salt, hash })),
  ),
));
export type PinCode = z.output<typeof PinCode>;

/** Writes a PinCode back as the pin_code string. */
export function formatPinCode({ iterations, salt, hash }: PinCode): string {
  return [PIN_SCHEME, iterations, toBase64Url(salt), toBase64Url(hash)].join('$');
}
