import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { gameSessionMachine } from '../../../../machines/gameSession.ts';
import { selectMuted, selectScreen, selectVideo, selectVideoLost, selectVolume } from '../../../../machines/gameSession.selectors.ts';
import { selectStream, selectVideoFailed, selectVideoProblem, selectVideoRefusal } from '../../../../machines/videoLink.selectors.ts';
import { failureText } from '../errors/codeMessages.ts';
import { GAME, LANDSCAPE } from './layout.ts';

type Game = ActorRefFrom<typeof gameSessionMachine>;

/** The live picture with its overlays (joining, another tab, connection and video trouble). */
export function VideoStage({ game }: { game: Game }) {
  const { t, i18n } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  // The picture is the video link's own state (the game session copies none of it).
  const link = useSelector(game, selectVideo);
  const stream = useSelector(link, selectStream);
  const muted = useSelector(game, selectMuted);
  const volume = useSelector(game, selectVolume);
  const lost = useSelector(game, selectVideoLost);
  const problem = useSelector(link, selectVideoProblem) || lost;
  const failed = useSelector(link, selectVideoFailed);
  const refused = useSelector(link, selectVideoRefusal);
  const refusal = refused ? { ...refused, message: '' } : null;
  const phase = useSelector(game, selectScreen);

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
  return (
    <Stage>
      <Video ref={video} autoPlay playsInline muted data-testid="machine-video" aria-label={t`Live machine video`} />
      {phase === 'joining' && (
        <Overlay role="status">
          <Trans>Joining the machine...</Trans>
        </Overlay>
      )}
      {phase === 'cashingOut' && (
        <Overlay role="status">
          <Trans>Cashing out...</Trans>
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
    </Stage>
  );
}

/**
 * The page's main landmark (the side bar beside it is the complementary one). Upright it is the
 * picture's own 16:9 at full width; in landscape it takes all the side bar leaves.
 */
const Stage = styled.main`
  grid-area: stage;
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  min-width: 0;
  min-height: 0;
  overflow: hidden;
  @container ${GAME} ${LANDSCAPE} {
    aspect-ratio: auto;
    height: 100%;
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
`;

const Stacked = styled.div`
  display: grid;
  gap: 12px;
  justify-items: center;
`;

const ControlButton = styled.button`
  min-height: 44px;
  padding: 0 14px;
  border-radius: 22px;
  border: 1px solid rgb(255 255 255 / 30%);
  background: rgb(0 0 0 / 60%);
  color: #fff;
  font: inherit;
  cursor: pointer;
`;
