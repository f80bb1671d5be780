import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { gameSessionMachine, type JoinInfo, type MachineRequest, type MachineView, type SessionView } from '../../machines/gameSession.ts';
import { RealityCheckDialog } from '../../src/features/product/protection/RealityCheckDialog.tsx';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { RuntimeProvider, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { renderView } from './render.tsx';

type Game = ReturnType<typeof checked>['game'];
const runtime = { settings: DEFAULT_SETTINGS } as Partial<ViewRuntime> as ViewRuntime;
const renderDialog = (game: Game) =>
  renderView(
    <RuntimeProvider runtime={runtime}>
      <RealityCheckDialog game={game} />
    </RuntimeProvider>,
  );

const join: JoinInfo = {
  machineName: 'M1', brand: 'Golden Reels', videoType: 'screen', hotCoins: [500], maxAllIn: 2_500_000, rules: null,
  bands: [{ id: 'hd', name: 'HD', Order: 2, width: 640, height: 360, whepUrl: '/whep/1/hd' }],
};
const machine: MachineView = { credits: 500, betPerLine: 1, lines: 20, bet: 20, win: 0, freeSpinsLeft: 0, autoplay: false, status: 'playing', jackpot: 0 };
/** An hour and two minutes played, 24.00 bet, 9.50 won: 14.50 down. */
const books: SessionView = { id: 3, machineId: 1, startedAt: 0, spins: 120, freeSpins: 0, cashIn: 5000, cashOut: 0, playedMs: 3_725_000, bets: 2400, wins: 950 };

/** A joined game (the real chart) whose floor has just called a reality check. */
function checked() {
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
  socket({ type: 'socket.joined', join, machine, balance: 0 });
  socket({ type: 'socket.realityCheck', session: books });
  return { game, sent, server: (event: AnyEventObject) => socket(event) };
}

describe('the reality check dialog', () => {
  it("shows the operator's books — time played, bets, wins and the net — and cannot be waved away", async () => {
    const { game, sent } = checked();
    await renderDialog(game);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(screen.getByTestId('check-time').textContent).toBe('1:02:05');
    expect(screen.getByTestId('check-bets').textContent).toBe('$24.00');
    expect(screen.getByTestId('check-wins').textContent).toBe('$9.50');
    expect(screen.getByTestId('check-net').textContent).toBe('-$14.50');
    // Continue has the focus; Esc and a click beside it leave it up, and nothing is answered.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue playing' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(document.body);
    expect(dialog.isConnected).toBe(true);
    expect(sent.filter((m) => m.type === 'realityCheck')).toEqual([]);
  });

  it('Continue answers once and closes when the floor has taken it', async () => {
    const { game, sent, server } = checked();
    await renderDialog(game);
    const carryOn = await screen.findByRole('button', { name: 'Continue playing' });
    await userEvent.click(carryOn);
    await userEvent.click(carryOn);
    const answers = sent.filter((m) => m.type === 'realityCheck');
    expect(answers).toEqual([{ type: 'realityCheck', answer: 'continue', requestId: expect.any(String) }]);
    // Busy while the answer is on its way, and the focus stays where the player put it.
    expect(carryOn.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(carryOn);
    server({ type: 'socket.ack', request: 'realityCheck', requestId: answers[0]!.requestId });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
