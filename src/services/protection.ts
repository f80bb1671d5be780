import { PanicResult } from '../../protocol/protection.ts';
import type { Http } from './http.ts';

/** Player protection over the REST API. */
export function createProtectionService(http: Http) {
  return {
    /** The panic button: locks the player out for 24 hours; answers when the lock ends (epoch ms). */
    async panic(): Promise<{ until: number }> {
      const answer = await http.post('/player/protection/panic', {}, PanicResult);
      return { until: answer.until };
    },
  };
}
