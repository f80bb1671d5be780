/**
 * A failure as machines keep it: a code (SPEC §8) and the server's message as a fallback.
 * Views translate CODE_{code}; machines never hold translated text.
 */
export interface Failure {
  /** SPEC §8 code, or null when no answer came (network down, timeout). */
  code: number | null;
  message: string;
  params: Record<string, unknown>;
  /** The HTTP status when an answer came (0 or absent when none did): only a 401 is a real "no". */
  status?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Normalise whatever an actor threw into a Failure. */
export function toFailure(error: unknown): Failure {
  if (isRecord(error) && (typeof error.code === 'number' || error.code === null)) {
    return {
      code: error.code as number | null,
      message: typeof error.message === 'string' ? error.message : '',
      params: isRecord(error.params) ? error.params : {},
      ...(typeof error.status === 'number' ? { status: error.status } : {}),
    };
  }
  return { code: null, message: error instanceof Error ? error.message : String(error), params: {} };
}
