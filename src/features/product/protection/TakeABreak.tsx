import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { selectLockAsked, selectLockBusy } from '../../../../machines/selfLock.selectors.ts';
import type { selfLockMachine } from '../../../../machines/selfLock.ts';
import { lockEnd, type BreakPeriod, type ExclusionPeriod, type LockRequest } from '../../../../protocol/protection.ts';
import { Backdrop, DIALOG_DIM } from '../../../ui/backdrop.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogActions, DialogPanel } from '../../../ui/dialogPanel.ts';
import { Card } from '../common/controls.ts';
import { Choices, Lead } from './cardParts.ts';
import { useSelfLock } from './useSelfLock.ts';
import { useFocusReturn } from '../../../ui/focusReturn.ts';

const BREAKS: ReadonlyArray<{ period: BreakPeriod; label: MessageDescriptor }> = [
  { period: '24h', label: msg`24 hours` },
  { period: '1w', label: msg`1 week` },
  { period: '1m', label: msg`1 month` },
  { period: '6w', label: msg`6 weeks` },
];

const EXCLUSIONS: ReadonlyArray<{ period: ExclusionPeriod; label: MessageDescriptor }> = [
  { period: '6m', label: msg`6 months` },
  { period: '1y', label: msg`1 year` },
  { period: '5y', label: msg`5 years` },
];

const LABELS: Record<BreakPeriod | ExclusionPeriod, MessageDescriptor> = Object.fromEntries(
  [...BREAKS, ...EXCLUSIONS].map(({ period, label }) => [period, label]),
) as Record<BreakPeriod | ExclusionPeriod, MessageDescriptor>;

/** The device's clock, read when the player chooses (an event, not the render). */
const deviceNow = (): number => Date.now();

/**
 * Player protection on the profile: take a break (a day to six weeks) or exclude oneself (six
 * months and more). Asked once, in a dialog that says until when and what happens; then the
 * player is logged out at once, the credits on any machine go back to the wallet, and no login is
 * possible until the end (only the operator can end it sooner).
 */
export function TakeABreak() {
  const { i18n } = useLingui();
  const titleId = useId();
  const { lock, busy } = useSelfLock();
  // When the player chose: the dialog's guess of the end counts from it.
  const [chosenAt, setChosenAt] = useState(0);
  const choose = (choice: LockRequest) => {
    setChosenAt(deviceNow());
    lock.send({ type: 'user.choose', choice });
  };
  return (
    <Card aria-labelledby={titleId} data-testid="take-a-break">
      <h2 id={titleId}>
        <Trans>Take a break</Trans>
      </h2>
      <Lead>
        <Trans>Step away from play for a while. You are logged out at once, any credits on a machine go back to your wallet, and you cannot log in until the break ends.</Trans>
      </Lead>
      <Choices role="group" aria-label={i18n._(msg`Take a break for`)}>
        {BREAKS.map(({ period, label }) => (
          <Button key={period} type="button" $variant="ghost" disabled={busy} onClick={() => choose({ kind: 'break', period })}>
            {i18n._(label)}
          </Button>
        ))}
      </Choices>
      <Sub>
        <Trans>Self-exclusion</Trans>
      </Sub>
      <Lead>
        <Trans>If gambling is no longer fun, exclude yourself from play for six months or more.</Trans>
      </Lead>
      <Choices role="group" aria-label={i18n._(msg`Exclude yourself for`)}>
        {EXCLUSIONS.map(({ period, label }) => (
          <Button key={period} type="button" $variant="ghost" disabled={busy} onClick={() => choose({ kind: 'exclusion', period })}>
            {i18n._(label)}
          </Button>
        ))}
      </Choices>
      <ConfirmLock lock={lock} chosenAt={chosenAt} />
    </Card>
  );
}

/**
 * Asked once: the period, its end, what happens. Esc or Cancel keep playing; it opens on Cancel.
 * Confirmed, it stays while the lock is on its way (busy, nothing to press) until the logout.
 */
function ConfirmLock({ lock, chosenAt }: { lock: ActorRefFrom<typeof selfLockMachine>; chosenAt: number }) {
  const { i18n } = useLingui();
  const asked = useSelector(lock, selectLockAsked);
  const busy = useSelector(lock, selectLockBusy);
  const cancel = useRef<HTMLButtonElement>(null);
  const returnFocus = useFocusReturn({
    onOpen: (event) => {
      event.preventDefault();
      cancel.current?.focus();
    },
  });
  const textId = useId();
  const choice = asked && asked.kind !== 'panic' ? asked : null;
  const period = choice ? i18n._(LABELS[choice.period]) : '';
  // The device's guess of the end, to the day: the operator's clock decides it.
  const end = choice ? i18n.date(new Date(lockEnd(chosenAt, choice.period)), { dateStyle: 'long', timeStyle: 'short' }) : '';
  return (
    <Dialog.Root open={choice !== null} onOpenChange={(next) => !next && !busy && lock.send({ type: 'user.cancel' })}>
      <Dialog.Portal>
        <Backdrop $layer={950} $dim={DIALOG_DIM} />
        <DialogPanel
          $layer={950}
          $width={440}
          aria-describedby={textId}
          aria-busy={busy}
          {...returnFocus}
        >
          <Dialog.Title>{choice?.kind === 'exclusion' ? <Trans>Exclude yourself for {period}?</Trans> : <Trans>Take a break for {period}?</Trans>}</Dialog.Title>
          <p id={textId}>
            <Trans>
              You will be logged out now and cannot log in until {end}. Any credits on a machine go back to your wallet. Only the operator can end this sooner.
            </Trans>
          </p>
          <DialogActions>
            <Button type="button" $variant="danger" disabled={busy} onClick={() => lock.send({ type: 'user.confirm' })}>
              {busy ? <Trans>Locking your account...</Trans> : <Trans>Lock my account</Trans>}
            </Button>
            <Button ref={cancel} type="button" $variant="ghost" disabled={busy} onClick={() => lock.send({ type: 'user.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </DialogActions>
        </DialogPanel>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Sub = styled.h3`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: 1rem;
`;
