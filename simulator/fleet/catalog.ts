import { MACHINE_PICTURE_WIDTHS, machinePictureFile, type MachineStatus } from '../../protocol/floor.ts';

/**
 * The fleet a fresh data folder starts with: five brands and seventeen machines. Most are free
 * so players can play; one of each other status lets the lobby and the reconnect texts be seen.
 * Ids are fixed so client tests can name machines. Images: a machine-specific picture, or null so
 * the client falls back to /images/machines/{brand slug}.webp (brandImagePath); every path
 * either way is a file under public/images/machines/, made from a design of art/machines/
 * (scripts/machine-pictures.ts).
 */

export interface BrandSeed {
  id: number;
  name: string;
  /** Minor units. The pool starts above the seed, as if the floor had been running. */
  jackpotSeed: number;
  jackpotPool: number;
}

export interface MachineSeed {
  id: number;
  brandId: number;
  name: string;
  status: MachineStatus;
  image: string | null;
  videoType: 'screen' | 'camera';
  /** The smallest total bet, minor units; the floor starts the bet there (20 lines). */
  minBet: number;
  /** Reserved for this demo player (see RESERVATION_MINUTES). */
  reservedFor?: string;
}

export const FLEET_LINES = 20;

/** How long the seeded reservation holds from the first start. */
export const RESERVATION_MINUTES = 30;

export const BRAND_SEEDS: readonly BrandSeed[] = [
  { id: 1, name: 'Golden Reels', jackpotSeed: 100_000, jackpotPool: 152_345 },
  { id: 2, name: 'Lucky Sevens', jackpotSeed: 50_000, jackpotPool: 78_910 },
  { id: 3, name: 'Fruit Fiesta', jackpotSeed: 25_000, jackpotPool: 31_250 },
  { id: 4, name: 'Diamond Rush', jackpotSeed: 250_000, jackpotPool: 412_075 },
  { id: 5, name: 'Pharaoh Gold', jackpotSeed: 200_000, jackpotPool: 264_830 },
];

const image = (file: string) => machinePictureFile(file, MACHINE_PICTURE_WIDTHS[0]);

export const MACHINE_SEEDS: readonly MachineSeed[] = [
  { id: 1, brandId: 1, name: 'Golden Reels 01', status: 'free', image: null, videoType: 'screen', minBet: 20 },
  { id: 2, brandId: 1, name: 'Golden Reels Deluxe', status: 'free', image: image('golden-reels-deluxe'), videoType: 'screen', minBet: 40 },
  { id: 3, brandId: 1, name: 'Golden Reels 03', status: 'playing', image: null, videoType: 'screen', minBet: 20 },
  { id: 4, brandId: 1, name: 'Golden Reels 04', status: 'error', image: null, videoType: 'screen', minBet: 20 },
  { id: 5, brandId: 2, name: 'Lucky Sevens 01', status: 'free', image: null, videoType: 'screen', minBet: 20 },
  { id: 6, brandId: 2, name: 'Lucky Sevens Live', status: 'free', image: image('lucky-sevens-live'), videoType: 'camera', minBet: 100 },
  {
    id: 7,
    brandId: 2,
    name: 'Lucky Sevens 03',
    status: 'waiting',
    image: null,
    videoType: 'screen',
    minBet: 20,
    reservedFor: 'player2',
  },
  { id: 8, brandId: 2, name: 'Lucky Sevens 04', status: 'inBonus', image: null, videoType: 'screen', minBet: 20 },
  { id: 9, brandId: 3, name: 'Fruit Fiesta 01', status: 'free', image: null, videoType: 'screen', minBet: 20 },
  { id: 10, brandId: 3, name: 'Fruit Fiesta 02', status: 'free', image: null, videoType: 'screen', minBet: 20 },
  { id: 11, brandId: 3, name: 'Fruit Fiesta 03', status: 'tryingCashout', image: null, videoType: 'screen', minBet: 20 },
  { id: 12, brandId: 4, name: 'Diamond Rush Platinum', status: 'free', image: image('diamond-rush-platinum'), videoType: 'screen', minBet: 200 },
  { id: 13, brandId: 4, name: 'Diamond Rush 02', status: 'free', image: null, videoType: 'screen', minBet: 100 },
  { id: 14, brandId: 4, name: 'Diamond Rush 03', status: 'malfunction', image: null, videoType: 'screen', minBet: 100 },
  { id: 15, brandId: 5, name: 'Pharaoh Gold Sphinx', status: 'free', image: image('pharaoh-gold-sphinx'), videoType: 'screen', minBet: 40 },
  { id: 16, brandId: 5, name: 'Pharaoh Gold 02', status: 'free', image: null, videoType: 'screen', minBet: 40 },
  { id: 17, brandId: 5, name: 'Pharaoh Gold 03', status: 'offline', image: null, videoType: 'screen', minBet: 40 },
];
