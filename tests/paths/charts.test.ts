import { describe, expect, it } from 'vitest';
import { describeMachine, discoverMachines, staleCharts } from '../../scripts/charts.ts';

describe('machine diagrams (docs/machines)', () => {
  it('every machine in machines/ is found, including factories', async () => {
    const names = (await discoverMachines()).map((m) => m.name);
    for (const name of ['auth', 'ipCheck', 'settings', 'wallet', 'lobby', 'gameSession', 'reconnect', 'promo', 'idleLock']) {
      expect(names).toContain(name);
    }
  });

  it('reads delays, actor events, guards and nested targets from the definition', async () => {
    const machines = await discoverMachines();
    const idleLock = machines.find((m) => m.name === 'idleLock');
    expect(idleLock).toBeDefined();
    const model = describeMachine(idleLock!.machine);
    const labels = model.edges.map((e) => `${e.source} ${e.event}${e.guard ? ` [${e.guard}]` : ''} → ${e.targets.join(',')}`);
    expect(labels).toContain('idleLock.active after idleTimeout → idleLock.locked');
    expect(labels).toContain('idleLock.starting done: restoreLock [pinCheckOff] → idleLock.off');
    expect(labels).toContain('idleLock.locked.checking done: verifyPin [pinMatches] → idleLock.active');
    expect(labels).toContain('idleLock.locked.checking done: verifyPin [lastAttempt] → idleLock.lockedOut');
  });

  it('the committed diagrams match the machines (run `npm run charts` when this fails)', async () => {
    expect(await staleCharts()).toEqual([]);
  }, 60_000);
});
