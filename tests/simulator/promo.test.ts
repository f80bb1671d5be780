import { afterEach, describe, expect, it } from 'vitest';
import { AccountCode, PromoResult } from '../../protocol/account.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { SettingsOverrides } from '../../protocol/settings.ts';
import { Ledger } from '../../simulator/store/ledger.ts';
import { PastPlay } from '../../simulator/store/past-play.ts';
import { call, errorOf, loginToken, MINUTE, startTestSimulator, type TestSimulator } from './helpers.ts';

/**
 * GET /api/player/discount and /api/player/bonus. The demo player's seeded history has one
 * session in the last 24 hours that lost 24.00, so a discount is 2.40.
 */

let t: TestSimulator;
afterEach(async () => {
  expect(ledger().audit().difference).toBe(0);
  await t.close();
});

const ledger = () => new Ledger(t.sim.store, () => t.clock.now);
const ON: SettingsOverrides = { AUTO_DISCOUNT: true, AUTO_BONUS: true };

async function start(settings: SettingsOverrides = ON): Promise<string> {
  t = await startTestSimulator({ settings });
  return loginToken(t);
}

const claim = (kind: 'discount' | 'bonus', token?: string) =>
  call(`${t.url}/api/player/${kind}`, token === undefined ? {} : { token });

function expectRefusal(answer: Awaited<ReturnType<typeof call>>, status: number, code: number): Record<string, unknown> {
  expect(answer.status).toBe(status);
  const error = errorOf(answer);
  expect(error.code).toBe(code);
  return error.Params;
}

/** A closed session of the demo player that lost `loss`, ending now. */
function loseOnMachine(loss: number): void {
  const past = new PastPlay(t.sim.store);
  const sessionId = past.openSession(1, 1, t.clock.now - MINUTE);
  const book = ledger();
  book.cashIn(1, 1, sessionId, loss + 100, 2_500_000);
  book.bookSpin({
    playerId: 1,
    machineId: 1,
    sessionId,
    brandId: 1,
    bet: loss,
    win: 0,
    handPay: 0,
    freeSpin: false,
    jackpotContribution: past.jackpot(1),
    jackpotWin: 0,
  });
  book.cashOut(1, 1, sessionId);
  past.endSession(sessionId, t.clock.now);
}

describe('GET /api/player/bonus', () => {
  it('credits 5.00 as a tagged deposit, once per 5 minutes', async () => {
    const token = await start();
    const answer = await claim('bonus', token);
    expect(answer.status).toBe(200);
    expect(PromoResult.parse(answer.body)).toEqual({
      status: 1,
      code: 20000,
      ErrorMessage: '',
      Params: { amount: 500, balance: 100_500 },
    });
    expect(ledger().balance(1)).toBe(100_500);
    expect(ledger().transactions(1).at(-1)).toMatchObject({ action: 1, amount: 500, tag: 'bonus', at: t.clock.now });

    expect(expectRefusal(await claim('bonus', token), 429, AccountCode.bonusTooSoon)).toEqual({ retryAfterSeconds: 300 });
    t.clock.now += 4 * MINUTE + 30_500;
    expect(expectRefusal(await claim('bonus', token), 429, AccountCode.bonusTooSoon)).toEqual({ retryAfterSeconds: 30 });
    t.clock.now += 29_500;
    expect((await claim('bonus', token)).status).toBe(200);
    expect(ledger().balance(1)).toBe(101_000);

    const claims = t.sim.store.database.prepare("SELECT count(*) AS n FROM promo_claims WHERE kind = 'bonus'").get();
    expect(claims?.n).toBe(2);
  });

  it('keeps each player’s cooldown to themself', async () => {
    const token = await start();
    const player2 = await loginToken(t, 'player2', 'player2pass');
    expect((await claim('bonus', token)).status).toBe(200);
    expect((await claim('bonus', player2)).status).toBe(200);
  });
});

describe('GET /api/player/discount', () => {
  it('refuses while the balance is at or above DISCOUNT_MIN, naming the limit in minor units', async () => {
    // demo holds exactly 1,000.00: refused at a limit of 1,000.00, allowed at 1,000.01 and up.
    const token = await start({ ...ON, DISCOUNT_MIN: 1000 });
    const refusal = await claim('discount', token);
    expect(expectRefusal(refusal, 403, AccountCode.discountBalanceTooHigh)).toEqual({ amount: 100_000 });
    expect(errorOf(refusal).ErrorMessage).toBe('Your balance must be below 1000.00');

    await call(`${t.url}/sim/settings`, { method: 'PUT', body: { DISCOUNT_MIN: 1001 } });
    expect((await claim('discount', token)).status).toBe(200);
  });

  it('refuses with the default settings (balance 1,000.00 ≥ 100.00)', async () => {
    const token = await start();
    expect(expectRefusal(await claim('discount', token), 403, AccountCode.discountBalanceTooHigh)).toEqual({ amount: 10_000 });
  });

  it('pays 10% of the last 24 hours’ machine loss, once per 5 minutes, never the same loss twice', async () => {
    const token = await start({ ...ON, DISCOUNT_BALANCE_CHECK: false });
    const answer = await claim('discount', token);
    expect(PromoResult.parse(answer.body).Params).toEqual({ amount: 240, balance: 100_240 });
    expect(ledger().transactions(1).at(-1)).toMatchObject({ action: 1, amount: 240, tag: 'discount' });

    expect(expectRefusal(await claim('discount', token), 429, AccountCode.discountTooSoon)).toEqual({ retryAfterSeconds: 300 });
    t.clock.now += 5 * MINUTE;
    expectRefusal(await claim('discount', token), 403, AccountCode.nothingToDiscount);

    loseOnMachine(5000);
    expect(PromoResult.parse((await claim('discount', token)).body).Params.amount).toBe(500);
  });

  it('pays at least 1.00 for any loss', async () => {
    await start({ ...ON, DISCOUNT_BALANCE_CHECK: false });
    t.clock.now += 25 * 60 * MINUTE; // the seeded loss is now older than 24 hours
    const token = await loginToken(t);
    expectRefusal(await claim('discount', token), 403, AccountCode.nothingToDiscount);
    loseOnMachine(300);
    expect(PromoResult.parse((await claim('discount', token)).body).Params.amount).toBe(100);
  });

  it('has nothing to discount for a player who came out ahead', async () => {
    await start({ ...ON, DISCOUNT_BALANCE_CHECK: false });
    const player2 = await loginToken(t, 'player2', 'player2pass');
    expectRefusal(await claim('discount', player2), 403, AccountCode.nothingToDiscount);
  });
});

describe('promo switches and authentication', () => {
  it('refuses both while the operator has them switched off (the default)', async () => {
    const token = await start({});
    expectRefusal(await claim('discount', token), 403, AccountCode.promoDisabled);
    expectRefusal(await claim('bonus', token), 403, AccountCode.promoDisabled);
    expect(ledger().balance(1)).toBe(100_000);
  });

  it('answers 401 without a token and 405 for POST', async () => {
    const token = await start();
    for (const kind of ['discount', 'bonus'] as const) {
      expectRefusal(await claim(kind), 401, ErrorCode.invalidRequest);
      expect((await call(`${t.url}/api/player/${kind}`, { method: 'POST', token })).status).toBe(405);
    }
  });
});
