import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';
import { MinorUnits } from './player.ts';

/** Machine statuses (SPEC §4 reconnect texts and the lobby). */
export const MachineStatus = lazySchema(() => z.enum([
  'free',
  'playing',
  'waiting',
  'inBonus',
  'tryingCashout',
  'error',
  'malfunction',
  'offline',
]));
export type MachineStatus = z.infer<typeof MachineStatus>;

/** A lobby entry of GET /machine/brands. jackpot is a comma-separated list of amounts (SPEC §3). */
export const Brand = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  jackpot: z.string(),
  machineCount: z._default(z.int().check(z.nonnegative()), 0),
}));
export type Brand = z.infer<typeof Brand>;

/**
 * The amounts of a Brand's `jackpot` in minor units: the wire writes major units with up to two
 * decimals ('1523.45, 700'), read digit by digit rather than through floats. An entry that is not
 * such an amount is left out.
 */
export function jackpotAmounts(jackpot: string): number[] {
  const amounts: number[] = [];
  for (const entry of jackpot.split(',')) {
    const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(entry.trim());
    if (match) amounts.push(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
  }
  return amounts;
}

export const Reservation = lazySchema(() => z.object({
  playerId: z.int(),
  /** Epoch ms when the reservation lapses. */
  until: z.int(),
  /** True when the reservation is the asking player's own. */
  mine: z.boolean(),
}));
export type Reservation = z.infer<typeof Reservation>;

/** A machine as GET /machine/all and /machine/{brandId} list it. */
export const Machine = lazySchema(() => z.object({
  id: z.int(),
  name: z.string(),
  brand: z.string(),
  brandId: z.int(),
  status: MachineStatus,
  /** Absent: the client builds /images/machines/{lowercase brand}.svg (SPEC §3). */
  image: z.optional(z.nullable(z.string())),
  reservation: z.nullable(Reservation),
  videoType: z.enum(['screen', 'camera']),
  minBet: MinorUnits,
}));
export type Machine = z.infer<typeof Machine>;

export const BrandWithMachines = lazySchema(() => z.object({ brand: Brand, machines: z.array(Machine) }));
export type BrandWithMachines = z.infer<typeof BrandWithMachines>;

/** Amount action codes (SPEC §3). */
export const AmountAction = {
  deposit: 1,
  withdraw: 2,
  cashIn: 3,
  cashOut: 4,
  handPay: 5,
  jackpot: 6,
} as const;
export type AmountAction = (typeof AmountAction)[keyof typeof AmountAction];

/**
 * The widths, in pixels, our machine pictures are made in (scripts/machine-pictures.ts, 4:3 WebP):
 * the first is a phone's two-column tile or a desktop's at its usual density, the second the same
 * tile on a dense screen.
 */
export const MACHINE_PICTURE_WIDTHS = [400, 800] as const;

/** Where our machine picture `name` (a design of art/machines/) is served at `width`. */
export function machinePictureFile(name: string, width: (typeof MACHINE_PICTURE_WIDTHS)[number]): string {
  return width === MACHINE_PICTURE_WIDTHS[0] ? `/images/machines/${name}.webp` : `/images/machines/${name}@${width}w.webp`;
}

/** Image path the client builds when a machine has none (SPEC §3): its brand's picture. */
export function brandImagePath(brand: string): string {
  return machinePictureFile(brand.toLowerCase().replace(/[^a-z0-9]+/g, '-'), MACHINE_PICTURE_WIDTHS[0]);
}

const OUR_PICTURE = /^\/images\/machines\/([a-z0-9-]+)\.webp$/;

/**
 * The `srcset` of a machine's picture when it is one of ours (every width it is made in), so a
 * dense screen gets the sharper one; undefined for any other address (an operator's own picture).
 */
export function machinePictureSrcSet(image: string): string | undefined {
  const name = OUR_PICTURE.exec(image)?.[1];
  return name === undefined ? undefined : MACHINE_PICTURE_WIDTHS.map((width) => `${machinePictureFile(name, width)} ${width}w`).join(', ');
}
