import { describe, expect, it } from 'vitest';
import { navigationMachine } from '../../machines/navigation.ts';
import { describePath, generatePaths } from '../../scripts/paths/pathHelper.ts';

const payloads = {
  'user.toggleGroup': [{ type: 'user.toggleGroup', id: 'games' }],
  'route.changed': [{ type: 'route.changed', groupIds: ['games'] }],
  'user.openInfo': [{ type: 'user.openInfo', page: 'paytables' }],
};

describe('path tests generated from the navigation machine', () => {
  it('every state and every event is reached, from either stored fold', () => {
    for (const folded of [false, true]) {
      const suite = generatePaths(navigationMachine, { input: { folded }, payloads });
      expect(suite.unexercisedEvents).toEqual([]);
      // (restoring is transient: its eventless transition leaves it before any snapshot is taken,
      // so the generator does not count it; its targets, folded and unfolded, are what is reached.)
      expect(suite.missing).toEqual([]);
      expect(suite.reached.has('navigation.navbar.folded') && suite.reached.has('navigation.navbar.unfolded')).toBe(true);
    }
  });

  it('a stored fold is restored without any event', () => {
    const { paths } = generatePaths(navigationMachine, { input: { folded: true }, payloads });
    const folded = paths.find((p) => p.state.matches({ navbar: 'folded' }) && p.state.matches({ mobile: 'closed' }));
    expect(folded && describePath(folded)).toBe('(initial)');
  });

  it('every path that opens the drawer can close it by choosing an item', () => {
    const { paths } = generatePaths(navigationMachine, { input: { folded: false }, payloads });
    const open = paths.filter((p) => p.state.matches({ mobile: 'open' }));
    expect(open.length).toBeGreaterThan(0);
    for (const path of open) {
      expect(path.state.can({ type: 'user.chooseItem' })).toBe(true);
      expect(path.state.can({ type: 'user.closeMobile' })).toBe(true);
    }
  });

  it('the info page is only ever set while a page is shown', () => {
    const { paths } = generatePaths(navigationMachine, { input: { folded: false }, payloads, simple: false });
    for (const path of paths) {
      expect(path.state.context.infoPage !== null).toBe(path.state.matches({ info: 'page' }));
    }
  });
});
