import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine } from '../../../../machines/gameSession.ts';
import { selectAskingToLeave } from '../../../../machines/gameSession.selectors.ts';
import { Backdrop, DIALOG_DIM } from '../../../ui/backdrop.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogActions, DialogPanel } from '../../../ui/dialogPanel.ts';
import { useFocusReturn } from '../../../ui/focusReturn.ts';

type Game = ActorRefFrom<typeof gameSessionMachine>;

/**
 * Leaving a machine that still holds credits: cash out first, or keep the machine reserved for
 * the player's return (the floor's reservation: 2 minutes). Esc or the backdrop means "stay", and
 * the dialog opens on Stay: Enter never cashes out by accident.
 */
export function LeaveDialog({ game }: { game: Game }) {
  const open = useSelector(game, selectAskingToLeave);
  const stay = useRef<HTMLButtonElement>(null);
  const returnFocus = useFocusReturn({
    onOpen: (event) => {
      event.preventDefault();
      stay.current?.focus();
    },
  });
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && game.send({ type: 'user.stay' })}>
      <Dialog.Portal>
        <Backdrop $layer={950} $dim={DIALOG_DIM} />
        <DialogPanel
          $layer={950}
          $width={420}
          aria-describedby="leave-text"
          {...returnFocus}
        >
          <Dialog.Title>
            <Trans>Leave the machine?</Trans>
          </Dialog.Title>
          <p id="leave-text">
            <Trans>Your credits are still on the machine. Cash out first, or keep this machine for 2 minutes?</Trans>
          </p>
          <Answers>
            <Button type="button" $variant="danger" onClick={() => game.send({ type: 'user.cashout' })}>
              <Trans>Cash out</Trans>
            </Button>
            <Button type="button" $variant="ghost" onClick={() => game.send({ type: 'user.keepMachine' })}>
              <Trans>Keep it for 2 minutes</Trans>
            </Button>
            <Button ref={stay} type="button" $variant="ghost" onClick={() => game.send({ type: 'user.stay' })}>
              <Trans>Stay</Trans>
            </Button>
          </Answers>
        </DialogPanel>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** On a phone the three answers stack, each the full width. */
const Answers = styled(DialogActions)`
  > * { flex: 1 1 auto; }
`;
