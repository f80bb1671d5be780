import type { ListPage, ListQuery } from '../../machines/accountList.ts';
import type { AccountProfile } from '../../machines/accountProfile.ts';
import type { PasswordValues, PinValues } from '../../machines/accountForm.ts';
import {
  ChangePinResponse,
  GameSessionPage,
  LoginLogPage,
  ProfileResponse,
  TransactionPage,
  type GameSessionItem,
  type LoginLogItem,
  type TransactionItem,
} from '../../protocol/account.ts';
import { OkResponse } from '../../protocol/errors.ts';
import type { Http } from './http.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A picked calendar day (YYYY-MM-DD) as epoch ms in the player's time zone: its first or its last millisecond. */
export function dayBoundary(day: string, edge: 'start' | 'end'): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, date);
  // Four-digit years only: a half-typed year (0002) would be a window in antiquity.
  if (year < 1000 || Number.isNaN(start.getTime())) return null;
  return edge === 'start' ? start.getTime() : new Date(year, month, date + 1).getTime() - 1;
}

/** The paged lists' query string: page, size, the window and the list's own filter name for the type. */
export function listParams(query: ListQuery, typeParam: 'type' | 'action' | null): Record<string, number> {
  const params: Record<string, number> = { page: query.page, size: query.size };
  const from = query.filter.from === null ? null : dayBoundary(query.filter.from, 'start');
  const to = query.filter.to === null ? null : dayBoundary(query.filter.to, 'end');
  if (from !== null && from >= 0) params.from = from;
  if (to !== null && to >= 0) params.to = to;
  if (typeParam && query.filter.type !== null) params[typeParam] = query.filter.type;
  return params;
}

function page<T>(answer: { items: T[]; total: number }): ListPage<T> {
  return { items: answer.items, total: answer.total };
}

/** The account screens over the REST API (docs/protocol.md, "Account screens"). */
export function createAccountService(http: Http) {
  return {
    async profile(): Promise<AccountProfile> {
      return http.get('/player/profile', ProfileResponse);
    },
    async changePassword({ values }: { values: PasswordValues }): Promise<void> {
      await http.post('/player/change-password', { oldPassword: values.oldPassword, newPassword: values.newPassword }, OkResponse);
    },
    async changePin({ values }: { values: PinValues }): Promise<{ pinCode: string }> {
      const answer = await http.post('/player/change-pin', { password: values.password, pin: values.pin }, ChangePinResponse);
      return { pinCode: answer.pin_code };
    },
    async loginLog(query: ListQuery): Promise<ListPage<LoginLogItem>> {
      return page(await http.get('/player/login-log', LoginLogPage, { searchParams: listParams(query, 'type') }));
    },
    async gameSessions(query: ListQuery): Promise<ListPage<GameSessionItem>> {
      return page(await http.get('/player/game-sessions', GameSessionPage, { searchParams: listParams(query, null) }));
    },
    async transactions(query: ListQuery): Promise<ListPage<TransactionItem>> {
      return page(await http.get('/player/transactions', TransactionPage, { searchParams: listParams(query, 'action') }));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
