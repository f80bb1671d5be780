import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine, VideoStats } from '../../../../machines/gameSession.ts';
import {
  selectActiveBandId,
  selectControlsFaded,
  selectGameBalance,
  selectJoin,
  selectMachine,
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
import { formatMoney } from '../../../../protocol/format.ts';
import { useSettings } from '../../viewRuntime.tsx';
import { GameIcon } from './icons.tsx';
import { GAME, LANDSCAPE, SHORT_LANDSCAPE } from './layout.ts';
import { PlayDeck } from './PlayDeck.tsx';
import { QualityMenu } from './QualityMenu.tsx';

type Game = ActorRefFrom<typeof gameSessionMachine>;
const selectPressableButtons = selectPressable(MachineButton.options);

/**
 * The side bar: the machine's name with the video's quality and details, the meters, the play
 * deck, then the rest of the machine's buttons, the sound and the way back to the lobby.
 */
export function SideBar({ game }: { game: Game }) {
  const { t, i18n } = useLingui();
  const settings = useSettings();
  // The game's own balance (the floor's money updates and the wallet's feed): one figure.
  const balance = useSelector(game, selectGameBalance);
  const join = useSelector(game, selectJoin);
  const machine = useSelector(game, selectMachine);
  // The meters as the machine reports them at the reels' stop, rolling up like a machine's.
  const credits = useCountUp(machine?.credits);
  const win = useCountUp(machine?.win);
  const pressable = useSelector(game, selectPressableButtons).split(' ');
  const open = useSelector(game, selectSideBarOpen);
  const faded = useSelector(game, selectControlsFaded);
  const volume = useSelector(game, selectVolume);
  const muted = useSelector(game, selectMuted);
  const activeBandId = useSelector(game, selectActiveBandId);
  const link = useSelector(game, selectVideo);
  const stats = useSelector(link, selectStats);
  // The link's figures are for the curious: behind the info button, not in the player's face.
  const [details, setDetails] = useState(false);
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? t`loading..` : formatMoney(minor, settings.CURRENCY, i18n.locale);
  const press = (button: MachineButton) => game.send({ type: 'user.press', button });
  const can = (button: MachineButton) => pressable.includes(button);
  const lines = machine?.lines ?? '';
  const percent = Math.round(volume * 100);

  return (
    <Root data-open={open} data-controls={faded ? 'faded' : 'shown'} aria-label={t`Machine controls`}>
      {open && (
        <Panel>
          <Heading>
            <strong>{join?.machineName ?? '…'}</strong>
            <span>{join?.brand}</span>
          </Heading>
          <Meters>
            <Meter>
              <dt><Trans>Balance</Trans></dt>
              <dd data-testid="game-balance">{money(balance)}</dd>
            </Meter>
            <Meter>
              <dt><Trans>Credits</Trans></dt>
              <dd data-testid="game-credits">{money(credits)}</dd>
            </Meter>
            <Meter data-win={(win ?? 0) > 0}>
              <dt><Trans>Win</Trans></dt>
              <dd data-testid="game-win">{money(win)}</dd>
            </Meter>
            {machine && machine.freeSpinsLeft > 0 && (
              <Meter data-win="true">
                <dt><Trans>Free spins</Trans></dt>
                <dd>{machine.freeSpinsLeft}</dd>
              </Meter>
            )}
          </Meters>
          <PlayDeck game={game} money={money} />
          <More>
            <Button type="button" $variant="ghost" disabled={!can('maxBet')} onClick={() => press('maxBet')}>
              <Trans>Max bet</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={!can('lines')} onClick={() => press('lines')}>
              <Trans>Lines {lines}</Trans>
            </Button>
            <Button type="button" $variant="ghost" disabled={!can('collect')} onClick={() => press('collect')}>
              <Trans>Collect</Trans>
            </Button>
          </More>
          <Sound>
            <MuteButton type="button" aria-pressed={!muted} aria-label={t`Sound`} title={t`Sound`} onClick={() => game.send({ type: 'user.sound', on: muted })}>
              <GameIcon name={muted ? 'volumeOff' : 'volume'} />
            </MuteButton>
            <label>
              <span className="name">
                <Trans>Volume</Trans>
              </span>
              <input
                type="range"
                min={0}
                max={100}
                value={percent}
                aria-valuetext={`${percent}%`}
                onChange={(e) => game.send({ type: 'user.volume', volume: Number(e.target.value) / 100 })}
              />
              <span className="value" aria-hidden="true">
                {muted ? '—' : `${percent}%`}
              </span>
            </label>
          </Sound>
          <VideoRow>
            {join && join.bands.length > 1 && (
              <QualityMenu bands={join.bands} active={activeBandId} onSelect={(id) => game.send({ type: 'user.selectBand', id })} />
            )}
            <InfoButton type="button" aria-expanded={details} aria-controls="video-details" aria-label={t`Video details`} title={t`Video details`} onClick={() => setDetails((shown) => !shown)}>
              <GameIcon name="info" />
            </InfoButton>
            <div id="video-details" className="details" hidden={!details}>
              {details && (stats ? <VideoFigures stats={stats} /> : <Stats>…</Stats>)}
            </div>
          </VideoRow>
          <BackButton type="button" $variant="ghost" onClick={() => game.send({ type: 'user.leave' })}>
            <GameIcon name="back" />
            <Trans>Back to the lobby</Trans>
          </BackButton>
        </Panel>
      )}
    </Root>
  );
}

/**
 * The link's health as the player's browser measures it: the picture's size, frames decoded per
 * second, the round trip of the video's connection, and — only where the video lets it be
 * measured (the request strip) — how long a press takes to show on the picture. A figure that is
 * not known is left out, never guessed.
 */
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

const Root = styled.aside`
  grid-area: side;
  display: flex;
  flex-direction: column;
  min-height: 0;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  @container ${GAME} ${LANDSCAPE} {
    border-top: 0;
    border-inline-start: 1px solid ${({ theme }) => theme.colors.border};
    &[data-open='false'] { display: none; }
  }
  /* On a short screen the controls sit beside the picture; untouched, they dim so the eye stays
     on the reels (they never lie over them). */
  @container ${GAME} ${SHORT_LANDSCAPE} {
    transition: opacity 0.4s ease;
    &[data-controls='faded'] { opacity: 0.55; }
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 12px 16px 16px;
  @container ${GAME} (orientation: portrait) {
    gap: 10px;
    padding: 8px 12px 0;
    flex: 1;
  }
  @container ${GAME} ${SHORT_LANDSCAPE} {
    gap: 8px;
    padding: 8px 10px 10px;
  }
`;

const Heading = styled.div`
  display: flex;
  flex-direction: column;
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.8rem; }
  @container ${GAME} (orientation: portrait) {
    flex-direction: row;
    align-items: baseline;
    gap: 8px;
  }
  /* Short: the picture shows the machine's name; the column keeps its room for the controls. */
  @container ${GAME} ${SHORT_LANDSCAPE} { display: none; }
`;

/** The video's quality and, behind the info button, the link's figures. */
const VideoRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  .details { flex-basis: 100%; }
`;

const InfoButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[aria-expanded='true'] { color: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; }
`;

/** The machine's meters as lit windows: label over the amount, the win in gold. */
const Meters = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(84px, 1fr));
  gap: 6px;
  margin: 0;
  @container ${GAME} ${SHORT_LANDSCAPE} {
    grid-template-columns: none;
    gap: 2px;
  }
`;

const Meter = styled.div`
  display: grid;
  justify-items: center;
  padding: 6px 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.border};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.68rem; text-transform: uppercase; letter-spacing: 0.06em; }
  dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; white-space: nowrap; }
  &[data-win='true'] { box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.primary}; }
  &[data-win='true'] dd { color: ${({ theme }) => theme.colors.primary}; }
  /* Short: one line each, label and amount apart. */
  @container ${GAME} ${SHORT_LANDSCAPE} {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    padding: 2px 8px;
    background: none;
    box-shadow: none;
    &[data-win='true'] { box-shadow: none; }
    dd { font-size: 0.9rem; }
  }
`;

/** The machine's other buttons: equal columns, a long label ('Max bet' in Arabic) wraps. */
const More = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;
  > * { min-height: 44px; padding-inline: 6px; font-size: 0.9rem; }
`;

/** Sound on or off, and its volume, labelled, with the level it is at. */
const Sound = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  /* The name with the level at its end, the slider under them. */
  label { flex: 1; min-width: 0; display: grid; grid-template: 'name value' auto 'range range' 32px / 1fr auto; column-gap: 8px; }
  .name { grid-area: name; font-size: 0.85rem; }
  .value { grid-area: value; color: ${({ theme }) => theme.colors.textMuted}; font-variant-numeric: tabular-nums; font-size: 0.85rem; }
  input[type='range'] { grid-area: range; width: 100%; min-width: 0; height: 32px; margin: 0; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

const MuteButton = styled(InfoButton)`
  color: ${({ theme }) => theme.colors.text};
  &[aria-pressed='true'] { color: ${({ theme }) => theme.colors.primary}; }
`;

const BackButton = styled(Button)`
  min-height: 44px;
`;

const Stats = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8rem;
`;
