import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { gameSessionMachine, type JoinInfo, type MachineRequest, type MachineView } from '../../machines/gameSession.ts';
import { LeaveDialog } from '../../src/features/product/game/LeaveDialog.tsx';
import { renderView } from './render.tsx';

const join: JoinInfo = {
  machineName: 'M1', brand: 'Golden Reels', videoType: 'screen', hotCoins: [500], maxAllIn: 2_500_000, rules: null,
  bands: [{ id: 'hd', name: 'HD', Order: 2, width: 640, height: 360, whepUrl: '/whep/1/hd' }],
};
const withCredits: MachineView = { credits: 500, betPerLine: 1, lines: 20, bet: 20, win: 0, freeSpinsLeft: 0, autoplay: false, status: 'playing', jackpot: 0 };

/** A joined game with credits on the machine whose player has asked to leave (the real chart). */
function askingToLeave(ask = true) {
  let socket: (event: AnyEventObject) => void = () => {};
  const sent: MachineRequest[] = [];
  const game = createActor(
    gameSessionMachine.provide({
      actors: {
        machineSocket: fromCallback(({ sendBack, receive }) => {
          socket = sendBack;
          receive((event) => sent.push(event.message));
        }),
      },
    }),
    { input: { machineId: 1, token: 't', visitId: 'v' } },
  ).start();
  game.send({ type: 'user.join' });
  socket({ type: 'socket.joined', join, machine: withCredits, balance: 0 });
  if (ask) game.send({ type: 'user.leave' });
  return { game, sent };
}

describe('the leave dialog', () => {
  it('opens on Stay, so Enter keeps the player at the machine and cashes nothing out', async () => {
    const { game, sent } = askingToLeave();
    await renderView(<LeaveDialog game={game} />);
    await screen.findByRole('dialog', { name: 'Leave the machine?' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((m) => m.type === 'cashout')).toEqual([]);
  });

  it('gives the focus back to the button that asked to leave when the player stays', async () => {
    const { game } = askingToLeave(false);
    await renderView(
      <>
        <button type="button" onClick={() => game.send({ type: 'user.leave' })}>
          Back to the lobby
        </button>
        <LeaveDialog game={game} />
      </>,
    );
    const back = screen.getByRole('button', { name: 'Back to the lobby' });
    await userEvent.click(back);
    await screen.findByRole('dialog', { name: 'Leave the machine?' });
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(back));
  });
});
