import { createHash } from 'node:crypto';
import { pinHashInput } from '../../src/protocol/auth.ts';

/** The pin_code the client compares against: lowercase hex SHA-256, never the PIN itself. */
export function pinHash(username: string, pin: string): string {
  return createHash('sha256').update(pinHashInput(username, pin), 'utf8').digest('hex');
}
