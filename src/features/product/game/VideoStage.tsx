import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine } from '../../../../machines/gameSession.ts';
import { selectMuted, selectScreen, selectVideo, selectVideoLost, selectVideoType, selectVolume } from '../../../../machines/gameSession.selectors.ts';
import { selectStream, selectVideoFailed, selectVideoProblem, selectVideoRefusal } from '../../../../machines/videoLink.selectors.ts';
import { failureText } from '../errors/codeMessages.ts';
import { isAppleHandheld, isPortrait } from './device.ts';

type Game = ActorRefFrom<typeof gameSessionMachine>;

/** The live picture with its overlays and the screen controls (fullscreen, rotate, sound). */
export function VideoStage({ game, container }: { game: Game; container: RefObject<HTMLDivElement | null> }) {
  const { t, i18n } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  // The picture is the video link's own state (the game session copies none of it).
  const link = useSelector(game, selectVideo);
  const stream = useSelector(link, selectStream) as MediaStream | null;
  const muted = useSelector(game, selectMuted);
  const volume = useSelector(game, selectVolume);
  const videoType = useSelector(game, selectVideoType);
  const lost = useSelector(game, selectVideoLost);
  const problem = useSelector(link, selectVideoProblem) || lost;
  const failed = useSelector(link, selectVideoFailed);
  const refused = useSelector(link, selectVideoRefusal);
  const refusal = refused ? { ...refused, message: '' } : null;
  const phase = useSelector(game, selectScreen);
  const [portrait, setPortrait] = useState(isPortrait);
  const [rotated, setRotated] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  // The link's peers time press → picture on this element.
  useEffect(() => {
    if (!link || !video.current) return;
    link.send({ type: 'video.surface', surface: video.current });
    return () => {
      if (link.getSnapshot().status === 'active') link.send({ type: 'video.surface', surface: null });
    };
  }, [link]);
  useEffect(() => {
    if (!video.current) return;
    video.current.muted = muted;
    video.current.volume = volume;
  }, [muted, volume]);
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
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen?.();
  };

  return (
    <Stage data-rotated={canRotate && rotated}>
      <Video ref={video} autoPlay playsInline muted data-testid="machine-video" aria-label={t`Live machine video`} />
      {phase === 'joining' && (
        <Overlay role="status">
          <Trans>Joining the machine...</Trans>
        </Overlay>
      )}
      {phase === 'elsewhere' && (
        <Overlay role="status">
          <Stacked>
            <Trans>This game is open in another tab.</Trans>
            <ControlButton type="button" onClick={() => game.send({ type: 'user.playHere' })}>
              <Trans>Play here</Trans>
            </ControlButton>
          </Stacked>
        </Overlay>
      )}
      {phase === 'reconnecting' && (
        <Overlay role="alert">
          <Trans>Connection Lost, please wait</Trans>
        </Overlay>
      )}
      {phase === 'live' && failed && (
        <Overlay role="alert">
          <Stacked>
            {refusal ? failureText(i18n, refusal) : <Trans>The video could not be restored.</Trans>}
            <ControlButton type="button" onClick={() => game.send({ type: 'user.retryVideo' })}>
              <Trans>Try the video again</Trans>
            </ControlButton>
          </Stacked>
        </Overlay>
      )}
      {phase === 'live' && problem && !failed && (
        <Overlay role={refusal ? 'alert' : 'status'}>
          {/* The operator's own word (70000: the pipeline failed) rather than a silent "reconnecting". */}
          {refusal ? failureText(i18n, refusal) : <Trans>Video is reconnecting...</Trans>}
        </Overlay>
      )}
      <Controls>
        {muted && (
          <ControlButton type="button" onClick={() => game.send({ type: 'user.toggleMute' })}>
            <Trans>Tap for sound</Trans>
          </ControlButton>
        )}
        {!isAppleHandheld() && (
          <ControlButton type="button" aria-pressed={fullscreen} onClick={toggleFullscreen}>
            {fullscreen ? <Trans>Exit fullscreen</Trans> : <Trans>Fullscreen</Trans>}
          </ControlButton>
        )}
        {canRotate && (
          <ControlButton type="button" aria-pressed={rotated} onClick={() => setRotated((r) => !r)}>
            <Trans>Rotate</Trans>
          </ControlButton>
        )}
      </Controls>
    </Stage>
  );
}

/** The page's main landmark (the side bar beside it is the complementary one). */
const Stage = styled.main`
  position: relative;
  flex: 1;
  min-width: 0;
  min-height: 0;
  display: grid;
  place-items: center;
  overflow: hidden;
  &[data-rotated='true'] video {
    width: 100vh;
    height: 100vw;
    transform: rotate(90deg);
  }
  /* Upright: the picture full width at the top (no black band beyond its own letterbox), the
     screen controls in a row under it rather than over the machine's header. */
  @media (orientation: portrait) {
    flex: none;
    display: flex;
    flex-direction: column;
    padding-top: env(safe-area-inset-top);
    video { position: static; width: 100%; height: auto; aspect-ratio: 16 / 9; }
    &[data-rotated='true'] {
      position: fixed;
      inset: 0;
      z-index: 20;
      display: grid;
      background: #000;
    }
  }
`;

/** The picture fills its stage, whole (letterboxed), whatever the stage's shape. */
const Video = styled.video`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: contain;
  background: #000;
  /* On a phone on its side the controls lie over the end of the screen: the picture keeps to
     the start, so they cover as little of it as they can. */
  @media (orientation: landscape) and (max-height: 540px) {
    object-position: left center;
    &:dir(rtl) { object-position: right center; }
  }
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  padding: 24px;
  background: rgb(0 0 0 / 55%);
  font-size: 1.2rem;
  font-weight: 700;
  text-align: center;
  /* On a phone on its side the controls lie over the end (SideBar): the message centres in what
     they leave, as the picture does. */
  @media (orientation: landscape) and (max-height: 540px) {
    padding-inline-end: calc(24px + min(280px, 40vw));
  }
`;

const Stacked = styled.div`
  display: grid;
  gap: 12px;
  justify-items: center;
`;

const Controls = styled.div`
  position: absolute;
  top: 12px;
  inset-inline-start: 12px;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  @media (orientation: portrait) {
    position: static;
    padding: 6px 8px;
    [data-rotated='true'] > & { position: absolute; top: 12px; }
  }
`;

const ControlButton = styled.button`
  min-height: 44px;
  padding: 0 14px;
  border-radius: 20px;
  border: 1px solid rgb(255 255 255 / 30%);
  background: rgb(0 0 0 / 60%);
  color: #fff;
  font: inherit;
  cursor: pointer;
  &[aria-pressed='true'] { border-color: ${({ theme }) => theme.colors.primary}; }
`;
