import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { BACKOFF_CAP_MS } from '../../machines/backoff.ts';
import { IP_CHECK_TRIES, ipCheckMachine, type IpCheckAnswer } from '../../machines/ipCheck.ts';
import { selectIpAnswer, selectIpGate } from '../../machines/ipCheck.selectors.ts';

function start(enabled: boolean, check: () => Promise<IpCheckAnswer>, clock?: SimulatedClock) {
  const checkIp = vi.fn(check);
  const actor = createActor(ipCheckMachine.provide({ actors: { checkIp: fromPromise(checkIp) } }), {
    input: { enabled },
    ...(clock ? { clock } : {}),
  }).start();
  return { actor, checkIp };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ipCheck machine', () => {
  it('allows a visitor whose answer is not all zeros', async () => {
    const { actor } = start(true, async () => ({ status: 1, code: 20000, ip: '10.0.0.1', country: 'TR' }));
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('blocks only when status and code are both 0, keeping country and IP for the screen', async () => {
    const { actor } = start(true, async () => ({ status: 0, code: 0, ip: '5.6.7.8', country: 'FR' }));
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('blocked');
    expect(actor.getSnapshot().context.answer).toMatchObject({ country: 'FR', ip: '5.6.7.8' });
  });

  it('status 0 with a non-zero code is not a block', async () => {
    const { actor } = start(true, async () => ({ status: 0, code: 20000, ip: '5.6.7.8', country: 'FR' }));
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('a failing check is retried with the backoff, a bounded number of times, then networkError; retry asks again', async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    let healthy = false;
    const { actor } = start(
      true,
      async () => {
        calls += 1;
        if (!healthy) throw { code: null, message: 'HTTP 500', params: {} };
        return { status: 1, code: 20000, ip: '1.1.1.1', country: 'TR' };
      },
      clock,
    );
    // However long the outage, the page asks IP_CHECK_TRIES times, each after its backoff.
    for (let i = 0; i < 40; i++) {
      await flush();
      clock.increment(BACKOFF_CAP_MS / 4);
    }
    await flush();
    expect(calls).toBe(IP_CHECK_TRIES);
    expect(actor.getSnapshot().value).toBe('networkError');
    expect(actor.getSnapshot().context.failure?.message).toBe('HTTP 500');
    // Not before its backoff: right after a failure the machine waits.
    healthy = true;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(calls).toBe(IP_CHECK_TRIES + 1);
  });

  it('no retry comes before its backoff, and the browser coming back online asks at once', async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    const { actor } = start(
      true,
      async () => {
        calls += 1;
        throw { code: null, message: 'Failed to fetch', params: {} };
      },
      clock,
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(499);
    await flush();
    expect(calls).toBe(1);
    actor.send({ type: 'network.online' });
    await flush();
    expect(calls).toBe(2);
  });

  it('asks nothing when IP checking is off', () => {
    const { actor, checkIp } = start(false, async () => ({ status: 0, code: 0, ip: '', country: '' }));
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(checkIp).not.toHaveBeenCalled();
  });
});

describe("ipCheck's tags: what the visitor is shown (machines/ipCheck.selectors.ts)", () => {
  it('checking (and waiting between tries) is the checking screen, then the block or nothing', async () => {
    const blocked = start(true, async () => ({ status: 0, code: 0, ip: '5.6.7.8', country: 'FR' }));
    expect(selectIpGate(blocked.actor.getSnapshot())).toBe('checking');
    await waitFor(blocked.actor, (s) => s.status === 'done');
    expect(selectIpGate(blocked.actor.getSnapshot())).toBe('blocked');
    expect(selectIpAnswer(blocked.actor.getSnapshot())).toMatchObject({ country: 'FR', ip: '5.6.7.8' });

    const allowed = start(true, async () => ({ status: 1, code: 20000, ip: '10.0.0.1', country: 'TR' }));
    await waitFor(allowed.actor, (s) => s.status === 'done');
    expect(selectIpGate(allowed.actor.getSnapshot())).toBeNull();
  });

  it('a failing check shows checking while it waits to ask again, and the network error once it gives up', async () => {
    const clock = new SimulatedClock();
    const { actor } = start(true, async () => Promise.reject(new Error('down')), clock);
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(selectIpGate(actor.getSnapshot())).toBe('checking');
    for (let i = 0; i < IP_CHECK_TRIES; i += 1) {
      clock.increment(BACKOFF_CAP_MS);
      await flush();
    }
    expect(actor.getSnapshot().value).toBe('networkError');
    expect(selectIpGate(actor.getSnapshot())).toBe('unreachable');
  });
});
