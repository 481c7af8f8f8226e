// The one error type of the client: the API's error code, HTTP status and details, for callers to branch on.
import type { ErrorCode } from '../contract/error-codes.ts';

/**
 * What a failed call carries. `code` is the API's error code (shared/API.md), or one of the client's own:
 * `network_error` (no HTTP answer, after any retries) and `invalid_response` (an answer that is not the API's JSON).
 */
export type EngramErrorCode = ErrorCode | 'network_error' | 'invalid_response';

/** An error callers branch on by `code` (never by message). `status` is 0 when no HTTP answer came. */
export class EngramError extends Error {
  readonly code: EngramErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  /** The server's `x-request-id`, to quote when reporting a problem. */
  readonly requestId: string | undefined;

  constructor(
    code: EngramErrorCode,
    message: string,
    init: { status?: number; details?: Record<string, unknown>; requestId?: string; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'EngramError';
    this.code = code;
    this.status = init.status ?? 0;
    this.details = init.details;
    this.requestId = init.requestId;
  }
}

/** True for an EngramError, optionally of one code. */
export function isEngramError(value: unknown, code?: EngramErrorCode): value is EngramError {
  return value instanceof EngramError && (code === undefined || value.code === code);
}
