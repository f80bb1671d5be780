import { AccountCode, PromoResult } from '../../protocol/account.ts';
import { AmountAction } from '../../protocol/floor.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { ApiFailure } from '../http/errors.ts';
import { ok, type Reply, type Route } from '../http/router.ts';
import { addClaim, lastClaimAt, machineLossSince, type PromoKind } from '../store/promo.ts';
import type { PlayerRecord } from '../store/store.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';
import { formatMajor } from './money.ts';

/**
 * GET /player/discount and /player/bonus: money into the wallet (deposit, tagged) under rules
 * the server enforces whatever the client shows:
 * - only while the operator has the feature on (AUTO_DISCOUNT / AUTO_BONUS);
 * - each kind at most once per 5 minutes;
 * - discount: refused while DISCOUNT_BALANCE_CHECK is on and the balance is at or above
 *   DISCOUNT_MIN (major units); pays 10% of the machine loss (cash in − cash out of sessions
 *   that ended in the last 24 hours and after the previous discount, so no loss is discounted
 *   twice), at least 1.00; refused when there is no loss;
 * - bonus: a fixed 5.00.
 * A claim is one transaction (see `claim`).
 */

export const PROMO_COOLDOWN_MS = 5 * 60_000;
export const DISCOUNT_WINDOW_MS = 24 * 60 * 60_000;
export const DISCOUNT_PERCENT = 10;
export const MIN_DISCOUNT = 100;
export const BONUS_AMOUNT = 500;

export function promoRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/player/discount',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        return claim(deps, player, 'discount');
      },
    },
    {
      method: 'GET',
      path: '/api/player/bonus',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        return claim(deps, player, 'bonus');
      },
    },
  ];
}

/**
 * One `store.transaction`: the rules are read, the claim written (it starts the cooldown), the
 * wallet credited and the answer checked against PromoResult together. A refusal writes nothing,
 * and a failure after the claim (the credit, an answer that does not fit) undoes the claim as
 * well: a claim never stands without its money, nor money without its claim. The new balance is
 * pushed to the notification socket only once it is committed.
 */
function claim(deps: ApiDeps, player: PlayerRecord, kind: PromoKind): Reply {
  const { reply, balance } = deps.store.transaction(() => {
    const amount = kind === 'discount' ? discountAmount(deps, player) : bonusAmount(deps, player);
    addClaim(deps.store, player.id, kind, amount, deps.now());
    const { balance } = deps.ledger.credit(player.id, AmountAction.deposit, amount, { tag: kind });
    const reply = ok(PromoResult, { status: 1, code: ErrorCode.requestSuccessful, ErrorMessage: '', Params: { amount, balance } });
    return { reply, balance };
  });
  deps.hub.toPlayer(player.id, { type: 'balance', balance });
  return reply;
}

function bonusAmount(deps: ApiDeps, player: PlayerRecord): number {
  if (!deps.control.settings().AUTO_BONUS) throw disabled('bonus');
  requireCooledDown(deps, player, 'bonus');
  return BONUS_AMOUNT;
}

function discountAmount(deps: ApiDeps, player: PlayerRecord): number {
  const settings = deps.control.settings();
  if (!settings.AUTO_DISCOUNT) throw disabled('discount');
  const last = requireCooledDown(deps, player, 'discount');
  const limit = settings.DISCOUNT_MIN * 100;
  if (settings.DISCOUNT_BALANCE_CHECK && deps.ledger.balance(player.id) >= limit) {
    throw new ApiFailure(403, AccountCode.discountBalanceTooHigh, `Your balance must be below ${formatMajor(limit)}`, {
      amount: limit,
    });
  }
  const since = Math.max(deps.now() - DISCOUNT_WINDOW_MS, last ?? Number.MIN_SAFE_INTEGER);
  const loss = machineLossSince(deps.store, player.id, since);
  if (loss <= 0) throw new ApiFailure(403, AccountCode.nothingToDiscount, 'There is no machine loss to discount');
  return Math.max(MIN_DISCOUNT, Math.floor((loss * DISCOUNT_PERCENT) / 100));
}

/** Refuses a claim within 5 minutes of the last one; answers the last claim's time. */
function requireCooledDown(deps: ApiDeps, player: PlayerRecord, kind: PromoKind): number | undefined {
  const last = lastClaimAt(deps.store, player.id, kind);
  const wait = last === undefined ? 0 : last + PROMO_COOLDOWN_MS - deps.now();
  if (wait > 0) {
    const code = kind === 'discount' ? AccountCode.discountTooSoon : AccountCode.bonusTooSoon;
    throw new ApiFailure(429, code, `You can use ${kind} only once per 5 minutes`, {
      retryAfterSeconds: Math.ceil(wait / 1000),
    });
  }
  return last;
}

function disabled(kind: PromoKind): ApiFailure {
  return new ApiFailure(403, AccountCode.promoDisabled, `${kind} is switched off`);
}
