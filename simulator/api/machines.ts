import { z } from 'zod/mini';
import { Brand, BrandWithMachines, Machine } from '../../protocol/floor.ts';
import { FloorCode } from '../../protocol/sockets.ts';
import { validate } from '../http/body.ts';
import { ApiFailure } from '../http/errors.ts';
import { ok, type Route } from '../http/router.ts';
import { FleetStore, type BrandRecord, type MachineRecord } from '../store/fleet.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';
import { formatMajor } from './money.ts';

/** The lobby: brands with their jackpots, and machines with status and reservation. */

const BrandIdParams = z.object({
  brandId: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/, 'a brand id is a positive integer')), z.transform(Number)),
});

// The answers' schemas (ok parses on the way out: a drift between simulator and protocol fails here).
const Brands = z.array(Brand);
const Machines = z.array(Machine);

export function machineRoutes(deps: ApiDeps): Route[] {
  const fleet = new FleetStore(deps.store);
  return [
    {
      method: 'GET',
      path: '/api/machine/brands',
      handle: async (request) => {
        await authenticate(request.raw, deps);
        return ok(Brands, fleet.brands().map(toBrand));
      },
    },
    {
      method: 'GET',
      path: '/api/machine/all',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const now = deps.now();
        return ok(Machines, fleet.machines().map((machine) => toMachine(machine, player.id, now)));
      },
    },
    {
      method: 'GET',
      path: '/api/machine/:brandId',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const { brandId } = validate(BrandIdParams, request.params);
        const brand = fleet.brand(brandId);
        if (!brand) throw new ApiFailure(404, FloorCode.unknownMachine, 'unknown brand', { brandId });
        const now = deps.now();
        const machines = fleet.machinesOfBrand(brandId).map((machine) => toMachine(machine, player.id, now));
        return ok(BrandWithMachines, { brand: toBrand(brand), machines });
      },
    },
  ];
}

/** One progressive pool per brand, so the comma-separated jackpot list has one entry. */
function toBrand(brand: BrandRecord): Brand {
  return { id: brand.id, name: brand.name, jackpot: formatMajor(brand.jackpotPool), machineCount: brand.machineCount };
}

function toMachine(machine: MachineRecord, playerId: number, now: number): Machine {
  const { occupantId, reservedUntil } = machine;
  return {
    id: machine.id,
    name: machine.name,
    brand: machine.brandName,
    brandId: machine.brandId,
    status: machine.status,
    image: machine.image,
    // A lapsed reservation is no reservation, whether or not the floor has cleared it yet.
    reservation:
      occupantId !== null && reservedUntil !== null && reservedUntil > now
        ? { playerId: occupantId, until: reservedUntil, mine: occupantId === playerId }
        : null,
    videoType: machine.videoType,
    minBet: machine.minBet,
  };
}
