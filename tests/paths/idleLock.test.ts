import { describe, expect, it } from 'vitest';
import { idleLockMachine } from '../../machines/idleLock.ts';
import { generatePaths } from './pathHelper.ts';

describe('path tests generated from idleLock', () => {
  it('reaches every state and takes every event', () => {
    const restore = (pinCheck: boolean, locked: boolean) => ({ type: 'xstate.done.actor.restoreLock', output: { pinCheck, locked } });
    const suite = generatePaths(idleLockMachine, {
      input: { username: 'demo', pinCode: 'right' },
      payloads: {
        'xstate.done.actor.restoreLock': [restore(false, false), restore(true, true), restore(true, false)],
        'xstate.error.actor.restoreLock': [{ type: 'xstate.error.actor.restoreLock', error: new Error('x') }],
        'user.unlock': [{ type: 'user.unlock', pin: '1234' }],
        'xstate.done.actor.hashPin': [
          { type: 'xstate.done.actor.hashPin', output: 'right' },
          { type: 'xstate.done.actor.hashPin', output: 'wrong' },
        ],
        'xstate.error.actor.hashPin': [{ type: 'xstate.error.actor.hashPin', error: new Error('x') }],
      },
      distinguish: (c) => c.wrongPin,
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });
});
