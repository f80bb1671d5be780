import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ipCheckMachine, type IpCheckAnswer } from '../../machines/ipCheck.ts';

function start(enabled: boolean, check: () => Promise<IpCheckAnswer>) {
  const checkIp = vi.fn(check);
  const actor = createActor(ipCheckMachine.provide({ actors: { checkIp: fromPromise(checkIp) } }), {
    input: { enabled },
  }).start();
  return { actor, checkIp };
}

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

  it('a network failure ends in networkError, and retry asks again', async () => {
    let calls = 0;
    const { actor } = start(true, async () => {
      calls += 1;
      if (calls === 1) throw { code: null, message: 'HTTP 502', params: {} };
      return { status: 1, code: 20000, ip: '1.1.1.1', country: 'TR' };
    });
    await waitFor(actor, (s) => s.matches('networkError'));
    expect(actor.getSnapshot().context.failure?.message).toBe('HTTP 502');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(calls).toBe(2);
  });

  it('asks nothing when IP checking is off', () => {
    const { actor, checkIp } = start(false, async () => ({ status: 0, code: 0, ip: '', country: '' }));
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(checkIp).not.toHaveBeenCalled();
  });
});
