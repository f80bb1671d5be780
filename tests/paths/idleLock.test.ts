import { describe, expect, it } from 'vitest';
import { idleLockMachine } from '../../machines/idleLock.ts';
import { generatePaths } from './pathHelper.ts';
import { idleLockPayloads } from './payloads.ts';

describe('path tests generated from idleLock', () => {
  it('reaches every state and takes every event', () => {
    const suite = generatePaths(idleLockMachine, {
      input: { username: 'demo', pinCode: 'right' },
      payloads: idleLockPayloads,
      distinguish: (c) => c.wrongPin,
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });
});
