import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import type * as Passwords from '../../simulator/secrets/passwords.ts';
import { call, errorOf, login, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';

/**
 * A login whose password check is still running when the player presses the panic button (in
 * another tab) must be refused: the lock is read after the check, not before. The check is held
 * here until the press has landed (the real check, only later), and the clock moves on between
 * the two, as it does.
 */

const gate = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('../../simulator/secrets/passwords.ts', async (original) => {
  const real = await original<typeof Passwords>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      if (gate.held) await gate.held;
      return real.verifyPassword(password, stored);
    },
  };
});

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator({ rngSeed: 'protection-race' });
});
afterEach(async () => {
  gate.held = null;
  await t.close();
});

describe('the panic button against a login on its way', () => {
  it('a login whose password check outlasts the press is refused with the lock (10709), and gets no session', async () => {
    const token = await loginToken(t);
    let release: () => void = () => {};
    gate.held = new Promise((resolve) => (release = resolve));
    const late = login(t, 'demo', 'demo1234');
    // The login has read its clock and waits on its password check; the press comes a moment later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.clock.now += 1_000;
    const pressed = await call(`${t.url}/api/player/protection/panic`, { method: 'POST', token });
    expect(pressed.status).toBe(200);
    release();
    const answer = await late;
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toMatchObject({ code: ErrorCode.playerLocked, Params: { kind: 'panic' } });
    const live = t.sim.store.database.prepare('SELECT count(*) AS n FROM sessions WHERE player_id = 1 AND revoked_at IS NULL').get() as { n: number };
    expect(Number(live.n)).toBe(0);
  });
});
