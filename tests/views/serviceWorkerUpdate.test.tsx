import { describe, expect, it } from 'vitest';
import { reloadIntoUpdate, TAKE_OVER_WAITS_MS } from '../../src/app/takeOver.ts';

/** The new version's Reload: the waiting worker is asked to take over, asked again, then the page reloads whatever it did. */
describe('Reload into a new version', () => {
  function press() {
    const told: string[] = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    reloadIntoUpdate(
      () => told.push('ask'),
      () => told.push('reload'),
      (run, ms) => timers.push({ run, ms }),
    );
    const elapse = () => timers.shift()!.run();
    return { told, timers, elapse };
  }

  it('asks at once; a worker that took over reloads the page itself, so nothing more is asked meanwhile', () => {
    const { told, timers } = press();
    expect(told).toEqual(['ask']);
    expect(timers.map((timer) => timer.ms)).toEqual([TAKE_OVER_WAITS_MS[0]]);
  });

  it('a worker that stays waiting is asked again, then the page reloads: the press is never lost, and it ends', () => {
    const { told, timers, elapse } = press();
    elapse();
    expect(told).toEqual(['ask', 'ask']);
    expect(timers.map((timer) => timer.ms)).toEqual([TAKE_OVER_WAITS_MS[1]]);
    elapse();
    expect(told).toEqual(['ask', 'ask', 'reload']);
    expect(timers).toHaveLength(0);
  });
});
