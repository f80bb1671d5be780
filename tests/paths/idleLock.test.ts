import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { MAX_WRONG_PINS, idleLockMachine } from '../../machines/idleLock.ts';
import { generatePaths, stateIds } from '../../scripts/paths/pathHelper.ts';
import { idleLockDistinguish, idleLockPayloads } from '../../scripts/paths/payloads.ts';

const suite = (pinCode: string | null) =>
  generatePaths(idleLockMachine, { input: { pinCode }, payloads: idleLockPayloads, distinguish: idleLockDistinguish });

describe('path tests generated from idleLock', () => {
  it('reaches every state and takes every event (with a pin_code and without one)', () => {
    const withPin = suite('right');
    const withoutPin = suite(null);
    expect(stateIds(idleLockMachine).filter((id) => !withPin.reached.has(id) && !withoutPin.reached.has(id))).toEqual([]);
    expect(withoutPin.reached.has('idleLock.locked.cannotUnlock')).toBe(true);
    expect(withPin.unexercisedEvents).toEqual([]);
  });

  it('every path that ends in lockedOut had five wrong PINs in a row, counting those a reload kept', () => {
    const lockedOut = suite('right').paths.filter((p) => p.state.matches('lockedOut'));
    expect(lockedOut.length).toBeGreaterThan(0);
    for (const path of lockedOut) {
      const events = path.steps.map((step) => step.event as EventObject & { output?: unknown });
      let attempts = 0;
      for (const event of events) {
        if (event.type === 'xstate.done.actor.restoreLock') attempts = (event.output as { attempts: number }).attempts;
        if (event.type === 'xstate.done.actor.verifyPin') attempts = event.output === true ? 0 : attempts + 1;
      }
      expect(attempts).toBeGreaterThanOrEqual(MAX_WRONG_PINS);
      expect(path.state.output).toEqual({ reason: 'tooManyWrongPins' });
    }
  });
});
