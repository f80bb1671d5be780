import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInputDelayMeter } from '../../src/services/inputDelay.ts';

/**
 * The client's press → picture meter (src/services/inputDelay.ts) with a stand-in <video>: frames
 * are presented by hand, each carrying the request count its strip would show (null: no strip).
 */

function harness() {
  let callback: ((now: number, meta: { presentationTime: number; width: number; height: number }) => void) | null = null;
  let shows: number | null = 0;
  const video = {
    requestVideoFrameCallback(next: typeof callback) {
      callback = next;
      return 1;
    },
  } as unknown as HTMLVideoElement;
  const meter = createInputDelayMeter(() => video, () => shows);
  return {
    meter,
    /** Presents a frame showing `count` at the current time; false when nobody was watching. */
    present(count: number | null) {
      shows = count;
      const waiting = callback;
      callback = null;
      waiting?.(performance.now(), { presentationTime: performance.now(), width: 640, height: 360 });
      return waiting !== null;
    },
  };
}

describe('press → picture in the client', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => vi.useRealTimers());

  it('times a request from its send to the first frame whose count went up, and reads no frames between requests', () => {
    const { meter, present } = harness();
    expect(meter.latest()).toBeNull();
    meter.request();
    expect(present(7)).toBe(true); // the count before the answer
    vi.advanceTimersByTime(30);
    expect(present(8)).toBe(true);
    expect(meter.latest()).toBe(30);
    expect(present(8)).toBe(false); // nothing waits: no frame is read
    meter.request();
    vi.advanceTimersByTime(12);
    present(9);
    expect(meter.latest()).toBe(12); // the median of 30 and 12: the lower middle
  });

  it('counts across the strip wrapping at 256, and two requests answered by one frame', () => {
    const { meter, present } = harness();
    meter.request();
    present(255);
    vi.advanceTimersByTime(20);
    present(0);
    expect(meter.latest()).toBe(20);
    meter.request();
    meter.request();
    vi.advanceTimersByTime(40);
    present(2);
    expect(meter.latest()).toBe(40);
  });

  it('gives up on a video without the strip after a few frames, and says nothing', () => {
    const { meter, present } = harness();
    meter.request();
    for (let i = 0; i < 10; i++) present(null);
    expect(present(null)).toBe(false); // no longer watched
    meter.request();
    expect(present(5)).toBe(false); // nor for later requests
    expect(meter.latest()).toBeNull();
    meter.reset(); // a new stream: it may have the strip
    meter.request();
    expect(present(5)).toBe(true);
  });

  it('forgets a request the video never answers, and reads the count afresh for the next', () => {
    const { meter, present } = harness();
    meter.request();
    present(3);
    vi.advanceTimersByTime(2500);
    present(3); // given up: the count is read again at the next request
    expect(present(3)).toBe(false);
    meter.request();
    present(4); // the late answer to the first request: now only the baseline
    vi.advanceTimersByTime(15);
    present(5);
    expect(meter.latest()).toBe(15);
  });
});
