import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';

/**
 * Player protection: the rules of play a jurisdiction writes down, as the operator's
 * JURISDICTION setting names them (protocol/protection.ts has the rules). A file of its own:
 * the settings name the jurisdiction, and every page's boot reads the settings, not the rules.
 */
export const Jurisdiction = lazySchema(() => z.enum(['default', 'uk', 'de', 'se']));
export type Jurisdiction = z.infer<typeof Jurisdiction>;
