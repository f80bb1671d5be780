import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkIntervalMachine, type CheckIntervalSettings } from '../../machines/checkInterval.ts';
import { selectIntervalChoosing, selectIntervalFailed, selectIntervalFailure, selectIntervalSettings } from '../../machines/checkInterval.selectors.ts';

const kept: CheckIntervalSettings = { minutes: 60, defaultMinutes: 60, choices: [15, 30, 60, 120] };

/** The real chart with its calls answered by hand: each load and save waits for the test. */
function start() {
  const calls: Array<{ kind: 'load' | 'save'; minutes?: number; answer: (value: CheckIntervalSettings) => void; fail: (error: Error) => void }> = [];
  const call = (kind: 'load' | 'save', minutes?: number) =>
    new Promise<CheckIntervalSettings>((answer, fail) => calls.push({ kind, ...(minutes === undefined ? {} : { minutes }), answer, fail }));
  const actor = createActor(
    checkIntervalMachine.provide({
      actors: { load: fromPromise(() => call('load')), save: fromPromise(({ input }) => call('save', input.minutes)) },
    }),
  ).start();
  return { actor, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('checkInterval machine', () => {
  it("shows the operator's interval; a choice is saved once and shown when the operator has kept it", async () => {
    const { actor, calls } = start();
    expect(selectIntervalSettings(actor.getSnapshot())).toBeNull();
    calls[0]!.answer(kept);
    await settle();
    expect(selectIntervalSettings(actor.getSnapshot())).toEqual(kept);

    // The kept one and one not offered are no choice.
    actor.send({ type: 'user.choose', minutes: 60 });
    actor.send({ type: 'user.choose', minutes: 7 });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'user.choose', minutes: 15 });
    actor.send({ type: 'user.choose', minutes: 30 });
    expect(calls.map((c) => c.minutes)).toEqual([undefined, 15]);
    expect(selectIntervalChoosing(actor.getSnapshot())).toBe(15);
    // Still the operator's word until it answers.
    expect(selectIntervalSettings(actor.getSnapshot())?.minutes).toBe(60);
    calls[1]!.answer({ ...kept, minutes: 15 });
    await settle();
    expect(selectIntervalSettings(actor.getSnapshot())?.minutes).toBe(15);
    expect(selectIntervalChoosing(actor.getSnapshot())).toBeNull();
  });

  it('a refused save keeps the interval the operator has and says why; a failed load offers to try again', async () => {
    const { actor, calls } = start();
    calls[0]!.fail(new Error('offline'));
    await settle();
    expect(selectIntervalFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.retry' });
    calls[1]!.answer(kept);
    await settle();
    actor.send({ type: 'user.choose', minutes: 30 });
    calls[2]!.fail(new Error('refused'));
    await settle();
    expect(selectIntervalSettings(actor.getSnapshot())?.minutes).toBe(60);
    expect(selectIntervalFailure(actor.getSnapshot())).not.toBeNull();
    expect(selectIntervalFailed(actor.getSnapshot())).toBe(false);
  });
});
