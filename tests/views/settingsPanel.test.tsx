import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chooseLanguage } from '../../src/app/language.ts';
import { LAYOUT_KEY, layoutChoiceStorage } from '../../src/services/playerStorage.ts';
import { Outlet } from '@tanstack/react-router';
import { useTheme } from 'styled-components';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { z } from 'zod/mini';
import { navigationMachine } from '../../machines/navigation.ts';
import { uiSettingsMachine } from '../../machines/uiSettings.ts';
import { RuntimeProvider, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { ChromeHost } from '../../src/features/shell/chrome/ChromeHost.tsx';
import { ChromeTray } from '../../src/features/shell/layout/ChromeTray.tsx';
import { NavigationProvider } from '../../src/features/shell/navigation/NavigationProvider.tsx';
import { defaultUiSettings } from '../../src/features/shell/settings/defaults.ts';
import { LookHost } from '../../src/features/shell/settings/LookHost.tsx';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import type { Http } from '../../src/services/http.ts';
import { createUiSettingsService, localUiSettings } from '../../src/services/uiSettings.ts';
import { PRESET_IDS } from '../../src/theme/presets.ts';
import { fakeAuth, renderChrome } from './layoutKit.tsx';

/** The profile document as the simulator keeps it, and every update posted to it. */
function fakeProfile(initial: Record<string, unknown>) {
  const posts: unknown[] = [];
  let document = initial;
  const http: Http = {
    serverNow: () => Date.now(),
    get: async <T,>(_path: string, schema: z.ZodMiniType<T>) => schema.parse({ user: document, updatedAt: null }),
    post: async <T,>(_path: string, body: unknown, schema: z.ZodMiniType<T>) => {
      posts.push(body);
      document = (body as { user: Record<string, unknown> }).user;
      return schema.parse({ user: document, updatedAt: '2026-01-01T00:00:00Z' });
    },
  };
  return { http, posts, get document() { return document; } };
}

/** The machine as src/app/runtime.ts provides it, over this browser's storage and a fake profile. */
function uiSettingsActor(http: Http) {
  const service = createUiSettingsService(http, PRESET_IDS);
  return createActor(
    uiSettingsMachine.provide({
      actors: {
        readLocal: fromPromise(async () => localUiSettings(PRESET_IDS).read()),
        fetchRemote: fromPromise(() => service.fetch()),
        saveRemote: fromPromise(({ input }) => service.save(input.settings)),
      },
      actions: { writeLocal: (_, { settings }) => localUiSettings(PRESET_IDS).write(settings) },
      delays: { saveDelay: 20 },
    }),
    { input: { defaults: defaultUiSettings('layout1') } },
  ).start();
}

/** The main theme in force below LookHost. */
function ThemeProbe() {
  return <output data-testid="theme-background">{useTheme().colors.background}</output>;
}

async function renderTools(actor: ReturnType<typeof uiSettingsActor>) {
  const auth = fakeAuth();
  const runtime = { settings: DEFAULT_SETTINGS, layoutChoice: layoutChoiceStorage, chooseLanguage, auth, logic: { navigation: navigationMachine } as Partial<ViewRuntime['logic']> as ViewRuntime['logic'], uiSettings: actor };
  return renderChrome(
    <RuntimeProvider runtime={runtime}>
      <LookHost actor={actor}>
        <NavigationProvider>
          <ChromeHost>
            <ChromeTray place="toolbar" />
            <ThemeProbe />
            <Outlet />
          </ChromeHost>
        </NavigationProvider>
      </LookHost>
    </RuntimeProvider>,
    { auth },
  );
}

async function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

function radio(panel: HTMLElement, group: string, option: string): HTMLInputElement {
  return within(within(panel).getByRole('group', { name: group })).getByRole('radio', { name: option });
}

function pick(panel: HTMLElement, group: string, option: string) {
  fireEvent.click(radio(panel, group, option));
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.dir = 'ltr';
});

describe('settings panel persistence', () => {
  it('a guest’s choices are kept in this browser, never posted, and applied at once', async () => {
    const profile = fakeProfile({});
    const actor = uiSettingsActor(profile.http);
    await renderTools(actor);
    const panel = await openPanel();
    pick(panel, 'Main theme', 'Daylight');
    pick(panel, 'Direction', 'Right to left');
    pick(panel, 'Layout', 'Layout 3');
    expect(radio(panel, 'Main theme', 'Daylight').checked).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
    await waitFor(() => expect(localStorage.getItem(LAYOUT_KEY)).toBe('layout3'));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Saved in this browser.'));
    const stored = JSON.parse(localStorage.getItem('reelside.ui') ?? '{}');
    expect(stored).toMatchObject({ theme: { main: 'daylight' }, direction: 'rtl', layout: 'layout3' });
    expect(profile.posts).toEqual([]);
    // The page background follows the main theme.
    expect(screen.getByTestId('theme-background').textContent).toBe('#f4f6fb');
  });

  it('a player’s choices go to their profile, not to this browser, and come back on the next login', async () => {
    const profile = fakeProfile({ theme: { main: 'mint', footer: 'rose' } });
    const actor = uiSettingsActor(profile.http);
    await renderTools(actor);
    act(() => actor.send({ type: 'session.login' }));
    await waitFor(() => expect(actor.getSnapshot().matches({ player: 'ready' })).toBe(true));
    const panel = await openPanel();
    expect(radio(panel, 'Main theme', 'Mint').checked).toBe(true);
    expect(radio(panel, 'Footer theme', 'Rose').checked).toBe(true);

    pick(panel, 'Toolbar theme', 'Violet');
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Animations' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Saved to your profile.'));
    expect(profile.posts).toHaveLength(1);
    expect(profile.document).toMatchObject({ theme: { main: 'mint', toolbar: 'violet', footer: 'rose' }, animations: false });
    expect(localStorage.getItem('reelside.ui')).toBeNull();

    // Logged out: the guest's look (the defaults here); logged in again: the profile's.
    act(() => actor.send({ type: 'session.logout' }));
    await waitFor(() => expect(actor.getSnapshot().matches({ guest: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.settings.theme.toolbar).toBe('night');
    act(() => actor.send({ type: 'session.login' }));
    await waitFor(() => expect(actor.getSnapshot().matches({ player: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.settings).toMatchObject({ theme: { toolbar: 'violet' }, animations: false });
  });

  it('an unknown preset in a stored document falls back to Night for that area only', async () => {
    localStorage.setItem('reelside.ui', JSON.stringify({ theme: { main: 'gone', navbar: 'sky' }, layout: 'layout9' }));
    const actor = uiSettingsActor(fakeProfile({}).http);
    await renderTools(actor);
    await waitFor(() => expect(actor.getSnapshot().matches({ guest: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.settings).toMatchObject({ theme: { main: 'night', navbar: 'sky' }, layout: 'layout1' });
  });
});
