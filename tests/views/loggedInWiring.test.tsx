import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { accountProfileMachine } from '../../machines/accountProfile.ts';
import { authMachine } from '../../machines/auth.ts';
import { gameSessionMachine } from '../../machines/gameSession.ts';
import { lobbyMachine } from '../../machines/lobby.ts';
import { playerLimitsMachine } from '../../machines/playerLimits.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { createLoggedIn } from '../../src/app/loggedIn.ts';
import { createHttp } from '../../src/services/http.ts';

describe("the logged-in half's machines", () => {
  it("the lobby's are made with the logged-in half; the game's, the account's and protection's when a page reads them, once", () => {
    const game = vi.spyOn(gameSessionMachine, 'provide');
    const profile = vi.spyOn(accountProfileMachine, 'provide');
    const limits = vi.spyOn(playerLimitsMachine, 'provide');
    const lobby = vi.spyOn(lobbyMachine, 'provide');
    const auth = createActor(authMachine);
    const http = createHttp({ apiBase: '/api', getToken: () => null, onUnauthorized: () => {} });
    const { logic, uiSettings } = createLoggedIn({ settings: DEFAULT_SETTINGS, http, auth });
    try {
      // What the chrome and the lobby render at once.
      expect(lobby).toHaveBeenCalledTimes(1);
      expect([game, profile, limits].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);

      const visit = logic.gameSession;
      expect(logic.gameSession).toBe(visit);
      expect(logic.account.profile).toBe(logic.account.profile);
      expect(logic.playerLimits).toBe(logic.playerLimits);
      expect([game, profile, limits].map((spy) => spy.mock.calls.length)).toEqual([1, 1, 1]);
    } finally {
      uiSettings.stop();
      vi.restoreAllMocks();
    }
  });
});
