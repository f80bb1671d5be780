import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Backdrop, DIALOG_DIM } from '../../../ui/backdrop.ts';
import { reconnectVariant, type ReconnectVariant } from '../../../../machines/reconnect.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogActions, DialogPanel } from '../../../ui/dialogPanel.ts';
import { failureText } from '../errors/codeMessages.ts';
import { formatMoney } from '../../../../protocol/format.ts';
import { useAuthActor, useSettings } from '../../viewRuntime.tsx';
import { selectReconnect } from '../../../../machines/auth.selectors.ts';
import { selectDialogBusy, selectDialogShown, selectOpenSession, selectReconnectFailure } from '../../../../machines/reconnect.selectors.ts';

/** SPEC §4: the dialog's text by the machine's status. */
const VARIANT_TEXT: Record<ReconnectVariant, MessageDescriptor> = {
  inBonus: msg`Your machine {name} is in bonus and waiting for you. Continue to play it.`,
  waiting: msg`You have an open session on {name}. Do you want to reconnect?`,
  tryingCashout: msg`Your session on {name} is cashing out. Please wait a moment.`,
  playing: msg`Your session on {name} is being played right now. If this is not you, contact support.`,
  technical: msg`The machine {name} has a technical problem. Please wait for technical help.`,
  offline: msg`The machine {name} is offline.`,
  unknown: msg`Your session on {name} is in an unknown state.`,
};

/** The reconnect dialog, shown over any page while the player holds a machine elsewhere. */
export function ReconnectDialog() {
  const { t, i18n } = useLingui();
  const settings = useSettings();
  const reconnect = useSelector(useAuthActor(), selectReconnect);
  const open = useSelector(reconnect, selectDialogShown);
  const session = useSelector(reconnect, selectOpenSession);
  const busy = useSelector(reconnect, selectDialogBusy);
  const failure = useSelector(reconnect, selectReconnectFailure);
  if (!reconnect || !session) return null;
  const variant = reconnectVariant(session.machineStatus);
  // What the player has on that machine, when the operator says (SessionInfo.credits).
  const held = session.credits !== null && session.credits > 0 ? formatMoney(session.credits, settings.CURRENCY, i18n.locale) : null;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && reconnect.send({ type: 'user.dismiss' })}>
      <Dialog.Portal>
        <Backdrop $layer={900} $dim={DIALOG_DIM} />
        <DialogPanel $layer={900} data-variant={variant} aria-describedby={held === null ? 'reconnect-text' : 'reconnect-text reconnect-held'}>
          <Dialog.Title>
            <Trans>Open session</Trans>
          </Dialog.Title>
          <p id="reconnect-text">{i18n._({ ...VARIANT_TEXT[variant], values: { name: session.machineName } })}</p>
          {held !== null && (
            <p id="reconnect-held">
              <Trans>Credits held on the machine: {held}.</Trans>
            </p>
          )}
          {failure && <p role="alert">{failureText(i18n, failure)}</p>}
          <DialogActions>
            <Button type="button" disabled={busy} onClick={() => reconnect.send({ type: 'user.continue' })}>
              <Trans>Continue</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={busy} onClick={() => reconnect.send({ type: 'user.cashout' })}>
              <Trans>Cash out</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={busy} onClick={() => reconnect.send({ type: 'user.kick' })}>
              <Trans>Disconnect other device</Trans>
            </Button>
          </DialogActions>
          <Dialog.Close asChild>
            <Close type="button" aria-label={t`Close`}>
              ×
            </Close>
          </Dialog.Close>
        </DialogPanel>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Close = styled.button`
  position: absolute;
  top: 8px;
  inset-inline-end: 12px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.5rem;
  cursor: pointer;
`;
