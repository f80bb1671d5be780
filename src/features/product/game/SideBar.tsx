import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine, VideoStats } from '../../../../machines/gameSession.ts';
import {
  selectActiveBandId,
  selectAutoplayFree,
  selectCanTransfer,
  selectControlsFaded,
  selectGameBalance,
  selectJoin,
  selectLive,
  selectMachine,
  selectMoneyTransfer,
  selectMuted,
  selectPressable,
  selectSideBarOpen,
  selectVideo,
  selectVolume,
} from '../../../../machines/gameSession.selectors.ts';
import { selectStats } from '../../../../machines/videoLink.selectors.ts';
import { MachineButton } from '../../../../protocol/sockets.ts';
import { Button } from '../../../ui/Button.tsx';
import { useCountUp } from '../../../ui/useCountUp.ts';
import { Select } from '../../../ui/form.ts';
import { formatMoney } from '../../../ui/money.ts';
import { useSettings } from '../../viewRuntime.tsx';

type Game = ActorRefFrom<typeof gameSessionMachine>;
type ButtonName = MachineButton;
const BUTTONS: readonly ButtonName[] = MachineButton.options;
const selectPressableButtons = selectPressable(BUTTONS);

/** The machine's buttons, money, transfer, sound, bands and stats. */
export function SideBar({ game }: { game: Game }) {
  const { t, i18n } = useLingui();
  const settings = useSettings();
  // The game's own balance (the floor's money updates and the wallet's feed): one figure.
  const balance = useSelector(game, selectGameBalance);
  const join = useSelector(game, selectJoin);
  const machine = useSelector(game, selectMachine);
  const live = useSelector(game, selectLive);
  // The meters as the machine reports them at the reels' stop, rolling up like a machine's.
  const credits = useCountUp(machine?.credits);
  const win = useCountUp(machine?.win);
  // A button whose request is on its way, or any while the reels spin, is not taken (the chart's guard).
  const pressable = useSelector(game, selectPressableButtons);
  const canPress = (button: ButtonName) => pressable.split(' ').includes(button);
  const autoplayFree = useSelector(game, selectAutoplayFree);
  const open = useSelector(game, selectSideBarOpen);
  const faded = useSelector(game, selectControlsFaded);
  const moneyTransfer = useSelector(game, selectMoneyTransfer);
  const volume = useSelector(game, selectVolume);
  const muted = useSelector(game, selectMuted);
  const activeBandId = useSelector(game, selectActiveBandId);
  const link = useSelector(game, selectVideo);
  const stats = useSelector(link, selectStats);
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? t`loading..` : formatMoney(minor, settings.CURRENCY, i18n.locale);

  const lines = machine?.lines ?? '';
  const press = (button: ButtonName) => {
    game.send({ type: 'user.press', button });
  };

  return (
    <Root data-open={open} data-controls={faded ? 'faded' : 'shown'} aria-label={t`Machine controls`}>
      <Toggle type="button" aria-expanded={open} onClick={() => game.send({ type: 'user.toggleSideBar' })}>
        {open ? <Trans>Hide controls</Trans> : <Trans>Controls</Trans>}
      </Toggle>
      {open && (
        <Panel>
          <Heading>
            <strong>{join?.machineName ?? '…'}</strong>
            <span>{join?.brand}</span>
          </Heading>
          <Figures>
            <dt><Trans>Balance</Trans></dt>
            <dd data-testid="game-balance">{money(balance)}</dd>
            <dt><Trans>Credits</Trans></dt>
            <dd data-testid="game-credits">{money(credits)}</dd>
            <dt><Trans>Bet</Trans></dt>
            <dd data-testid="game-bet">{money(machine?.bet)}</dd>
            <dt><Trans>Win</Trans></dt>
            <dd data-testid="game-win">{money(win)}</dd>
            {machine && machine.freeSpinsLeft > 0 && (
              <>
                <dt><Trans>Free spins</Trans></dt>
                <dd>{machine.freeSpinsLeft}</dd>
              </>
            )}
          </Figures>
          {/* What a player needs at every moment; on a phone held upright it stays in view at the bottom, in the thumb's reach. */}
          <Deck data-testid="game-deck">
            <SpinButton type="button" disabled={!canPress('spin')} onClick={() => press('spin')}>
              <Trans>Spin</Trans>
            </SpinButton>
            <Button type="button" $variant="ghost" aria-expanded={moneyTransfer} disabled={!live} onClick={() => game.send({ type: 'user.toggleMoneyTransfer' })}>
              <Trans>Money transfer</Trans>
            </Button>
            <Button type="button" $variant="danger" disabled={!live} onClick={() => game.send({ type: 'user.cashout' })}>
              <Trans>Cash out</Trans>
            </Button>
            <Button type="button" $variant="ghost" aria-pressed={!muted} onClick={() => game.send({ type: 'user.toggleMute' })}>
              {muted ? <Trans>Sound off</Trans> : <Trans>Sound on</Trans>}
            </Button>
            <Check>
              <input
                type="checkbox"
                id="autoplay"
                checked={machine?.autoplay ?? false}
                disabled={!autoplayFree}
                onChange={(e) => game.send({ type: 'user.autoplay', on: e.target.checked })}
              />
              <label htmlFor="autoplay">
                <Trans>Autoplay</Trans>
              </label>
            </Check>
            {moneyTransfer && join && (
              <Coins role="group" aria-label={t`Transfer to the machine`}>
                {join.hotCoins.map((amount) => (
                  <CoinButton key={amount} game={game} amount={amount} label={money(amount)} />
                ))}
              </Coins>
            )}
          </Deck>
          <Buttons>
            <Button type="button" $variant="ghost" disabled={!canPress('betDown')} onClick={() => press('betDown')} aria-label={t`Bet down`}>
              −
            </Button>
            <Button type="button" $variant="ghost" disabled={!canPress('betUp')} onClick={() => press('betUp')} aria-label={t`Bet up`}>
              +
            </Button>
            <Button type="button" $variant="ghost" disabled={!canPress('maxBet')} onClick={() => press('maxBet')}>
              <Trans>Max bet</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={!canPress('lines')} onClick={() => press('lines')}>
              <Trans>Lines {lines}</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={!canPress('collect')} onClick={() => press('collect')}>
              <Trans>Collect</Trans>
            </Button>
          </Buttons>
          <Volume>
            <span className="visually-hidden"><Trans>Volume</Trans></span>
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(volume * 100)}
              aria-label={t`Volume`}
              onChange={(e) => game.send({ type: 'user.volume', volume: Number(e.target.value) / 100 })}
            />
          </Volume>
          {join && join.bands.length > 1 && (
            <Quality>
              <Trans>Video quality</Trans>
              <Select value={activeBandId ?? ''} onChange={(e) => game.send({ type: 'user.selectBand', id: e.target.value })}>
                {join.bands.map((band) => (
                  <option key={band.id} value={band.id}>
                    {band.name}
                  </option>
                ))}
              </Select>
            </Quality>
          )}
          {stats && <VideoFigures stats={stats} />}
          <Button type="button" $variant="ghost" onClick={() => game.send({ type: 'user.leave' })}>
            <Trans>Back to the lobby</Trans>
          </Button>
        </Panel>
      )}
    </Root>
  );
}

const Root = styled.aside`
  display: flex;
  flex-direction: column;
  width: 300px;
  max-height: 100%;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-inline-start: 1px solid ${({ theme }) => theme.colors.border};
  &[data-open='false'] { width: auto; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  /* A phone held upright: the deck fills what the video leaves, the main controls at its bottom. */
  @media (orientation: portrait) {
    flex: 1;
    min-height: 0;
    width: 100%;
    max-height: none;
    border-inline-start: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  /* A phone on its side or a small tablet: the video fills the height, the controls lie over its
     end and fade while nobody touches them. */
  @media (orientation: landscape) and (max-height: 540px) {
    position: absolute;
    inset-block: 0;
    inset-inline-end: 0;
    width: min(280px, 40vw);
    background: rgb(20 24 36 / 88%);
    transition: opacity 0.4s ease;
    &[data-controls='faded'] { opacity: 0.15; }
  }
`;

const Toggle = styled.button`
  min-height: 44px;
  flex: none;
  border: 0;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
  @media (orientation: portrait) { display: none; }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
  /* Every control a finger can hit: at least 44 px. */
  button { min-height: 44px; }
  @media (orientation: portrait) {
    gap: 10px;
    padding: 10px 12px 0;
    flex: 1;
  }
`;

const Heading = styled.div`
  display: flex;
  flex-direction: column;
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
  @media (orientation: portrait) { flex-direction: row; align-items: baseline; gap: 8px; }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; text-align: end; font-weight: 700; font-variant-numeric: tabular-nums; }
  /* Upright: the figures side by side, each label over its amount. */
  @media (orientation: portrait) {
    grid-template-columns: none;
    grid-template-rows: auto auto;
    grid-auto-flow: column;
    gap: 0 8px;
    font-size: 0.85rem;
    dd { text-align: start; }
  }
`;

/** Spin, Money transfer, Cash out, sound and autoplay: always at hand. */
const Deck = styled.div`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 8px;
  > button, > div { min-height: 44px; }
  @media (orientation: portrait) {
    order: 99;
    position: sticky;
    bottom: 0;
    margin: 0 -12px;
    padding: 10px 12px calc(10px + env(safe-area-inset-bottom));
    background: ${({ theme }) => theme.colors.surface};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    grid-template-columns: repeat(4, 1fr);
    > :nth-child(2), > :nth-child(3) { grid-column: span 2; }
    > :nth-child(4), > :nth-child(5) { grid-column: span 2; }
  }
`;

const SpinButton = styled(Button)`
  grid-column: 1 / -1;
  min-height: 56px;
  font-size: 1.15rem;
`;

const Buttons = styled.div`
  display: grid;
  /* Equal columns whatever the labels: a long one ('Max bet' in Arabic) wraps instead of pushing
     the row past the side bar's edge. */
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;
  > * { min-height: 44px; padding-inline: 8px; }
`;

const Check = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  input { width: 22px; height: 22px; accent-color: ${({ theme }) => theme.colors.primary}; }
  label { flex: 1; padding: 10px 0; }
`;

const Coins = styled.div`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 8px;
  > * { min-height: 44px; }
  @media (orientation: portrait) { grid-template-columns: repeat(3, 1fr); }
`;

/** The volume slider: a track a thumb can hold (44 px tall). */
const Volume = styled.label`
  display: flex;
  align-items: center;
  input[type='range'] { width: 100%; height: 44px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

/**
 * The link's health as the player's browser measures it: the picture's size, frames decoded per
 * second, the round trip of the video's connection, and — only where the video lets it be
 * measured (the request strip) — how long a press takes to show on the picture. A figure that is
 * not known is left out, never guessed.
 */
/** A coin of the transfer list: enabled when the game session would take it (its canTransfer guard). */
function CoinButton({ game, amount, label }: { game: Game; amount: number; label: string }) {
  const allowed = useSelector(game, selectCanTransfer(amount));
  return (
    <Button type="button" disabled={!allowed} onClick={() => game.send({ type: 'user.transfer', amount })}>
      {label}
    </Button>
  );
}

export function VideoFigures({ stats }: { stats: VideoStats }) {
  const { t } = useLingui();
  const { fps, roundTripMs: roundTrip, inputDelayMs: inputDelay } = stats;
  const figures = [
    // The size reads left to right in right-to-left text too.
    <bdi key="size" dir="ltr">
      {stats.width}×{stats.height}
    </bdi>,
    <span key="fps">{t`${fps} fps`}</span>,
    roundTrip !== null && <span key="rtt">{t`round trip ${roundTrip} ms`}</span>,
    inputDelay !== null && (
      <span key="input" data-testid="video-input-delay">
        {t`press → video ${inputDelay} ms`}
      </span>
    ),
  ].filter(Boolean);
  return <Stats data-testid="video-stats">{figures.flatMap((figure, index) => (index === 0 ? [figure] : [' · ', figure]))}</Stats>;
}

/** The band select, themed like every other select (not the browser's white one). */
const Quality = styled.label`
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-size: 0.9rem;
`;

const Stats = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8rem;
`;
