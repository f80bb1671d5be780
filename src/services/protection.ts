import { LockResult, type LockRequest } from '../../protocol/protection.ts';
import type { Http } from './http.ts';

/** Player protection over the REST API. */
export function createProtectionService(http: Http) {
  return {
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
  };
}
