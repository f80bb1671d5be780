import { z } from 'zod/mini';
import type { LobbyData, LobbyMachine } from '../../machines/lobby.ts';
import { PromoResult, type PromoKind } from '../../protocol/account.ts';
import { OkResponse } from '../../protocol/errors.ts';
import { Brand, BrandWithMachines, Machine, brandImagePath, jackpotAmounts } from '../../protocol/floor.ts';
import type { Http } from './http.ts';

function toLobbyMachine(machine: Machine): LobbyMachine {
  return {
    id: machine.id,
    name: machine.name,
    brand: machine.brand,
    brandId: machine.brandId,
    status: machine.status,
    // SPEC §3: no image → a path built from the lowercase brand name.
    image: machine.image ?? brandImagePath(machine.brand),
    reservation: machine.reservation ? { mine: machine.reservation.mine, until: machine.reservation.until } : null,
    videoType: machine.videoType,
    minBet: machine.minBet,
  };
}

function toLobbyBrands(brands: Brand[]) {
  return brands.map((b) => ({
    id: b.id,
    name: b.name,
    jackpots: jackpotAmounts(b.jackpot),
    machineCount: b.machineCount ?? 0,
  }));
}

/** How long an early lobby answer (`prefetchLobby`) may wait for the lobby's first load. */
export const EARLY_LOBBY_MS = 5000;

/** The lobby, the reconnect dialog's calls and the promos, over the REST API. */
export function createFloorService(http: Http, now: () => number = Date.now) {
  async function load(brandId: number | null): Promise<LobbyData> {
    const brands = http.get('/machine/brands', z.array(Brand));
    if (brandId !== null) {
      const [all, one] = await Promise.all([brands, http.get(`/machine/${brandId}`, BrandWithMachines)]);
      return { brands: toLobbyBrands(all), machines: one.machines.map(toLobbyMachine) };
    }
    const [all, machines] = await Promise.all([brands, http.get('/machine/all', z.array(Machine))]);
    return { brands: toLobbyBrands(all), machines: machines.map(toLobbyMachine) };
  }
  let early: { at: number; answer: Promise<LobbyData> } | null = null;
  return {
    /**
     * Asks for the whole lobby now, while the lobby's page is still on its way: its first load
     * (of every machine, within EARLY_LOBBY_MS) takes this answer instead of asking again.
     */
    prefetchLobby(): void {
      const answer = load(null);
      answer.catch(() => undefined); // its failure is the first load's to report, if it comes
      early = { at: now(), answer };
    },
    lobby({ brandId }: { brandId: number | null; showLobby: boolean }): Promise<LobbyData> {
      const taken = early;
      early = null;
      if (taken && brandId === null && now() - taken.at <= EARLY_LOBBY_MS) return taken.answer;
      return load(brandId);
    },
    async cancel(machineId: number): Promise<void> {
      await http.post('/player/cancel', { machineId }, z.catchall(OkResponse, z.unknown()));
    },
    async kick(machineId: number): Promise<void> {
      await http.post('/player/kick', { machineId }, z.catchall(OkResponse, z.unknown()));
    },
    async claim(kind: PromoKind): Promise<{ amount: number }> {
      const answer = await http.get(`/player/${kind}`, PromoResult);
      return { amount: answer.Params.amount };
    },
  };
}
