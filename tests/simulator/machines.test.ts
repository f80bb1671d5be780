import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ErrorCode } from '../../protocol/errors.ts';
import { Brand, brandImagePath, BrandWithMachines, Machine, machinePictureSrcSet } from '../../protocol/floor.ts';
import { FloorCode } from '../../protocol/sockets.ts';
import { call, errorOf, loginToken, MINUTE, startTestSimulator, START_TIME, type TestSimulator } from './helpers.ts';

/** The lobby calls: GET /api/machine/brands, /api/machine/all, /api/machine/:brandId. */

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  // The real public/ folder as the static root, so the artwork paths can be fetched.
  t = await startTestSimulator({ staticDir: resolve('public') });
  token = await loginToken(t);
});
afterEach(async () => {
  await t.close();
});

/** As the demo player by default; null sends no token. */
const get = (path: string, as: string | null = token) => call(`${t.url}${path}`, as === null ? {} : { token: as });

describe('GET /api/machine/brands', () => {
  it('lists the brands with their pool as the jackpot string and their machine counts', async () => {
    const answer = await get('/api/machine/brands');
    expect(answer.status).toBe(200);
    const brands = z.array(Brand).parse(answer.body);
    expect(brands[0]).toEqual({ id: 1, name: 'Golden Reels', jackpot: '1523.45', machineCount: 4 });
    expect(brands.map((brand) => [brand.id, brand.jackpot, brand.machineCount])).toEqual([
      [1, '1523.45', 4],
      [2, '789.10', 4],
      [3, '312.50', 3],
      [4, '4120.75', 3],
      [5, '2648.30', 3],
    ]);
  });

  it('follows the pool as it moves', async () => {
    t.sim.store.database.prepare('UPDATE brands SET jackpot_pool = 100005 WHERE id = 3').run();
    const brands = z.array(Brand).parse((await get('/api/machine/brands')).body);
    expect(brands.find((brand) => brand.id === 3)?.jackpot).toBe('1000.05');
  });
});

describe('GET /api/machine/all', () => {
  it('lists every machine with status, image, video type and minimum bet', async () => {
    const machines = z.array(Machine).parse((await get('/api/machine/all')).body);
    expect(machines).toHaveLength(17);
    expect(machines[0]).toEqual({
      id: 1,
      name: 'Golden Reels 01',
      brand: 'Golden Reels',
      brandId: 1,
      status: 'free',
      image: null,
      reservation: null,
      videoType: 'screen',
      minBet: 20,
    });
    expect(machines.find((machine) => machine.id === 6)).toMatchObject({
      videoType: 'camera',
      image: '/images/machines/lucky-sevens-live.webp',
      minBet: 100,
    });
  });

  it("shows player2's reservation, marked mine only for player2, until it lapses", async () => {
    const player2 = await loginToken(t, 'player2', 'player2pass');
    const reservedFor = (machines: Machine[]) => machines.find((machine) => machine.id === 7)?.reservation;

    const seenByDemo = reservedFor(z.array(Machine).parse((await get('/api/machine/all')).body));
    expect(seenByDemo).toEqual({ playerId: 2, until: START_TIME + 30 * MINUTE, mine: false });
    const seenByOwner = reservedFor(z.array(Machine).parse((await get('/api/machine/all', player2)).body));
    expect(seenByOwner).toMatchObject({ playerId: 2, mine: true });

    t.clock.now = START_TIME + 30 * MINUTE;
    expect(reservedFor(z.array(Machine).parse((await get('/api/machine/all')).body))).toBeNull();
  });

  it('serves every image the lobby names, or the brand fallback, as WebP in each width of its srcset', async () => {
    const machines = z.array(Machine).parse((await get('/api/machine/all')).body);
    const paths = new Set(machines.map((machine) => machine.image ?? brandImagePath(machine.brand)));
    expect(paths.size).toBe(9);
    for (const path of paths) {
      const srcSet = machinePictureSrcSet(path);
      expect(srcSet, path).toBeDefined();
      const each = [path, ...(srcSet ?? '').split(', ').map((entry) => entry.split(' ')[0] ?? '')];
      expect(new Set(each).size, path).toBe(2);
      for (const file of each) {
        const response = await fetch(`${t.url}${file}`);
        expect(response.status, file).toBe(200);
        expect(response.headers.get('content-type'), file).toBe('image/webp');
        const bytes = Buffer.from(await response.arrayBuffer());
        expect([bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)], file).toEqual(['RIFF', 'WEBP']);
      }
    }
  });
});

describe('GET /api/machine/:brandId', () => {
  it('answers the brand and only its machines', async () => {
    const answer = await get('/api/machine/2');
    expect(answer.status).toBe(200);
    const { brand, machines } = BrandWithMachines.parse(answer.body);
    expect(brand).toEqual({ id: 2, name: 'Lucky Sevens', jackpot: '789.10', machineCount: 4 });
    expect(machines.map((machine) => machine.id)).toEqual([5, 6, 7, 8]);
    expect(machines.every((machine) => machine.brandId === 2)).toBe(true);
  });

  it('answers 404 60006 for an unknown brand', async () => {
    const answer = await get('/api/machine/99');
    expect(answer.status).toBe(404);
    expect(errorOf(answer)).toMatchObject({ code: FloorCode.unknownMachine, Params: { brandId: 99 } });
  });

  it('answers 400 40000 for an id that is not a positive integer', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '01', '%20', '1e3', '9999999999999999']) {
      const answer = await get(`/api/machine/${id}`);
      expect(answer.status, id).toBe(400);
      expect(errorOf(answer).code, id).toBe(ErrorCode.invalidRequest);
    }
  });

  it('answers 405 for a method the lobby does not take', async () => {
    for (const path of ['/api/machine/2', '/api/machine/all', '/api/machine/brands']) {
      const answer = await call(`${t.url}${path}`, { method: 'POST', token });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.get('allow'), path).toBe('GET');
    }
  });
});

describe('lobby authentication', () => {
  it('answers 401 without a token or with a bad one', async () => {
    for (const path of ['/api/machine/brands', '/api/machine/all', '/api/machine/1', '/api/machine/abc']) {
      const missing = await get(path, null);
      expect(missing.status, path).toBe(401);
      expect(errorOf(missing).code).toBe(ErrorCode.invalidRequest);
      const forged = await get(path, 'not-a-token');
      expect(forged.status, path).toBe(401);
      expect(errorOf(forged).code).toBe(ErrorCode.signatureNotVerified);
    }
  });
});
