/**
 * The client's notification socket (src/services/notificationSocket.ts) against the real
 * simulator: live machine statuses reach the auth machine gathered into batches, the last
 * status of each machine winning, instead of one event per status.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuthEvent } from '../../machines/auth.ts';
import { MACHINE_BATCH_MS, openNotificationSocket } from '../../src/services/notificationSocket.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ now: Date.now });
  // The socket address is resolved against the page's; here the page is the simulator's.
  (globalThis as { window?: unknown }).window = { location: { href: `${t.url}/lobby` } };
});
afterAll(async () => {
  delete (globalThis as { window?: unknown }).window;
  await t.close();
});

const waitFor = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

it('hands machine statuses on in batches, the last status of each machine winning', async () => {
  const token = await loginToken(t);
  const events: AuthEvent[] = [];
  const close = openNotificationSocket('/ws/notification', { token, playerId: '1' }, (event) => events.push(event));
  try {
    // After init the floor sends the balance: from then on statuses reach this socket.
    await waitFor(() => events.some((e) => e.type === 'server.balance'));
    const force = (machineId: number, status: string) => call(`${t.url}/sim/machine-status`, { body: { machineId, status } });
    const started = Date.now();
    await force(9, 'offline');
    await force(10, 'malfunction');
    await force(9, 'error');
    await waitFor(() => events.some((e) => e.type === 'server.machines'));
    const batches = events.filter((e) => e.type === 'server.machines');
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual({
      type: 'server.machines',
      changes: [
        { id: 9, status: 'error' },
        { id: 10, status: 'malfunction' },
      ],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(MACHINE_BATCH_MS - 5);
    // No single-status events: nothing else went to the auth machine for these.
    expect(events.filter((e) => e.type !== 'server.machines' && e.type !== 'server.balance')).toEqual([]);
  } finally {
    close();
  }
});
