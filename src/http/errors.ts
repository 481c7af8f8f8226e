// The one error path of the HTTP layer: every failure becomes the JSON envelope; anything unknown is a plain
// 500 that says nothing about internals (the details go to the log as a category, never as content).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { AppError, type ErrorCode, toEnvelope } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    const code = STATUS_CODES[error.status];
    if (code)
      return new AppError(code, error.status === 400 ? 'request body is not valid JSON' : error.message);
  }
  return null;
}

export function errorHandler(logger: Logger) {
  return (error: unknown, c: Context) => {
    const known = toAppError(error);
    if (known) return c.json(toEnvelope(known), known.status);
    logger.error('http.unhandled_error', {
      request_id: c.get('requestId') as string | undefined,
      error_type: error instanceof Error ? error.name : typeof error,
      method: c.req.method,
      route: c.req.routePath,
    });
    return c.json(toEnvelope(new AppError('internal', 'internal error')), 500);
  };
}

/** Formats every validation failure the same way (zod-openapi's default returns the raw zod object). */
export function validationHook(result: { success: boolean; error?: unknown; target?: string }) {
  if (result.success) return;
  const issues = ((result.error as ZodError | undefined)?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    code: issue.code,
    message: issue.message,
  }));
  throw new AppError('invalid_request', `invalid ${result.target ?? 'request'}`, { issues });
}
