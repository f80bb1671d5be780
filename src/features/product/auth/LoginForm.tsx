import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Credentials } from '../../../../machines/auth.ts';
import type { Failure } from '../../../../machines/failure.ts';
import { Button } from '../../../ui/Button.tsx';
import { CheckRow, Field, FieldError, Input } from '../../../ui/form.ts';
import { failureText } from '../errors/codeMessages.ts';

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
  /** A kept login is being checked: the form is read-only and busy, its button says so. */
  checking?: boolean;
  submitting: boolean;
  failure: Failure | null;
  onSubmit: (credentials: Credentials) => void;
  /** Editing a field clears the server failure shown on it. */
  onEdit?: () => void;
}

export function LoginForm({ checking = false, submitting, failure, onSubmit, onEdit }: LoginFormProps) {
  const { t, i18n } = useLingui();
  const ids = { username: useId(), password: useId(), remember: useId() };
  const [values, setValues] = useState({ username: '', password: '' });
  const [remember, setRemember] = useState(true);
  // Fields the player has left: their length hints show.
  const [touched, setTouched] = useState({ username: false, password: false });
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const rememberBox = useRef<HTMLInputElement>(null);

  // Hydrating the login painted at build time: its inputs may hold what the player typed before
  // the script ran (the first render had to match the page, empty). Adopt it.
  useLayoutEffect(() => {
    const [username, password, box] = [usernameField.current, passwordField.current, rememberBox.current];
    if (!username || !password || !box) return;
    // What the fields hold is what the form holds, also for an input React did not hear (one that
    // came while the page was being hydrated was lost now and then: the fields filled, Login
    // disabled). Heard by React as well, it changes nothing.
    const sync = () =>
      setValues((current) =>
        current.username === username.value && current.password === password.value ? current : { username: username.value, password: password.value },
      );
    username.addEventListener('input', sync);
    password.addEventListener('input', sync);
    const stopSync = () => {
      username.removeEventListener('input', sync);
      password.removeEventListener('input', sync);
    };
    if (username.value === '' && password.value === '' && box.checked) return stopSync;
    // The one render it costs is the point: the page's inputs become the form's state. A field
    // typed into and left before the script ran counts as left, as it would have.
    const left = (input: HTMLInputElement) => input.value !== '' && document.activeElement !== input;
    setValues({ username: username.value, password: password.value });
    setRemember(box.checked);
    setTouched({ username: left(username), password: left(password) });
    return stopSync;
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
    setValues((current) => ({ ...current, [field]: value }));
    onEdit?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting || checking) return;
    onSubmit({ username: values.username.trim(), password: values.password, remember });
  };

  const usernameError = errorFor('username');
  const passwordError = errorFor('password');

  return (
    <Form onSubmit={submit} noValidate aria-busy={submitting || checking} data-checking={checking || undefined}>
      <Field>
        <label htmlFor={ids.username}>
          <Trans>Email or username</Trans>
        </label>
        <Input
          id={ids.username}
          name="username"
          autoComplete="username"
          ref={usernameField}
          readOnly={checking}
          value={values.username}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? `${ids.username}-error` : undefined}
          onChange={(e) => change('username', e.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, username: true }))}
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
          readOnly={checking}
          value={values.password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${ids.password}-error` : undefined}
          onChange={(e) => change('password', e.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, password: true }))}
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
          disabled={checking}
          onChange={(e) => setRemember(e.target.checked)}
        />
        <label htmlFor={ids.remember}>
          <Trans>Remember me</Trans>
        </label>
      </CheckRow>
      {serverField === 'form' && serverText && <FieldError role="alert">{serverText}</FieldError>}
      <Button type="submit" disabled={!valid || submitting || checking}>
        {checking ? <Trans>Checking your login...</Trans> : submitting ? <Trans>Signing in...</Trans> : <Trans>Login</Trans>}
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

