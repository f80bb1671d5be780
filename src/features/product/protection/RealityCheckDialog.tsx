import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { selectCheckAnswering, selectRealityCheck } from '../../../../machines/gameSession.selectors.ts';
import type { CheckAnswer, gameSessionMachine } from '../../../../machines/gameSession.ts';
import { Backdrop, DIALOG_DIM } from '../../../ui/backdrop.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogActions, DialogPanel } from '../../../ui/dialogPanel.ts';
import { useFocusReturn } from '../../../ui/focusReturn.ts';
import { breakableCurrency, formatDuration, useAccountFormat } from '../common/format.ts';

type Game = ActorRefFrom<typeof gameSessionMachine>;

/**
 * Player protection's reality check (UK RTS 13): the floor has paused play, and the player sees
 * what this session has cost before choosing — play on, look at their history, or leave. It
 * cannot be waved away (no Esc, no backdrop): the pause is the operator's, and only an answer
 * ends it. Continue has the focus, so Enter plays on and nothing leaves by accident.
 */
export function RealityCheckDialog({ game }: { game: Game }) {
  const { t } = useLingui();
  const format = useAccountFormat();
  const check = useSelector(game, selectRealityCheck);
  const answering = useSelector(game, selectCheckAnswering);
  const carryOn = useRef<HTMLButtonElement>(null);
  // Play goes on where it was: the focus back on what had it when play paused (Spin, say).
  const returnFocus = useFocusReturn({
    onOpen: (event) => {
      event.preventDefault();
      carryOn.current?.focus();
    },
  });
  const played = Math.floor((check?.playedMs ?? 0) / 1000);
  const net = check?.bets === undefined || check.wins === undefined ? null : check.wins - check.bets;
  const answer = (choice: CheckAnswer) => game.send({ type: 'user.answerCheck', answer: choice });
  return (
    <Dialog.Root open={check !== null}>
      <Dialog.Portal>
        <Backdrop $layer={960} $dim={DIALOG_DIM} />
        <Panel
          $layer={960}
          $width={440}
          aria-describedby="reality-check-text"
          aria-busy={answering}
          data-testid="reality-check"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          {...returnFocus}
        >
          <Dialog.Title>
            <Trans>Reality check</Trans>
          </Dialog.Title>
          <p id="reality-check-text">
            <Trans>Play is paused. Here is this session so far — take a moment before you go on.</Trans>
          </p>
          <Figures aria-label={t`This session`}>
            <div>
              <dt>
                <Trans>Time played</Trans>
              </dt>
              <dd data-testid="check-time">
                <time dateTime={`PT${played}S`}>{formatDuration(played)}</time>
              </dd>
            </div>
            {check?.bets !== undefined && (
              <div>
                <dt>
                  <Trans>Bets</Trans>
                </dt>
                <dd data-testid="check-bets">{breakableCurrency(format.money(check.bets))}</dd>
              </div>
            )}
            {check?.wins !== undefined && (
              <div>
                <dt>
                  <Trans>Wins</Trans>
                </dt>
                <dd data-testid="check-wins">{breakableCurrency(format.money(check.wins))}</dd>
              </div>
            )}
            {net !== null && (
              <div>
                <dt>
                  <Trans>Net</Trans>
                </dt>
                <dd data-testid="check-net" data-sign={Math.sign(net)}>
                  {breakableCurrency(format.signedMoney(net))}
                </dd>
              </div>
            )}
          </Figures>
          <Answers>
            <Button ref={carryOn} type="button" aria-disabled={answering} onClick={() => answer('continue')}>
              <Trans>Continue playing</Trans>
            </Button>
            <Button type="button" $variant="ghost" aria-disabled={answering} onClick={() => answer('history')}>
              <Trans>View history</Trans>
            </Button>
            <Button type="button" $variant="ghost" aria-disabled={answering} onClick={() => answer('leave')}>
              <Trans>Leave</Trans>
            </Button>
          </Answers>
        </Panel>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** On a phone on its side the panel is shorter than its contents may be: it scrolls within the screen. */
const Panel = styled(DialogPanel)`
  max-height: calc(100dvh - 24px);
  overflow-y: auto;
`;

/** Two by two: the time and the net a glance apart, the figures large enough to read at arm's length. */
const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;
  margin: 0 0 16px;
  > div {
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.background};
  }
  dt {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 2px 0 0;
    font-size: 1.15rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  dd[data-sign='1'] { color: ${({ theme }) => theme.colors.success}; }
  dd[data-sign='-1'] { color: ${({ theme }) => theme.colors.danger}; }
`;

/** On a phone the three answers stack, each the full width. */
const Answers = styled(DialogActions)`
  > * { flex: 1 1 auto; }
`;
