import { createHash, pbkdf2, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { PIN_HASH_BYTES, PinCode, formatPinCode } from '../../protocol/pinCode.ts';
import { hashing } from '../limits/hash-pool.ts';

/**
 * The idle lock's pin_code (protocol/pinCode.ts): PBKDF2-HMAC-SHA-256 of the PIN with
 * a fresh random salt per player and per PIN change. The browser derives the same with the
 * parameters the code carries, so raising PIN_ITERATIONS needs no client change (codes made
 * before keep their own count until the player next sets a PIN).
 */
export const PIN_ITERATIONS = 600_000;
const SALT_BYTES = 16;

/** What players.pin_hash holds for a player with no usable PIN: /login and /validate send no pin_code. */
export const NO_PIN = '';

const pbkdf2Async = promisify(pbkdf2);

/** A new pin_code for `pin`. */
export async function createPinCode(pin: string, iterations = PIN_ITERATIONS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await hashing.run(() => pbkdf2Async(pin, salt, iterations, PIN_HASH_BYTES, 'sha256'));
  return formatPinCode({ iterations, salt: new Uint8Array(salt), hash: new Uint8Array(hash) });
}

/** createPinCode for a caller that must not await (a migration inside its transaction). */
export function createPinCodeSync(pin: string, iterations = PIN_ITERATIONS): string {
  const salt = randomBytes(SALT_BYTES);
  const hash = pbkdf2Sync(pin, salt, iterations, PIN_HASH_BYTES, 'sha256');
  return formatPinCode({ iterations, salt: new Uint8Array(salt), hash: new Uint8Array(hash) });
}

/** Whether `pin` is the PIN behind `pinCode` (false for a code that does not parse). */
export async function pinMatches(pinCode: string, pin: string): Promise<boolean> {
  const parsed = PinCode.safeParse(pinCode);
  if (!parsed.success) return false;
  const { iterations, salt, hash } = parsed.data;
  const derived = await hashing.run(() => pbkdf2Async(pin, salt, iterations, hash.length, 'sha256'));
  return timingSafeEqual(derived, hash);
}

/**
 * The scheme before PBKDF2 (unsalted but for the username, one SHA-256): only migration 5 uses
 * it, to recognise a demo player who still has the demo PIN. Nothing new is ever hashed this way.
 */
export function legacyPinHash(username: string, pin: string): string {
  return createHash('sha256').update(`reelside-pin:${username}:${pin}`, 'utf8').digest('hex');
}
