import { pbkdf2Sync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginResult } from '../../protocol/auth.ts';
import { PIN_MIN_ITERATIONS, PinCode, formatPinCode } from '../../protocol/pinCode.ts';
import { derivePinHash, pinCodeUsable, PinCodeRefused, verifyPin } from '../../src/services/pin.ts';
import { createPinCode, PIN_ITERATIONS, pinMatches } from '../../simulator/secrets/pin.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { DEMO_PLAYERS, demoPin } from '../../simulator/store/seed.ts';
import { call, login, startTestSimulator, type TestSimulator } from './helpers.ts';

/** The idle lock's pin_code: the simulator's PBKDF2 (node:crypto) and the client's (WebCrypto) must agree. */

describe('pin_code from the simulator', () => {
  let t: TestSimulator;
  beforeEach(async () => {
    t = await startTestSimulator();
  });
  afterEach(async () => {
    await t.close();
  });

  it('is salted per player: two players with the same PIN get different codes, each verifying with the PIN', async () => {
    const token = LoginResult.parse((await login(t, 'player2', 'player2pass')).body).token;
    // player2 takes demo's PIN.
    expect((await call(`${t.url}/api/player/change-pin`, { token, body: { password: 'player2pass', pin: '1234' } })).status).toBe(200);
    const demo = LoginResult.parse((await login(t, 'demo', 'demo1234')).body).pin_code ?? '';
    const player2 = LoginResult.parse((await login(t, 'player2', 'player2pass')).body).pin_code ?? '';

    expect(demo).not.toBe(player2);
    expect(PinCode.parse(demo).salt).not.toEqual(PinCode.parse(player2).salt);
    for (const code of [demo, player2]) {
      expect(PinCode.parse(code).iterations).toBeGreaterThanOrEqual(PIN_MIN_ITERATIONS);
      expect(PinCode.parse(code).iterations).toBe(PIN_ITERATIONS);
      expect(await pinMatches(code, '1234')).toBe(true);
      expect(await pinMatches(code, '4321')).toBe(false);
    }
  });

  it('is what the client unlocks with: the browser derivation accepts the right PIN and only that', async () => {
    const pinCode = LoginResult.parse((await login(t, 'demo', 'demo1234')).body).pin_code ?? '';
    expect(pinCodeUsable(pinCode)).toBe(true);
    expect(await verifyPin(pinCode, '1234')).toBe(true);
    expect(await verifyPin(pinCode, '12345')).toBe(false);
    expect(await verifyPin(pinCode, '4321')).toBe(false);
  });
});

describe('the default PIN (DEFAULT_PIN)', () => {
  const pinOf = (t: TestSimulator, username: string) => t.sim.store.playerByUsername(username)?.pinHash ?? '';

  it('is what the README says the demo players have: demo and banned the default 1234, player2 their own 4321', async () => {
    expect(DEFAULT_SETTINGS.DEFAULT_PIN).toBe('1234');
    const t = await startTestSimulator();
    try {
      expect(await pinMatches(pinOf(t, 'demo'), '1234')).toBe(true);
      expect(await pinMatches(pinOf(t, 'banned'), '1234')).toBe(true);
      expect(await pinMatches(pinOf(t, 'player2'), '4321')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('is the one the operator configured: the seeded players who chose none get it, and demoPin (what main.ts prints) names it', async () => {
    const t = await startTestSimulator({ settings: { DEFAULT_PIN: '5577' } });
    try {
      expect(await pinMatches(pinOf(t, 'demo'), '5577')).toBe(true);
      expect(await pinMatches(pinOf(t, 'banned'), '5577')).toBe(true);
      expect(await pinMatches(pinOf(t, 'player2'), '4321')).toBe(true);
      expect(DEMO_PLAYERS.map((demo) => demoPin(demo, '5577'))).toEqual(['5577', '4321', '5577']);
    } finally {
      await t.close();
    }
  });
});

describe('the PBKDF2 derivation, client and simulator', () => {
  it('the client (WebCrypto) derives the same bytes as node:crypto for the same parameters', async () => {
    const salt = new Uint8Array(16).map((_, i) => i * 7 + 1);
    for (const [pin, iterations] of [['0000', 100_000], ['908172', 123_457]] as const) {
      const client = await derivePinHash(pin, salt, iterations, 32);
      const simulator = pbkdf2Sync(pin, salt, iterations, 32, 'sha256');
      expect(Buffer.from(client).toString('hex')).toBe(simulator.toString('hex'));
    }
  });

  it('the client derives with the iterations the code carries (the operator may raise them)', async () => {
    const raised = await createPinCode('2468', 250_000);
    expect(PinCode.parse(raised).iterations).toBe(250_000);
    expect(await verifyPin(raised, '2468')).toBe(true);
    expect(await verifyPin(raised, '2469')).toBe(false);
  });

  it('matches a published PBKDF2-HMAC-SHA-256 vector (RFC 7914 §11)', async () => {
    // RFC 7914's PBKDF2-HMAC-SHA256 test vector: P="Password", S="NaCl", c=80000, dkLen=64.
    const derived = await derivePinHash('Password', new TextEncoder().encode('NaCl'), 80_000, 64);
    expect(Buffer.from(derived).toString('hex')).toBe(
      '4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d',
    );
  });
});

describe('pin_code the client refuses', () => {
  const salt = new Uint8Array(16).fill(3);
  const hash = new Uint8Array(32).fill(5);
  const good = formatPinCode({ iterations: 100_000, salt, hash });
  const [, , saltText, hashText] = good.split('$');

  it.each([
    ['too few iterations', `pbkdf2-sha256$99999$${saltText}$${hashText}`],
    ['a hostile number of iterations', `pbkdf2-sha256$4000000000$${saltText}$${hashText}`],
    ['another scheme', `pbkdf2-sha1$100000$${saltText}$${hashText}`],
    ['the old unsalted SHA-256 hex', 'a'.repeat(64)],
    ['a short salt', `pbkdf2-sha256$100000$AAAA$${hashText}`],
    ['a hash of the wrong length', `pbkdf2-sha256$100000$${saltText}$${hashText}AAAA`],
    ['padded base64', `pbkdf2-sha256$100000$${saltText}==$${hashText}`],
    ['an extra part', `${good}$x`],
    ['nothing', ''],
  ])('refuses %s, with a clear error and no derivation', async (_, pinCode) => {
    expect(pinCodeUsable(pinCode)).toBe(false);
    const refused = verifyPin(pinCode, '1234');
    await expect(refused).rejects.toBeInstanceOf(PinCodeRefused);
    await expect(refused).rejects.toThrow(/pin_code refused: .+/);
  });

  it('says which part is wrong', async () => {
    await expect(verifyPin(`pbkdf2-sha256$99999$${saltText}$${hashText}`, '1234')).rejects.toThrow('PBKDF2 iterations below 100000 are refused');
    expect(pinCodeUsable(good)).toBe(true);
  });
});
