/**
 * The lobby's types (STYLE: a types file beside a large machine): what it is started with, holds,
 * hears and tells. machines/lobby.ts is the chart.
 */
import type { Brand, Machine, MachineStatus, Reservation } from '../protocol/floor.ts';
import type { MachineStatusChange } from '../protocol/sockets.ts';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import type { AuthEmitted } from './auth.types.ts';
import type { Failure } from './failure.ts';
import type { WalletRef } from './wallet.ts';

/** A machine's status (the wire's MachineStatus). */
export type LobbyMachineStatus = MachineStatus;

/** One machine's new status, as a live batch lists it (the notification socket's 'machine' frame). */
export type MachineChange = MachineStatusChange;

/** A brand as the lobby shows it: the wire's Brand with its jackpots read into minor units. */
export type LobbyBrand = Pick<Brand, 'id' | 'name' | 'machineCount'> & {
  /** The brand's jackpot amounts, in minor units. */
  jackpots: number[];
};

/** A machine as the lobby shows it: the wire's Machine with its image resolved and its reservation as the player may see it. */
export type LobbyMachine = Omit<Machine, 'image' | 'reservation'> & {
  image: string;
  reservation: Pick<Reservation, 'mine' | 'until'> | null;
};

export interface LobbyData {
  brands: LobbyBrand[];
  machines: LobbyMachine[];
}

export interface LobbyInput {
  showLobby: boolean;
  refreshSeconds: number;
  brandId: number | null;
  /** The login's wallet actor: the lobby follows its balance (walletFeed). */
  wallet?: WalletRef | null;
  /** The login (auth), which tells the floor's live news as the notification socket hears it (liveStatuses). */
  news?: FloorNews | null;
}

/**
 * The login (auth), as the lobby listens to it: it emits the floor's live news as the notification
 * socket hears it — status batches (`machines`) and the player's own session changes (`session`).
 */
export type FloorNews = Pick<ActorRef<Snapshot<unknown>, EventObject, AuthEmitted>, 'on'>;

export interface LobbyContext extends LobbyData {
  wallet: WalletRef | null;
  news: FloorNews | null;
  showLobby: boolean;
  refreshSeconds: number;
  selectedBrand: number | null;
  failure: Failure | null;
  /** The player's wallet balance (minor units), null while unknown: who may join what. */
  balance: number | null;
  /** Loads failed in a row: the backoff grows with them and stops at LOBBY_TRIES. */
  failures: number;
}

export type LobbyEvent =
  | { type: 'route.brand'; brandId: number | null }
  /** A batch of live changes as the notification socket hands them on (the last of each machine). */
  | { type: 'server.statuses'; changes: readonly MachineChange[] }
  /**
   * The player's own session on a machine changed (the notification socket's session frame): a
   * reservation made or ended, which a status batch does not carry — the lobby asks again.
   */
  | { type: 'server.session'; machineId: number; status: 'open' | 'closed' }
  | { type: 'user.retry' }
  /** The player chose a brand tile. */
  | { type: 'user.selectBrand'; brandId: number; name: string }
  /** The wallet's balance, from the walletFeed child (minor units). */
  | { type: 'wallet.balance'; balance: number };

/** Told to the page: show this brand's address (null: the whole lobby). */
export type LobbyEmitted = { type: 'brand.show'; brand: { id: number; name: string } | null };

/** Whether the player may join a machine, and if not, why (the tile says it). */
export type Joinability = 'ok' | 'busy' | 'outOfService' | 'reserved' | 'noBalance';
