import type { Tokens } from '../auth/tokens.ts';
import type { ControlState } from '../control/state.ts';
import type { AddressGate } from '../limits/address-gate.ts';
import type { NotificationHub } from '../notify/hub.ts';
import type { Ledger } from '../store/ledger.ts';
import type { ProtectionStore } from '../store/protection.ts';
import type { Store } from '../store/store.ts';
import type { SessionEnds } from './session-end.ts';

/** What the API handlers share; built once by the server. */
export interface ApiDeps {
  store: Store;
  ledger: Ledger;
  /** Player protection: the locks players chose, and the record of every protection choice. */
  protection: ProtectionStore;
  /** Pushes to the players' notification sockets (balance changes made over REST). */
  hub: NotificationHub;
  tokens: Tokens;
  /** Ends login sessions everywhere at once (REST token and both sockets). */
  sessions: SessionEnds;
  control: ControlState;
  /** Login and register attempts per address (429 10708 beyond the fair share). */
  gate: AddressGate;
  now: () => number;
  jwtTtlSeconds: number;
}

/** Reported as LoginResult.versions. */
export const SIMULATOR_VERSION = 'sim-1.0.0';
