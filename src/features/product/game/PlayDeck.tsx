import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled, { keyframes } from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine } from '../../../../machines/gameSession.ts';
import {
  selectAutoplayFree,
  selectCanTransfer,
  selectCycleRest,
  selectJoin,
  selectLive,
  selectMachine,
  selectMoneyTransfer,
  selectPressable,
  selectResting,
  selectRules,
  selectSpinning,
} from '../../../../machines/gameSession.selectors.ts';
import { MachineButton } from '../../../../protocol/sockets.ts';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { GAME, LANDSCAPE, SHORT_LANDSCAPE } from './layout.ts';

type Game = ActorRefFrom<typeof gameSessionMachine>;
const selectPressableButtons = selectPressable(MachineButton.options);

/**
 * What a player needs at every moment, in the thumb's reach: the coins (while Money transfer is
 * open), the bet stepper, Autoplay, Spin, Money transfer and Cash out. A button whose request is
 * on its way, or any while the reels spin, is not taken (the chart's guard). Where the
 * jurisdiction bans autoplay it is not offered; where a game has a minimum length, Spin fills up
 * for what is left of it once the reels have stopped.
 */
export function PlayDeck({ game, money }: { game: Game; money: (minor: number | null | undefined) => string }) {
  const { t } = useLingui();
  const join = useSelector(game, selectJoin);
  const machine = useSelector(game, selectMachine);
  const live = useSelector(game, selectLive);
  const spinning = useSelector(game, selectSpinning);
  const pressable = useSelector(game, selectPressableButtons).split(' ');
  const autoplayFree = useSelector(game, selectAutoplayFree);
  const rules = useSelector(game, selectRules);
  const resting = useSelector(game, selectResting);
  const rest = useSelector(game, selectCycleRest);
  const autoplay = rules?.autoplay !== false;
  const moneyTransfer = useSelector(game, selectMoneyTransfer);
  const press = (button: MachineButton) => game.send({ type: 'user.press', button });
  const can = (button: MachineButton) => pressable.includes(button);

  return (
    <Deck data-testid="game-deck">
      <Stepper role="group" aria-label={t`Bet`} data-alone={!autoplay}>
        <StepButton type="button" disabled={!can('betDown')} onClick={() => press('betDown')} aria-label={t`Bet down`}>
          −
        </StepButton>
        <output className="bet" aria-live="off">
          <span className="name">
            <Trans>Bet</Trans>
          </span>
          <span className="value" data-testid="game-bet">
            {money(machine?.bet)}
          </span>
        </output>
        <StepButton type="button" disabled={!can('betUp')} onClick={() => press('betUp')} aria-label={t`Bet up`}>
          +
        </StepButton>
      </Stepper>
      {autoplay && (
        <AutoplaySwitch>
          <Switch checked={machine?.autoplay ?? false} disabled={!autoplayFree} onChange={(on) => game.send({ type: 'user.autoplay', on })}>
            <Trans>Autoplay</Trans>
          </Switch>
        </AutoplaySwitch>
      )}
      <SpinButton type="button" disabled={!can('spin')} data-spinning={spinning} data-resting={resting} onClick={() => press('spin')}>
        <span className="ring" aria-hidden="true" />
        {resting && <span className="cycle" aria-hidden="true" style={{ animationDuration: `${rest}ms` }} />}
        <Trans>Spin</Trans>
      </SpinButton>
      <Button type="button" $variant="ghost" aria-expanded={moneyTransfer} disabled={!live} onClick={() => game.send({ type: 'user.toggleMoneyTransfer' })}>
        <Trans>Money transfer</Trans>
      </Button>
      {/* Next to their button in the tab order (Tab from Money transfer reaches them), shown on top of the deck. */}
      {moneyTransfer && join && (
        <Coins role="group" aria-label={t`Transfer to the machine`}>
          {join.hotCoins.map((amount) => (
            <CoinButton key={amount} game={game} amount={amount} label={money(amount)} />
          ))}
        </Coins>
      )}
      <Button type="button" $variant="danger" disabled={!live} onClick={() => game.send({ type: 'user.cashout' })}>
        <Trans>Cash out</Trans>
      </Button>
    </Deck>
  );
}

/** A coin of the transfer list: enabled when the game session would take it (its canTransfer guard). */
function CoinButton({ game, amount, label }: { game: Game; amount: number; label: string }) {
  const allowed = useSelector(game, selectCanTransfer(amount));
  return (
    <Coin type="button" disabled={!allowed} onClick={() => game.send({ type: 'user.transfer', amount })}>
      {label}
    </Coin>
  );
}

const turn = keyframes`
  to { transform: rotate(1turn); }
`;

/** The rest of a game cycle: a bar that fills the Spin button's foot. */
const fill = keyframes`
  from { transform: scaleX(0); }
  to { transform: scaleX(1); }
`;

const Deck = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;
  > button { min-height: 44px; padding-inline: 8px; }
  /* Upright: a deck at the bottom of the screen, where the thumb is. */
  @container ${GAME} (orientation: portrait) {
    order: 99;
    margin-top: auto;
    position: sticky;
    bottom: 0;
    margin-inline: -12px;
    padding: 10px 12px calc(10px + env(safe-area-inset-bottom));
    background: ${({ theme }) => theme.colors.surface};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    box-shadow: 0 -8px 24px rgb(0 0 0 / 35%);
  }
  @container ${GAME} ${SHORT_LANDSCAPE} {
    gap: 6px;
    > button { font-size: 0.85rem; line-height: 1.15; }
  }
`;

const Coins = styled.div`
  grid-column: 1 / -1;
  order: -1;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 6px;
`;

const Coin = styled.button`
  min-height: 44px;
  border-radius: 22px;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  &:disabled { opacity: 0.4; cursor: not-allowed; }
`;

/** − the bet +: the bet between its buttons, as a machine's bet window. */
const Stepper = styled.div`
  display: grid;
  grid-template-columns: 44px minmax(0, 1fr) 44px;
  align-items: center;
  min-height: 44px;
  border-radius: 22px;
  background: ${({ theme }) => theme.colors.background};
  box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.border};
  .bet { display: grid; justify-items: center; line-height: 1.1; }
  .name { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.7rem; text-transform: uppercase; letter-spacing: 0.06em; }
  .value { font-weight: 700; font-variant-numeric: tabular-nums; }
  /* Without Autoplay beside it (a jurisdiction bans it) the stepper has the row. */
  &[data-alone='true'] { grid-column: 1 / -1; }
  @container ${GAME} ${LANDSCAPE} { grid-column: 1 / -1; }
`;

const StepButton = styled.button`
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 0;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 1.4rem;
  font-weight: 700;
  cursor: pointer;
  &:disabled { opacity: 0.4; cursor: not-allowed; }
`;

const AutoplaySwitch = styled.div`
  display: grid;
  > button { width: 100%; }
  @container ${GAME} ${LANDSCAPE} { grid-column: 1 / -1; }
`;

/** The machine's big button: gold, raised, a ring that turns while the reels spin. */
const SpinButton = styled.button`
  grid-column: 1 / -1;
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 10px;
  min-height: 60px;
  border: 0;
  border-radius: 30px;
  background: linear-gradient(180deg, #ffd54a, ${({ theme }) => theme.colors.primary} 55%, #c98a00);
  color: ${({ theme }) => theme.colors.primaryText};
  box-shadow: 0 4px 0 #8a5d00, 0 10px 24px rgb(245 179 1 / 25%);
  font: inherit;
  font-size: 1.3rem;
  font-weight: 800;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  cursor: pointer;
  &:active:not(:disabled) { transform: translateY(2px); box-shadow: 0 2px 0 #8a5d00; }
  &:disabled { cursor: not-allowed; filter: saturate(0.35) brightness(0.7); box-shadow: none; }
  .ring { display: none; width: 20px; height: 20px; border-radius: 50%; border: 3px solid currentColor; border-top-color: transparent; }
  &[data-spinning='true'] .ring { display: inline-block; animation: ${turn} 0.8s linear infinite; }
  overflow: hidden;
  .cycle {
    position: absolute;
    inset: auto 0 0 0;
    height: 4px;
    background: currentColor;
    opacity: 0.55;
    transform-origin: left center;
    animation: ${fill} linear forwards;
  }
  [dir='rtl'] & .cycle { transform-origin: right center; }
  @media (prefers-reduced-motion: reduce) { &[data-spinning='true'] .ring { animation: none; } .cycle { animation: none; transform: scaleX(1); } }
  @container ${GAME} ${SHORT_LANDSCAPE} { min-height: 52px; }
`;
