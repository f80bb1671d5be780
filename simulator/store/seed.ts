import { hashPassword } from '../auth/passwords.ts';
import { createPinCode } from '../auth/pin.ts';
import type { Store } from './store.ts';

/** The demo players a fresh data folder starts with; main.ts prints these logins. */
export interface DemoPlayer {
  username: string;
  password: string;
  pin: string;
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
    pin: '1234',
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
    pin: '0000',
    name: 'Banned',
    lastname: 'Player',
    email: 'banned@reelside.test',
    balanceMinor: 0,
    banned: true,
  },
];

const SEEDED_KEY = 'seeded_at';

/**
 * Each demo player's pin_code, derived once per process: the PINs are published (README), and a
 * process that opens many stores (the tests) need not spend 600,000 iterations per player on each.
 * Every demo player still has their own salt.
 */
const demoPinCodes = new Map<string, Promise<string>>();
function demoPinCode(demo: DemoPlayer): Promise<string> {
  let code = demoPinCodes.get(demo.username);
  if (!code) {
    code = createPinCode(demo.pin);
    demoPinCodes.set(demo.username, code);
  }
  return code;
}

/**
 * Seeds once per database, remembered in meta: a player the operator deleted or renamed is not
 * brought back on the next start.
 */
export async function seedOnce(store: Store, now: number): Promise<boolean> {
  if (store.getMeta(SEEDED_KEY) !== undefined) return false;
  const players = await Promise.all(
    DEMO_PLAYERS.map(async (demo) => ({
      username: demo.username,
      name: demo.name,
      lastname: demo.lastname,
      email: demo.email,
      passwordHash: await hashPassword(demo.password),
      pinHash: await demoPinCode(demo),
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
