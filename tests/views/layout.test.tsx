import { act, screen, waitFor, within } from '@testing-library/react';
import { LAYOUT_KEY, layoutChoiceStorage } from '../../src/services/playerStorage.ts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { MainLayout } from '../../src/features/shell/layout/MainLayout.tsx';
import { createPaintedLobby, PaintedLobbyProvider } from '../../src/ui/paintedLobbyHold.tsx';
import { desktop, phone, quietFrames, renderChrome } from './layoutKit.tsx';

beforeEach(() => {
  desktop();
  quietFrames();
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const layoutName = () => document.querySelector('[data-layout]')?.getAttribute('data-layout');

describe('under a lobby painted from HTML', () => {
  it('draws the chrome (deferred) while the painted lobby stands, and its going renders nothing of the chrome again', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const lobby = createPaintedLobby(element);
    // The lobby page, still loading, holds it (LobbyPage's PaintedLobbyHere).
    const page = lobby.hold();
    let commits = 0;
    await renderChrome(
      <PaintedLobbyProvider value={lobby}>
        <Profiler id="chrome" onRender={() => (commits += 1)}>
          <MainLayout />
        </Profiler>
      </PaintedLobbyProvider>,
    );
    await waitFor(() => expect(layoutName()).toBe('layout1'));
    expect(lobby.standing()).toBe(true);
    const before = commits;
    // The take-over: the app's tiles are in, nothing holds the painted lobby.
    await act(async () => page());
    expect(lobby.standing()).toBe(false);
    expect(element.isConnected).toBe(false);
    expect(commits).toBe(before);
    expect(layoutName()).toBe('layout1');
  });
});

describe('choosing the layout', () => {
  it('is layout 1 by default (SPEC §9)', async () => {
    await renderChrome(<MainLayout />);
    expect(layoutName()).toBe('layout1');
  });

  it('follows settings.LAYOUT, and the player choice kept in reelside.layout wins over it', async () => {
    const first = await renderChrome(<MainLayout />, { settings: { LAYOUT: 'layout2' } });
    expect(layoutName()).toBe('layout2');
    first.unmount();
    localStorage.setItem(LAYOUT_KEY, 'layout3');
    await renderChrome(<MainLayout />, { settings: { LAYOUT: 'layout2' } });
    expect(layoutName()).toBe('layout3');
  });

  it('changes at once when the player chooses, and ignores a stored value that is no layout', async () => {
    localStorage.setItem(LAYOUT_KEY, 'layout9');
    await renderChrome(<MainLayout />, { settings: { LAYOUT: 'layout2' } });
    expect(layoutName()).toBe('layout2');
    act(() => layoutChoiceStorage.write('layout3'));
    expect(layoutName()).toBe('layout3');
    expect(localStorage.getItem(LAYOUT_KEY)).toBe('layout3');
    act(() => layoutChoiceStorage.write(null));
    expect(layoutName()).toBe('layout2');
  });
});

describe.each(['layout1', 'layout2', 'layout3'] as const)('%s', (LAYOUT) => {
  it('shows the balance once loaded, the username, the language select and one Logout link', async () => {
    await renderChrome(<MainLayout />, { settings: { LAYOUT } });
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toContain('$1,234.56'));
    expect(screen.getByTestId('toolbar-user').textContent).toBe('demo');
    const language = screen.getByLabelText('Language');
    expect([...language.querySelectorAll('option')].map((o) => o.value)).toEqual(['tr', 'en']);
    expect(screen.getAllByRole('link', { name: 'Logout' })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'page /lobby' })).toBeTruthy();
  });

  it('the logo links to /lobby, replacing the history entry', async () => {
    const user = userEvent.setup();
    const { router } = await renderChrome(<MainLayout />, { settings: { LAYOUT }, path: '/profile' });
    const logo = screen.getAllByRole('link', { name: 'Reelside lobby' })[0]!;
    expect(logo.getAttribute('href')).toBe('/lobby');
    const before = router.history.length;
    await user.click(logo);
    expect(router.state.location.pathname).toBe('/lobby');
    expect(router.history.length).toBe(before);
  });

  it('the footer shows v2.3.4 and the six info links, which open the page in the modal', async () => {
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT } });
    expect(screen.getByTestId('ui-version').textContent).toBe('v2.3.4');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Password Reset Procedure', '/password-reset.html'],
      ['Game Rules and Content', '/game-rules-and-content.html'],
      ['Player Protection Information', '/player-protection-information.html'],
      ['Terms of Use', '/terms-of-use.html'],
      ['Privacy Policy', '/privacy-policy.html'],
      ['Paytables', '/paytables.html'],
    ]);
    await user.click(within(footer).getByRole('link', { name: 'Terms of Use' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/terms-of-use.html');
    expect(frame.getAttribute('title')).toBe('Terms of Use');
    await user.click(within(dialog).getByRole('button', { name: 'Paytables' }));
    expect(screen.getByRole('dialog', { name: 'Paytables' }).querySelector('iframe')?.getAttribute('src')).toBe('/paytables.html');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus goes back to the link that opened the modal, not to the page's body.
    expect(document.activeElement).toBe(within(footer).getByRole('link', { name: 'Terms of Use' }));
  });

  it('the drawer closed with Escape gives the focus back to the menu button', async () => {
    phone();
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT } });
    const open = screen.getByRole('button', { name: 'Open the menu' });
    await user.click(open);
    await screen.findByRole('dialog', { name: 'Menu' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('without the external-info setting the footer has no info links, only the version', async () => {
    await renderChrome(<MainLayout />, { settings: { LAYOUT, EXTERNAL_INFO: false } });
    expect(within(screen.getByRole('contentinfo')).queryAllByRole('link')).toEqual([]);
    expect(screen.getByTestId('ui-version').textContent).toBe('v2.3.4');
    expect(screen.queryByRole('button', { name: 'Information' })).toBeNull();
  });

  it('on a phone the menu button opens the drawer with the player and the menu; choosing an item closes it', async () => {
    phone();
    const user = userEvent.setup();
    const { router } = await renderChrome(<MainLayout />, { settings: { LAYOUT } });
    const open = screen.getByRole('button', { name: 'Open the menu' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await user.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByTestId('user-username').textContent).toBe('@demo');
    expect(within(drawer).getByTestId('user-fullname').textContent).toBe('Demo Player');
    await user.click(within(drawer).getByRole('link', { name: 'Transactions' }));
    expect(router.state.location.pathname).toBe('/transactions');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    // Another page: the focus is that page's to place, not sent back to the menu button.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).not.toBe(open);
  });

  it('the drawer closes when the window grows past the mobile breakpoint', async () => {
    phone();
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT } });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    act(() => desktop());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('the drawer closes on its close button', async () => {
    phone();
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT } });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Close the menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('HIDE_HEADER_BAR hides the toolbar but keeps a way to open the menu on a phone', async () => {
    phone();
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT, HIDE_HEADER_BAR: true } });
    expect(document.querySelector('[data-place="toolbar"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    // The drawer has what the hidden header bar held: the tools and the language.
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByLabelText('Language')).toBeTruthy();
  });
});

const TOOLS = ['Search the menu', 'Shortcuts', 'Settings', 'Team Chat, 2 unread', 'Quick panel'];

describe.each(['layout1', 'layout2', 'layout3'] as const)('%s template tools', (LAYOUT) => {
  it('with HIDE_HEADER_BAR on a desktop, every tool sits in the navigation instead of the hidden toolbar', async () => {
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT, HIDE_HEADER_BAR: true }, chrome: true });
    const row = document.querySelector<HTMLElement>('[data-place="navbar"]');
    expect(row).not.toBeNull();
    for (const name of TOOLS) expect(await within(row!).findByRole('button', { name })).toBeTruthy();
    // What else the hidden header bar held: the language, and the balance where the navbar has none.
    expect(within(row!).getByLabelText('Language')).toBeTruthy();
    expect(within(document.querySelector('[data-layout]')!).getAllByText('$1,234.56').length).toBeGreaterThan(0);
    expect(document.querySelector('[data-place="toolbar"]')).toBeNull();
    await user.click(within(row!).getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });

  it('on a phone the menu drawer holds every tool; one opened there takes the drawer’s place', async () => {
    phone();
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT }, chrome: true });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const name of TOOLS) expect(await within(drawer).findByRole('button', { name })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Team Chat, 2 unread' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(await screen.findByTestId('chat-panel')).toBeTruthy();
  });

  it('the search field opens inside the drawer, and choosing a page closes the drawer there', async () => {
    phone();
    const user = userEvent.setup();
    const { router } = await renderChrome(<MainLayout />, { settings: { LAYOUT }, chrome: true });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Search the menu' }));
    await user.type(await within(drawer).findByRole('combobox'), 'transac');
    await user.click(await within(drawer).findByRole('option', { name: /Transactions/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });
});

describe.each(['layout1', 'layout3'] as const)('%s navbar', (LAYOUT) => {
  it('shows the side panel with username, first and last name', async () => {
    await renderChrome(<MainLayout />, { settings: { LAYOUT } });
    const navbar = screen.getByTestId('navbar');
    expect(within(navbar).getByTestId('user-username').textContent).toBe('@demo');
    expect(within(navbar).getByTestId('user-fullname').textContent).toBe('Demo Player');
  });

  it('the menu toggle folds the navbar and keeps navbar.folded; a stored fold is restored', async () => {
    const user = userEvent.setup();
    const persistFolded = vi.fn();
    const first = await renderChrome(<MainLayout />, { settings: { LAYOUT }, persistFolded });
    const navbar = screen.getByTestId('navbar');
    expect(navbar.getAttribute('data-state')).toBe('unfolded');
    await user.click(screen.getByRole('button', { name: 'Fold the menu' }));
    expect(navbar.getAttribute('data-state')).toBe('folded');
    expect(persistFolded).toHaveBeenLastCalledWith(true);
    // folded, the items keep their names
    expect(within(navbar).getByRole('link', { name: 'Profile' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unfold the menu' }));
    expect(persistFolded).toHaveBeenLastCalledWith(false);
    first.unmount();
    localStorage.setItem('reelside.navbar.folded', 'true');
    await renderChrome(<MainLayout />, { settings: { LAYOUT } });
    expect(screen.getByTestId('navbar').getAttribute('data-state')).toBe('folded');
  });
});

describe('layout 3', () => {
  it('has the admin bar, and a navbar with the balance and the last-login block', async () => {
    await renderChrome(<MainLayout />, { settings: { LAYOUT: 'layout3' } });
    expect(screen.getByTestId('admin-bar')).toBeTruthy();
    const navbar = screen.getByTestId('navbar');
    await waitFor(() => expect(within(navbar).getByTestId('navbar-balance').textContent).toContain('$1,234.56'));
    const facts = within(navbar).getByTestId('last-login');
    expect(facts.textContent).toContain('Current IP10.1.2.3');
    expect(facts.textContent).toContain('Last login IP10.9.8.7');
    expect(facts.textContent).toContain('Last loginMar 1, 2025');
    expect(within(navbar).getByText('Reelside v2.3.4')).toBeTruthy();
  });

  it('the language select offers TR and EN', async () => {
    await renderChrome(<MainLayout />, { settings: { LAYOUT: 'layout3' } });
    expect([...screen.getByLabelText('Language').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['TR', 'EN']);
  });

  it('the wallet toggle hides and shows the toolbar balance', async () => {
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT: 'layout3' } });
    const toggle = screen.getByRole('button', { name: 'Show balance' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('balance')).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('balance')).toBeNull();
    await user.click(toggle);
    expect(screen.getByTestId('balance')).toBeTruthy();
  });

  it('the info button opens the modal on the list of the six pages', async () => {
    const user = userEvent.setup();
    await renderChrome(<MainLayout />, { settings: { LAYOUT: 'layout3' } });
    await user.click(screen.getByRole('button', { name: 'Information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Information' });
    const list = within(dialog).getByRole('list', { name: 'Information pages' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Password Reset Procedure',
      'Game Rules and Content',
      'Player Protection Information',
      'Terms of Use',
      'Privacy Policy',
      'Paytables',
    ]);
    expect(dialog.querySelector('iframe')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Game Rules and Content' }));
    expect(screen.getByRole('dialog', { name: 'Game Rules and Content' }).querySelector('iframe')?.getAttribute('src')).toBe(
      '/game-rules-and-content.html',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
