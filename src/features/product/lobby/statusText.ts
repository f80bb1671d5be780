import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Joinability } from '../../../../machines/lobby.ts';
import type { MachineStatus } from '../../../../protocol/floor.ts';

export const STATUS_TEXT: Record<MachineStatus, MessageDescriptor> = {
  free: msg`Free`,
  playing: msg`Playing`,
  waiting: msg`Waiting`,
  inBonus: msg`In bonus`,
  tryingCashout: msg`Cashing out`,
  error: msg`Error`,
  malfunction: msg`Malfunction`,
  offline: msg`Offline`,
};

/** Why a machine cannot be joined, said on its tile. */
export const JOIN_BLOCK_TEXT: Record<Exclude<Joinability, 'ok'>, MessageDescriptor> = {
  busy: msg`Another player is on this machine`,
  outOfService: msg`Out of service`,
  reserved: msg`Reserved for another player`,
  noBalance: msg`Deposit funds to play`,
};
