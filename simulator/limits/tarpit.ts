import type { ServerResponse } from 'node:http';
import { FAIR_SHARE } from './policy.ts';

/**
 * A 429 is answered only after the wait it names (at most FAIR_SHARE.tarpitMs): a client that
 * keeps many calls in flight without waiting gets each refusal as late as it should have tried,
 * so a flood of refused calls costs the server a held connection, not its CPU. Past
 * FAIR_SHARE.heldAnswers held at once the refusal goes out at once.
 */
let held = 0;

export async function holdRefusal(res: ServerResponse, retryAfterSeconds: number): Promise<void> {
  if (held >= FAIR_SHARE.heldAnswers) return;
  held += 1;
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(FAIR_SHARE.tarpitMs, retryAfterSeconds * 1000));
      timer.unref();
      // A client that hangs up is not waited for.
      res.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  } finally {
    held -= 1;
  }
}
