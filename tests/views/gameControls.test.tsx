import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyEventObject } from 'xstate';
import { gameSessionMachine, type JoinInfo, type MachineRequest, type MachineView } from '../../machines/gameSession.ts';
import { videoLinkMachine } from '../../machines/videoLink.ts';
import { JURISDICTIONS } from '../../protocol/protection.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { RuntimeProvider, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { pictureWidth } from '../../src/features/product/game/device.ts';
import { breakableCurrency } from '../../src/features/product/common/format.ts';
import { SessionMeter } from '../../src/features/product/game/SessionMeter.tsx';
import { SideBar } from '../../src/features/product/game/SideBar.tsx';
import { renderView } from './render.tsx';

const join: JoinInfo = {
  machineName: 'Golden Reels 01', brand: 'Golden Reels', videoType: 'screen', hotCoins: [500, 5000], maxAllIn: 2_500_000, rules: null,
  bands: [
    { id: 'hd', name: '360p', Order: 2, width: 640, height: 360, whepUrl: '/whep/1/hd' },
    { id: 'sd', name: '180p', Order: 1, width: 320, height: 180, whepUrl: '/whep/1/sd' },
  ],
};
const machine: MachineView = { credits: 5000, betPerLine: 1, lines: 20, bet: 20, win: 0, freeSpinsLeft: 0, autoplay: false, status: 'playing', jackpot: 0 };

/** The real game session, joined, with a socket that records what is sent and a silent video peer. */
function joinedGame(rules: JoinInfo['rules'] = null) {
  const sent: MachineRequest[] = [];
  let socket: (event: AnyEventObject) => void = () => {};
  const clock = new SimulatedClock();
  const game = createActor(
    gameSessionMachine.provide({
      actors: {
        machineSocket: fromCallback(({ sendBack, receive }) => {
          socket = sendBack;
          receive((event) => sent.push(event.message));
        }),
        video: videoLinkMachine.provide({ actors: { peer: fromCallback(() => {}) } }),
      },
    }),
    { input: { machineId: 1, token: 't', visitId: 'v', balance: 100_000 }, clock },
  ).start();
  game.send({ type: 'user.join' });
  socket({ type: 'socket.joined', join: { ...join, rules }, machine, balance: 100_000 });
  return { game, sent, clock, server: (event: AnyEventObject) => socket(event) };
}

async function renderSideBar(t: ReturnType<typeof joinedGame>) {
  const runtime = { settings: DEFAULT_SETTINGS } as Partial<ViewRuntime> as ViewRuntime;
  return renderView(
    <RuntimeProvider runtime={runtime}>
      <SideBar game={t.game} />
    </RuntimeProvider>,
  );
}

describe('the game control deck', () => {
  it('Autoplay is a switch: its state is aria-checked, a press asks the machine, the machine\'s word sets it', async () => {
    const t = joinedGame();
    await renderSideBar(t);
    const autoplay = screen.getByRole('switch', { name: 'Autoplay' });
    expect(autoplay.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(autoplay);
    expect(t.sent.at(-1)).toMatchObject({ type: 'autoplay', on: true });
    // Not on until the machine says so.
    expect(autoplay.getAttribute('aria-checked')).toBe('false');
    act(() => t.server({ type: 'socket.state', machine: { ...machine, autoplay: true } }));
    expect(screen.getByRole('switch', { name: 'Autoplay' }).getAttribute('aria-checked')).toBe('true');
  });

  it('the bet stepper shows the bet between − and +, and each asks the machine', async () => {
    const t = joinedGame();
    await renderSideBar(t);
    const stepper = screen.getByRole('group', { name: 'Bet' });
    expect(screen.getByTestId('game-bet').textContent).toBe('$0.20');
    fireEvent.click(within(stepper).getByRole('button', { name: 'Bet up' }));
    expect(t.sent.at(-1)).toMatchObject({ type: 'button', button: 'betUp' });
  });

  it('free spins left: the bet cannot be changed (Bet up, Bet down, Max bet and Lines are off), Spin plays them, and the count is shown', async () => {
    const t = joinedGame();
    await renderSideBar(t);
    act(() => t.server({ type: 'socket.state', machine: { ...machine, freeSpinsLeft: 4 } }));
    for (const name of ['Bet up', 'Bet down', 'Max bet', /^Lines/]) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, String(name)).toBe(true);
    }
    expect((screen.getByRole('button', { name: 'Spin' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bet up' }));
    expect(t.sent.filter((m) => m.type === 'button')).toEqual([]);
    // Played: the bet is the player's again.
    act(() => t.server({ type: 'socket.state', machine: { ...machine, freeSpinsLeft: 0 } }));
    expect((screen.getByRole('button', { name: 'Bet up' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('where the jurisdiction bans autoplay (uk) it is not offered; the rest of the game cycle fills the Spin button, which waits for it', async () => {
    const t = joinedGame(JURISDICTIONS.uk);
    await renderSideBar(t);
    expect(screen.queryByRole('switch', { name: 'Autoplay' })).toBeNull();
    const spin = screen.getByRole('button', { name: 'Spin' });
    fireEvent.click(spin);
    const id = (t.sent.at(-1) as { requestId: string }).requestId;
    act(() => {
      t.server({ type: 'socket.spinStart', spin: { bet: 20, freeSpin: false, settlesAt: 0, settlesInMs: 2000 } });
      t.server({ type: 'socket.ack', request: 'spin', requestId: id });
      t.server({ type: 'socket.spin', spin: { reels: [], totalWin: 0, bet: 20, freeSpin: false, jackpotWin: 0 } });
    });
    // The reels stopped at 2 s; the UK's game lasts 2.5 s: Spin waits 500 ms, its bar filling.
    expect(spin.hasAttribute('disabled')).toBe(true);
    expect(spin.getAttribute('data-resting')).toBe('true');
    expect((spin.querySelector('.cycle') as HTMLElement).style.animationDuration).toBe('500ms');
    act(() => t.clock.increment(500));
    expect(spin.hasAttribute('disabled')).toBe(false);
    expect(spin.querySelector('.cycle')).toBeNull();
  });

  it('where the stake is capped (de), Bet up stops at it; autoplay is offered where it is allowed', async () => {
    const t = joinedGame(JURISDICTIONS.de);
    await renderSideBar(t);
    const up = within(screen.getByRole('group', { name: 'Bet' })).getByRole('button', { name: 'Bet up' });
    expect(up.hasAttribute('disabled')).toBe(false);
    act(() => t.server({ type: 'socket.state', machine: { ...machine, betPerLine: 5, bet: 100 } }));
    expect(up.hasAttribute('disabled')).toBe(true);
    const allowed = joinedGame(JURISDICTIONS.se);
    await renderSideBar(allowed);
    expect(screen.getAllByRole('switch', { name: 'Autoplay' })).toHaveLength(1);
  });

  it('the link\'s figures are behind the info button; the volume is labelled and says its level; sound is a toggle', async () => {
    const t = joinedGame();
    await renderSideBar(t);
    const info = screen.getByRole('button', { name: 'Video details' });
    expect(info.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('video-details')?.hidden).toBe(true);
    fireEvent.click(info);
    expect(info.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('video-details')?.hidden).toBe(false);

    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume.getAttribute('aria-valuetext')).toBe('100%');
    const sound = screen.getByRole('button', { name: 'Sound' });
    expect(sound.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(sound);
    expect(screen.getByRole('button', { name: 'Sound' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(volume, { target: { value: '40' } });
    expect(screen.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuetext')).toBe('40%');
    expect(t.game.getSnapshot().context.volume).toBe(0.4);
  });

  it('the coins come right after Money transfer in the tab order', async () => {
    const t = joinedGame();
    await renderSideBar(t);
    fireEvent.click(screen.getByRole('button', { name: 'Money transfer' }));
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    const at = buttons.indexOf(screen.getByRole('button', { name: 'Money transfer' }) as HTMLButtonElement);
    const coins = within(screen.getByRole('group', { name: 'Transfer to the machine' })).getAllByRole('button');
    expect(buttons.slice(at + 1, at + 1 + coins.length)).toEqual(coins);
  });

  it('the quality button names the band that plays', async () => {
    const t = joinedGame();
    await renderSideBar(t);
    expect(screen.getByRole('button', { name: 'Video quality: 360p' }).getAttribute('aria-haspopup')).toBe('menu');
  });

  it('speaks Turkish and Arabic', async () => {
    const t = joinedGame();
    await renderSideBar(t);
    await act(async () => {
      const { activateLanguage } = await import('../../src/ui/i18n.ts');
      await activateLanguage('tr');
    });
    expect(screen.getByRole('switch', { name: 'Otomatik oyun' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Görüntü ayrıntıları' })).toBeTruthy();
  });
});

describe('how wide the picture is shown (the first band is chosen by it)', () => {
  it('upright the full width; in landscape what the side bar leaves, at most 16:9 of the height', () => {
    expect(pictureWidth(1280, 800)).toBe(960);
    expect(pictureWidth(1920, 1080)).toBe(1600);
    expect(pictureWidth(390, 844)).toBe(390);
    expect(pictureWidth(844, 390)).toBe(588);
    expect(pictureWidth(640, 400)).toBe(384);
  });
});


describe("the session's time played and net position (player protection)", () => {
  it('a wide currency may break from its figure, never the figure itself (Arabic US$, Bulgarian thousands)', () => {
    const arabic = new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', signDisplay: 'always' }).format(0.4);
    expect(breakableCurrency(arabic)).not.toContain('\u00a0');
    const bulgarian = new Intl.NumberFormat('bg', { style: 'currency', currency: 'USD', signDisplay: 'always' }).format(12345.67);
    const kept = breakableCurrency(bulgarian);
    // The thousands separator stays unbreakable; the one before the currency may break.
    expect(kept).toMatch(/12\u00a0345,67 /);
  });

  const books = { id: 9, machineId: 1, startedAt: 0, spins: 3, freeSpins: 0, cashIn: 5000, cashOut: 0 };

  async function renderMeter(t: ReturnType<typeof joinedGame>, language: 'en' | 'ar' = 'en', serverNow?: () => number) {
    const runtime = { settings: DEFAULT_SETTINGS, serverNow } as Partial<ViewRuntime> as ViewRuntime;
    return renderView(
      <RuntimeProvider runtime={runtime}>
        <SessionMeter game={t.game} />
      </RuntimeProvider>,
      language,
    );
  }

  it('shows the time as the operator counted it, counted on by this device, and the net position with its sign', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    try {
      const t = joinedGame();
      await renderMeter(t);
      // No books told yet: nothing to show.
      expect(screen.queryByRole('group', { name: 'This session' })).toBeNull();
      act(() => t.server({ type: 'socket.session', session: { ...books, playedMs: 65_000, bets: 60, wins: 25 } }));
      const meter = screen.getByRole('group', { name: 'This session' });
      expect(within(meter).getByTestId('session-time').textContent).toBe('Played 1:05');
      expect(within(meter).getByTestId('session-net').textContent).toBe('Net -$0.35');
      act(() => void vi.advanceTimersByTime(2_000));
      expect(within(meter).getByTestId('session-time').textContent).toBe('Played 1:07');
      // The operator's next word is what counts (not this device's count).
      act(() => t.server({ type: 'socket.session', session: { ...books, playedMs: 3_600_000, bets: 60, wins: 160 } }));
      expect(within(meter).getByTestId('session-time').textContent).toBe('Played 1:00:00');
      expect(within(meter).getByTestId('session-net').textContent).toBe('Net +$1.00');
    } finally {
      vi.useRealTimers();
    }
  });

  it("where the rules say so (Sweden), a clock: the time of day by the operator's clock, not the device's, turning with the minute", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    try {
      // The operator's clock is 3 h 25 min ahead of this device's.
      let operator = Date.now() + (3 * 60 + 25) * 60_000;
      const serverNow = () => operator;
      const clockOf = (at: number) => new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(new Date(at));
      const t = joinedGame({ ...JURISDICTIONS.se, realityCheckMs: 3_600_000 });
      await renderMeter(t, 'en', serverNow);
      act(() => t.server({ type: 'socket.session', session: { ...books, playedMs: 5_000, bets: 0, wins: 0 } }));
      const shown = () => screen.getByTestId('session-clock').textContent;
      expect(shown()).toBe(`Time ${clockOf(serverNow())}`);
      expect(clockOf(serverNow())).not.toBe(clockOf(Date.now()));
      // A minute on, by the operator's clock: the next minute is shown within a second.
      const before = shown();
      operator += 60_000;
      act(() => void vi.advanceTimersByTime(1_000));
      expect(shown()).toBe(`Time ${clockOf(serverNow())}`);
      expect(shown()).not.toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('no clock where the rules have none (every profile but Sweden, or an operator from before)', async () => {
    for (const rules of [JURISDICTIONS.default, JURISDICTIONS.uk, JURISDICTIONS.de, null]) {
      const t = joinedGame(rules === null ? null : { ...rules, realityCheckMs: 3_600_000 });
      const view = await renderMeter(t);
      act(() => t.server({ type: 'socket.session', session: { ...books, playedMs: 5_000, bets: 0, wins: 0 } }));
      expect(screen.getByTestId('session-time')).toBeTruthy();
      expect(screen.queryByTestId('session-clock')).toBeNull();
      view.unmount();
    }
  });

  it('shows only what an operator tells: the time without bets and wins, the net without the time, nothing without either', async () => {
    const t = joinedGame();
    await renderMeter(t);
    act(() => t.server({ type: 'socket.session', session: { ...books, playedMs: 5_000 } }));
    expect(screen.getByTestId('session-time').textContent).toBe('Played 0:05');
    expect(screen.queryByTestId('session-net')).toBeNull();
    act(() => t.server({ type: 'socket.session', session: { ...books, bets: 40, wins: 40 } }));
    expect(screen.queryByTestId('session-time')).toBeNull();
    expect(screen.getByTestId('session-net').textContent).toBe('Net $0.00');
    act(() => t.server({ type: 'socket.session', session: books }));
    expect(screen.queryByRole('group', { name: 'This session' })).toBeNull();
  });

  it('a frame that tells the same time again is counted on from, not from the first (an operator that stopped counting)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    try {
      const t = joinedGame();
      await renderMeter(t);
      act(() => t.server({ type: 'socket.session', session: { ...books, playedMs: 10_000 } }));
      act(() => void vi.advanceTimersByTime(5_000));
      expect(screen.getByTestId('session-time').textContent).toBe('Played 0:15');
      act(() => t.server({ type: 'socket.session', session: { ...books, playedMs: 10_000 } }));
      expect(screen.getByTestId('session-time').textContent).toBe('Played 0:10');
    } finally {
      vi.useRealTimers();
    }
  });
});
