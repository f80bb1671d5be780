import type { Role } from '../../../../machines/auth.ts';

export type { Role };

/** SPEC §6 auth sets: admin ⊂ staff ⊂ user; onlyGuest is the empty list (guests only). */
export const AUTH = {
  admin: ['admin'],
  staff: ['admin', 'staff'],
  user: ['admin', 'staff', 'user'],
  onlyGuest: [],
} as const satisfies Record<string, readonly Role[]>;
