import { describe, expect, it } from 'vitest';
import { gameSessionMachine, type JoinInfo, type MachineView } from '../../machines/gameSession.ts';
import { lobbyMachine, type LobbyData } from '../../machines/lobby.ts';
import { promoMachine } from '../../machines/promo.ts';
import { reconnectMachine } from '../../machines/reconnect.ts';
import { describePath, generatePaths } from './pathHelper.ts';

const failure = { code: 60001, message: 'taken', params: {} };
const lobbyData: LobbyData = {
  brands: [{ id: 1, name: 'Golden Reels', jackpots: ['1.00'], machineCount: 1 }],
  machines: [{ id: 1, name: 'M1', brand: 'Golden Reels', brandId: 1, status: 'free', image: '/i.svg', reservation: null, videoType: 'screen', minBet: 20 }],
};
const join: JoinInfo = {
  machineName: 'M1', brand: 'Golden Reels', videoType: 'screen', hotCoins: [500], maxAllIn: 2500000,
  bands: [{ id: 'hd', name: 'HD', Order: 2, width: 640, height: 360, whepUrl: '/whep/1/hd' }, { id: 'sd', name: 'SD', Order: 1, width: 320, height: 180, whepUrl: '/whep/1/sd' }],
};
const machine: MachineView = { credits: 0, betPerLine: 1, lines: 20, bet: 20, win: 0, freeSpinsLeft: 0, autoplay: true, status: 'playing', jackpot: 1 };

describe('path tests generated from the play machines', () => {
  it('lobby: every state and event', () => {
    const suite = generatePaths(lobbyMachine, {
      input: { showLobby: true, refreshSeconds: 10, brandId: null },
      payloads: {
        'xstate.done.actor.fetchLobby': [{ type: 'xstate.done.actor.fetchLobby', output: lobbyData }],
        'xstate.error.actor.fetchLobby': [{ type: 'xstate.error.actor.fetchLobby', error: failure }],
        'xstate.done.actor.refreshLobby': [{ type: 'xstate.done.actor.refreshLobby', output: lobbyData }],
        'xstate.error.actor.refreshLobby': [{ type: 'xstate.error.actor.refreshLobby', error: failure }],
        'route.brand': [{ type: 'route.brand', brandId: 1 }],
        'server.machine': [{ type: 'server.machine', id: 1, status: 'offline' }],
      },
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });

  it('gameSession: every state and event, and every way out ends in left', () => {
    const suite = generatePaths(gameSessionMachine, {
      input: { machineId: 1, token: 't', maxReconnects: 1, visitId: 'v' },
      payloads: {
        'socket.joined': [{ type: 'socket.joined', join, machine }],
        'socket.state': [{ type: 'socket.state', machine: { ...machine, credits: 500 } }],
        'socket.spin': [{ type: 'socket.spin', spin: { reels: [], totalWin: 0, bet: 20, freeSpin: false, jackpotWin: 0, settlesAt: 0 } }],
        'socket.balance': [{ type: 'socket.balance', balance: 1 }],
        'socket.info': [{ type: 'socket.info', code: 18800, params: { count: 10 }, message: '' }],
        'socket.ack': [{ type: 'socket.ack', request: 'transfer', requestId: 'r0' }],
        'socket.error': [{ type: 'socket.error', failure }],
        'socket.quit': [{ type: 'socket.quit', reason: 'removed' }],
        'socket.closeSession': [{ type: 'socket.closeSession', code: 18801 }],
        'socket.closed': [{ type: 'socket.closed', code: 1000 }],
        'video.stream': [{ type: 'video.stream', stream: 'stream' }],
        'video.stats': [{ type: 'video.stats', stats: { width: 640, height: 360, fps: 30, roundTripMs: 1 } }],
        'video.problem': [{ type: 'video.problem', active: true }],
        'user.press': [{ type: 'user.press', button: 'spin' }],
        'user.autoplay': [{ type: 'user.autoplay', on: true }],
        'user.transfer': [{ type: 'user.transfer', amount: 500 }],
        'user.volume': [{ type: 'user.volume', volume: 0.5 }],
        'user.selectBand': [{ type: 'user.selectBand', id: 'sd' }],
      },
      // States differ by where the chart is and how many reconnects were spent.
      distinguish: (c) => [c.reconnects, c.join !== null, c.leaveReason],
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
    const reasons = new Set(suite.paths.filter((p) => p.state.status === 'done').map((p) => p.state.output?.reason));
    expect([...reasons].sort()).toEqual(['cashout', 'closeSession', 'connectionLost', 'joinFailed', 'left', 'quit']);
    const toWarning = suite.paths.find((p) => p.state.matches({ connected: { live: 'closeWarning' } }));
    expect(toWarning && describePath(toWarning)).toBe('user.join → socket.joined → socket.info');
  });

  it('reconnect: every state and event', () => {
    const open = { type: 'server.session', status: 'open', machineId: 7, machineName: 'M7', machineStatus: 'waiting' };
    const suite = generatePaths(reconnectMachine, {
      payloads: {
        'server.session': [open, { ...open, status: 'closed' }],
        'game.entered': [{ type: 'game.entered', machineId: 7 }],
        'xstate.done.actor.cancelSession': [{ type: 'xstate.done.actor.cancelSession' }],
        'xstate.error.actor.cancelSession': [{ type: 'xstate.error.actor.cancelSession', error: failure }],
        'xstate.done.actor.kickConnection': [{ type: 'xstate.done.actor.kickConnection' }],
        'xstate.error.actor.kickConnection': [{ type: 'xstate.error.actor.kickConnection', error: failure }],
      },
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });

  it('promo: every state and event', () => {
    const suite = generatePaths(promoMachine, {
      input: { kind: 'discount', lastClaimAt: null, cooldownMs: 30_000, balanceLimit: 10_000 },
      payloads: {
        'user.claim': [{ type: 'user.claim', now: 1, balance: 0 }, { type: 'user.claim', now: 2, balance: 20_000 }],
        'xstate.done.actor.claim': [{ type: 'xstate.done.actor.claim', output: { amount: 240 } }],
        'xstate.error.actor.claim': [{ type: 'xstate.error.actor.claim', error: failure }],
      },
      stopWhen: (s) => s.context.notices > 1,
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });
});
