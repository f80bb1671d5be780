import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import type { NavItem } from '../../src/features/shell/navigation/config.ts';
import { NavigationSearch } from '../../src/features/shell/search/NavigationSearch.tsx';
import { renderChrome } from './layoutKit.tsx';

const title = (text: string) => ({ id: text, message: text });

/** Fifteen pages, some inside a group, plus a divider and an item only admins see. */
const tree: NavItem[] = [
  ...Array.from({ length: 12 }, (_, i): NavItem => ({ id: `p${i + 1}`, type: 'item', title: title(`Page ${i + 1}`), url: '/profile' })),
  { id: 'd', type: 'divider' },
  {
    id: 'g',
    type: 'group',
    title: title('Reports'),
    children: [
      { id: 'p13', type: 'item', title: title('Page 13'), url: '/transactions' },
      { id: 'sessions', type: 'item', title: title('Game Sessions'), url: '/slot-sessions' },
    ],
  },
  { id: 'secret', type: 'item', title: title('Page secret'), url: '/profile', auth: ['admin'] },
];

async function renderSearch(onClose = vi.fn()) {
  const view = await renderChrome(
    <>
      <NavigationSearch tree={tree} onClose={onClose} />
      <Outlet />
    </>,
  );
  return { ...view, input: screen.getByRole('combobox', { name: 'Search the menu' }), onClose };
}

describe('navigation search', () => {
  it('offers at most 10 suggestions, matching the title whatever the case, only of items the player sees', async () => {
    const { input } = await renderSearch();
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(input, { target: { value: 'PAGE' } });
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(10);
    expect(options.map((o) => o.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `Page ${i + 1}`));
    expect(screen.queryByText('Page secret')).toBeNull();

    fireEvent.change(input, { target: { value: 'page 1' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Page 1', 'Page 10', 'Page 11', 'Page 12', 'Page 13']);
  });

  it("says 'No results..' when nothing matches", async () => {
    const { input } = await renderSearch();
    fireEvent.change(input, { target: { value: 'jackpot' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results..')).toBeTruthy();
  });

  it('Enter goes to the highlighted suggestion (arrows move it), a click to the one clicked', async () => {
    const { input, router, onClose } = await renderSearch();
    fireEvent.change(input, { target: { value: 'sessions' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/slot-sessions'));
    expect(onClose).toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'page 1' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Page 13');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));

    fireEvent.change(input, { target: { value: 'Page 2' } });
    fireEvent.click(screen.getByRole('option', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
