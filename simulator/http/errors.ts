import { ErrorCode } from '../../protocol/errors.ts';

/**
 * A failed API call, thrown anywhere below a handler and turned into the wire's error body
 * ({code, ErrorMessage, Params}) at the top.
 */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: number;
  readonly params: Record<string, unknown>;

  constructor(status: number, code: number, message: string, params: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.code = code;
    this.params = params;
  }

  body(): { code: number; ErrorMessage: string; Params: Record<string, unknown> } {
    return { code: this.code, ErrorMessage: this.message, Params: this.params };
  }
}

/**
 * An answer that does not fit the protocol schema its route answers with (router.ts `ok`): the
 * simulator and the client would disagree, so it is never sent. Not an ApiFailure: the handler
 * logs it as the bug it is and answers 500 50000.
 */
export class AnswerMismatch extends Error {
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    super(
      `the answer does not fit its protocol schema (a simulator bug): ${issues
        .map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`)
        .join('; ')}`,
    );
    this.name = 'AnswerMismatch';
    this.issues = issues;
  }
}

/** Simulator-only code for a bug in the simulator itself (not in SPEC §8). */
export const INTERNAL_ERROR = 50000;

/** The English texts of SPEC §8; the client translates by code and shows these as fallback. */
const MESSAGES: Record<number, string> = {
  [ErrorCode.signatureNotVerified]: 'signature not verified',
  [ErrorCode.requestSuccessful]: 'request successful',
  [ErrorCode.invalidRequest]: 'invalid request',
  [ErrorCode.sessionTerminated]: 'the session has been terminated, the transaction cannot be processed',
  [ErrorCode.wrongCredentialsCounted]: 'You tried an incorrect username or password',
  [ErrorCode.wrongCredentials]: 'username or password is wrong',
  [ErrorCode.temporarilyBlocked]: 'account protected after too many false attempts',
  [ErrorCode.ipNotPermitted]: 'your IP is not permitted',
  [ErrorCode.banned]: 'you have been banned',
  [ErrorCode.tooManyRequests]: 'too many requests, try again later',
  [ErrorCode.playerLocked]: 'the player is locked out at their own request until Params.until',
  [ErrorCode.sessionLocked]: 'the player has locked themselves out; the credits were paid back',
  [INTERNAL_ERROR]: 'internal error',
};

export function fail(status: number, code: number, params: Record<string, unknown> = {}): ApiFailure {
  return new ApiFailure(status, code, MESSAGES[code] ?? 'error', params);
}

export interface Issue {
  path: string;
  code: string;
  message: string;
}

/** 400 invalid request, listing what was wrong so a developer can fix the call. */
export function invalidRequest(issues: Issue[]): ApiFailure {
  return fail(400, ErrorCode.invalidRequest, { issues });
}

/** 408: the request's body had not all arrived `ms` after its headers (a stalled client). */
export function bodyTimeout(ms: number): ApiFailure {
  return fail(408, ErrorCode.invalidRequest, {
    issues: [{ path: '', code: 'timeout', message: `the request body did not arrive within ${ms} ms` }],
  });
}

/** 400: the client closed its side before sending as many bytes as its Content-Length said. */
export function bodyCutShort(): ApiFailure {
  return invalidRequest([
    { path: '', code: 'incomplete_body', message: 'the connection ended before the body its Content-Length announced' },
  ]);
}

export function notFound(path: string): ApiFailure {
  return new ApiFailure(404, ErrorCode.invalidRequest, 'not found', { path });
}
