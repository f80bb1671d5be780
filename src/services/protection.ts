import type { ListPage, ListQuery } from '../../machines/accountList.ts';
import {
  LockResult,
  ProtectionHistoryPage,
  ProtectionSettings,
  type LimitKind,
  type LimitRequest,
  type LockRequest,
  type PlayerLimit,
  type ProtectionEntry,
} from '../../protocol/protection.ts';
import { listParams } from './account.ts';
import type { Http } from './http.ts';

/**
 * Player protection over the REST API. `onChanged` hears each limit or interval the server has
 * taken (after its answer), so a history on the same page can load again.
 */
export function createProtectionService(http: Http) {
  const listeners = new Set<() => void>();
  const changed = <T>(answer: T): T => {
    listeners.forEach((listener) => listener());
    return answer;
  };
  return {
    /** Calls `listener` after each change saved through this service; returns its removal. */
    onChanged(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The panic button: locks the player out for 24 hours; answers when the lock ends (epoch ms). */
    async panic(): Promise<{ until: number }> {
      const answer = await http.post('/player/protection/panic', {}, LockResult);
      return { until: answer.until };
    },
    /** A break or a self-exclusion: locks the player out for its period; answers when it ends (epoch ms). */
    async lock(choice: LockRequest): Promise<{ until: number }> {
      const answer = await http.post('/player/protection/lock', choice, LockResult);
      return { until: answer.until };
    },
    /** The player's reality-check interval, the operator's default and the choices (minutes). */
    async settings(): Promise<ProtectionSettings['realityCheck']> {
      return (await http.get('/player/protection', ProtectionSettings)).realityCheck;
    },
    /** The player's money limits and the kinds the jurisdiction requires. */
    async limits(): Promise<{ limits: PlayerLimit[]; mandatory: LimitKind[] }> {
      const { limits, mandatory } = await http.get('/player/protection', ProtectionSettings);
      return { limits, mandatory };
    },
    /** Sets one limit (null: none); answers the limits as they are now (a raise waiting its cooling-off). */
    async setLimit(request: LimitRequest): Promise<{ limits: PlayerLimit[]; mandatory: LimitKind[] }> {
      const { limits, mandatory } = await http.post('/player/protection/limit', request, ProtectionSettings);
      return changed({ limits, mandatory });
    },
    /** One page of the player's protection history, newest first, in the window the filter picks (it has no type). */
    async history(query: ListQuery): Promise<ListPage<ProtectionEntry>> {
      const { items, total } = await http.get('/player/protection/history', ProtectionHistoryPage, { searchParams: listParams(query, null) });
      return { items, total };
    },
    /** Keeps one of the choices as the player's interval; answers the settings as they are now. */
    async chooseRealityCheck(minutes: number): Promise<ProtectionSettings['realityCheck']> {
      return changed((await http.post('/player/protection/reality-check', { minutes }, ProtectionSettings)).realityCheck);
    },
  };
}
