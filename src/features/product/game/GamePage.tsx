import { useLingui } from '@lingui/react/macro';
import { useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { selectAskingToLeave, selectLive, selectRefusal, selectScreen, selectWarning } from '../../../../machines/gameSession.selectors.ts';
import { selectToken } from '../../../../machines/auth.selectors.ts';
import { showToast, dismissToast } from '../../../ui/toasts.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { useActorOptions, useAuthActor, useLogic, useSettings } from '../../viewRuntime.tsx';
import { leaveToast } from './messages.ts';
import { LeaveDialog } from './LeaveDialog.tsx';
import { SideBar } from './SideBar.tsx';
import { VideoStage } from './VideoStage.tsx';

/** SPEC §9: the close-warning toast's id; it is updated in place while it counts down. */
const WARNING_TOAST_ID = '188000';

/** /game/:gameId/:name — one machine, live, with no page chrome. */
export function GamePage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { gameId } = useParams({ from: '/game/$gameId/$name' });
  const auth = useAuthActor();
  const token = useSelector(auth, selectToken);
  const machineId = Number(gameId);
  const settings = useSettings();
  const game = useActorRef(useLogic().gameSession, {
    ...useActorOptions(),
    input: { machineId, token, volume: settings.VOLUME },
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
      void navigate({ to: '/lobby', replace: true });
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
  useEffect(() => {
    if (refusal) showToast(failureText(i18n, refusal), 'error');
  }, [refusal, i18n]);

  const state = useSelector(game, selectScreen);

  return (
    <Root ref={containerRef} data-state={state} onPointerDown={() => game.send({ type: 'user.touch' })}>
      <VideoStage game={game} container={containerRef} />
      <SideBar game={game} />
      <LeaveDialog game={game} />
    </Root>
  );
}

const Root = styled.div`
  position: fixed;
  inset: 0;
  display: flex;
  background: #000;
  color: ${({ theme }) => theme.colors.text};
  @media (orientation: portrait) {
    flex-direction: column;
  }
`;
