// The one error type of Engram: a closed set of machine-readable codes, each with its HTTP status from the one
// table (src/contract/error-codes.ts).
import { ERROR_STATUS, type ErrorCode, type ErrorStatus } from '../contract/error-codes.ts';
import type { ErrorEnvelope } from '../contract/errors.ts';

/** An error callers branch on by `code`, never by message. `details` must never carry memory content or secrets. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  /** The SQLSTATE behind a mapped database error, for services that branch on it; never sent to callers. */
  sqlstate: string | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): ErrorStatus {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function toEnvelope(error: AppError): ErrorEnvelope {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    },
  };
}
