/**
 * ipCheck's named selectors: what the visitor is shown before anything else, from the chart's
 * tags (ip:*) and the answer it keeps.
 */
import type { SnapshotFrom } from 'xstate';
import type { IpCheckAnswer, ipCheckMachine } from './ipCheck.ts';

type IpCheckSnapshot = SnapshotFrom<typeof ipCheckMachine>;

/** The gate the check holds the visitor at, or null once they are let through. */
export type IpGate = 'checking' | 'blocked' | 'unreachable';

export const selectIpGate = (snapshot: IpCheckSnapshot): IpGate | null =>
  snapshot.hasTag('ip:checking') ? 'checking' : snapshot.hasTag('ip:blocked') ? 'blocked' : snapshot.hasTag('ip:unreachable') ? 'unreachable' : null;

/** Where the check says the visitor is (the block screen names the country and the IP). */
export const selectIpAnswer = (snapshot: IpCheckSnapshot): IpCheckAnswer | null => snapshot.context.answer;

/** A check failed and the next waits out its backoff: a trouble the visitor is told of, not a step of the boot. */
export const selectIpRetrying = (snapshot: IpCheckSnapshot): boolean => snapshot.matches('waiting');
