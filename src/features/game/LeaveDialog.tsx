import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine } from '../../../machines/gameSession.ts';
import { Backdrop } from '../../ui/backdrop.ts';
import { Button } from '../../ui/Button.tsx';

type Game = ActorRefFrom<typeof gameSessionMachine>;

/**
 * Leaving a machine that still holds credits: cash out first, or keep the machine reserved for
 * the player's return (the floor's reservation: 2 minutes). Esc or the backdrop means "stay".
 */
export function LeaveDialog({ game }: { game: Game }) {
  const open = useSelector(game, (s) => s.matches({ connected: { live: { leave: 'asking' } } }));
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && game.send({ type: 'user.stay' })}>
      <Dialog.Portal>
        <Backdrop $layer={950} $dim={60} />
        <Content aria-describedby="leave-text">
          <Dialog.Title>
            <Trans>Leave the machine?</Trans>
          </Dialog.Title>
          <p id="leave-text">
            <Trans>Your credits are still on the machine. Cash out first, or keep this machine for 2 minutes?</Trans>
          </p>
          <Actions>
            <Button type="button" $variant="danger" onClick={() => game.send({ type: 'user.cashout' })}>
              <Trans>Cash out</Trans>
            </Button>
            <Button type="button" $variant="ghost" onClick={() => game.send({ type: 'user.keepMachine' })}>
              <Trans>Keep it for 2 minutes</Trans>
            </Button>
            <Button type="button" $variant="ghost" onClick={() => game.send({ type: 'user.stay' })}>
              <Trans>Stay</Trans>
            </Button>
          </Actions>
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
  z-index: 951;
  width: min(420px, calc(100% - 32px));
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  h2 { margin: 0 0 8px; font-size: 1.2rem; }
  p { margin: 0 0 16px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  > * { flex: 1 1 auto; }
`;
