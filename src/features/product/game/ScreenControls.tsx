import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type RefObject } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine } from '../../../../machines/gameSession.ts';
import { selectMuted, selectRules, selectSideBarOpen, selectSoundOn, selectVideoType } from '../../../../machines/gameSession.selectors.ts';
import { PanicButton } from './PanicButton.tsx';
import { isAppleHandheld, isPortrait } from './device.ts';
import { GameIcon } from './icons.tsx';
import { SessionMeter } from './SessionMeter.tsx';
import { GAME, LANDSCAPE, SHORT_LANDSCAPE } from './layout.ts';

type Game = ActorRefFrom<typeof gameSessionMachine>;

/**
 * The screen's own controls, in a row beside the picture, never over it: sound (a call to tap
 * while the browser keeps it muted), the session's time played and net position (always in view),
 * fullscreen (not on Apple handhelds), Rotate (a device held upright, not for a camera's picture)
 * and, in landscape, the side bar's toggle; where the jurisdiction asks for it, the panic button,
 * always in view and away from the play buttons.
 */
export function ScreenControls({
  game,
  container,
  rotated,
  onRotate,
}: {
  game: Game;
  container: RefObject<HTMLDivElement | null>;
  rotated: boolean;
  onRotate: (rotated: boolean) => void;
}) {
  const { t } = useLingui();
  const muted = useSelector(game, selectMuted);
  const soundOn = useSelector(game, selectSoundOn);
  const videoType = useSelector(game, selectVideoType);
  const open = useSelector(game, selectSideBarOpen);
  const rules = useSelector(game, selectRules);
  const [portrait, setPortrait] = useState(isPortrait);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const query = window.matchMedia('(orientation: portrait)');
    const update = () => setPortrait(query.matches);
    query.addEventListener('change', update);
    const onFullscreen = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      query.removeEventListener('change', update);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, []);

  const canRotate = portrait && videoType !== 'camera';
  // A phone turned on its side needs no Rotate: the turn is undone with it.
  useEffect(() => {
    if (!canRotate && rotated) onRotate(false);
  }, [canRotate, rotated, onRotate]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen?.();
  };

  return (
    <Tools role="region" aria-label={t`Screen controls`}>
      {/* A player who wants sound and has not tapped yet is asked to; one who turned it off is not. */}
      {muted && soundOn ? (
        <Pill type="button" onClick={() => game.send({ type: 'user.sound', on: true })}>
          <GameIcon name="volumeOff" />
          <span className="text">
            <Trans>Tap for sound</Trans>
          </span>
        </Pill>
      ) : (
        <Round type="button" aria-label={muted ? t`Unmute` : t`Mute`} title={muted ? t`Unmute` : t`Mute`} onClick={() => game.send({ type: 'user.sound', on: muted })}>
          <GameIcon name={muted ? 'volumeOff' : 'volume'} />
        </Round>
      )}
      {/* The panic button shares the session's line: nothing beside it changes width under a finger
          (Tap for sound becoming Mute would move it, and a first press would miss). */}
      {rules?.panicButton ? (
        <ProtectionLine>
          <SessionMeter game={game} />
          <PanicButton />
        </ProtectionLine>
      ) : (
        <SessionMeter game={game} />
      )}
      <Spacer />
      {!isAppleHandheld() && (
        <Round type="button" aria-pressed={fullscreen} aria-label={t`Fullscreen`} title={t`Fullscreen`} onClick={toggleFullscreen}>
          <GameIcon name={fullscreen ? 'fullscreenExit' : 'fullscreen'} />
        </Round>
      )}
      {canRotate && (
        <Round type="button" aria-pressed={rotated} aria-label={t`Rotate`} title={t`Rotate`} onClick={() => onRotate(!rotated)}>
          <GameIcon name="rotate" />
        </Round>
      )}
      <SideToggle type="button" aria-expanded={open} aria-label={open ? t`Hide controls` : t`Controls`} title={open ? t`Hide controls` : t`Controls`} onClick={() => game.send({ type: 'user.toggleSideBar' })}>
        <GameIcon name="tune" />
      </SideToggle>
    </Tools>
  );
}

const Tools = styled.div`
  grid-area: tools;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 6px 10px;
  background: #000;
  @container ${GAME} ${LANDSCAPE} {
    background: ${({ theme }) => theme.colors.surface};
    border-inline-start: 1px solid ${({ theme }) => theme.colors.border};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  /* Short: a strip of round buttons between the picture and the side bar, so the side bar keeps
     its whole height for the play controls. */
  @container ${GAME} ${SHORT_LANDSCAPE} {
    flex-direction: column;
    flex-wrap: nowrap;
    justify-content: flex-start;
    padding: 8px 6px;
    border-bottom: 0;
  }
`;

const ProtectionLine = styled.div`
  order: 1;
  flex-basis: 100%;
  display: grid;
  /* The button at the start (the meter keeps order 1, after it), the figures centred in the rest. */
  grid-template-columns: auto minmax(0, 1fr);
  align-items: center;
  gap: 8px;
  @container ${GAME} ${SHORT_LANDSCAPE} {
    order: 0;
    flex-basis: auto;
    grid-template-columns: minmax(0, 1fr);
    justify-items: center;
    gap: 4px;
  }
`;

const Spacer = styled.span`
  flex: 1;
`;

const Round = styled.button`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 1px solid rgb(255 255 255 / 22%);
  background: rgb(255 255 255 / 6%);
  color: #fff;
  cursor: pointer;
  &[aria-pressed='true'] { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
`;

const SideToggle = styled(Round)`
  &[aria-expanded='true'] { color: ${({ theme }) => theme.colors.primary}; }
  /* Upright the side bar is the page under the picture: nothing to hide. */
  @container ${GAME} (orientation: portrait) { display: none; }
`;

/** The call to turn the sound on: the browser starts every game muted until the player taps. */
const Pill = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 0 16px 0 12px;
  border-radius: 22px;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: color-mix(in srgb, ${({ theme }) => theme.colors.primary} 14%, transparent);
  color: #fff;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  svg { color: ${({ theme }) => theme.colors.primary}; }
  /* Short: round like its neighbours, its words for screen readers only (the speaker says it). */
  @container ${GAME} ${SHORT_LANDSCAPE} {
    width: 44px;
    padding: 0;
    justify-content: center;
    .text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  }
`;
