import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine } from '../../../machines/gameSession.ts';
import { playClick } from '../../services/clickSound.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/form.ts';
import { formatMoney } from '../../ui/money.ts';
import { useAuthActor, useSettings } from '../runtime.tsx';

type Game = ActorRefFrom<typeof gameSessionMachine>;
type ButtonName = 'spin' | 'betUp' | 'betDown' | 'maxBet' | 'lines' | 'collect';

/** The machine's buttons, money, transfer, sound, bands and stats. */
export function SideBar({ game }: { game: Game }) {
  const { t, i18n } = useLingui();
  const settings = useSettings();
  const auth = useAuthActor();
  const wallet = useSelector(auth, (s) => s.children.wallet);
  const balance = useSelector(wallet, (s) => s?.context.balance ?? null);
  const join = useSelector(game, (s) => s.context.join);
  const machine = useSelector(game, (s) => s.context.machine);
  const live = useSelector(game, (s) => s.matches({ connected: 'live' }));
  const open = useSelector(game, (s) => s.context.sideBar);
  const moneyTransfer = useSelector(game, (s) => s.context.moneyTransfer);
  const volume = useSelector(game, (s) => s.context.volume);
  const muted = useSelector(game, (s) => s.context.muted);
  const activeBandId = useSelector(game, (s) => s.context.activeBandId);
  const stats = useSelector(game, (s) => s.context.stats);
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? t`loading..` : formatMoney(minor, settings.CURRENCY, i18n.locale);

  const lines = machine?.lines ?? '';
  const press = (button: ButtonName) => {
    if (settings.CLICK_SOUND) playClick(settings.VOLUME);
    game.send({ type: 'user.press', button });
  };

  return (
    <Root data-open={open} aria-label={t`Machine controls`}>
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
            <dd data-testid="game-credits">{money(machine?.credits)}</dd>
            <dt><Trans>Bet</Trans></dt>
            <dd data-testid="game-bet">{money(machine?.bet)}</dd>
            <dt><Trans>Win</Trans></dt>
            <dd data-testid="game-win">{money(machine?.win)}</dd>
            {machine && machine.freeSpinsLeft > 0 && (
              <>
                <dt><Trans>Free spins</Trans></dt>
                <dd>{machine.freeSpinsLeft}</dd>
              </>
            )}
          </Figures>
          <Buttons>
            <Button type="button" disabled={!live} onClick={() => press('spin')}>
              <Trans>Spin</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={!live} onClick={() => press('betDown')} aria-label={t`Bet down`}>
              −
            </Button>
            <Button type="button" $variant="ghost" disabled={!live} onClick={() => press('betUp')} aria-label={t`Bet up`}>
              +
            </Button>
            <Button type="button" $variant="ghost" disabled={!live} onClick={() => press('maxBet')}>
              <Trans>Max bet</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={!live} onClick={() => press('lines')}>
              <Trans>Lines {lines}</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={!live} onClick={() => press('collect')}>
              <Trans>Collect</Trans>
            </Button>
          </Buttons>
          <Check>
            <input
              type="checkbox"
              id="autoplay"
              checked={machine?.autoplay ?? false}
              disabled={!live}
              onChange={(e) => game.send({ type: 'user.autoplay', on: e.target.checked })}
            />
            <label htmlFor="autoplay">
              <Trans>Autoplay</Trans>
            </label>
          </Check>
          <Button type="button" $variant="ghost" aria-expanded={moneyTransfer} disabled={!live} onClick={() => game.send({ type: 'user.toggleMoneyTransfer' })}>
            <Trans>Money transfer</Trans>
          </Button>
          {moneyTransfer && join && (
            <Coins role="group" aria-label={t`Transfer to the machine`}>
              {join.hotCoins.map((amount) => (
                <Button
                  key={amount}
                  type="button"
                  disabled={!live || (balance ?? 0) < amount || (machine?.credits ?? 0) + amount > join.maxAllIn}
                  onClick={() => game.send({ type: 'user.transfer', amount })}
                >
                  {money(amount)}
                </Button>
              ))}
            </Coins>
          )}
          <Sound>
            <Button type="button" $variant="ghost" aria-pressed={!muted} onClick={() => game.send({ type: 'user.toggleMute' })}>
              {muted ? <Trans>Sound off</Trans> : <Trans>Sound on</Trans>}
            </Button>
            <label>
              <span className="visually-hidden"><Trans>Volume</Trans></span>
              <input
                type="range"
                min={0}
                max={100}
                value={Math.round(volume * 100)}
                aria-label={t`Volume`}
                onChange={(e) => game.send({ type: 'user.volume', volume: Number(e.target.value) / 100 })}
              />
            </label>
          </Sound>
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
          {stats && (
            <Stats data-testid="video-stats">
              {stats.width}×{stats.height} · {stats.fps} fps{stats.roundTripMs !== null ? ` · ${stats.roundTripMs} ms` : ''}
            </Stats>
          )}
          <Button type="button" $variant="danger" disabled={!live} onClick={() => game.send({ type: 'user.cashout' })}>
            <Trans>Cash out</Trans>
          </Button>
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
  @media (orientation: portrait) {
    width: 100%;
    max-height: 50%;
    border-inline-start: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

const Toggle = styled.button`
  min-height: 40px;
  border: 0;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
`;

const Heading = styled.div`
  display: flex;
  flex-direction: column;
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; text-align: end; font-weight: 700; font-variant-numeric: tabular-nums; }
`;

const Buttons = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 8px;
  > :first-child { grid-column: 1 / -1; min-height: 52px; font-size: 1.1rem; }
`;

const Check = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

const Coins = styled.div`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 8px;
`;

const Sound = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  input[type='range'] { width: 120px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

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
