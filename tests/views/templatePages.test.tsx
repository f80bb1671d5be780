import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { registerMachine, type RegisterOutcome, type Registration } from '../../machines/register.ts';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import {
  AuthRegister2Page,
  AuthRegister3Page,
  AuthRegisterPage,
  AuthResetPasswordPage,
} from '../../src/features/shell/template/AuthDemoPages.tsx';
import { SearchClassicPage } from '../../src/features/shell/template/SearchPages.tsx';
import { renderView } from './render.tsx';

/** Render a template page at /page under a memory router (its links need one). */
async function renderPage(Page: RouteComponent, runtime?: ViewRuntime) {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/page', component: Page });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/page'] }) });
  await act(() => router.load());
  const ui = <RouterProvider router={router} />;
  return renderView(runtime ? <RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider> : ui);
}

describe('template auth demo forms', () => {
  it('check every field and only then show the demo notice', async () => {
    const user = userEvent.setup();
    await renderPage(AuthResetPasswordPage);
    await user.click(screen.getByRole('button', { name: 'Reset my password' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    expect(screen.queryByTestId('demo-result')).toBeNull();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Password (confirm)'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset my password' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('The password needs at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'demo@example.test');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.clear(screen.getByLabelText('Password (confirm)'));
    await user.type(screen.getByLabelText('Password (confirm)'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Reset my password' }));
    expect(screen.getByTestId('demo-result').textContent).toContain('nothing was sent');
  });
});

/** The register page over a register call the test answers by hand. */
function registerRuntime() {
  let settle: { resolve: (outcome: RegisterOutcome) => void; reject: (error: unknown) => void } | null = null;
  const register = vi.fn(
    (_values: Registration) =>
      new Promise<RegisterOutcome>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  const startSession = vi.fn();
  const template = {
    register: registerMachine.provide({
      actors: { register: fromPromise(({ input }) => register(input)) },
      actions: { startSession: (_, params) => startSession(params) },
    }),
  } as Partial<ViewLogic['template']> as ViewLogic['template'];
  const runtime = { logic: { template } as Partial<ViewLogic> as ViewLogic } as ViewRuntime;
  return {
    runtime,
    register,
    startSession,
    answer: (outcome: RegisterOutcome) => act(async () => settle?.resolve(outcome)),
    fail: (error: unknown) => act(async () => settle?.reject(error)),
  };
}

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, username = 'newcomer') {
  await user.type(screen.getByLabelText('Name'), 'New Comer');
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Email'), 'new@reelside.test');
  await user.type(screen.getByLabelText('Password'), 'long-enough');
  await user.type(screen.getByLabelText('Password (confirm)'), 'long-enough');
  await user.click(screen.getByLabelText('I read and accept the terms and conditions'));
}

const createButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Create an account|Creating your account/ });

describe('template register form', () => {
  it('checks every field before anything is sent', async () => {
    const user = userEvent.setup();
    const { runtime, register } = registerRuntime();
    await renderPage(AuthRegisterPage, runtime);
    await user.click(createButton());
    expect(screen.getAllByText('This field is required.')).toHaveLength(5);
    expect(screen.getByText('Please accept the terms and conditions.')).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), 'a b');
    await user.click(createButton());
    expect(screen.getByText('A username is 4 to 32 letters, digits, _ . or -, starting with a letter or digit.')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
    expect(screen.queryByTestId('demo-result')).toBeNull();
  });

  it('sends the registration once, with the button disabled while it is on its way; success hands the token over', async () => {
    const user = userEvent.setup();
    const { runtime, register, startSession, answer } = registerRuntime();
    await renderPage(AuthRegister2Page, runtime);
    await fillRegistration(user, '  newcomer ');
    await user.click(createButton());
    expect(register).toHaveBeenCalledExactlyOnceWith({
      username: 'newcomer',
      password: 'long-enough',
      email: 'new@reelside.test',
      name: 'New Comer',
    });
    expect(createButton().disabled).toBe(true);
    expect(createButton().textContent).toBe('Creating your account…');
    await user.click(createButton());
    expect(register).toHaveBeenCalledTimes(1);

    await answer({ kind: 'registered', token: 'fresh-token', username: 'newcomer' });
    expect((await screen.findByTestId('register-result')).textContent).toBe('Your account is ready. Taking you to the lobby…');
    expect(startSession).toHaveBeenCalledExactlyOnceWith({ token: 'fresh-token' });
    expect(createButton().disabled).toBe(true);
  });

  it('a taken username shows on the username field; another one can be tried', async () => {
    const user = userEvent.setup();
    const { runtime, register, answer } = registerRuntime();
    await renderPage(AuthRegisterPage, runtime);
    await fillRegistration(user, 'demo');
    await user.click(createButton());
    await answer({ kind: 'refused', fields: { username: 'The username is already taken' } });
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('This username is already taken.');
    expect(screen.queryByTestId('register-failure')).toBeNull();
    expect(createButton().disabled).toBe(false);

    await user.clear(username);
    await user.type(username, 'demo-two');
    await user.click(createButton());
    expect(register).toHaveBeenLastCalledWith(expect.objectContaining({ username: 'demo-two' }));
    expect(screen.queryByText('This username is already taken.')).toBeNull();
  });

  it('another failure shows a message above the button (by code, else no answer)', async () => {
    const user = userEvent.setup();
    const { runtime, fail } = registerRuntime();
    await renderPage(AuthRegister3Page, runtime);
    await fillRegistration(user);
    await user.click(createButton());
    await fail({ code: 10703, message: 'your IP is not permitted', params: {} });
    expect((await screen.findByTestId('register-failure')).textContent).toBe('Your IP is not permitted.');
    expect(screen.getByRole('alert').textContent).toBe('Your IP is not permitted.');
    expect(createButton().disabled).toBe(false);

    await user.click(createButton());
    expect(screen.queryByTestId('register-failure')).toBeNull();
    await fail(new Error('Failed to fetch'));
    expect((await screen.findByTestId('register-failure')).textContent).toBe('No answer from the server. Check your connection and try again.');
  });
});

describe('template search page', () => {
  it('filters the pages by title, detail or address, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderPage(SearchClassicPage);
    const box = screen.getByRole('searchbox', { name: 'Search the pages' });
    await user.type(box, 'typo');
    expect(screen.getByRole('link', { name: 'Typography' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 result');
    await user.clear(box);
    await user.type(box, 'zzzz');
    expect(screen.getByText('No pages match your search.')).toBeTruthy();
  });
});
