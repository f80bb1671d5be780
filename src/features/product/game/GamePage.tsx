import { useLingui } from '@lingui/react/macro';
import { useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { selectAskingToLeave, selectLive, selectRefusal, selectScreen, selectSideBarOpen, selectWarning } from '../../../../machines/gameSession.selectors.ts';
import { showToast, dismissToast } from '../../../ui/toasts.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useActorOptions, useLogic } from '../../viewRuntime.tsx';
import { useAccountFormat } from '../common/format.ts';
import { leaveToast } from './messages.ts';
import { pictureWidth } from './device.ts';
import { GAME, LANDSCAPE, SHORT_LANDSCAPE, shortSide } from './layout.ts';
import { GameToasts } from './GameToasts.tsx';
import { RealityCheckDialog } from '../protection/RealityCheckDialog.tsx';
import { LeaveDialog } from './LeaveDialog.tsx';
import { ScreenControls } from './ScreenControls.tsx';
import { SideBar } from './SideBar.tsx';
import { VideoStage } from './VideoStage.tsx';

/** SPEC §9: the close-warning toast's id; it is updated in place while it counts down. */
const WARNING_TOAST_ID = '188000';

/** /game/:gameId/:name — one machine, live, with no page chrome. */
export function GamePage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { gameId } = useParams({ from: '/game/$gameId/$name' });
  const machineId = Number(gameId);
  const logic = useLogic();
  const game = useActorRef(logic.gameSession, {
    ...useActorOptions(),
    // The first band is the one that fits the picture: HD on a desktop, never on a phone.
    input: logic.gameInput({ machineId, pictureWidth: pictureWidth(window.innerWidth, window.innerHeight) }),
  });
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    game.send({ type: 'user.join' });
  }, [game]);

  // The browser's Back (or any navigation away) during play is the in-app leave: the machine
  // decides — released at once when it holds nothing, else the player is asked (and the
  // navigation waits on the answer, which leaves through `left` below or stays).
  useBlocker({
    enableBeforeUnload: false,
    shouldBlockFn: () => {
      if (!selectLive(game.getSnapshot())) return false;
      game.send({ type: 'user.leave' });
      return selectAskingToLeave(game.getSnapshot());
    },
  });

  // Every way out of the visit ends in `left`: say why and go back to the lobby.
  useEffect(() => {
    const subscription = game.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      dismissToast(WARNING_TOAST_ID);
      const toast = leaveToast(i18n, snapshot.output.reason, snapshot.output.failure);
      if (toast) showToast(toast.text, toast.variant);
      // A reality check's View history goes on to the player's game sessions.
      void navigate({ to: snapshot.output.next === 'history' ? '/slot-sessions' : '/lobby', replace: true });
    });
    return () => subscription.unsubscribe();
  }, [game, navigate, i18n]);

  const warning = useSelector(game, selectWarning);
  useEffect(() => {
    if (!warning) {
      dismissToast(WARNING_TOAST_ID);
      return;
    }
    // The close warnings' texts are their codes' (18800, 18802), with the count in them.
    const text = failureText(i18n, { code: warning.code, message: '', params: { count: warning.count } });
    showToast(text, 'warning', { id: WARNING_TOAST_ID, hideAfterMs: 10_000 });
  }, [warning, i18n]);

  const refusal = useSelector(game, selectRefusal);
  const { money } = useAccountFormat();
  useEffect(() => {
    // A limit the floor names is said in the operator's currency.
    if (refusal) showToast(failureText(i18n, refusal, { money }), 'error');
  }, [refusal, i18n, money]);

  const state = useSelector(game, selectScreen);
  const sideBar = useSelector(game, selectSideBarOpen);
  // Rotate (a phone held upright): the whole screen turns a quarter and lays itself out as on a
  // phone on its side — the picture large, every control beside it and still in reach.
  const [rotated, setRotated] = useState(false);

  return (
    <Root ref={containerRef} data-game-screen data-state={state} onPointerDown={() => game.send({ type: 'user.touch' })}>
      <Screen data-rotated={rotated}>
        <Layout data-side={sideBar ? 'open' : 'closed'}>
          <VideoStage game={game} />
          <ScreenControls game={game} container={containerRef} rotated={rotated} onRotate={setRotated} />
          <SideBar game={game} />
        </Layout>
      </Screen>
      <LeaveDialog game={game} />
      <RealityCheckDialog game={game} />
      <GameToasts />
    </Root>
  );
}

const Root = styled.div`
  position: fixed;
  inset: 0;
  overflow: hidden;
  background: #000;
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * The game's size container: its parts lay themselves out by its shape (container queries, not
 * the device's), so the rotated screen, a phone on its side and a desktop at 200 % zoom all get
 * the landscape layout they look like.
 */
const Screen = styled.div`
  position: absolute;
  inset: 0;
  container: ${GAME} / size;
  /* A quarter turn clockwise about the top-left corner, moved back into the viewport. */
  &[data-rotated='true'] {
    inset: auto;
    top: 0;
    left: 100%;
    width: 100dvh;
    height: 100dvw;
    transform-origin: 0 0;
    transform: rotate(90deg);
  }
`;

/**
 * Upright: the picture full width on top, the screen controls under it, the side bar below with
 * its deck in the thumb's reach. Landscape: the picture, never covered, beside a column of
 * controls (wider on a desktop; on a short screen as wide as the picture at full height leaves,
 * within reason).
 */
const Layout = styled.div`
  --side: 0px;
  display: grid;
  width: 100%;
  height: 100%;
  padding-top: env(safe-area-inset-top);
  grid-template: 'stage' auto 'tools' auto 'side' minmax(0, 1fr) / 100%;
  @container ${GAME} ${LANDSCAPE} {
    --side: 320px;
    padding-top: 0;
    grid-template: 'stage tools' auto 'stage side' minmax(0, 1fr) / minmax(0, 1fr) var(--side);
  }
  @container ${GAME} ${LANDSCAPE} {
    &[data-side='closed'] { grid-template-columns: minmax(0, 1fr) auto; }
  }
  /* Short: picture | a strip of screen controls | the side bar, each the full height. */
  @container ${GAME} ${SHORT_LANDSCAPE} {
    --side: ${shortSide('cqw', 'cqh')};
    grid-template: 'stage tools side' minmax(0, 1fr) / minmax(0, 1fr) 56px var(--side);
    &[data-side='closed'] { grid-template-columns: minmax(0, 1fr) 56px 0; }
  }
`;
