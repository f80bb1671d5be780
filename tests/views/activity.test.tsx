import { describe, expect, it } from 'vitest';
import { ACTIVITY_THROTTLE_MS, listenForActivity } from '../../src/services/activity.ts';

describe("the player's activity, as the idle lock hears it", () => {
  it('reports a touch, a key or a scroll at most once a second, and nothing once stopped', () => {
    let now = 10_000;
    let heard = 0;
    const stop = listenForActivity(() => (heard += 1), () => now);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(heard).toBe(1);
    now += ACTIVITY_THROTTLE_MS;
    window.dispatchEvent(new Event('wheel'));
    expect(heard).toBe(2);
    now += ACTIVITY_THROTTLE_MS;
    window.dispatchEvent(new Event('mousemove')); // moving the pointer alone is not activity
    expect(heard).toBe(2);
    stop();
    now += ACTIVITY_THROTTLE_MS;
    window.dispatchEvent(new Event('touchstart'));
    expect(heard).toBe(2);
  });
});
