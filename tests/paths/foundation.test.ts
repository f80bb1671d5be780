import { describe, expect, it } from 'vitest';
import { authMachine, type Session } from '../../machines/auth.ts';
import { ipCheckMachine } from '../../machines/ipCheck.ts';
import { walletMachine } from '../../machines/wallet.ts';
import { createSettingsMachine } from '../../machines/settings.ts';
import { describePath, generatePaths } from './pathHelper.ts';

const session: Session = {
  token: 't',
  pinCode: null,
  expiresInMs: 60_000,
  user: {
    id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'demo@example.test',
    permissions: [145], group: 1, type: 1, ipAddress: '127.0.0.1', lastLogon: null, lastLogonIp: null,
    versions: 'sim',
  },
};
const failure = { code: 10700, message: 'wrong', params: {} };

describe('path tests generated from the foundation machines', () => {
  const tokens = (queryToken: string | null, storedToken: string | null) => ({
    type: 'xstate.done.actor.readTokens',
    output: { queryToken, storedToken },
  });
  const authPayloads = {
    'xstate.done.actor.readTokens': [tokens(null, null), tokens(null, 'stored'), tokens('from-url', null)],
    'user.login': [{ type: 'user.login', credentials: { username: 'demo', password: 'demo1234', remember: true } }],
    'server.unauthorized': [{ type: 'server.unauthorized', failure }],
    'xstate.done.actor.validateToken': [{ type: 'xstate.done.actor.validateToken', output: session }],
    'xstate.error.actor.validateToken': [{ type: 'xstate.error.actor.validateToken', error: failure }],
    'xstate.done.actor.login': [{ type: 'xstate.done.actor.login', output: session }],
    'xstate.error.actor.login': [{ type: 'xstate.error.actor.login', error: failure }],
    'server.balance': [{ type: 'server.balance', balance: 4200 }],
    'server.session': [{ type: 'server.session', status: 'open', machineId: 7, machineName: 'M7', machineStatus: 'waiting' }],
    'server.machine': [{ type: 'server.machine', id: 3, status: 'offline' }],
    'server.info': [{ type: 'server.info', code: 18800, params: { count: 3 }, message: 'x', action: 'none' }],
  };

  it('auth: every state and every event is reached', () => {
    const suite = generatePaths(authMachine, { payloads: authPayloads });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });

  it('auth: a stored token reaches loggedIn only through a successful validation', () => {
    const { paths } = generatePaths(authMachine, {
      payloads: { ...authPayloads, 'xstate.done.actor.readTokens': [tokens(null, 'stored')] },
    });
    const toLoggedIn = paths.find((p) => p.state.matches('loggedIn'));
    expect(toLoggedIn && describePath(toLoggedIn)).toBe('xstate.done.actor.readTokens → xstate.done.actor.validateToken');
    expect(toLoggedIn?.state.context.token).toBe('t');
    expect(toLoggedIn?.state.context.roles).toEqual(['user']);
  });

  it('auth: without any token the player starts logged out and can only log in', () => {
    const { paths } = generatePaths(authMachine, {
      payloads: { ...authPayloads, 'xstate.done.actor.readTokens': [tokens(null, null)] },
    });
    const validating = paths.find((p) => p.state.matches('validating'));
    expect(validating).toBeUndefined();
    const toLoggedIn = paths.find((p) => p.state.matches('loggedIn'));
    expect(toLoggedIn && describePath(toLoggedIn)).toBe(
      'xstate.done.actor.readTokens → user.login → xstate.done.actor.login',
    );
  });

  it('ipCheck: checking, allowed, blocked and networkError are all reached', () => {
    const suite = generatePaths(ipCheckMachine, {
      input: { enabled: true },
      payloads: {
        'xstate.done.actor.checkIp': [
          { type: 'xstate.done.actor.checkIp', output: { status: 1, code: 20000, ip: '1.2.3.4', country: 'TR' } },
          { type: 'xstate.done.actor.checkIp', output: { status: 0, code: 0, ip: '1.2.3.4', country: 'FR' } },
        ],
        'xstate.error.actor.checkIp': [{ type: 'xstate.error.actor.checkIp', error: failure }],
      },
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
    const blocked = suite.paths.find((p) => p.state.matches('blocked'));
    expect(blocked?.state.context.answer?.country).toBe('FR');
  });

  it('ipCheck: when switched off, nothing but allowed is reachable', () => {
    const suite = generatePaths(ipCheckMachine, { input: { enabled: false } });
    expect(suite.paths.map((p) => p.state.value)).toEqual(['allowed']);
  });

  it('wallet and settings: every state is reached', () => {
    const wallet = generatePaths(walletMachine, {
      payloads: {
        'xstate.done.actor.fetchBalance': [{ type: 'xstate.done.actor.fetchBalance', output: 100000 }],
        'xstate.error.actor.fetchBalance': [{ type: 'xstate.error.actor.fetchBalance', error: failure }],
        'server.balance': [{ type: 'server.balance', balance: 4200 }],
      },
    });
    expect(wallet.missing).toEqual([]);
    const settingsMachine = createSettingsMachine({ SHOW_LOBBY: true });
    const settings = generatePaths(settingsMachine, {
      payloads: {
        'xstate.done.actor.loadSettings': [{ type: 'xstate.done.actor.loadSettings', output: { SHOW_LOBBY: false } }],
        'xstate.error.actor.loadSettings': [{ type: 'xstate.error.actor.loadSettings', error: failure }],
      },
    });
    expect(settings.missing).toEqual([]);
    const loaded = settings.paths.find((p) => p.state.matches('ready') && p.state.context.failure === null);
    const fellBack = settings.paths.find((p) => p.state.matches('ready') && p.state.context.failure !== null);
    expect(loaded?.state.context.settings).toEqual({ SHOW_LOBBY: false });
    expect(fellBack?.state.context.settings).toEqual({ SHOW_LOBBY: true });
  });
});
