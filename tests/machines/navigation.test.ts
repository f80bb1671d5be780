import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { navigationMachine } from '../../machines/navigation.ts';

function start(folded = false, persistFolded = vi.fn()) {
  const actor = createActor(
    navigationMachine.provide({ actions: { persistFolded: (_, { folded: value }) => persistFolded(value) } }),
    { input: { folded } },
  ).start();
  return { actor, persistFolded };
}

describe('navigation machine', () => {
  it('starts as navbar.folded was stored, with the drawer, the info modal and no group open', () => {
    expect(start(false).actor.getSnapshot().value).toEqual({ navbar: 'unfolded', mobile: 'closed', info: 'closed', wallet: 'shown' });
    expect(start(true).actor.getSnapshot().matches({ navbar: 'folded' })).toBe(true);
    expect(start().actor.getSnapshot().context.openGroups).toEqual([]);
  });

  it('folds and unfolds, keeping navbar.folded each time', () => {
    const { actor, persistFolded } = start(false);
    actor.send({ type: 'user.toggleFold' });
    expect(actor.getSnapshot().matches({ navbar: 'folded' })).toBe(true);
    actor.send({ type: 'user.toggleFold' });
    expect(actor.getSnapshot().matches({ navbar: 'unfolded' })).toBe(true);
    expect(persistFolded.mock.calls).toEqual([[true], [false]]);
  });

  it('an open drawer watches the viewport and closes when the page is wide (the navbar is back); a closed one watches nothing', () => {
    let watching = 0;
    let wide: () => void = () => {};
    const actor = createActor(
      navigationMachine.provide({
        actors: {
          wideScreen: fromCallback(({ sendBack }) => {
            watching += 1;
            wide = () => sendBack({ type: 'viewport.wide' });
            return () => {
              watching -= 1;
            };
          }),
        },
      }),
      { input: { folded: false } },
    ).start();
    expect(watching).toBe(0);
    actor.send({ type: 'user.openMobile' });
    expect(watching).toBe(1);
    wide();
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true);
    expect(watching).toBe(0);
  });

  it('the mobile drawer opens on the button and closes on its close, or when an item is chosen', () => {
    const { actor } = start();
    actor.send({ type: 'user.chooseItem' });
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true);
    actor.send({ type: 'user.openMobile' });
    expect(actor.getSnapshot().matches({ mobile: 'open' })).toBe(true);
    actor.send({ type: 'user.chooseItem' });
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true);
    actor.send({ type: 'user.openMobile' });
    actor.send({ type: 'user.closeMobile' });
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true);
  });

  it('folding does not touch the drawer, nor the drawer the fold', () => {
    const { actor } = start(true);
    actor.send({ type: 'user.openMobile' });
    actor.send({ type: 'user.chooseItem' });
    expect(actor.getSnapshot().matches({ navbar: 'folded' })).toBe(true);
  });

  it('collapse groups open and close on click, and open (never close) when the route is inside them', () => {
    const { actor } = start();
    actor.send({ type: 'user.toggleGroup', id: 'games' });
    actor.send({ type: 'user.toggleGroup', id: 'account' });
    expect(actor.getSnapshot().context.openGroups).toEqual(['games', 'account']);
    actor.send({ type: 'user.toggleGroup', id: 'games' });
    expect(actor.getSnapshot().context.openGroups).toEqual(['account']);
    actor.send({ type: 'route.changed', groupIds: ['account', 'games', 'games'] });
    expect(actor.getSnapshot().context.openGroups).toEqual(['account', 'games']);
    actor.send({ type: 'route.changed', groupIds: [] });
    expect(actor.getSnapshot().context.openGroups).toEqual(['account', 'games']);
  });

  it('the info modal opens on a page from the footer, or on the list from the info button', () => {
    const { actor } = start();
    actor.send({ type: 'user.openInfo', page: 'paytables' });
    expect(actor.getSnapshot().matches({ info: 'page' })).toBe(true);
    expect(actor.getSnapshot().context.infoPage).toBe('paytables');
    actor.send({ type: 'user.openInfo', page: 'terms-of-use' });
    expect(actor.getSnapshot().context.infoPage).toBe('terms-of-use');
    actor.send({ type: 'user.openInfoMenu' });
    expect(actor.getSnapshot().matches({ info: 'menu' })).toBe(true);
    expect(actor.getSnapshot().context.infoPage).toBeNull();
    actor.send({ type: 'user.openInfo', page: 'privacy-policy' });
    actor.send({ type: 'user.closeInfo' });
    expect(actor.getSnapshot().matches({ info: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.infoPage).toBeNull();
  });

  it('the wallet toggle hides and shows the balance', () => {
    const { actor } = start();
    actor.send({ type: 'user.toggleWallet' });
    expect(actor.getSnapshot().matches({ wallet: 'hidden' })).toBe(true);
    actor.send({ type: 'user.toggleWallet' });
    expect(actor.getSnapshot().matches({ wallet: 'shown' })).toBe(true);
  });
});
