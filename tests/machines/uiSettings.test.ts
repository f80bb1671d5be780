import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { uiSettingsMachine, type StoredUiSettings, type UiSettings } from '../../machines/uiSettings.ts';

const defaults: UiSettings = {
  theme: { main: 'night', navbar: 'night', toolbar: 'night', footer: 'night' },
  layout: 'layout1',
  direction: 'auto',
  customScrollbars: false,
  animations: true,
  shortcuts: [],
};

function start({
  local = null,
  remote = null,
  remoteFails = false,
  saveFails = false,
}: { local?: StoredUiSettings | null; remote?: StoredUiSettings | null; remoteFails?: boolean; saveFails?: boolean } = {}) {
  const clock = new SimulatedClock();
  const written: UiSettings[] = [];
  const saved: UiSettings[] = [];
  const actor = createActor(
    uiSettingsMachine.provide({
      actors: {
        readLocal: fromPromise(async () => local),
        fetchRemote: fromPromise(async () => {
          if (remoteFails) throw { code: null, message: 'down', params: {} };
          return remote;
        }),
        saveRemote: fromPromise(async ({ input }) => {
          if (saveFails) throw { code: 40000, message: 'invalid request', params: {} };
          saved.push(input.settings);
        }),
      },
      actions: { writeLocal: (_, { settings }) => written.push(settings) },
    }),
    { input: { defaults }, clock },
  ).start();
  return { actor, clock, written, saved };
}

describe('uiSettings machine', () => {
  it('a guest starts from this browser’s copy laid over the defaults', async () => {
    const { actor } = start({ local: { theme: { main: 'daylight' }, layout: 'layout3' } });
    await waitFor(actor, (s) => s.matches({ guest: 'ready' }));
    expect(actor.getSnapshot().context.settings).toEqual({ ...defaults, theme: { ...defaults.theme, main: 'daylight' }, layout: 'layout3' });
  });

  it('changes apply at once and are written once, after the save delay since the last one', async () => {
    const { actor, clock, written } = start();
    await waitFor(actor, (s) => s.matches({ guest: 'ready' }));
    actor.send({ type: 'user.change', patch: { theme: { main: 'sky' } } });
    expect(actor.getSnapshot().context.settings.theme.main).toBe('sky');
    clock.increment(400);
    actor.send({ type: 'user.change', patch: { animations: false } });
    clock.increment(400);
    expect(written).toEqual([]);
    expect(actor.getSnapshot().matches({ guest: 'saving' })).toBe(true);
    clock.increment(200);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ theme: { main: 'sky' }, animations: false });
    expect(actor.getSnapshot().matches({ guest: 'ready' })).toBe(true);
  });

  it('a player’s settings come from the profile and are saved there, not in the browser', async () => {
    const { actor, clock, written, saved } = start({ local: { theme: { main: 'rose' } }, remote: { theme: { main: 'emerald' }, shortcuts: ['profile'] } });
    await waitFor(actor, (s) => s.matches({ guest: 'ready' }));
    actor.send({ type: 'session.login' });
    await waitFor(actor, (s) => s.matches({ player: 'ready' }));
    expect(actor.getSnapshot().context.settings.theme.main).toBe('emerald');
    expect(actor.getSnapshot().context.settings.shortcuts).toEqual(['profile']);

    actor.send({ type: 'user.change', patch: { direction: 'rtl' } });
    expect(actor.getSnapshot().matches({ player: { saving: 'debouncing' } })).toBe(true);
    clock.increment(600);
    await waitFor(actor, (s) => s.matches({ player: 'ready' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ theme: { main: 'emerald' }, direction: 'rtl', shortcuts: ['profile'] });
    expect(written).toEqual([]);

    // Logging out brings the guest's own look back.
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches({ guest: 'ready' }));
    expect(actor.getSnapshot().context.settings.theme.main).toBe('rose');
    expect(actor.getSnapshot().context.settings.direction).toBe('auto');
  });

  it('an empty profile means the defaults; an unreachable one too, with the failure kept', async () => {
    const empty = start({ local: { theme: { main: 'rose' } } });
    await waitFor(empty.actor, (s) => s.matches({ guest: 'ready' }));
    empty.actor.send({ type: 'session.login' });
    await waitFor(empty.actor, (s) => s.matches({ player: 'ready' }));
    expect(empty.actor.getSnapshot().context.settings).toEqual(defaults);

    const down = start({ remoteFails: true });
    await waitFor(down.actor, (s) => s.matches({ guest: 'ready' }));
    down.actor.send({ type: 'session.login' });
    await waitFor(down.actor, (s) => s.matches({ player: 'ready' }));
    expect(down.actor.getSnapshot().context.settings).toEqual(defaults);
    expect(down.actor.getSnapshot().context.failure?.message).toBe('down');
  });

  it('a failed save keeps the change on screen and the failure for the panel', async () => {
    const { actor, clock } = start({ saveFails: true });
    actor.send({ type: 'session.login' });
    await waitFor(actor, (s) => s.matches({ player: 'ready' }));
    actor.send({ type: 'user.change', patch: { layout: 'layout2' } });
    clock.increment(600);
    await waitFor(actor, (s) => s.matches({ player: 'ready' }));
    expect(actor.getSnapshot().context.settings.layout).toBe('layout2');
    expect(actor.getSnapshot().context.failure?.code).toBe(40000);
  });

  it('a guest change still waiting is written before the player’s settings load', async () => {
    const { actor, written } = start();
    await waitFor(actor, (s) => s.matches({ guest: 'ready' }));
    actor.send({ type: 'user.change', patch: { theme: { navbar: 'violet' } } });
    actor.send({ type: 'session.login' });
    expect(written).toHaveLength(1);
    expect(written[0]?.theme.navbar).toBe('violet');
  });

  it('shortcuts: added once, removed, kept by a reset of the look', async () => {
    const { actor } = start({ local: { theme: { main: 'sand' } } });
    await waitFor(actor, (s) => s.matches({ guest: 'ready' }));
    actor.send({ type: 'user.addShortcut', id: 'profile' });
    actor.send({ type: 'user.addShortcut', id: 'transactions' });
    actor.send({ type: 'user.addShortcut', id: 'profile' });
    expect(actor.getSnapshot().context.settings.shortcuts).toEqual(['profile', 'transactions']);
    actor.send({ type: 'user.removeShortcut', id: 'profile' });
    expect(actor.getSnapshot().context.settings.shortcuts).toEqual(['transactions']);
    actor.send({ type: 'user.reset' });
    expect(actor.getSnapshot().context.settings).toEqual({ ...defaults, shortcuts: ['transactions'] });
  });
});
