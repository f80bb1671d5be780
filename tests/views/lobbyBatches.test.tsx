import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_BATCH_MS, statusBatches, type StatusChange } from '../../src/features/lobby/statusBatches.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live status batches of the lobby', () => {
  it('hands on the last status of each machine, once per batch', () => {
    const delivered: StatusChange[][] = [];
    const batches = statusBatches((changes) => delivered.push(changes));
    batches.add([{ id: 1, status: 'playing' }]);
    batches.add([
      { id: 2, status: 'offline' },
      { id: 1, status: 'free' },
    ]);
    vi.advanceTimersByTime(LIVE_BATCH_MS - 1);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual([
      [
        { id: 1, status: 'free' },
        { id: 2, status: 'offline' },
      ],
    ]);
  });

  it('a change after a batch starts the next one', () => {
    const delivered: StatusChange[][] = [];
    const batches = statusBatches((changes) => delivered.push(changes));
    batches.add([{ id: 1, status: 'free' }]);
    vi.advanceTimersByTime(LIVE_BATCH_MS);
    batches.add([{ id: 2, status: 'error' }]);
    vi.advanceTimersByTime(LIVE_BATCH_MS);
    expect(delivered).toEqual([[{ id: 1, status: 'free' }], [{ id: 2, status: 'error' }]]);
  });

  it('stopped, it delivers nothing more', () => {
    const deliver = vi.fn();
    const batches = statusBatches(deliver);
    batches.add([{ id: 1, status: 'free' }]);
    batches.stop();
    vi.advanceTimersByTime(LIVE_BATCH_MS * 2);
    expect(deliver).not.toHaveBeenCalled();
  });
});
