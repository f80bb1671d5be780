/**
 * promo's named selectors: what a discount or bonus button shows, from the chart's
 * promo:requesting tag and its context.
 */
import type { SnapshotFrom } from 'xstate';
import type { Failure } from './failure.ts';
import type { PromoContext, promoMachine } from './promo.ts';

type PromoSnapshot = SnapshotFrom<typeof promoMachine>;

/** The discount's balance limit (minor units), or null when there is no check. */
export const selectBalanceLimit = (snapshot: PromoSnapshot): number | null => snapshot.context.balanceLimit;

/** The claim is on its way (a click is ignored). */
export const selectRequesting = (snapshot: PromoSnapshot): boolean => snapshot.hasTag('promo:requesting');

/** What the last claim granted (minor units), or null. */
export const selectGranted = (snapshot: PromoSnapshot): number | null => snapshot.context.granted;

/** Why the last click was refused here (too soon, balance too high), or null. */
export const selectNotice = (snapshot: PromoSnapshot): PromoContext['notice'] => snapshot.context.notice;

/** Notices so far: a count, so the same notice twice is shown twice. */
export const selectNoticeCount = (snapshot: PromoSnapshot): number => snapshot.context.notices;

/** The last claim's failure, or null. */
export const selectPromoFailure = (snapshot: PromoSnapshot): Failure | null => snapshot.context.failure;
