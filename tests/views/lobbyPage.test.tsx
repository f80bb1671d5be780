import { act, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { lobbyMachine, type LobbyData, type LobbyMachine, type LobbyMachineStatus } from '../../machines/lobby.ts';
import { LobbyPage } from '../../src/features/product/lobby/LobbyPage.tsx';
import { FIRST_SCREEN_BRANDS } from '../../protocol/pages.ts';
import { CATCH_UP_STEP_MS } from '../../src/features/product/lobby/tileFeed.ts';
import { desktop, quietFrames, renderChrome } from './layoutKit.tsx';

beforeEach(() => {
  desktop();
  quietFrames();
});
afterEach(() => vi.restoreAllMocks());

function floor(count: number): LobbyData {
  const machines: LobbyMachine[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Machine ${i + 1}`,
    brand: 'Golden Reels',
    brandId: 1,
    status: i % 2 === 0 ? 'free' : 'playing',
    image: 'data:,',
    reservation: null,
    videoType: 'screen',
    minBet: 20,
  }));
  return { brands: [{ id: 1, name: 'Golden Reels', jackpots: [], machineCount: count }], machines };
}

type Live = (changes: Array<{ id: number; status: LobbyMachineStatus }>) => void;

async function renderLobby(count: number, showLobby = false, jackpots: number[] = [], onLive: (live: Live) => void = () => {}, brands?: LobbyData['brands']) {
  const data = floor(count);
  data.brands[0]!.jackpots = jackpots;
  if (brands) data.brands = brands;
  const lobby = lobbyMachine.provide({
    actors: {
      fetchLobby: fromPromise(async () => data),
      // The notification socket's batches, in the test's hand.
      liveStatuses: fromCallback(({ sendBack }) => {
        onLive((changes) => sendBack({ type: 'server.statuses', changes }));
      }),
    },
  });
  // The kit's router wants an outlet in its layout route; the lobby page is rendered above it.
  return renderChrome(
    <>
      <LobbyPage />
      <Outlet />
    </>,
    { settings: { SHOW_LOBBY: showLobby }, logic: { lobby } },
  );
}

describe('lobby page', () => {
  it('a small floor is one grid of tiles, each with its status and its way to play', async () => {
    await renderLobby(5);
    const tiles = await screen.findAllByTestId(/^machine-\d+$/);
    expect(tiles).toHaveLength(5);
    expect(within(tiles[0]!).getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(tiles[1]!.getAttribute('data-status')).toBe('playing');
  });

  it('a big floor keeps every tile, in blocks of 48 that are skipped while out of view', async () => {
    await renderLobby(100);
    const tiles = await screen.findAllByTestId(/^machine-\d+$/);
    expect(tiles).toHaveLength(100);
    const blocks = new Set(tiles.map((tile) => tile.parentElement));
    expect([...blocks].map((block) => block!.children.length)).toEqual([48, 48, 4]);
    // In order: the first tile of the second block is the 49th machine.
    expect(tiles[48]!.parentElement).not.toBe(tiles[47]!.parentElement);
    expect(tiles[48]!.getAttribute('data-testid')).toBe('machine-49');
  });

  it("the first screen's brand pictures are asked for at once and first; the brands after them when in view", async () => {
    const more = Array.from({ length: FIRST_SCREEN_BRANDS + 2 }, (_, i) => ({ id: i + 1, name: `Brand ${i + 1}`, jackpots: [], machineCount: 1 }));
    await renderLobby(1, true, [], () => {}, more);
    const pictures = await waitFor(() => {
      const found = screen.getAllByTestId(/^brand-\d+$/).map((tile) => tile.querySelector('img')!);
      expect(found).toHaveLength(more.length);
      return found;
    });
    expect(pictures.map((picture) => [picture.getAttribute('loading'), picture.getAttribute('fetchpriority')])).toEqual([
      ...Array.from({ length: FIRST_SCREEN_BRANDS }, () => ['eager', 'high']),
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
  });

  it("a brand's tile shows its jackpots as money, from the minor units the service read", async () => {
    await renderLobby(2, true, [152_345, 700]);
    const brand = await screen.findByTestId('brand-1');
    expect(brand.textContent).toContain('Jackpot $1,523.45 · $7.00');
  });

  it("a block of a big floor out of view holds its tiles' changes until it comes near, or until the catch-up reaches it", async () => {
    // The browser's IntersectionObserver, in the test's hand: which blocks are near the viewport.
    const observers = new Map<Element, (entries: Array<{ isIntersecting: boolean }>) => void>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly report: (entries: Array<{ isIntersecting: boolean }>) => void;
        constructor(report: (entries: Array<{ isIntersecting: boolean }>) => void) {
          this.report = report;
        }
        observe(element: Element) {
          observers.set(element, this.report);
        }
        disconnect() {}
      },
    );
    try {
      let live: Live = () => {};
      await renderLobby(100, false, [], (hand) => (live = hand));
      const tiles = await screen.findAllByTestId(/^machine-\d+$/);
      const blockOf = (tile: HTMLElement) => tile.parentElement!;
      const status = (id: number) => screen.getByTestId(`machine-${id}`).getAttribute('data-status');
      // The first block is in view, the second and third are not.
      act(() => {
        observers.get(blockOf(tiles[0]!))!([{ isIntersecting: true }]);
        observers.get(blockOf(tiles[48]!))!([{ isIntersecting: false }]);
        observers.get(blockOf(tiles[96]!))!([{ isIntersecting: false }]);
      });
      act(() => live([{ id: 1, status: 'offline' }, { id: 50, status: 'offline' }, { id: 98, status: 'offline' }]));
      // In view: at once. Out of view: as it was.
      expect(status(1)).toBe('offline');
      expect(status(50)).toBe('playing');
      expect(status(98)).toBe('playing');
      // The second block comes near: its tiles catch up at once.
      act(() => observers.get(blockOf(tiles[48]!))!([{ isIntersecting: true }]));
      expect(status(50)).toBe('offline');
      expect(status(98)).toBe('playing');
      // The third, still out of view, catches up on its turn.
      await waitFor(() => expect(status(98)).toBe('offline'), { timeout: 4 * CATCH_UP_STEP_MS });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
