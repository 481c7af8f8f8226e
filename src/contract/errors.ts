// The error envelope every failed request answers with: `{ "error": { "code", "message", "details"? } }`.
import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

export const ErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** The envelope as the server builds it: `code` is one of the closed set. */
export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}
