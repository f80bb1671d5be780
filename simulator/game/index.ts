/** The game maths the machine floor uses: one import for spins, bets, jackpots and the RNG. */
export { assertBet, BET_PER_LINE_LEVELS, isValidBet, MAX_LINES, totalBet } from './bet.ts';
export { DEFAULT_GAME } from './game.ts';
export { HAND_PAY_LIMIT, isHandPay } from './handpay.ts';
export { createJackpot, JACKPOT_ODDS, JACKPOT_SEED, type Jackpot, type JackpotState } from './jackpot.ts';
export { PAYLINE_COUNT, PAYLINES } from './paylines.ts';
export { FREE_SPIN_AWARDS, FREE_SPIN_MULTIPLIER, LINE_PAYS, SCATTER_PAYS } from './paytable.ts';
export { createRng, fromState, type Rng } from './rng.ts';
export { spin, type LineWin, type SpinOptions, type SpinResult } from './spin.ts';
