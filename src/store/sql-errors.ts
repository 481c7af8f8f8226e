// Maps Postgres SQLSTATEs to Engram error codes, in one place. Anything unmapped stays unknown (a plain 500).
import type { ErrorCode } from '../contract/error-codes.ts';
import { AppError } from '../core/errors.ts';

const SQLSTATE_CODES: Record<string, { code: ErrorCode; message: string }> = {
  '23505': { code: 'conflict', message: 'a conflicting record already exists' },
  '23503': { code: 'conflict', message: 'a referenced record does not exist' },
  '23514': { code: 'invalid_request', message: 'a value is out of range' },
  '23502': { code: 'invalid_request', message: 'a required value is missing' },
  '22P02': { code: 'invalid_request', message: 'a value has the wrong format' },
  '22007': { code: 'invalid_request', message: 'a date has the wrong format' },
  '22008': { code: 'invalid_request', message: 'a date is out of range' },
  '22001': { code: 'invalid_request', message: 'a value is too long' },
  '22023': { code: 'invalid_request', message: 'an argument is invalid' },
  '22000': { code: 'invalid_request', message: 'a value is invalid' },
  // A number PostgreSQL cannot hold (confidence: 1e-320 underflows real), a NUL character, an unencodable byte.
  '22003': { code: 'invalid_request', message: 'a number is out of range' },
  '22P05': { code: 'invalid_request', message: 'a value holds a character the database cannot store' },
  '22021': { code: 'invalid_request', message: 'a value holds a character the database cannot store' },
  '42501': { code: 'forbidden', message: 'not allowed' },
  // Raised by engram.check_idempotent_retry.
  EGI01: { code: 'conflict', message: 'this Idempotency-Key was already used with a different request' },
  '53300': { code: 'unavailable', message: 'the database is busy' },
  '55P03': { code: 'unavailable', message: 'the database is busy' },
  '57P01': { code: 'unavailable', message: 'the database is restarting' },
  '57P02': { code: 'unavailable', message: 'the database is restarting' },
  '57P03': { code: 'unavailable', message: 'the database is starting up' },
  '57P05': { code: 'unavailable', message: 'the database connection failed' },
  '40P01': { code: 'unavailable', message: 'the database is busy, retry' },
  '40001': { code: 'unavailable', message: 'the database is busy, retry' },
  '08006': { code: 'unavailable', message: 'the database connection failed' },
  '08001': { code: 'unavailable', message: 'the database cannot be reached' },
};

function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Turns a driver error into an AppError when its SQLSTATE is known; returns other errors unchanged. */
export function mapSqlError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const state = sqlStateOf(error);
  if (state === undefined) {
    const message = error instanceof Error ? error.message : '';
    // Driver-level failures carry no SQLSTATE: a refused or reset socket, a connection that ended mid-query, a
    // client that is no longer queryable after such an error.
    if (
      /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|Connection terminated|connection error|not queryable|terminating connection|timeout exceeded when trying to connect/i.test(
        message,
      )
    ) {
      return new AppError('unavailable', 'the database cannot be reached');
    }
    return error;
  }
  const known = SQLSTATE_CODES[state] ?? (state.startsWith('08') ? SQLSTATE_CODES['08006'] : undefined);
  // Messages are ours, not the database's: a database message can quote the offending value. No SQLSTATE in the
  // details either: it names the engine's internals, and callers branch on `code`.
  if (!known) return error;
  const mapped = new AppError(known.code, known.message);
  mapped.sqlstate = state;
  return mapped;
}
