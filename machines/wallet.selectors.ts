/**
 * wallet's named selectors: the balance the chrome shows. The wallet runs only while the player
 * is logged in (auth.selectors.ts's selectWallet finds it), so each takes the snapshot or undefined.
 */
import type { SnapshotFrom } from 'xstate';
import type { walletMachine } from './wallet.ts';

type WalletSnapshot = SnapshotFrom<typeof walletMachine> | undefined;

/** The balance in minor units (/100 for display), shown once known (balance:shown); null until then or without a wallet. */
export const selectWalletBalance = (snapshot: WalletSnapshot): number | null => (snapshot?.hasTag('balance:shown') ? snapshot.context.balance : null);
