import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ListPage } from '../../machines/accountList.ts';
import { protectionHistoryMachine, RECENT_HISTORY_SIZE } from '../../machines/protectionHistory.ts';
import { selectHistoryEntries, selectHistoryFailed, selectHistoryOpen, selectHistoryTotal } from '../../machines/protectionHistory.selectors.ts';
import type { ProtectionEntry } from '../../protocol/protection.ts';

const older: ProtectionEntry = { id: 1, at: 1000, kind: 'realityCheckInterval', minutes: 30, before: null };
const newer: ProtectionEntry = { id: 2, at: 2000, kind: 'limit', limit: 'lossDay', amount: 5000, before: null, from: 2000 };

/** The real chart with its loads answered by hand (the entries of the first page; the total: as many unless told). */
function start() {
  const loads: Array<{ size: number; answer: (entries: ProtectionEntry[], total?: number) => void; fail: (e: Error) => void }> = [];
  const changes = { say: () => {} };
  const actor = createActor(
    protectionHistoryMachine.provide({
      actors: {
        load: fromPromise(
          ({ input }) =>
            new Promise<ListPage<ProtectionEntry>>((answer, fail) =>
              loads.push({ size: input.size, answer: (items, total = items.length) => answer({ items, total }), fail }),
            ),
        ),
        changes: fromCallback(({ sendBack }) => {
          changes.say = () => sendBack({ type: 'protection.changed' });
        }),
      },
    }),
  ).start();
  return { actor, loads, changed: () => changes.say() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('protectionHistory machine', () => {
  it('loads only when opened, and anew at every opening: a choice made meanwhile is in it', async () => {
    const { actor, loads } = start();
    expect(loads).toHaveLength(0);
    expect(selectHistoryOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.open' });
    expect(selectHistoryOpen(actor.getSnapshot())).toBe(true);
    expect(selectHistoryEntries(actor.getSnapshot())).toBeNull();
    // One load in flight: opening again while it loads asks nothing more.
    actor.send({ type: 'user.open' });
    expect(loads).toHaveLength(1);
    loads[0]!.answer([older]);
    await settle();
    expect(selectHistoryEntries(actor.getSnapshot())).toEqual([older]);

    actor.send({ type: 'user.close' });
    expect(selectHistoryOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.open' });
    expect(loads).toHaveLength(2);
    // While the new load runs, the old entries are not shown as if they were the latest.
    expect(selectHistoryEntries(actor.getSnapshot())).toBeNull();
    loads[1]!.answer([newer, older]);
    await settle();
    expect(selectHistoryEntries(actor.getSnapshot())).toEqual([newer, older]);
  });

  it('a failed load is said and tried again on the player’s word; closed meanwhile, a late answer changes nothing', async () => {
    const { actor, loads } = start();
    actor.send({ type: 'user.open' });
    loads[0]!.fail(new Error('offline'));
    await settle();
    expect(selectHistoryFailed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    actor.send({ type: 'user.retry' });
    expect(selectHistoryFailed(actor.getSnapshot())).toBe(false);
    expect(loads).toHaveLength(2);
    actor.send({ type: 'user.close' });
    loads[1]!.answer([newer]);
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.entries).toBeNull();
  });

  it('open, it loads again when a choice is saved on the page, the entries shown staying up meanwhile; closed, it waits for the opening', async () => {
    const { actor, loads, changed } = start();
    changed();
    expect(loads).toHaveLength(0);
    actor.send({ type: 'user.open' });
    loads[0]!.answer([older]);
    await settle();

    changed();
    expect(loads).toHaveLength(2);
    expect(selectHistoryEntries(actor.getSnapshot())).toEqual([older]);
    // A second change before the first reload is in: that load is dropped, a newer one asked.
    changed();
    expect(loads).toHaveLength(3);
    loads[1]!.answer([older]);
    await settle();
    loads[2]!.answer([newer, older]);
    await settle();
    expect(selectHistoryEntries(actor.getSnapshot())).toEqual([newer, older]);
    expect(actor.getSnapshot().matches({ shown: 'current' })).toBe(true);

    // A reload that fails says so, like the first load.
    changed();
    loads[3]!.fail(new Error('offline'));
    await settle();
    expect(selectHistoryFailed(actor.getSnapshot())).toBe(true);
  });

  it(`asks for the latest ${RECENT_HISTORY_SIZE} entries only, and keeps how many there are in all (the card links to the rest)`, async () => {
    const { actor, loads, changed } = start();
    expect(selectHistoryTotal(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'user.open' });
    expect(loads[0]!.size).toBe(RECENT_HISTORY_SIZE);
    loads[0]!.answer([newer, older], 12);
    await settle();
    expect(selectHistoryEntries(actor.getSnapshot())).toEqual([newer, older]);
    expect(selectHistoryTotal(actor.getSnapshot())).toBe(12);
    // A reload asks the same few, and its total replaces the last.
    changed();
    expect(loads[1]!.size).toBe(RECENT_HISTORY_SIZE);
    loads[1]!.answer([newer], 13);
    await settle();
    expect(selectHistoryTotal(actor.getSnapshot())).toBe(13);
  });

  it('a change saved while the first load runs asks again: that load may have read the books before it', async () => {
    const { actor, loads, changed } = start();
    actor.send({ type: 'user.open' });
    changed();
    expect(loads).toHaveLength(2);
    loads[0]!.answer([older]);
    await settle();
    expect(selectHistoryEntries(actor.getSnapshot())).toBeNull();
    loads[1]!.answer([newer, older]);
    await settle();
    expect(selectHistoryEntries(actor.getSnapshot())).toEqual([newer, older]);
  });
});
