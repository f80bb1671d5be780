import type { RegisterOutcome, Registration } from '../../machines/register.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { RegisterRequest, RegisterResult } from '../../protocol/template.ts';
import { ApiFailure } from './apiFailure.ts';
import type { Http } from './http.ts';

/**
 * The template's sign-up over the simulator (docs/protocol.md, "POST /api/auth/register"): the
 * new player is logged in at once and the answer carries their token; a taken username is a
 * form result ({error} with status 200), not a failure.
 */
export function createRegisterService(http: Http) {
  return {
    async register(values: Registration): Promise<RegisterOutcome> {
      // What the server would refuse with 40000 is refused here the same way, without a call.
      const body = RegisterRequest.safeParse(values);
      if (!body.success) {
        throw new ApiFailure(400, ErrorCode.invalidRequest, body.error.issues[0]?.message ?? 'invalid request');
      }
      const answer = await http.post('/auth/register', body.data, RegisterResult);
      if ('error' in answer) return { kind: 'refused', fields: answer.error };
      return { kind: 'registered', token: answer.access_token, username: answer.user.username };
    },
  };
}
