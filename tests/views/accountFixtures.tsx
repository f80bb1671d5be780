/**
 * The account views' test rig: a ViewRuntime whose account machines talk to in-memory fakes
 * (paged like the simulator: newest first, filtered, `total` over all pages).
 */
import type { ReactElement } from 'react';
import { chooseLanguage } from '../../src/app/language.ts';
import { layoutChoiceStorage } from '../../src/services/playerStorage.ts';
import { vi } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { passwordChangeMachine, pinChangeMachine, type PasswordValues, type PinValues } from '../../machines/accountForm.ts';
import { createAccountListMachine, NO_FILTER, type ListPage, type ListQuery } from '../../machines/accountList.ts';
import { accountProfileMachine, type AccountProfile } from '../../machines/accountProfile.ts';
import type { Session } from '../../machines/auth.ts';
import type { AccountLogic } from '../../src/features/viewRuntime.tsx';
import { selfLockMachine } from '../../machines/selfLock.ts';
import { checkIntervalMachine } from '../../machines/checkInterval.ts';
import { playerLimitsMachine, type LimitsView } from '../../machines/playerLimits.ts';
import { protectionHistoryMachine } from '../../machines/protectionHistory.ts';
import type { ProtectionEntry } from '../../protocol/protection.ts';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import type { GameSessionItem, LoginLogItem, TransactionItem } from '../../protocol/account.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { dayBoundary } from '../../src/services/account.ts';
import { ToastRegion } from '../../src/ui/toasts.tsx';

export const session: Session = {
  token: 't',
  pinCode: 'old-hash',
  expiresInMs: 3_600_000,
  user: {
    id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'demo@reelside.test',
    permissions: [145], group: 1, type: 1, ipAddress: '10.0.0.1', lastLogon: '2026-01-15T11:30:00.000Z',
    lastLogonIp: '10.0.0.2', versions: 'sim',
  },
};

/** A fake list endpoint over `rows` (newest first); `at` picks the time the window applies to. */
export function fakeList<T>(rows: T[], at: (row: T) => string, type?: (row: T) => number) {
  const queries: ListQuery[] = [];
  let failNext: unknown = null;
  const fetch = vi.fn(async (query: ListQuery): Promise<ListPage<T>> => {
    queries.push(query);
    if (failNext) {
      const error = failNext;
      failNext = null;
      throw error;
    }
    const from = query.filter.from === null ? -Infinity : (dayBoundary(query.filter.from, 'start') ?? -Infinity);
    const to = query.filter.to === null ? Infinity : (dayBoundary(query.filter.to, 'end') ?? Infinity);
    const matching = rows.filter((row) => {
      const time = Date.parse(at(row));
      return time >= from && time <= to && (query.filter.type === null || type?.(row) === query.filter.type);
    });
    const start = (query.page - 1) * query.size;
    return { items: matching.slice(start, start + query.size), total: matching.length };
  });
  return {
    queries,
    fetch,
    failOnce(error: unknown) {
      failNext = error;
    },
  };
}

const at = (day: number, hour = 12) => new Date(2026, 0, day, hour).toISOString();

/** 23 closed sessions, one a day from Jan 23 back to Jan 1 (newest first), won and lost in turn, then an open one on top. */
export function sessions(count = 23, open = false): GameSessionItem[] {
  const closed = Array.from({ length: count }, (_, i): GameSessionItem => {
    const day = count - i;
    const amount = i % 2 === 0 ? -2400 : 1240;
    return {
      id: 100 + day, machineId: 1 + (i % 3), machineName: `Golden Reels 0${1 + (i % 3)}`, brand: 'Golden Reels',
      start: at(day), end: at(day, 13), durationSeconds: 366 + i, amount, cashIn: 5000, cashOut: 5000 + amount,
      betTotal: 1000, winTotal: 1000 + amount, spinCount: 60 + i, freeSpinCount: i % 4,
    };
  });
  if (!open) return closed;
  return [
    {
      id: 999, machineId: 4, machineName: 'Pharaoh Gold Sphinx', brand: 'Pharaoh Gold', start: at(24), end: null,
      durationSeconds: 65, amount: -500, cashIn: 5000, cashOut: 4500, betTotal: 500, winTotal: 0, spinCount: 25, freeSpinCount: 0,
    },
    ...closed,
  ];
}

/** Deposits, withdrawals, cash in/out, a hand pay and a jackpot over January. */
export function transactions(): TransactionItem[] {
  const rows: Array<Omit<TransactionItem, 'id' | 'balanceAfter'>> = [];
  for (let day = 20; day >= 1; day--) {
    const action = [1, 2, 3, 4, 5, 6][day % 6]!;
    const machine = action >= 3;
    rows.push({
      at: at(day), amount: 1000 * day, action, tag: action === 1 ? 'card deposit' : action === 2 ? 'bank withdrawal' : '',
      machineId: machine ? 7 : null, machineName: machine ? 'Diamond Rush Platinum' : null,
    });
  }
  return rows.map((row, i) => ({ ...row, id: 500 - i, balanceAfter: 100000 + i }));
}

export function loginLog(): LoginLogItem[] {
  return [6, 1, 4, 2, 7, 8, 3, 5].map((type, i) => ({ id: 80 - i, ip: `10.0.0.${i + 1}`, country: 'TR', type, at: at(20 - i) }));
}

export interface Fakes {
  sessions: ReturnType<typeof fakeList<GameSessionItem>>;
  transactions: ReturnType<typeof fakeList<TransactionItem>>;
  loginLog: ReturnType<typeof fakeList<LoginLogItem>>;
  profile: ReturnType<typeof vi.fn<() => Promise<AccountProfile>>>;
  changePassword: ReturnType<typeof vi.fn<(values: PasswordValues) => Promise<void>>>;
  changePin: ReturnType<typeof vi.fn<(values: PinValues) => Promise<{ pinCode: string }>>>;
  /** The player's protection history, paged as GET /player/protection/history answers it (the card asks its first page). */
  protectionHistory: ReturnType<typeof fakeList<ProtectionEntry>>;
}

const AT = Date.UTC(2026, 0, 15, 12, 0);
/** One entry of each kind, newest first. */
export function protectionEntries(): ProtectionEntry[] {
  return [
    { id: 6, at: AT + 5000, kind: 'lockEnded', lock: 'break' },
    { id: 5, at: AT + 4000, kind: 'lock', lock: 'break', until: AT + 7 * 86_400_000 },
    { id: 4, at: AT + 3000, kind: 'realityCheck', answer: 'continue', playedMs: 1_800_000, bets: 2400, wins: 1800 },
    { id: 3, at: AT + 2000, kind: 'realityCheckInterval', minutes: 30, before: null },
    { id: 2, at: AT + 1000, kind: 'limit', limit: 'lossDay', amount: 20_000, before: 5000, from: AT + 1000 + 86_400_000 },
    { id: 1, at: AT, kind: 'limit', limit: 'lossDay', amount: 5000, before: null, from: AT },
  ];
}

/** `count` reality-check intervals chosen, one a day at noon from Jan `count` back to Jan 1 (newest first). */
export function manyProtectionEntries(count = 23): ProtectionEntry[] {
  return Array.from({ length: count }, (_, i): ProtectionEntry => {
    const day = count - i;
    return { id: 300 + day, at: Date.parse(at(day)), kind: 'realityCheckInterval', minutes: 15 + day, before: 14 + day };
  });
}

export function fakes(
  data: { sessions?: GameSessionItem[]; transactions?: TransactionItem[]; loginLog?: LoginLogItem[]; protectionHistory?: ProtectionEntry[] } = {},
): Fakes {
  return {
    sessions: fakeList(data.sessions ?? sessions(), (s) => s.start),
    transactions: fakeList(data.transactions ?? transactions(), (x) => x.at, (x) => x.action),
    loginLog: fakeList(data.loginLog ?? loginLog(), (x) => x.at, (x) => x.type),
    profile: vi.fn(async () => ({
      id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'demo@reelside.test', balance: 100000,
      lastLogon: '2026-01-15T11:30:00.000Z', lastLogonIp: '203.0.113.7', ip: '203.0.113.9',
    })),
    changePassword: vi.fn(async () => {}),
    changePin: vi.fn(async () => ({ pinCode: 'new-hash' })),
    protectionHistory: fakeList(data.protectionHistory ?? protectionEntries(), (entry) => new Date(entry.at).toISOString()),
  };
}

/** A short filter settle, so tests wait on screen changes rather than on 400 ms. */
const FAST = { delays: { filterSettle: 5 } };

function accountLogic(f: Fakes): AccountLogic {
  return {
    profile: accountProfileMachine.provide({ actors: { fetchProfile: fromPromise(() => f.profile()) } }),
    sessions: createAccountListMachine<GameSessionItem>().provide({ ...FAST, actors: { fetchPage: fromPromise(({ input }) => f.sessions.fetch(input)) } }),
    transactions: createAccountListMachine<TransactionItem>().provide({
      ...FAST,
      actors: { fetchPage: fromPromise(({ input }) => f.transactions.fetch(input)) },
    }),
    loginLog: createAccountListMachine<LoginLogItem>().provide({ ...FAST, actors: { fetchPage: fromPromise(({ input }) => f.loginLog.fetch(input)) } }),
    protectionHistory: createAccountListMachine<ProtectionEntry>().provide({
      ...FAST,
      actors: { fetchPage: fromPromise(({ input }) => f.protectionHistory.fetch(input)) },
    }),
    passwordChange: passwordChangeMachine.provide({ actors: { submit: fromPromise(({ input }) => f.changePassword(input.values)) } }),
    pinChange: pinChangeMachine.provide({ actors: { submit: fromPromise(({ input }) => f.changePin(input.values)) } }),
  };
}

/** Only what the account views read of the auth actor: the session. */
const fakeAuthMachine = setup({ types: { context: {} as { session: Session } } }).createMachine({ context: { session } });

/** The page under test inside the runtime it needs, with the toast region beside it. */
export function withRuntime(ui: ReactElement, f: Fakes): ReactElement {
  const runtime: ViewRuntime = {
    settings: DEFAULT_SETTINGS,
    layoutChoice: layoutChoiceStorage,
    chooseLanguage,
    auth: createActor(fakeAuthMachine).start() as unknown as ViewRuntime['auth'],
    // The account views use nothing else of the logic (the profile's break card: a lock that never answers).
    logic: { account: accountLogic(f), selfLock: selfLockMachine.provide({ actors: { lock: fromPromise(() => new Promise<{ until: number }>(() => {})) } }),
      // The reality-check interval as an operator under no jurisdiction keeps it.
      checkInterval: checkIntervalMachine.provide({ actors: { load: fromPromise(async () => ({ minutes: 60, defaultMinutes: 60, choices: [15, 30, 60, 120] })) } }),
      playerLimits: playerLimitsMachine.provide({ actors: { load: fromPromise(async (): Promise<LimitsView> => ({ limits: [], mandatory: [] })) } }),
      protectionHistory: protectionHistoryMachine.provide({
        actors: { load: fromPromise(({ input }) => f.protectionHistory.fetch({ page: 1, size: input.size, filter: NO_FILTER })) },
      }),
    } as Partial<ViewLogic> as ViewLogic,
  };
  return (
    <RuntimeProvider runtime={runtime}>
      {ui}
      <ToastRegion />
    </RuntimeProvider>
  );
}
