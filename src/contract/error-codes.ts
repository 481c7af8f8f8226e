// The closed set of error codes and the HTTP status of each: the one status-to-code table, read by the server's
// error path and by the client. No imports, so that the client can load it in a browser or a Worker as is.

/** Every error code of the API (shared/API.md) and its status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rejected_by_gate: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

const CODE_OF_STATUS = new Map<number, ErrorCode>(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

/** True for one of the API's error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** The code a status stands for (each status has exactly one), or undefined for a status the API never sends. */
export function codeForStatus(status: number): ErrorCode | undefined {
  return CODE_OF_STATUS.get(status);
}
