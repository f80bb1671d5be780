import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Credentials, Session, TokenSources } from '../../machines/auth.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { chooseLanguage } from '../../src/app/language.ts';
import { createFirstLogin, FirstLoginHere, FirstLoginProvider, type FirstLogin } from '../../src/features/product/auth/firstLogin.tsx';
import { FirstLoginPage, LoginPage } from '../../src/features/product/auth/LoginPage.tsx';
import { layoutChoiceStorage } from '../../src/services/playerStorage.ts';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { authWithChildren } from '../machines/authWithChildren.ts';
import { renderView } from './render.tsx';

/** An auth whose logins never get an answer, and what it was asked. */
function pendingAuth() {
  const sent: Credentials[] = [];
  const auth = createActor(
    authWithChildren.provide({
      actors: {
        readTokens: fromPromise(async (): Promise<TokenSources> => ({ queryToken: null, storedToken: null })),
        login: fromPromise<Session, Credentials>(({ input }) => {
          sent.push(input);
          return new Promise<Session>(() => {});
        }),
      },
    }),
  ).start();
  const runtime: ViewRuntime = { settings: DEFAULT_SETTINGS, auth, logic: {} as ViewLogic, layoutChoice: layoutChoiceStorage, chooseLanguage };
  return { sent, runtime };
}

type Screen = 'boot' | 'router' | 'blocked';

/** The app's screens as src/app/App.tsx lays them out: the first login first, then the screen of the moment. */
function Screens({ first, runtime, screen }: { first: FirstLogin; runtime: ViewRuntime | null; screen: Screen }) {
  return (
    <FirstLoginProvider value={first}>
      <RuntimeProvider runtime={runtime}>
        <FirstLoginPage />
        {screen === 'boot' ? <FirstLoginHere /> : screen === 'router' ? <LoginPage /> : <p>Not permitted</p>}
      </RuntimeProvider>
    </FirstLoginProvider>
  );
}

/**
 * The login painted from HTML is one form from the boot to the player's login: the boot's
 * screens and the router's login page do not replace it (a press straddling a swap was lost).
 */
describe('the first login', () => {
  it('stays the same form from the boot to the router’s login page: a press begun before the app was there ends in a login', async () => {
    const { sent, runtime } = pendingAuth();
    const first = createFirstLogin(true);
    const user = userEvent.setup();
    const view = await renderView(<Screens first={first} runtime={null} screen="boot" />);
    const name = screen.getByLabelText<HTMLInputElement>('Email or username');
    await user.type(name, 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    const login = screen.getByRole('button', { name: 'Login' });
    // Down on Login while the app boots; the app and the router's page come; then up.
    await user.pointer({ keys: '[MouseLeft>]', target: login });
    view.rerender(<Screens first={first} runtime={runtime} screen="router" />);
    await user.pointer({ keys: '[/MouseLeft]', target: login });
    expect(sent).toEqual([{ username: 'demo', password: 'demo1234', remember: true }]);
    // The very inputs the player typed into, one form on the page.
    expect(screen.getByLabelText('Email or username')).toBe(name);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBe(login);
  });

  it('sends a Login pressed before the app had booted once it has, once, and keeps the caret where it was', async () => {
    const { sent, runtime } = pendingAuth();
    const first = createFirstLogin(true);
    const user = userEvent.setup();
    const view = await renderView(<Screens first={first} runtime={null} screen="boot" />);
    await user.type(screen.getByLabelText('Email or username'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(screen.getByLabelText('Password'));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeTruthy();
    expect(sent).toEqual([]);
    view.rerender(<Screens first={first} runtime={runtime} screen="boot" />);
    view.rerender(<Screens first={first} runtime={runtime} screen="router" />);
    await expect.poll(() => sent).toEqual([{ username: 'demo', password: 'demo1234', remember: true }]);
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    view.rerender(<Screens first={first} runtime={runtime} screen="router" />);
    expect(sent).toHaveLength(1);
  });

  it('drops a Login pressed before the app had booted when a screen that must be said comes over the form: nothing is sent unseen', async () => {
    const { sent, runtime } = pendingAuth();
    const first = createFirstLogin(true);
    const user = userEvent.setup();
    const view = await renderView(<Screens first={first} runtime={null} screen="boot" />);
    await user.type(screen.getByLabelText('Email or username'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeTruthy();
    // The app is there, and so is a screen that must be said (the country is not permitted, say).
    view.rerender(<Screens first={first} runtime={runtime} screen="blocked" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    // Back to the form: what was typed is there, and Login waits for the player's press.
    view.rerender(<Screens first={first} runtime={runtime} screen="router" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(sent).toEqual([{ username: 'demo', password: 'demo1234', remember: true }]);
  });

  it('gives way to a screen that must be said and comes back as it was, and once the router has shown another page its login page is its own', async () => {
    const { runtime } = pendingAuth();
    const first = createFirstLogin(true);
    const user = userEvent.setup();
    const view = await renderView(<Screens first={first} runtime={runtime} screen="boot" />);
    const form = screen.getByRole('heading', { name: 'Sign in to play' });
    const name = screen.getByLabelText<HTMLInputElement>('Email or username');
    await user.type(name, 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    view.rerender(<Screens first={first} runtime={runtime} screen="blocked" />);
    expect(screen.queryByRole('heading', { name: 'Sign in to play' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    // Back from that screen (a network error retried, say): the same form, with what was typed.
    view.rerender(<Screens first={first} runtime={runtime} screen="router" />);
    expect(screen.getByRole('heading', { name: 'Sign in to play' })).toBe(form);
    expect(screen.getByLabelText<HTMLInputElement>('Email or username')).toBe(name);
    expect(name.value).toBe('demo');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Login' }).disabled).toBe(false);
    expect(form.dataset.firstLogin).toBeUndefined();
    act(() => first.end());
    // The router's login page now draws its form; the first one has gone.
    expect(screen.getAllByRole('heading', { name: 'Sign in to play' })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Sign in to play' })).not.toBe(form);
  });

  it('is not there on a page that was not painted with it: the router’s login page is the form', async () => {
    const { runtime } = pendingAuth();
    await renderView(<Screens first={createFirstLogin(false)} runtime={runtime} screen="router" />);
    expect(screen.getAllByRole('heading', { name: 'Sign in to play' })).toHaveLength(1);
    await renderView(<Screens first={createFirstLogin(false)} runtime={runtime} screen="boot" />);
    expect(screen.getAllByRole('heading', { name: 'Sign in to play' })).toHaveLength(1);
  });
});
