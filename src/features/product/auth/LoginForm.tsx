import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useRef, useSyncExternalStore, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Credentials } from '../../../../machines/auth.ts';
import type { Failure } from '../../../../machines/failure.ts';
import { Button } from '../../../ui/Button.tsx';
import { CheckRow, Field, FieldError, Input } from '../../../ui/form.ts';
import { failureText } from '../errors/codeMessages.ts';
import { loginDraft } from './loginDraft.ts';

export const MIN_LENGTH = 4;

/** Which field a server failure belongs on (SPEC §5: server errors are shown on the fields). */
export function failureField(failure: Failure): 'username' | 'password' | 'form' {
  switch (failure.code) {
    case 10700:
    case 10701:
      return 'password';
    case 10702:
    case 10703:
    case 10704:
      return 'username';
    default:
      return 'form';
  }
}

export interface LoginFormProps {
  submitting: boolean;
  failure: Failure | null;
  onSubmit: (credentials: Credentials) => void;
  /** Editing a field clears the server failure shown on it. */
  onEdit?: () => void;
}

/** The login forms on the page: for a moment the first one covers the router's. */
const mounted = new Set<{ username: HTMLInputElement | null; password: HTMLInputElement | null }>();

export function LoginForm({ submitting, failure, onSubmit, onEdit }: LoginFormProps) {
  const { t, i18n } = useLingui();
  const ids = { username: useId(), password: useId(), remember: useId() };
  // What was typed into any login form of this page (the one painted in, the hydrated one, the router's).
  const draft = useSyncExternalStore(loginDraft.subscribe, loginDraft.current, loginDraft.current);
  const values = { username: draft.username, password: draft.password };
  const remember = draft.remember;
  const touched = draft.touched;
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const rememberBox = useRef<HTMLInputElement>(null);

  // Hydrating the login painted at build time: its inputs may hold what the player typed before
  // the script ran (the first render had to match the page, empty). Adopt it.
  useLayoutEffect(() => {
    const [username, password, box] = [usernameField.current, passwordField.current, rememberBox.current];
    if (!username || !password || !box) return;
    if (username.value === values.username && password.value === values.password && box.checked === remember) return;
    // The one render it costs is the point: the page's inputs become the form's state. A field
    // typed into and left before the script ran counts as left, as it would have.
    const left = (input: HTMLInputElement) => input.value !== '' && document.activeElement !== input;
    loginDraft.update({
      username: username.value,
      password: password.value,
      remember: box.checked,
      touched: { username: touched.username || left(username), password: touched.password || left(password) },
    });
    // Once, on mount: after that the inputs are the state's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The field the player was in when the last form went is where this one starts, caret at the
  // end; and when this one goes (before its inputs leave the page), it notes where the player is.
  useLayoutEffect(() => {
    const [username, password] = [usernameField.current, passwordField.current];
    const focus = loginDraft.current().focus;
    const input = focus === 'username' ? username : focus === 'password' ? password : null;
    if (input && (!document.activeElement || document.activeElement === document.body)) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    const fields = { username, password };
    if (username && password) mounted.add(fields);
    return () => {
      mounted.delete(fields);
      const active = document.activeElement;
      const focus = active === username ? 'username' : active === password ? 'password' : null;
      loginDraft.update({ focus });
      if (!focus) return;
      // The player was in this form, and another is still on the page (the router's, which came
      // while this one covered it): the caret goes on there once this one has left the page.
      queueMicrotask(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const next = [...mounted].at(-1)?.[focus];
        next?.focus();
        next?.setSelectionRange(next.value.length, next.value.length);
      });
    };
    // Once per form: mount and unmount.
  }, []);

  const tooShort = {
    username: values.username.trim().length < MIN_LENGTH,
    password: values.password.length < MIN_LENGTH,
  };
  const valid = !tooShort.username && !tooShort.password;
  const serverField = failure ? failureField(failure) : null;
  const serverText = failure ? failureText(i18n, failure) : null;
  const minText = t`Min character length is 4`;

  const errorFor = (field: 'username' | 'password') => {
    if (touched[field] && tooShort[field]) return minText;
    if (serverField === field) return serverText;
    return null;
  };

  const change = (field: 'username' | 'password', value: string) => {
    loginDraft.update({ [field]: value });
    onEdit?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    onSubmit({ username: values.username.trim(), password: values.password, remember });
  };

  const usernameError = errorFor('username');
  const passwordError = errorFor('password');

  return (
    <Form onSubmit={submit} noValidate aria-busy={submitting}>
      <Field>
        <label htmlFor={ids.username}>
          <Trans>Email or username</Trans>
        </label>
        <Input
          id={ids.username}
          name="username"
          autoComplete="username"
          ref={usernameField}
          value={values.username}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? `${ids.username}-error` : undefined}
          onChange={(e) => change('username', e.target.value)}
          onBlur={() => loginDraft.update({ touched: { ...loginDraft.current().touched, username: true } })}
        />
        {usernameError && <FieldError id={`${ids.username}-error`}>{usernameError}</FieldError>}
      </Field>
      <Field>
        <label htmlFor={ids.password}>
          <Trans>Password</Trans>
        </label>
        <Input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="current-password"
          ref={passwordField}
          value={values.password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${ids.password}-error` : undefined}
          onChange={(e) => change('password', e.target.value)}
          onBlur={() => loginDraft.update({ touched: { ...loginDraft.current().touched, password: true } })}
        />
        {passwordError && <FieldError id={`${ids.password}-error`}>{passwordError}</FieldError>}
      </Field>
      <CheckRow>
        <input
          ref={rememberBox}
          id={ids.remember}
          name="remember"
          type="checkbox"
          checked={remember}
          onChange={(e) => loginDraft.update({ remember: e.target.checked })}
        />
        <label htmlFor={ids.remember}>
          <Trans>Remember me</Trans>
        </label>
      </CheckRow>
      {serverField === 'form' && serverText && <FieldError role="alert">{serverText}</FieldError>}
      <Button type="submit" disabled={!valid || submitting}>
        {submitting ? <Trans>Signing in...</Trans> : <Trans>Login</Trans>}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  text-align: start;
`;

