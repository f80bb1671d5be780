/**
 * The client's template services (src/services/register.ts, src/services/chat.ts) against the
 * real simulator: what the machines receive from a sign-up and from a chat status change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/services/apiFailure.ts';
import { createChatService } from '../../src/services/chat.ts';
import { createHttp } from '../../src/services/http.ts';
import { createRegisterService } from '../../src/services/register.ts';
import { createAuthService } from '../../src/services/session.ts';
import { loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator();
});
afterEach(() => t.close());

function http(token: string | null = null) {
  return createHttp({ apiBase: `${t.url}/api`, getToken: () => token, onUnauthorized: vi.fn() });
}

const NEWCOMER = { username: 'newcomer', password: 'spin-to-win', email: 'new@reelside.test', name: 'New' };

describe('register service', () => {
  it('a new player is registered and their token validates as that player', async () => {
    const outcome = await createRegisterService(http()).register(NEWCOMER);
    if (outcome.kind !== 'registered') throw new Error(`expected a registration, got ${JSON.stringify(outcome)}`);
    expect(outcome.username).toBe('newcomer');
    const session = await createAuthService(http(), 0).validate(outcome.token);
    expect(session.user.username).toBe('newcomer');
    expect(await createAuthService(http(outcome.token), 0).balance()).toBe(0);
  });

  it('a taken username (any case) is a refusal on the username field, not a failure', async () => {
    const outcome = await createRegisterService(http()).register({ ...NEWCOMER, username: 'DEMO' });
    expect(outcome).toEqual({ kind: 'refused', fields: { username: 'The username is already taken' } });
  });

  it('what the server would refuse as invalid fails with 40000 before any call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const error = await createRegisterService(http()).register({ ...NEWCOMER, username: 'no spaces' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiFailure);
      expect((error as ApiFailure).code).toBe(40000);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

describe('chat service: the player’s status', () => {
  it('the directory carries the status; a change is saved and read back', async () => {
    const chat = createChatService(http(await loginToken(t)));
    expect((await chat.directory()).status).toBe('online');
    expect(await chat.setStatus('away')).toBe('away');
    expect((await chat.directory()).status).toBe('away');
  });

  it('without a login the change fails with 401', async () => {
    const error = await createChatService(http()).setStatus('away').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as ApiFailure).status).toBe(401);
  });
});
