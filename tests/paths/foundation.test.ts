import { describe, expect, it } from 'vitest';
import { authMachine } from '../../machines/auth.ts';
import { ipCheckMachine } from '../../machines/ipCheck.ts';
import { walletMachine } from '../../machines/wallet.ts';
import { createSettingsMachine } from '../../machines/settings.ts';
import { describePath, generatePaths } from '../../scripts/paths/pathHelper.ts';
import { authPayloads, ipCheckPayloads, settingsDefaults, settingsPayloads, tokens, walletPayloads } from '../../scripts/paths/payloads.ts';

describe('path tests generated from the foundation machines', () => {
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
      payloads: ipCheckPayloads,
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
    const wallet = generatePaths(walletMachine, { payloads: walletPayloads });
    expect(wallet.missing).toEqual([]);
    const settingsMachine = createSettingsMachine(settingsDefaults);
    const settings = generatePaths(settingsMachine, { payloads: settingsPayloads });
    expect(settings.missing).toEqual([]);
    const loaded = settings.paths.find((p) => p.state.matches('ready') && p.state.context.failure === null);
    const fellBack = settings.paths.find((p) => p.state.matches('ready') && p.state.context.failure !== null);
    expect(loaded?.state.context.settings).toEqual({ SHOW_LOBBY: false });
    expect(fellBack?.state.context.settings).toEqual({ SHOW_LOBBY: true });
  });
});
