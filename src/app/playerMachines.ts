/**
 * The auth machine's children that only a logged-in player has — the wallet, the idle lock, the
 * reconnect dialog and the notification socket — with their real services. runtime.ts loads this beside
 * the login (or the stored token's check), so none of them weighs on /login's first paint.
 */
import { fromCallback, fromPromise } from 'xstate';
import { idleLockMachine } from '../../machines/idleLock.ts';
import { notificationSocketMachine } from '../../machines/notificationSocket.ts';
import { reconnectMachine } from '../../machines/reconnect.ts';
import { walletMachine } from '../../machines/wallet.ts';
import type { Settings } from '../../protocol/settings.ts';
import { notificationSocketLogic } from '../services/notificationSocket.ts';
import { pinCodeUsable, verifyPin } from '../services/pin.ts';
import { listenForActivity } from '../services/activity.ts';
import { lockStorage } from '../services/storage.ts';
import type { LoggedIn } from './loggedIn.ts';

export interface PlayerMachinesDeps {
  settings: Settings;
  loadLoggedIn: () => Promise<LoggedIn>;
  navigateToGame: (machineId: number, machineName: string) => void;
  /** GET /player/balance (the session service the login already has). */
  fetchBalance: () => Promise<number>;
}

export function createPlayerMachines({ settings, loadLoggedIn, navigateToGame, fetchBalance }: PlayerMachinesDeps) {
  return {
    wallet: walletMachine.provide({ actors: { fetchBalance: fromPromise(fetchBalance) } }),
    idleLock: idleLockMachine.provide({
      actors: {
        restoreLock: fromPromise(async () => ({ pinCheck: settings.PIN_CHECK, ...lockStorage.read() })),
        verifyPin: fromPromise(({ input }) => verifyPin(input.pinCode, input.pin)),
        activity: fromCallback(({ sendBack }) => listenForActivity(() => sendBack({ type: 'user.activity' }))),
      },
      actions: {
        storeLockFlag: (_, locked) => lockStorage.write(locked),
        storeAttempts: (_, attempts) => lockStorage.writeAttempts(attempts),
      },
      guards: { pinCodeUsable: ({ context }) => context.pinCode !== null && pinCodeUsable(context.pinCode) },
    }),
    notifications: notificationSocketMachine.provide({ actors: { socket: notificationSocketLogic(settings.NOTIFICATION_URL) } }),
    reconnect: reconnectMachine.provide({
      actors: {
        // The floor's calls come with the logged-in half, which a logged-in player has.
        cancelSession: fromPromise(async ({ input }) => (await loadLoggedIn()).floor.cancel(input.machineId)),
        kickConnection: fromPromise(async ({ input }) => (await loadLoggedIn()).floor.kick(input.machineId)),
      },
      actions: { rejoin: (_, { machineId, machineName }) => navigateToGame(machineId, machineName) },
    }),
  };
}
