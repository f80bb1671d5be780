import { pinHashInput } from '../protocol/auth.ts';

/** The operator's pin_code for a PIN: lowercase hex SHA-256 of pinHashInput(username, pin). */
export async function hashPin(username: string, pin: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pinHashInput(username, pin)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
