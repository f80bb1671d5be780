import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
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
  submitting: boolean;
  failure: Failure | null;
  onSubmit: (credentials: Credentials) => void;
  /** Editing a field clears the server failure shown on it. */
  onEdit?: () => void;
}

export function LoginForm({ submitting, failure, onSubmit, onEdit }: LoginFormProps) {
  const { t, i18n } = useLingui();
  const ids = { username: useId(), password: useId(), remember: useId() };
  const [values, setValues] = useState({ username: '', password: '' });
  const [touched, setTouched] = useState({ username: false, password: false });
  const [remember, setRemember] = useState(true);

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
    setValues((v) => ({ ...v, [field]: value }));
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
          value={values.username}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? `${ids.username}-error` : undefined}
          onChange={(e) => change('username', e.target.value)}
          onBlur={() => setTouched((v) => ({ ...v, username: true }))}
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
          value={values.password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${ids.password}-error` : undefined}
          onChange={(e) => change('password', e.target.value)}
          onBlur={() => setTouched((v) => ({ ...v, password: true }))}
        />
        {passwordError && <FieldError id={`${ids.password}-error`}>{passwordError}</FieldError>}
      </Field>
      <CheckRow>
        <input id={ids.remember} type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
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

