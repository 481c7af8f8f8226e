// The one line `engram` prints when a command fails for a reason outside the program: a taken port, a database
// that is not there. Everything else is the error's class and message (never its stack unless ENGRAM_DEBUG).
import type { EngramConfig } from '../config/index.ts';
import { describeDatabase } from '../server/open-database.ts';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The error's own code, or that of the first error it aggregates (node's connect to localhost tries ::1 and 127.0.0.1). */
function codeOf(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  if (error instanceof AggregateError) return error.errors.map(codeOf).find((c) => c !== undefined);
  return undefined;
}

export function failureLine(error: unknown, config: EngramConfig | undefined): string {
  const code = codeOf(error);
  const database = config
    ? describeDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.ENGRAM_DATA_DIR })
    : 'the database';
  if (code === 'EADDRINUSE' && config)
    return `port ${config.PORT} on ${config.HOST} is taken: stop what listens there, or set PORT`;
  if (code === 'EACCES' && config && (error as { syscall?: unknown }).syscall === 'listen')
    return `not allowed to listen on ${config.HOST}:${config.PORT}: set PORT above 1023`;
  if (code && UNREACHABLE.has(code))
    return `cannot reach ${database} (${code}): is it running? check DATABASE_URL`;
  if (code === '3D000') return `${database} does not exist: create the database, or fix DATABASE_URL`;
  if (code === '28P01' || code === '28000')
    return `${database} refused the credentials of DATABASE_URL (${code})`;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
  return `failed: ${message.split('\n')[0]}`;
}
