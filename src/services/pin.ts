import { PinCode } from '../../protocol/pinCode.ts';

/** The operator sent a pin_code the client will not check against (weak or malformed): the lock cannot be opened with a PIN. */
export class PinCodeRefused extends Error {
  override readonly name = 'PinCodeRefused';
}

/** Whether pin_code is one the idle lock can check a PIN against (PinCode: scheme, ≥100,000 iterations, salt, hash). */
export function pinCodeUsable(pinCode: string): boolean {
  return PinCode.safeParse(pinCode).success;
}

/** PBKDF2-HMAC-SHA-256 of the PIN's digits (UTF-8) with WebCrypto: the derivation pin_code's hash is. */
export async function derivePinHash(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

/**
 * Whether `pin` is the PIN behind `pinCode`, derived with the salt and iterations pin_code
 * carries. Throws PinCodeRefused for a pin_code the client does not accept.
 */
export async function verifyPin(pinCode: string, pin: string): Promise<boolean> {
  const parsed = PinCode.safeParse(pinCode);
  if (!parsed.success) {
    throw new PinCodeRefused(`pin_code refused: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  const { salt, iterations, hash } = parsed.data;
  const derived = await derivePinHash(pin, salt, iterations, hash.length);
  let difference = 0;
  for (let i = 0; i < hash.length; i += 1) difference |= (derived[i] ?? 0) ^ (hash[i] ?? 0);
  return difference === 0;
}
