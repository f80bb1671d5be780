import { describe, expect, it } from 'vitest';
import { gameSessionMachine } from '../../machines/gameSession.ts';
import { lobbyMachine } from '../../machines/lobby.ts';
import { promoMachine } from '../../machines/promo.ts';
import { reconnectMachine } from '../../machines/reconnect.ts';
import { describePath, generatePaths } from '../../scripts/paths/pathHelper.ts';
import { pathFixtures, reconnectPayloads } from '../../scripts/paths/payloads.ts';

const fixture = (name: string) => {
  const f = pathFixtures[name];
  if (!f) throw new Error(`no fixture for ${name}`);
  return { input: f.inputs?.[0], payloads: f.payloads, distinguish: f.distinguish, stopWhen: f.stopWhen };
};

describe('path tests generated from the play machines', () => {
  it('lobby: every state and event', () => {
    const suite = generatePaths(lobbyMachine, fixture('lobby'));
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });

  it('gameSession: every state and event, and every way out ends in left', () => {
    // States differ by where the chart is and how many reconnects were spent (payloads.ts).
    const suite = generatePaths(gameSessionMachine, fixture('gameSession'));
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
    const reasons = new Set(suite.paths.filter((p) => p.state.status === 'done').map((p) => p.state.output?.reason));
    expect([...reasons].sort()).toEqual(['cashout', 'closeSession', 'connectionLost', 'joinFailed', 'left', 'quit', 'sessionEnded']);
    const toWarning = suite.paths.find((p) => p.state.matches({ connected: { live: { play: 'closeWarning' } } }));
    expect(toWarning && describePath(toWarning)).toBe('user.join → socket.joined → socket.closeWarning');
  });

  it('reconnect: every state and event', () => {
    const suite = generatePaths(reconnectMachine, { payloads: reconnectPayloads });
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });

  it('promo: every state and event', () => {
    const suite = generatePaths(promoMachine, fixture('promo'));
    expect(suite.missing).toEqual([]);
    expect(suite.unexercisedEvents).toEqual([]);
  });
});
