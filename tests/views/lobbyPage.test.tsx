import { screen, within } from '@testing-library/react';
import { Outlet } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { lobbyMachine, type LobbyData, type LobbyMachine } from '../../machines/lobby.ts';
import { LobbyPage } from '../../src/features/product/lobby/LobbyPage.tsx';
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

async function renderLobby(count: number, showLobby = false, jackpots: number[] = []) {
  const data = floor(count);
  data.brands[0]!.jackpots = jackpots;
  const lobby = lobbyMachine.provide({ actors: { fetchLobby: fromPromise(async () => data) } });
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

  it("a brand's tile shows its jackpots as money, from the minor units the service read", async () => {
    await renderLobby(2, true, [152_345, 700]);
    const brand = await screen.findByTestId('brand-1');
    expect(brand.textContent).toContain('Jackpot $1,523.45 · $7.00');
  });
});
