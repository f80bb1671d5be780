import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { hashPassword } from '../secrets/passwords.ts';
import { createPinCode } from '../secrets/pin.ts';
import type { Store } from './store.ts';

/** The demo players a fresh data folder starts with; main.ts prints these logins. */
export interface DemoPlayer {
  username: string;
  password: string;
  /** The PIN this player chose; without one they have the operator's DEFAULT_PIN (settings). */
  pin?: string;
  name: string;
  lastname: string;
  email: string;
  balanceMinor: number;
  banned: boolean;
}

export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  {
    username: 'demo',
    password: 'demo1234',
    name: 'Demo',
    lastname: 'Player',
    email: 'demo@reelside.test',
    balanceMinor: 100_000,
    banned: false,
  },
  {
    username: 'player2',
    password: 'player2pass',
    pin: '4321',
    name: 'Second',
    lastname: 'Player',
    email: 'player2@reelside.test',
    balanceMinor: 25_000,
    banned: false,
  },
  {
    username: 'banned',
    password: 'banned123',
    name: 'Banned',
    lastname: 'Player',
    email: 'banned@reelside.test',
    balanceMinor: 0,
    banned: true,
  },
];

const SEEDED_KEY = 'seeded_at';

/** The PIN a demo player starts with: their own, or the operator's default. */
export function demoPin(demo: DemoPlayer, defaultPin: string): string {
  return demo.pin ?? defaultPin;
}

/**
 * Each demo player's pin_code, derived once per process and PIN: the PINs are published (README),
 * and a process that opens many stores (the tests) need not spend 600,000 iterations per player on
 * each. Every demo player still has their own salt.
 */
const demoPinCodes = new Map<string, Promise<string>>();
function demoPinCode(username: string, pin: string): Promise<string> {
  const key = `${username}:${pin}`;
  let code = demoPinCodes.get(key);
  if (!code) {
    code = createPinCode(pin);
    demoPinCodes.set(key, code);
  }
  return code;
}

/**
 * Seeds once per database, remembered in meta: a player the operator deleted or renamed is not
 * brought back on the next start. `defaultPin` (the DEFAULT_PIN setting) is the PIN of the demo
 * players who chose none.
 */
export async function seedOnce(store: Store, now: number, defaultPin = DEFAULT_SETTINGS.DEFAULT_PIN): Promise<boolean> {
  if (store.getMeta(SEEDED_KEY) !== undefined) return false;
  const players = await Promise.all(
    DEMO_PLAYERS.map(async (demo) => ({
      username: demo.username,
      name: demo.name,
      lastname: demo.lastname,
      email: demo.email,
      passwordHash: await hashPassword(demo.password),
      pinHash: await demoPinCode(demo.username, demoPin(demo, defaultPin)),
      balanceMinor: demo.balanceMinor,
      banned: demo.banned,
    })),
  );
  // Re-checked inside the transaction: only the first of two concurrent starts inserts.
  return store.transaction(() => {
    if (store.getMeta(SEEDED_KEY) !== undefined) return false;
    for (const player of players) store.insertPlayer(player);
    store.initMeta(SEEDED_KEY, new Date(now).toISOString());
    return true;
  });
}
