import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../src/features/product/auth/LoginForm.tsx';
import { renderView } from './render.tsx';

const noop = () => {};

describe('login form', () => {
  it('keeps submit disabled until both fields have at least 4 characters', async () => {
    const user = userEvent.setup();
    await renderView(<LoginForm submitting={false} failure={null} onSubmit={noop} />);
    const submit = screen.getByRole('button', { name: 'Login' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Email or username'), 'demo');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Password'), 'd');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('while a kept login is checked, nothing can be typed, ticked or pressed, and it says what it waits for', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await renderView(<LoginForm checking submitting={false} failure={null} onSubmit={onSubmit} />);
    const username = screen.getByLabelText('Email or username');
    await user.type(username, 'player2');
    await user.type(screen.getByLabelText('Password'), 'player2pass{Enter}');
    expect((username as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Remember me')).toHaveProperty('disabled', true);
    const button = screen.getByRole('button', { name: 'Checking your login...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.closest('form')?.getAttribute('aria-busy')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "Min character length is 4" on a short field once it was left', async () => {
    const user = userEvent.setup();
    await renderView(<LoginForm submitting={false} failure={null} onSubmit={noop} />);
    const username = screen.getByLabelText('Email or username');
    await user.type(username, 'abc');
    expect(screen.queryByText('Min character length is 4')).toBeNull();
    await user.tab();
    expect(screen.getByText('Min character length is 4')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    await user.type(username, 'd');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(username.getAttribute('aria-describedby')).toBeNull();
  });

  it('sends trimmed username, password and remember me', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await renderView(<LoginForm submitting={false} failure={null} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email or username'), '  demo ');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onSubmit).toHaveBeenCalledWith({ username: 'demo', password: 'demo1234', remember: false });
  });

  it('cannot be submitted again while a login runs', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await renderView(<LoginForm submitting failure={null} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email or username'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Signing in...' })).toHaveProperty('disabled', true);
  });

  it('shows a wrong password with the attempts left on the password field', async () => {
    const { rerender } = await renderView(
      <LoginForm submitting={false} onSubmit={noop} failure={{ code: 10700, message: 'x', params: { left_count: 2, block_time: 15 } }} />,
    );
    const password = screen.getByLabelText('Password');
    const described = () => document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described()).toBe('You tried an incorrect username or password. 2 attempts left before your account is blocked for 15 minutes.');
    // One left is "1 attempt", not "1 attempts".
    rerender(<LoginForm submitting={false} onSubmit={noop} failure={{ code: 10700, message: 'x', params: { left_count: 1, block_time: 15 } }} />);
    expect(described()).toBe('You tried an incorrect username or password. 1 attempt left before your account is blocked for 15 minutes.');
  });

  it('shows a ban on the username field, and an unknown code with the server text', async () => {
    const { rerender } = await renderView(
      <LoginForm submitting={false} onSubmit={noop} failure={{ code: 10704, message: 'banned', params: {} }} />,
    );
    const username = screen.getByLabelText('Email or username');
    expect(document.getElementById(username.getAttribute('aria-describedby') ?? '')?.textContent).toBe('You have been banned.');
    rerender(<LoginForm submitting={false} onSubmit={noop} failure={{ code: 99999, message: 'Operator says no', params: {} }} />);
    expect(screen.getByRole('alert').textContent).toBe('Operator says no');
  });

  it('shows the idle lock\'s logout after too many wrong PINs (10705) on the form', async () => {
    await renderView(<LoginForm submitting={false} onSubmit={noop} failure={{ code: 10705, message: 'too many wrong PINs', params: {} }} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'You entered a wrong PIN code too many times, so you were logged out. Log in again with your password.',
    );
  });

  it('speaks Turkish', async () => {
    await renderView(
      <LoginForm submitting={false} onSubmit={noop} failure={{ code: 10701, message: 'x', params: {} }} />,
      'tr',
    );
    expect(screen.getByLabelText('Şifre')).toBeTruthy();
    expect(screen.getByText('Kullanıcı adı veya şifre yanlış.')).toBeTruthy();
  });

  it('follows what the fields hold even for an input React did not hear (one lost while the page was hydrated)', async () => {
    const onSubmit = vi.fn();
    await renderView(<LoginForm submitting={false} failure={null} onSubmit={onSubmit} />);
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    // An input event that does not bubble to the root, where React listens: only the field hears it.
    const unheard = (input: HTMLElement, value: string) => {
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: false }));
    };
    unheard(screen.getByLabelText('Email or username'), 'demo');
    unheard(screen.getByLabelText('Password'), 'demo1234');
    const login = await screen.findByRole<HTMLButtonElement>('button', { name: 'Login' });
    await vi.waitFor(() => expect(login.disabled).toBe(false));
    await userEvent.click(login);
    expect(onSubmit).toHaveBeenCalledWith({ username: 'demo', password: 'demo1234', remember: true });
  });
});
