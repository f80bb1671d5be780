import { authMachine } from '../../machines/auth.ts';
import { idleLockMachine } from '../../machines/idleLock.ts';
import { notificationSocketMachine } from '../../machines/notificationSocket.ts';
import { reconnectMachine } from '../../machines/reconnect.ts';
import { walletMachine } from '../../machines/wallet.ts';

/**
 * The auth machine with its logged-in children as the app provides them (src/app/playerMachines.ts
 * adds their services): the machine alone leaves them to the app so /login need not carry them.
 */
export const authWithChildren = authMachine.provide({
  actors: { wallet: walletMachine, idleLock: idleLockMachine, reconnect: reconnectMachine, notifications: notificationSocketMachine },
});
