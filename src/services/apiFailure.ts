import { ApiError } from '../../protocol/errors.ts';

/** Thrown by every service call that fails; machines turn it into a Failure (machines/failure.ts). */
export class ApiFailure extends Error {
  readonly code: number | null;
  readonly params: Record<string, unknown>;
  readonly status: number;

  constructor(status: number, code: number | null, message: string, params: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.code = code;
    this.params = params;
  }

  /** Build from a failed response's body: the operator's error shape, or a plain HTTP failure. */
  static fromBody(status: number, body: unknown): ApiFailure {
    const parsed = ApiError.safeParse(body);
    if (parsed.success) return new ApiFailure(status, parsed.data.code, parsed.data.ErrorMessage, parsed.data.Params);
    return new ApiFailure(status, null, `HTTP ${status}`);
  }
}
