// The one error path of the HTTP layer: every failure becomes the JSON envelope; anything unknown is a plain
// 500 that says nothing about internals (the details go to the log as a category, never as content).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { codeForStatus } from '../contract/error-codes.ts';
import { AppError, toEnvelope } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { type ValidationIssue, validationIssues } from '../core/validation-issues.ts';

/**
 * An AppError as is; a framework exception (Hono's HTTPException) by its status, except the two no framework
 * may claim: a gate verdict (422) and a server failure (5xx other than 503), which stay unknown and so a plain 500.
 */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    const code = codeForStatus(error.status);
    if (code && code !== 'rejected_by_gate' && code !== 'internal')
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
// Where a request part is, in words a caller recognises (zod-openapi's targets are its own names).
const PART: Readonly<Record<string, string>> = {
  json: 'body',
  query: 'query',
  param: 'path',
  header: 'header',
};

/**
 * The message of a validation failure: which field and why, for the first issue (`details.issues` lists them all,
 * paths and zod's messages only, never the value). "invalid json" alone told a caller nothing.
 */
export function validationMessage(target: string | undefined, issues: readonly ValidationIssue[]): string {
  const part = PART[target ?? ''] ?? target ?? 'request';
  const [first] = issues;
  if (!first) return `invalid ${part}`;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more in details.issues)` : '';
  return `invalid ${part}: ${first.path || part}: ${first.message}${more}`;
}

export function validationHook(result: { success: boolean; error?: unknown; target?: string }) {
  if (result.success) return;
  const issues = validationIssues((result.error as ZodError | undefined) ?? { issues: [] });
  throw new AppError('invalid_request', validationMessage(result.target, issues), { issues });
}
