import { LoginLogType } from '../../protocol/auth.ts';
import {
  BanRequest,
  CashierRequest,
  DropRequest,
  LinkRequest,
  HoldRequest,
  SilenceRequest,
  EndSessionRequest,
  MachineStatusRequest,
  NotifyRequest,
  RealityCheckNowRequest,
  RemoveRequest,
  TimersRequest,
  VideoControlRequest,
  WarnRequest,
} from '../../protocol/control.ts';
import { MachineActionResponse, MachineIdRequest } from '../../protocol/contract/rest.ts';
import { AmountAction } from '../../protocol/floor.ts';
import { ErrorCode, OkResponse } from '../../protocol/errors.ts';
import { authenticate } from '../api/authenticate.ts';
import type { ApiDeps } from '../api/deps.ts';
import { fail } from '../http/errors.ts';
import { ok, unchecked, type Route } from '../http/router.ts';
import { LedgerError } from '../store/ledger.ts';
import type { Floor } from './floor.ts';
import { Refusal } from './machine.ts';
import type { SocketServer } from './sockets.ts';

const Done = { code: ErrorCode.requestSuccessful, ErrorMessage: 'request successful' };

/** The control API's player by username, or 404. */
function playerNamed(deps: ApiDeps, username: string) {
  const player = deps.store.playerByUsername(username);
  if (!player) throw fail(404, ErrorCode.invalidRequest, { reason: 'no such player' });
  return player;
}

/** Runs a floor operation, turning a refusal into the API's error answer. */
function attempt(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    if (error instanceof Refusal) throw fail(error.code === 60006 ? 404 : 409, error.code, { reason: error.message });
    throw error;
  }
}

/** POST /player/kick and /player/cancel: the reconnect dialog's Kick and Cashout. */
export function floorRoutes(deps: ApiDeps, floor: Floor): Route[] {
  return [
    {
      method: 'POST',
      path: '/api/player/kick',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const { machineId } = await request.body(MachineIdRequest);
        attempt(() => floor.kick(player.id, machineId));
        deps.store.addLoginLog({
          playerId: player.id,
          type: LoginLogType.kickedByPlayer,
          ip: request.ip,
          country: request.country,
          at: deps.now(),
        });
        return ok(MachineActionResponse, Done);
      },
    },
    {
      method: 'POST',
      path: '/api/player/cancel',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const { machineId } = await request.body(MachineIdRequest);
        attempt(() => floor.cancel(player.id, machineId));
        return ok(MachineActionResponse, { ...Done, balance: deps.ledger.balance(player.id) });
      },
    },
  ];
}

export interface FloorControlHooks {
  setTimerScale(scale: number): void;
  video(machineId: number, action: 'stall' | 'resume' | 'end'): void;
}

/** /sim/* steering of the floor, for tests and demos; its counts and reports have no protocol schema. */
export function floorControlRoutes(deps: ApiDeps, floor: Floor, sockets: SocketServer, hooks: FloorControlHooks): Route[] {
  return [
    {
      method: 'POST',
      path: '/sim/machine-status',
      handle: async (request) => {
        const { machineId, status } = await request.body(MachineStatusRequest);
        attempt(() => floor.force(machineId, status));
        return unchecked({ machineId, status });
      },
    },
    {
      method: 'POST',
      path: '/sim/drop',
      handle: async (request) => {
        const { username } = await request.body(DropRequest);
        const player = playerNamed(deps, username);
        return unchecked({ dropped: sockets.dropPlayer(player.id) });
      },
    },
    {
      method: 'POST',
      path: '/sim/silence',
      handle: async (request) => {
        const { username, ms } = await request.body(SilenceRequest);
        const player = playerNamed(deps, username);
        return unchecked({ silenced: sockets.silencePlayer(player.id, ms) });
      },
    },
    {
      method: 'POST',
      path: '/sim/hold',
      handle: async (request) => {
        const { username, request: type, ms } = await request.body(HoldRequest);
        const player = playerNamed(deps, username);
        sockets.holdPlayer(player.id, type, ms);
        return ok(OkResponse, Done);
      },
    },
    {
      method: 'POST',
      path: '/sim/link',
      handle: async (request) => {
        const { username, ...fault } = await request.body(LinkRequest);
        const player = playerNamed(deps, username);
        return unchecked({ affected: sockets.linkPlayer(player.id, fault) });
      },
    },
    {
      method: 'POST',
      path: '/sim/ban',
      handle: async (request) => {
        const { username, banned } = await request.body(BanRequest);
        const player = playerNamed(deps, username);
        deps.sessions.setBanned(player.id, banned);
        return ok(OkResponse, Done);
      },
    },
    {
      method: 'POST',
      path: '/sim/end-session',
      handle: async (request) => {
        const { username } = await request.body(EndSessionRequest);
        const player = playerNamed(deps, username);
        return unchecked({ ...Done, ended: deps.sessions.endAllOf(player.id, 'kicked') });
      },
    },
    {
      method: 'POST',
      path: '/sim/cashier',
      handle: async (request) => {
        const { username, action, amount } = await request.body(CashierRequest);
        const player = playerNamed(deps, username);
        try {
          const { balance } =
            action === 'deposit'
              ? deps.ledger.credit(player.id, AmountAction.deposit, amount, { tag: 'cashier' })
              : deps.ledger.withdraw(player.id, amount, { tag: 'cashier' });
          // The player's pages hear of it as of any other move of their wallet.
          deps.hub.toPlayer(player.id, { type: 'balance', balance });
          return unchecked({ ...Done, balance });
        } catch (error) {
          if (error instanceof LedgerError) throw fail(409, error.code, { reason: error.message });
          throw error;
        }
      },
    },
    {
      method: 'POST',
      path: '/sim/notify',
      handle: async (request) => {
        const { username, ...info } = await request.body(NotifyRequest);
        const player = playerNamed(deps, username);
        deps.hub.toPlayer(player.id, { type: 'info', info });
        return ok(OkResponse, Done);
      },
    },
    {
      method: 'POST',
      path: '/sim/warn',
      handle: async (request) => {
        const { machineId, code, count } = await request.body(WarnRequest);
        attempt(() => floor.require(machineId).warn(code, count));
        return ok(OkResponse, Done);
      },
    },
    {
      method: 'POST',
      path: '/sim/remove',
      handle: async (request) => {
        const { machineId } = await request.body(RemoveRequest);
        attempt(() => floor.require(machineId).endSession('removed'));
        return ok(OkResponse, Done);
      },
    },
    {
      method: 'POST',
      path: '/sim/reality-check',
      handle: async (request) => {
        const { machineId } = await request.body(RealityCheckNowRequest);
        attempt(() => floor.require(machineId).checkNow());
        return ok(OkResponse, Done);
      },
    },
    {
      method: 'POST',
      path: '/sim/video',
      handle: async (request) => {
        const { machineId, action } = await request.body(VideoControlRequest);
        attempt(() => floor.require(machineId));
        hooks.video(machineId, action);
        return ok(OkResponse, Done);
      },
    },
    {
      method: 'PUT',
      path: '/sim/timers',
      handle: async (request) => {
        const { scale } = await request.body(TimersRequest);
        hooks.setTimerScale(scale);
        return unchecked({ scale });
      },
    },
    {
      method: 'GET',
      path: '/sim/ledger',
      handle: () => unchecked({ ...deps.ledger.audit(), findings: deps.ledger.auditPlayers(), sockets: sockets.counts() }),
    },
  ];
}
