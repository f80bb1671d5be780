import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { playerLimitsMachine, type LimitsView } from '../../machines/playerLimits.ts';
import { selectLimits, selectLimitSaving, selectLimitsFailed, selectLimitsFailure } from '../../machines/playerLimits.selectors.ts';
import type { LimitRequest } from '../../protocol/protection.ts';

const view: LimitsView = {
  limits: [
    { kind: 'lossDay', amount: 5000, pending: null },
    { kind: 'transferDay', amount: 20_000, pending: null },
  ],
  mandatory: ['transferDay'],
};

/** The real chart with its calls answered by hand. */
function start() {
  const saves: Array<{ request: LimitRequest; answer: (v: LimitsView) => void; fail: (e: Error) => void }> = [];
  const loads: Array<{ answer: (v: LimitsView) => void; fail: (e: Error) => void }> = [];
  const actor = createActor(
    playerLimitsMachine.provide({
      actors: {
        load: fromPromise(() => new Promise<LimitsView>((answer, fail) => loads.push({ answer, fail }))),
        save: fromPromise(({ input }) => new Promise<LimitsView>((answer, fail) => saves.push({ request: input, answer, fail }))),
      },
    }),
  ).start();
  return { actor, loads, saves };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('playerLimits machine', () => {
  it('saves one change at a time and shows what the operator answers (a raise waiting), never the press alone', async () => {
    const { actor, loads, saves } = start();
    loads[0]!.answer(view);
    await settle();
    // No amount that is not a positive whole number of minor units, and no removing a required limit.
    actor.send({ type: 'user.setLimit', kind: 'lossDay', amount: 0 });
    actor.send({ type: 'user.setLimit', kind: 'lossDay', amount: 12.5 });
    actor.send({ type: 'user.setLimit', kind: 'transferDay', amount: null });
    expect(saves).toHaveLength(0);
    actor.send({ type: 'user.setLimit', kind: 'lossDay', amount: 100_000 });
    actor.send({ type: 'user.setLimit', kind: 'lossDay', amount: 1000 });
    expect(saves.map((s) => s.request)).toEqual([{ kind: 'lossDay', amount: 100_000 }]);
    expect(selectLimitSaving(actor.getSnapshot())).toEqual({ kind: 'lossDay', amount: 100_000 });
    const waiting: LimitsView = { ...view, limits: [{ kind: 'lossDay', amount: 5000, pending: { amount: 100_000, from: 86_400_000 } }, view.limits[1]!] };
    saves[0]!.answer(waiting);
    await settle();
    expect(selectLimits(actor.getSnapshot())).toEqual(waiting);
    expect(selectLimitSaving(actor.getSnapshot())).toBeNull();
  });

  it('a refused save keeps the limits as they were and says why; a failed load offers to try again', async () => {
    const { actor, loads, saves } = start();
    loads[0]!.fail(new Error('offline'));
    await settle();
    expect(selectLimitsFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.retry' });
    loads[1]!.answer(view);
    await settle();
    actor.send({ type: 'user.setLimit', kind: 'lossDay', amount: null });
    saves[0]!.fail(new Error('refused'));
    await settle();
    expect(selectLimits(actor.getSnapshot())).toEqual(view);
    expect(selectLimitsFailure(actor.getSnapshot())).not.toBeNull();
  });
});
