import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyEventObject } from 'xstate';
import { gameSessionMachine, type JoinInfo, type MachineView } from '../../machines/gameSession.ts';
import { MAX_ATTEMPTS, videoLinkMachine } from '../../machines/videoLink.ts';
import { VideoStage } from '../../src/features/product/game/VideoStage.tsx';
import { renderView } from './render.tsx';

const join: JoinInfo = {
  machineName: 'M1', brand: 'Golden Reels', videoType: 'screen', hotCoins: [500], maxAllIn: 2_500_000, rules: null,
  bands: [{ id: 'hd', name: 'HD', Order: 2, width: 640, height: 360, whepUrl: '/whep/1/hd' }],
};
const machine: MachineView = { credits: 0, betPerLine: 1, lines: 20, bet: 20, win: 0, freeSpinsLeft: 0, autoplay: false, status: 'playing', jackpot: 0 };

/** A joined game whose video peers all fail (the real game session and video link, on a simulated clock). */
function joinedGameWithoutVideo(refusal?: { code: number; params: Record<string, unknown> }) {
  let socket: (event: AnyEventObject) => void = () => {};
  let peers = 0;
  const clock = new SimulatedClock();
  const game = createActor(
    gameSessionMachine.provide({
      actors: {
        machineSocket: fromCallback(({ sendBack }) => {
          socket = sendBack;
        }),
        video: videoLinkMachine.provide({
          actors: {
            peer: fromCallback(({ sendBack }) => {
              peers += 1;
              sendBack({ type: 'peer.failed', reason: 'connection failed', ...(refusal ? { refusal } : {}) });
            }),
          },
        }),
      },
    }),
    { input: { machineId: 1, token: 't', visitId: 'v' }, clock },
  ).start();
  game.send({ type: 'user.join' });
  socket({ type: 'socket.joined', join, machine });
  return { game, clock, peers: () => peers };
}

describe('the video stage', () => {
  it('says the video is reconnecting while the link retries, and offers to try again once it gives up', async () => {
    const t = joinedGameWithoutVideo();
    await renderView(<VideoStage game={t.game} />);
    expect(screen.getByRole('status').textContent).toBe('Video is reconnecting...');
    expect(screen.queryByRole('button', { name: 'Try the video again' })).toBeNull();

    act(() => {
      for (let retry = 0; retry < MAX_ATTEMPTS; retry++) t.clock.increment(8000);
    });
    expect(screen.getByRole('alert').textContent).toContain('The video could not be restored.');
    expect(screen.queryByText('Video is reconnecting...')).toBeNull();
    const tried = t.peers();

    fireEvent.click(screen.getByRole('button', { name: 'Try the video again' }));
    expect(t.peers()).toBe(tried + 1);
    expect(screen.queryByRole('button', { name: 'Try the video again' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Video is reconnecting...');
  });

  it("shows the operator's word when the video is refused with a code (70000), not a silent reconnecting", async () => {
    const t = joinedGameWithoutVideo({ code: 70000, params: {} });
    await renderView(<VideoStage game={t.game} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to start pipeline, contact the technical team.');
    expect(screen.queryByText('Video is reconnecting...')).toBeNull();
    act(() => {
      for (let retry = 0; retry < MAX_ATTEMPTS; retry++) t.clock.increment(8000);
    });
    expect(screen.getByRole('alert').textContent).toContain('Failed to start pipeline, contact the technical team.');
    expect(screen.getByRole('button', { name: 'Try the video again' })).toBeTruthy();
  });
});

describe('the video stage while cashing out', () => {
  it('says the machine is cashing out (not joining) until the machine lets go', async () => {
    const t = joinedGameWithoutVideo();
    await renderView(<VideoStage game={t.game} />);
    act(() => t.game.send({ type: 'user.cashout' }));
    expect(screen.getByRole('status').textContent).toBe('Cashing out...');
    expect(screen.queryByText('Joining the machine...')).toBeNull();
  });
});
