import { describe, expect, it } from 'vitest';
import { createActor, createMachine, setup } from 'xstate';
import { lazyLogic } from '../../src/services/lazyActors.ts';

const child = createMachine({ id: 'child', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } });

const parent = setup({ actors: { child } }).createMachine({
  id: 'parent',
  initial: 'waiting',
  states: { waiting: { on: { start: 'running' } }, running: { invoke: { id: 'child', src: 'child' } } },
});

describe('lazyLogic (a child machine downloaded before it starts)', () => {
  it('stands in for the machine it downloads: the child runs and answers as the machine itself', async () => {
    const lazy = lazyLogic(async () => child);
    const actor = createActor(parent.provide({ actors: { child: lazy.logic } })).start();
    await lazy.ready();
    actor.send({ type: 'start' });
    const running = actor.getSnapshot().children.child!;
    expect(running.getSnapshot().value).toBe('a');
    running.send({ type: 'go' });
    expect(running.getSnapshot().value).toBe('b');
    expect(running.getSnapshot().can({ type: 'go' })).toBe(false);
  });

  it('started before the download resolved, it fails loudly instead of running something half', () => {
    const lazy = lazyLogic(async () => child);
    const actor = createActor(parent.provide({ actors: { child: lazy.logic } }));
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(() => actor.send({ type: 'start' })).not.toThrow();
    expect(String(errors[0] ?? actor.getSnapshot().error)).toMatch(/before ready\(\) resolved/);
  });

  it('downloads once, and a failed download is tried again by the next ready()', async () => {
    let calls = 0;
    const lazy = lazyLogic(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return child;
    });
    await expect(lazy.ready()).rejects.toThrow('offline');
    await expect(lazy.ready()).resolves.toBe(child);
    await lazy.ready();
    expect(calls).toBe(2);
  });
});
