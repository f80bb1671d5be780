import type { passwordChangeMachine, pinChangeMachine } from '../../../../machines/accountForm.ts';
import type { AccountListMachine } from '../../../../machines/accountList.ts';
import type { accountProfileMachine } from '../../../../machines/accountProfile.ts';
import type { GameSessionItem, LoginLogItem, TransactionItem } from '../../../../protocol/account.ts';

/** The account screens' machines with their real services provided (src/app/runtime.ts). */
export interface AccountLogic {
  profile: typeof accountProfileMachine;
  loginLog: AccountListMachine<LoginLogItem>;
  sessions: AccountListMachine<GameSessionItem>;
  transactions: AccountListMachine<TransactionItem>;
  passwordChange: typeof passwordChangeMachine;
  pinChange: typeof pinChangeMachine;
}
