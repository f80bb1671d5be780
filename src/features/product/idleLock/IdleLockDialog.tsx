import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { MAX_WRONG_PINS } from '../../../../machines/idleLock.ts';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Backdrop, DIALOG_DIM } from '../../../ui/backdrop.ts';
import { FieldError, Input } from '../../../ui/form.ts';
import { Button } from '../../../ui/Button.tsx';
import { useAuthActor, useSettings } from '../../viewRuntime.tsx';
import { selectIdleLock } from '../../../../machines/auth.selectors.ts';
import { selectAttempts, selectCannotUnlock, selectCheckingPin, selectHasPinCode, selectLocked, selectWrongPin } from '../../../../machines/idleLock.selectors.ts';

/** SPEC §4: the Turkish text names the default PIN ({key}): the operator's DEFAULT_PIN setting. */
const LOCK_TEXT = msg({
  id: 'idleLock.text',
  message: "Deactivated Detected: You haven't acted for a long time. Do you want to continue?",
});
/** The 'LOCKED!' dialog over everything while the idle lock holds. */
export function IdleLockDialog() {
  const { t, i18n } = useLingui();
  const { DEFAULT_PIN } = useSettings();
  const idleLock = useSelector(useAuthActor(), selectIdleLock);
  const locked = useSelector(idleLock, selectLocked);
  const checking = useSelector(idleLock, selectCheckingPin);
  const wrongPin = useSelector(idleLock, selectWrongPin);
  const attempts = useSelector(idleLock, selectAttempts);
  const cannotUnlock = useSelector(idleLock, selectCannotUnlock);
  const hasPinCode = useSelector(idleLock, selectHasPinCode);
  const [pin, setPin] = useState('');

  if (!idleLock) return null;
  const attemptsLeft = MAX_WRONG_PINS - attempts;
  const logout = (
    <Button type="button" $variant="ghost" onClick={() => idleLock.send({ type: 'user.logout' })}>
      {t`Logout`}
    </Button>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pin.length === 0) return;
    idleLock.send({ type: 'user.unlock', pin });
    setPin('');
  };

  return (
    <Dialog.Root open={locked}>
      <Dialog.Portal>
        <Backdrop $layer={1100} $dim={DIALOG_DIM} />
        <Content onEscapeKeyDown={(e) => e.preventDefault()} onPointerDownOutside={(e) => e.preventDefault()} aria-describedby="lock-text">
          <Dialog.Title>
            <Trans>LOCKED!</Trans>
          </Dialog.Title>
          <p id="lock-text">{i18n._({ ...LOCK_TEXT, values: { key: DEFAULT_PIN } })}</p>
          {cannotUnlock ? (
            <>
              <p id="lock-cannot-unlock" role="alert">
                {hasPinCode ? (
                  <Trans>Your PIN code cannot be checked safely, so this lock cannot be opened. Log out and log in again with your password.</Trans>
                ) : (
                  <Trans>Your account has no PIN code, so this lock cannot be opened. Log out, log in with your password and set a new PIN code in your profile.</Trans>
                )}
              </p>
              <Actions>{logout}</Actions>
            </>
          ) : (
            <form onSubmit={submit} aria-busy={checking || undefined}>
              <label htmlFor="lock-pin">
                <Trans>PIN code</Trans>
              </label>
              <PinInput
                id="lock-pin"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                value={pin}
                aria-invalid={wrongPin || undefined}
                aria-describedby={wrongPin || attempts > 0 ? 'lock-error' : undefined}
                onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
              />
              {(wrongPin || attempts > 0) && (
                <FieldError id="lock-error" role="alert">
                  {wrongPin && <Trans>Wrong PIN code.</Trans>}{' '}
                  <Plural value={attemptsLeft} one="# attempt left before you are logged out." other="# attempts left before you are logged out." />
                </FieldError>
              )}
              <Actions>
                <Button type="submit" disabled={checking || pin.length === 0}>
                  <Trans>Continue</Trans>
                </Button>
                {logout}
              </Actions>
            </form>
          )}
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Content = styled(Dialog.Content)`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  z-index: 1101;
  width: min(400px, calc(100% - 32px));
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.text};
  h2 { margin: 0 0 8px; color: ${({ theme }) => theme.colors.primary}; letter-spacing: 0.08em; }
  form { display: flex; flex-direction: column; gap: 8px; }
  label { font-weight: 600; }
  #lock-text { margin: 0 0 16px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const PinInput = styled(Input)`
  letter-spacing: 0.3em;
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  margin-top: 8px;
`;
