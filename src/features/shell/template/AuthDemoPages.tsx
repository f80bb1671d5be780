import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Registration } from '../../../../machines/register.ts';
import { selectRefusals, selectRegistered, selectRegisterBusy, selectRegisterFailure, selectRegisterSubmitting } from '../../../../machines/register.selectors.ts';
import { registerFieldValid } from '../../../../protocol/template.ts';
import { Button } from '../../../ui/Button.tsx';
import { Logo } from '../../../ui/Logo.tsx';
import { failureText } from '../../product/errors/codeMessages.ts';
import { useActorOptions, useLogic } from '../../viewRuntime.tsx';
import { CheckRow, Field, FieldError, Input } from '../../../ui/form.ts';

/**
 * The template's /pages/auth/* screens (SPEC §2, leftovers) in three looks. The register forms
 * create a player (POST /api/auth/register) who then plays at once; the other forms check what
 * is typed but never log anyone in. The product's sign-in stays /login.
 */

type Variant = 1 | 2 | 3;
type FieldName = 'name' | 'username' | 'email' | 'password' | 'confirm' | 'terms';
type Values = Partial<Record<FieldName, string | boolean>>;
type FieldErrors = Partial<Record<FieldName, string>>;

function useChecks() {
  const { t } = useLingui();
  return (fields: readonly FieldName[], values: Values): Partial<Record<FieldName, string>> => {
    const errors: Partial<Record<FieldName, string>> = {};
    for (const field of fields) {
      const value = values[field];
      if (field === 'terms') {
        if (value !== true) errors.terms = t`Please accept the terms and conditions.`;
      } else if (typeof value !== 'string' || value.trim() === '') {
        errors[field] = t`This field is required.`;
      } else if (field === 'username' && !registerFieldValid('username', value.trim())) {
        // The rules are the sign-up request's own (protocol/template.ts), which the server checks too.
        errors.username = t`A username is 4 to 32 letters, digits, _ . or -, starting with a letter or digit.`;
      } else if (field === 'email' && !registerFieldValid('email', value.trim())) {
        errors.email = t`Enter a valid email address.`;
      } else if (field === 'password' && !registerFieldValid('password', value)) {
        errors.password = t`The password needs at least 8 characters.`;
      } else if (field === 'confirm' && value !== values.password) {
        errors.confirm = t`The passwords do not match.`;
      }
    }
    return errors;
  };
}

/** What a form does with values that pass its checks (without it: the demo notice). */
interface Submission {
  onValid: (values: Values) => void;
  /** On its way: the button is disabled. */
  busy: boolean;
  /** The server's word on single fields (shown where the form's own checks found nothing). */
  fieldErrors: FieldErrors;
  /** A failure that belongs to no field, or the news that it worked. */
  notice: ReactNode;
}

function DemoForm({
  variant,
  state,
  title,
  intro,
  fields,
  submitLabel,
  footer,
  submission,
}: {
  variant: Variant;
  state: string;
  title: ReactNode;
  intro?: ReactNode;
  fields: readonly FieldName[];
  submitLabel: ReactNode;
  footer?: ReactNode;
  submission?: Submission;
}) {
  const { t } = useLingui();
  const id = useId();
  const check = useChecks();
  const [values, setValues] = useState<Values>({});
  const [checked, setChecked] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const errors: FieldErrors = { ...submission?.fieldErrors, ...checked };
  const labels: Record<FieldName, string> = {
    name: t`Name`,
    username: t`Username`,
    email: t`Email`,
    password: t`Password`,
    confirm: t`Password (confirm)`,
    terms: t`I read and accept the terms and conditions`,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(fields, values);
    setChecked(found);
    const valid = Object.keys(found).length === 0;
    if (valid && submission) submission.onValid(values);
    else setDone(valid);
  };
  return (
    <AuthFrame variant={variant} state={state}>
      <h1>{title}</h1>
      {intro && <Intro>{intro}</Intro>}
      <Form noValidate onSubmit={submit} aria-busy={submission?.busy || undefined}>
        {fields.map((field) =>
          field === 'terms' ? (
            <CheckRow key={field}>
              <input
                id={`${id}-${field}`}
                type="checkbox"
                checked={values.terms === true}
                aria-invalid={errors.terms ? true : undefined}
                onChange={(e) => setValues({ ...values, terms: e.target.checked })}
              />
              <label htmlFor={`${id}-${field}`}>{labels.terms}</label>
              {errors.terms && <FieldError>{errors.terms}</FieldError>}
            </CheckRow>
          ) : (
            <Field key={field}>
              <label htmlFor={`${id}-${field}`}>{labels[field]}</label>
              <Input
                id={`${id}-${field}`}
                name={field}
                type={field === 'email' ? 'email' : field === 'password' || field === 'confirm' ? 'password' : 'text'}
                autoComplete={AUTOCOMPLETE[field]}
                value={typeof values[field] === 'string' ? values[field] : ''}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                onChange={(e) => setValues({ ...values, [field]: e.target.value })}
              />
              {errors[field] && <FieldError id={`${id}-${field}-error`}>{errors[field]}</FieldError>}
            </Field>
          ),
        )}
        {submission?.notice}
        <Button type="submit" disabled={submission?.busy}>
          {submitLabel}
        </Button>
      </Form>
      {done && (
        <Notice role="status" data-testid="demo-result">
          <Trans>
            This is a template demo: nothing was sent. To play, sign in on the <Link to="/login">login page</Link>.
          </Trans>
        </Notice>
      )}
      {footer && <Footer>{footer}</Footer>}
    </AuthFrame>
  );
}

const AUTOCOMPLETE: Partial<Record<FieldName, string>> = {
  name: 'name',
  username: 'username',
  email: 'email',
  password: 'new-password',
  confirm: 'new-password',
};

/** The three looks of the template's auth screens: a centred card, a split page, a side panel. */
function AuthFrame({ variant, state, children }: { variant: Variant; state: string; children: ReactNode }) {
  return (
    <Root data-variant={variant} data-state={state}>
      {variant !== 1 && (
        <Brand>
          <Logo size={48} label="Reelside" />
          <p>
            <Trans>Live slot machines, streamed to you.</Trans>
          </p>
        </Brand>
      )}
      <Card>
        {variant === 1 && <Logo size={36} label="Reelside" />}
        {children}
      </Card>
    </Root>
  );
}

const toLogin = (variant: Variant) => (variant === 1 ? '/pages/auth/login' : variant === 2 ? '/pages/auth/login-2' : '/pages/auth/login-3');
const toRegister = (variant: Variant) =>
  variant === 1 ? '/pages/auth/register' : variant === 2 ? '/pages/auth/register-2' : '/pages/auth/register-3';

function LoginDemo({ variant }: { variant: Variant }) {
  return (
    <DemoForm
      variant={variant}
      state={`login-${variant}`}
      title={<Trans>Login to your account</Trans>}
      fields={['email', 'password']}
      submitLabel={<Trans>Login</Trans>}
      footer={
        <>
          <Link to={variant === 2 ? '/pages/auth/forgot-password-2' : '/pages/auth/forgot-password'}>
            <Trans>Forgot password?</Trans>
          </Link>
          <Link to={toRegister(variant)}>
            <Trans>Create an account</Trans>
          </Link>
        </>
      }
    />
  );
}

/**
 * Sign-up for real (SPEC §7 POST /api/auth/register): the new player is logged in through the
 * token login and lands on the lobby; a taken username shows on its field.
 */
function RegisterDemo({ variant }: { variant: Variant }) {
  const { t, i18n } = useLingui();
  const form = useActorRef(useLogic().template.register, useActorOptions());
  const busy = useSelector(form, selectRegisterBusy);
  const submitting = useSelector(form, selectRegisterSubmitting);
  const registered = useSelector(form, selectRegistered);
  const refusals = useSelector(form, selectRefusals);
  const failure = useSelector(form, selectRegisterFailure);
  const { username: usernameRefused, ...otherRefusals } = refusals;
  const fieldErrors: FieldErrors = usernameRefused === undefined ? {} : { username: t`This username is already taken.` };
  // A refusal on a field the form does not show (or a failure) is said above the button.
  const formError = failure ? failureText(i18n, failure) : (Object.values(otherRefusals)[0] ?? null);
  const register = (values: Values) => {
    const text = (field: FieldName) => (typeof values[field] === 'string' ? values[field] : '');
    const registration: Registration = {
      username: text('username').trim(),
      password: text('password'),
      email: text('email').trim(),
      name: text('name').trim(),
    };
    form.send({ type: 'user.submit', values: registration });
  };
  return (
    <DemoForm
      variant={variant}
      state={`register-${variant}`}
      title={<Trans>Create an account</Trans>}
      fields={['name', 'username', 'email', 'password', 'confirm', 'terms']}
      submitLabel={submitting ? <Trans>Creating your account…</Trans> : <Trans>Create an account</Trans>}
      submission={{
        onValid: register,
        busy,
        fieldErrors,
        notice: registered ? (
          <Success role="status" data-testid="register-result">
            <Trans>Your account is ready. Taking you to the lobby…</Trans>
          </Success>
        ) : formError ? (
          <FieldError role="alert" data-testid="register-failure">
            {formError}
          </FieldError>
        ) : null,
      }}
      footer={
        <Link to={toLogin(variant)}>
          <Trans>Already have an account? Login</Trans>
        </Link>
      }
    />
  );
}

function ForgotDemo({ variant }: { variant: Variant }) {
  return (
    <DemoForm
      variant={variant}
      state={`forgot-password-${variant}`}
      title={<Trans>Recover your password</Trans>}
      intro={<Trans>Enter your email address and we will send you a link to reset your password.</Trans>}
      fields={['email']}
      submitLabel={<Trans>Send reset link</Trans>}
      footer={
        <Link to={toLogin(variant)}>
          <Trans>Go back to login</Trans>
        </Link>
      }
    />
  );
}

function ResetDemo({ variant }: { variant: Variant }) {
  return (
    <DemoForm
      variant={variant}
      state={`reset-password-${variant}`}
      title={<Trans>Reset your password</Trans>}
      fields={['email', 'password', 'confirm']}
      submitLabel={<Trans>Reset my password</Trans>}
      footer={
        <Link to={toLogin(variant)}>
          <Trans>Go back to login</Trans>
        </Link>
      }
    />
  );
}

export const AuthLoginPage = () => <LoginDemo variant={1} />;
export const AuthLogin2Page = () => <LoginDemo variant={2} />;
export const AuthLogin3Page = () => <LoginDemo variant={3} />;
export const AuthRegisterPage = () => <RegisterDemo variant={1} />;
export const AuthRegister2Page = () => <RegisterDemo variant={2} />;
export const AuthRegister3Page = () => <RegisterDemo variant={3} />;
export const AuthForgotPasswordPage = () => <ForgotDemo variant={1} />;
export const AuthForgotPassword2Page = () => <ForgotDemo variant={2} />;
export const AuthResetPasswordPage = () => <ResetDemo variant={1} />;
export const AuthResetPassword2Page = () => <ResetDemo variant={2} />;

export function AuthLockPage() {
  return (
    <DemoForm
      variant={1}
      state="lock"
      title={<Trans>Your session is locked</Trans>}
      intro={<Trans>Due to inactivity, your session is locked. Enter your password to continue.</Trans>}
      fields={['password']}
      submitLabel={<Trans>Unlock</Trans>}
      footer={
        <Link to="/pages/auth/login">
          <Trans>Are you not you? Login</Trans>
        </Link>
      }
    />
  );
}

export function AuthMailConfirmPage() {
  return (
    <AuthFrame variant={1} state="mail-confirm">
      <h1>
        <Trans>Confirm your email address!</Trans>
      </h1>
      <Intro>
        <Trans>A confirmation email has been sent. Check your inbox and click the link in the email to confirm your address.</Trans>
      </Intro>
      <Link to="/pages/auth/login">
        <Trans>Go back to login</Trans>
      </Link>
    </AuthFrame>
  );
}

const Root = styled.main`
  min-height: 100%;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: radial-gradient(circle at 20% 10%, #27305a 0%, transparent 45%),
    radial-gradient(circle at 80% 90%, #3a2410 0%, transparent 40%), ${({ theme }) => theme.colors.background};
  &[data-variant='2'],
  &[data-variant='3'] {
    grid-template-columns: 1fr minmax(320px, 480px);
    place-items: stretch;
    padding: 0;
    @media (max-width: 959.98px) { grid-template-columns: 1fr; }
  }
  &[data-variant='3'] { grid-template-columns: minmax(320px, 480px) 1fr; }
  &[data-variant='3'] > :first-child { order: 2; }
`;

const Brand = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 16px;
  padding: 48px;
  p { margin: 0; font-size: 1.4rem; color: ${({ theme }) => theme.colors.textMuted}; max-width: 420px; }
  @media (max-width: 959.98px) { display: none; }
`;

const Card = styled.div`
  width: min(420px, 100%);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: 0 24px 60px rgb(0 0 0 / 45%);
  h1 { margin: 0; font-size: 1.35rem; }
  > svg { align-self: center; }
  [data-variant='2'] > &,
  [data-variant='3'] > & {
    width: 100%;
    justify-content: center;
    border-radius: 0;
    border-block: 0;
  }
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;


const Success = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
`;

const Notice = styled.p`
  margin: 0;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgb(245 179 1 / 10%);
  border: 1px solid rgb(245 179 1 / 35%);
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
  a { color: ${({ theme }) => theme.colors.primary}; }
`;
