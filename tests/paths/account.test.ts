import { describe, expect, it } from 'vitest';
import { passwordChangeMachine, pinChangeMachine } from '../../machines/accountForm.ts';
import { createAccountListMachine, filterProblem, type ListPage } from '../../machines/accountList.ts';
import { accountProfileMachine } from '../../machines/accountProfile.ts';
import { describePath, generatePaths } from '../../scripts/paths/pathHelper.ts';

const failure = { code: 40001, message: 'old password is wrong', params: {} };
const page = (ids: number[], total: number): ListPage<{ id: number }> => ({ items: ids.map((id) => ({ id })), total });

describe('path tests generated from the account machines', () => {
  const list = createAccountListMachine<{ id: number }>();
  const listPayloads = {
    'xstate.done.actor.fetchPage': [
      { type: 'xstate.done.actor.fetchPage', output: page([30, 29], 30) },
      { type: 'xstate.done.actor.fetchPage', output: page([], 0) },
      // An empty page while rows exist: the list is past its end.
      { type: 'xstate.done.actor.fetchPage', output: page([], 12) },
    ],
    'xstate.error.actor.fetchPage': [{ type: 'xstate.error.actor.fetchPage', error: failure }],
    'user.page': [{ type: 'user.page', page: 3 }],
    'user.size': [{ type: 'user.size', size: 25 }],
    'user.filter': [
      { type: 'user.filter', filter: { from: '2026-01-01', to: '2026-01-31', type: 4 } },
      { type: 'user.filter', filter: { from: '2026-02-01', to: '2026-01-01', type: null } },
    ],
  };
  // Page, size and filter tell the states apart; the rows on screen do not.
  const distinguish = (c: { page: number; size: number; filter: unknown; total: number; failure: unknown }) => [
    c.page,
    c.size,
    c.filter,
    c.total > 0,
    c.failure !== null,
  ];

  it('accountList: every state and every event is reached', () => {
    const suite = generatePaths(list, { input: {}, payloads: listPayloads, distinguish });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });

  it('accountList: a filter alone waits for filterSettle, and an impossible window is never asked for', () => {
    // Without paging (which asks at once, with the filter as it stands), only the timer loads.
    const { paths: filterOnly } = generatePaths(list, {
      input: {},
      payloads: { ...listPayloads, 'user.page': [], 'user.size': [] },
      distinguish,
    });
    const filtered = filterOnly.filter((p) => p.state.matches('ready') && (p.state.context.filter as { type: number | null }).type === 4);
    expect(filtered.length).toBeGreaterThan(0);
    for (const path of filtered) {
      const types = path.steps.map((s) => s.event.type);
      const settled = types.lastIndexOf('xstate.after.filterSettle.accountList.settling');
      expect(settled, describePath(path)).toBeGreaterThan(types.lastIndexOf('user.filter'));
    }
    const { paths } = generatePaths(list, { input: {}, payloads: listPayloads, distinguish });
    for (const path of paths) {
      for (const { state } of [...path.steps, path]) {
        if (state.matches('loading') || state.matches('settling')) expect(filterProblem(state.context.filter)).toBeNull();
      }
    }
  });

  it('accountList: a page past the end is asked again at the last page', () => {
    const { paths } = generatePaths(list, { input: {}, payloads: listPayloads, distinguish });
    const clamped = paths.find((p) => p.state.matches('loading') && p.state.context.total === 12 && p.state.context.page === 2);
    expect(clamped).toBeDefined();
  });

  const formPayloads = (fields: Record<string, string>, output: unknown) => ({
    'user.change': Object.entries(fields).map(([field, value]) => ({ type: 'user.change', field, value })),
    'xstate.done.actor.submit': [{ type: 'xstate.done.actor.submit', output }],
    'xstate.error.actor.submit': [{ type: 'xstate.error.actor.submit', error: failure }],
  });

  it('passwordChange: every state and event; submitting only with both fields', () => {
    const suite = generatePaths(passwordChangeMachine, {
      payloads: formPayloads({ oldPassword: 'demo1234', newPassword: 'longer-secret' }, undefined),
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
    const submitting = suite.paths.find((p) => p.state.matches('submitting'));
    expect(submitting && describePath(submitting)).toBe('user.change → user.change → user.submit');
    const refused = suite.paths.find((p) => p.state.context.failureField === 'oldPassword');
    expect(refused).toBeDefined();
  });

  it('pinChange: every state and event; a PIN of the wrong shape is never sent', () => {
    const good = generatePaths(pinChangeMachine, {
      payloads: formPayloads({ password: 'demo1234', pin: '4321' }, { pinCode: 'hash' }),
    });
    expect(good.missing).toEqual([]);
    expect(good.unexercisedEvents).toEqual([]);
    const bad = generatePaths(pinChangeMachine, {
      payloads: formPayloads({ password: 'demo1234', pin: '12' }, { pinCode: 'hash' }),
    });
    expect(bad.paths.some((p) => p.state.matches('submitting'))).toBe(false);
  });

  it('accountProfile: every state and event', () => {
    const suite = generatePaths(accountProfileMachine, {
      payloads: {
        'xstate.done.actor.fetchProfile': [
          {
            type: 'xstate.done.actor.fetchProfile',
            output: { id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'd@x', balance: 0, lastLogon: null, lastLogonIp: null, ip: '::1' },
          },
        ],
        'xstate.error.actor.fetchProfile': [{ type: 'xstate.error.actor.fetchProfile', error: failure }],
      },
    });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });
});
