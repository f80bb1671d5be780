import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { pinForm, type FieldProblem } from '../../../../machines/accountForm.ts';
import { selectCanSubmit, selectFailureField, selectFormFailure, selectFormSubmitting, selectValues } from '../../../../machines/accountForm.selectors.ts';
import type { Failure } from '../../../../machines/failure.ts';
import { Button } from '../../../ui/Button.tsx';
import { showToast } from '../../../ui/toasts.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useLogic } from '../../viewRuntime.tsx';
import { Card, Field, FieldError, FieldHint, Input } from '../common/controls.ts';

/** Change password: old and new; 40001 shows on the old password, 40101 and 40102 on the new one. */
export function PasswordForm() {
  const { t, i18n } = useLingui();
  const form = useActorRef(useLogic().account.passwordChange);
  const values = useSelector(form, selectValues);
  const failure = useSelector(form, selectFormFailure);
  const failureField = useSelector(form, selectFailureField);
  const submitting = useSelector(form, selectFormSubmitting);
  const canSubmit = useSelector(form, selectCanSubmit);

  useEffect(() => {
    const subscription = form.on('saved', () => showToast(t`Your password has been changed.`, 'success'));
    return () => subscription.unsubscribe();
  }, [form, t]);

  const serverError = (field: 'oldPassword' | 'newPassword') => (failure && failureField === field ? failureText(i18n, failure) : null);
  const change = (field: 'oldPassword' | 'newPassword', value: string) => form.send({ type: 'user.change', field, value });

  return (
    <FormCard title={<Trans>Change password</Trans>} testId="password-form" submitting={submitting} onSubmit={() => form.send({ type: 'user.submit' })}>
      <LabelledInput
        label={t`Old password`}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        value={values.oldPassword}
        error={serverError('oldPassword')}
        onValue={(v) => change('oldPassword', v)}
      />
      <LabelledInput
        label={t`New password`}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        error={serverError('newPassword')}
        onValue={(v) => change('newPassword', v)}
      />
      <FormFailure failure={failureField === 'form' ? failure : null} />
      <Button type="submit" disabled={!canSubmit}>
        {submitting ? <Trans>Saving...</Trans> : <Trans>Change password</Trans>}
      </Button>
    </FormCard>
  );
}

/** Change PIN: the account password proves it is the player; the PIN is 4 to 6 digits. */
export function PinForm() {
  const { t, i18n } = useLingui();
  const form = useActorRef(useLogic().account.pinChange);
  const values = useSelector(form, selectValues);
  const failure = useSelector(form, selectFormFailure);
  const failureField = useSelector(form, selectFailureField);
  const submitting = useSelector(form, selectFormSubmitting);
  const canSubmit = useSelector(form, selectCanSubmit);
  const [pinLeft, setPinLeft] = useState(false);

  useEffect(() => {
    const subscription = form.on('saved', () => {
      setPinLeft(false);
      showToast(t`Your PIN has been changed.`, 'success');
    });
    return () => subscription.unsubscribe();
  }, [form, t]);

  const pinProblem: FieldProblem | undefined = pinForm.check(values).pin;
  const pinError = pinLeft && pinProblem === 'pinFormat' ? t`A PIN is 4 to 6 digits.` : null;
  const change = (field: 'password' | 'pin', value: string) => form.send({ type: 'user.change', field, value });

  return (
    <FormCard title={<Trans>Change PIN</Trans>} testId="pin-form" submitting={submitting} onSubmit={() => form.send({ type: 'user.submit' })}>
      <LabelledInput
        label={t`Current password`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={failure && failureField === 'password' ? failureText(i18n, failure) : null}
        onValue={(v) => change('password', v)}
      />
      <LabelledInput
        label={t`PIN code`}
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={values.pin}
        hint={t`4 to 6 digits. It unlocks the screen after a break.`}
        error={pinError}
        onValue={(v) => change('pin', v.replace(/\D/g, ''))}
        onBlur={() => setPinLeft(true)}
      />
      <FormFailure failure={failureField === 'form' ? failure : null} />
      <Button type="submit" disabled={!canSubmit}>
        {submitting ? <Trans>Saving...</Trans> : <Trans>Change PIN</Trans>}
      </Button>
    </FormCard>
  );
}

function FormCard({
  title,
  testId,
  submitting,
  onSubmit,
  children,
}: {
  title: ReactNode;
  testId: string;
  submitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <Form onSubmit={submit} noValidate aria-busy={submitting} aria-labelledby={titleId} data-testid={testId}>
        {children}
      </Form>
    </Card>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'>;

function LabelledInput({
  label,
  value,
  error,
  hint,
  onValue,
  ...rest
}: InputProps & { label: string; value: string; error: string | null; hint?: string; onValue: (value: string) => void }) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Input
        {...rest}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onValue(e.target.value)}
      />
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {error && (
        <FieldError id={`${id}-error`} role="alert">
          {error}
        </FieldError>
      )}
    </Field>
  );
}

function FormFailure({ failure }: { failure: Failure | null }) {
  const { i18n } = useLingui();
  return failure ? <FieldError role="alert">{failureText(i18n, failure)}</FieldError> : null;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  button[type='submit'] { align-self: flex-start; }
`;
