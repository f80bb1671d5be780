import { msg } from '@lingui/core/macro';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Outlet } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, type NavItem } from '../../src/features/shell/navigation/config.ts';
import { HOVER_DELAY_MS } from '../../src/features/shell/navigation/hoverIntent.ts';
import { Navigation } from '../../src/features/shell/navigation/Navigation.tsx';
import { NavigationProvider, useNavigationActor, useNavigationSelector } from '../../src/features/shell/navigation/NavigationProvider.tsx';
import { demoUser, fakeAuth, phone, renderChrome } from './layoutKit.tsx';

/** The menu with a readout of the navigation actor, for the events it sends. */
function Menu({ variant, tree }: { variant: 'vertical' | 'horizontal'; tree?: readonly NavItem[] }) {
  return (
    <NavigationProvider>
      <Navigation variant={variant} tree={tree} />
      <Readout />
      <Outlet />
    </NavigationProvider>
  );
}

function Readout() {
  const nav = useNavigationActor();
  const mobile = useNavigationSelector((s) => (s.matches({ mobile: 'open' }) ? 'open' : 'closed'));
  return (
    <>
      <output data-testid="mobile">{mobile}</output>
      <button type="button" onClick={() => nav.send({ type: 'user.openMobile' })}>
        open drawer
      </button>
    </>
  );
}

const links = () => within(screen.getByRole('navigation', { name: 'Main navigation' })).queryAllByRole('link').map((a) => a.textContent);

const tree: NavItem[] = [
  { id: 'home', type: 'item', title: msg`Home`, url: '/lobby', icon: 'home', badge: { title: 'NEW', bg: '#ff5c6c', fg: '#fff' } },
  { id: 'staff-only', type: 'item', title: msg`Transactions`, url: '/transactions', auth: AUTH.staff },
  { id: 'admin-only', type: 'item', title: msg`Logout`, url: '/logout', auth: AUTH.admin },
  {
    id: 'account',
    type: 'collapse',
    title: msg`Profile`,
    icon: 'person',
    children: [
      { id: 'profile', type: 'item', title: msg`Profile`, url: '/profile', exact: true },
      { id: 'sessions', type: 'item', title: msg`Game Sessions`, url: '/slot-sessions', levels: [145] },
    ],
  },
  { id: 'help', type: 'link', title: msg`Information`, url: 'https://example.test/help' },
  { id: 'same-tab', type: 'link', title: msg`Paytables`, url: '/paytables.html', target: '_self' },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('navigation filtered by role and level', () => {
  it('shows a player with level 145 the six product items', async () => {
    await renderChrome(<Menu variant="vertical" />);
    expect(links()).toEqual(['Home', 'Profile', 'Game Sessions', 'Transactions', 'Protection history', 'Logout']);
    expect(screen.getByRole('link', { name: 'Protection history' }).getAttribute('href')).toBe('/protection-history');
    expect(screen.getByRole('link', { name: 'Game Sessions' }).getAttribute('href')).toBe('/slot-sessions');
  });

  it('shows nothing to a player without permission 145', async () => {
    await renderChrome(<Menu variant="vertical" />, { auth: fakeAuth({ user: { ...demoUser, permissions: [144] } }) });
    expect(links()).toEqual([]);
  });

  it('shows nothing to a viewer without a role', async () => {
    await renderChrome(<Menu variant="horizontal" />, { auth: fakeAuth({ roles: [] }) });
    expect(links()).toEqual([]);
  });

  it('hides staff and admin items from a player; staff sees the staff item; an admin sees both', async () => {
    const { unmount } = await renderChrome(<Menu variant="vertical" tree={tree} />, { path: '/lobby' });
    expect(links()).toEqual(['HomeNEW', 'Information', 'Paytables']);
    unmount();
    const staff = await renderChrome(<Menu variant="vertical" tree={tree} />, { auth: fakeAuth({ roles: ['staff'] }) });
    expect(links()).toContain('Transactions');
    expect(links()).not.toContain('Logout');
    staff.unmount();
    await renderChrome(<Menu variant="vertical" tree={tree} />, { auth: fakeAuth({ roles: ['admin'] }) });
    expect(links()).toEqual(expect.arrayContaining(['Transactions', 'Logout']));
  });

  it('hides a leveled child when the permissions miss its level, keeping its siblings', async () => {
    const user = userEvent.setup();
    await renderChrome(<Menu variant="vertical" tree={tree} />, { auth: fakeAuth({ user: { ...demoUser, permissions: [] } }) });
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    expect(screen.getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Game Sessions' })).toBeNull();
  });
});

describe('vertical navigation', () => {
  it('marks the current page, honouring exact match', async () => {
    const { router } = await renderChrome(<Menu variant="vertical" />, { path: '/lobby' });
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await act(() => router.navigate({ to: '/profile' }));
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('a collapse group opens and closes on click', async () => {
    const user = userEvent.setup();
    await renderChrome(<Menu variant="vertical" tree={tree} />, { path: '/lobby' });
    const toggle = screen.getByRole('button', { name: 'Profile' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Game Sessions' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Game Sessions' })).toBeTruthy();
    await user.click(toggle);
    expect(screen.queryByRole('link', { name: 'Game Sessions' })).toBeNull();
  });

  it('a collapse group opens by itself when the path is one of its children', async () => {
    const { router } = await renderChrome(<Menu variant="vertical" tree={tree} />, { path: '/slot-sessions' });
    expect(screen.getByRole('button', { name: 'Profile' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Game Sessions' }).getAttribute('aria-current')).toBe('page');
    await act(() => router.navigate({ to: '/lobby' }));
    expect(screen.getByRole('button', { name: 'Profile' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('renders badges, and external links in a new tab unless told otherwise', async () => {
    await renderChrome(<Menu variant="vertical" tree={tree} />);
    expect(screen.getByText('NEW')).toBeTruthy();
    const help = screen.getByRole('link', { name: 'Information' });
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Paytables' }).getAttribute('target')).toBe('_self');
  });

  it('choosing an item closes the mobile drawer', async () => {
    // A drawer is a phone's: on a wide page the navigation chart closes it at once.
    phone();
    const user = userEvent.setup();
    const { router } = await renderChrome(<Menu variant="vertical" />, { path: '/lobby' });
    const readout = screen.getByTestId('mobile');
    await user.click(screen.getByRole('button', { name: 'open drawer' }));
    expect(readout.textContent).toBe('open');
    await user.click(screen.getByRole('link', { name: 'Transactions' }));
    expect(router.state.location.pathname).toBe('/transactions');
    expect(readout.textContent).toBe('closed');
  });
});

describe('horizontal navigation', () => {
  const horizontal: NavItem[] = [
    { id: 'home', type: 'item', title: msg`Home`, url: '/lobby' },
    {
      id: 'account',
      type: 'group',
      title: msg`Profile`,
      children: [
        { id: 'profile', type: 'item', title: msg`Profile`, url: '/profile' },
        {
          id: 'history',
          type: 'collapse',
          title: msg`Game Sessions`,
          children: [{ id: 'tx', type: 'item', title: msg`Transactions`, url: '/transactions' }],
        },
      ],
    },
  ];

  it('opens a submenu on hover after 150 ms, not before, and closes it after the pointer leaves', async () => {
    await renderChrome(<Menu variant="horizontal" tree={horizontal} />);
    vi.useFakeTimers();
    const button = screen.getByRole('button', { name: 'Profile' });
    const item = button.parentElement!;
    fireEvent.pointerEnter(item);
    act(() => vi.advanceTimersByTime(HOVER_DELAY_MS - 1));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Profile' })).toBeTruthy();
    fireEvent.pointerLeave(item);
    fireEvent.pointerEnter(item); // back within the delay: stays open
    act(() => vi.advanceTimersByTime(HOVER_DELAY_MS * 2));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerLeave(item);
    act(() => vi.advanceTimersByTime(HOVER_DELAY_MS));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('a nested submenu opens on hover too; a click opens at once and choosing an item closes them', async () => {
    const user = userEvent.setup();
    const { router } = await renderChrome(<Menu variant="horizontal" tree={horizontal} />);
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    const nested = screen.getByRole('button', { name: 'Game Sessions' });
    expect(nested.getAttribute('aria-expanded')).toBe('false');
    await user.click(nested);
    await user.click(screen.getByRole('link', { name: 'Transactions' }));
    expect(router.state.location.pathname).toBe('/transactions');
    expect(screen.getByRole('button', { name: 'Profile' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes an open submenu', async () => {
    const user = userEvent.setup();
    await renderChrome(<Menu variant="horizontal" tree={horizontal} />);
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Profile' }).getAttribute('aria-expanded')).toBe('false');
  });
});
