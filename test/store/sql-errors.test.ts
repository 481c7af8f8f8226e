// The one SQLSTATE table: connection loss and crash recovery are 503 `unavailable` (issue 15, item 1: 57P03 and
// its neighbours answered 500), and no SQLSTATE reaches a caller's error details (item 7).
import { describe, expect, it } from 'vitest';
import { AppError, toEnvelope } from '../../src/core/errors.ts';
import { mapSqlError } from '../../src/store/sql-errors.ts';

const pgError = (code: string, message = 'the database system is starting up') =>
  Object.assign(new Error(message), { code });

describe('mapSqlError', () => {
  it.each(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08P01', '53300'])(
    'maps SQLSTATE %s to 503 unavailable',
    (state) => {
      const mapped = mapSqlError(pgError(state));
      expect(mapped).toBeInstanceOf(AppError);
      expect((mapped as AppError).status).toBe(503);
      expect((mapped as AppError).code).toBe('unavailable');
    },
  );

  it.each([
    'Connection terminated unexpectedly',
    'Client has encountered a connection error and is not queryable',
    'read ECONNRESET',
    'connect ECONNREFUSED 127.0.0.1:5544',
    'timeout exceeded when trying to connect',
  ])('maps the driver error "%s" to 503 unavailable', (message) => {
    const mapped = mapSqlError(new Error(message));
    expect((mapped as AppError).code).toBe('unavailable');
  });

  it('keeps SQLSTATEs out of the envelope, but lets services branch on them', () => {
    const mapped = mapSqlError(pgError('55P03', 'canceling statement due to lock timeout')) as AppError;
    expect(toEnvelope(mapped)).toEqual({ error: { code: 'unavailable', message: 'the database is busy' } });
    expect(JSON.stringify(toEnvelope(mapped))).not.toContain('55P03');
    expect(mapped.sqlstate).toBe('55P03');
  });

  it('leaves an unknown database error unknown (a plain 500)', () => {
    const error = pgError('XX000', 'internal error');
    expect(mapSqlError(error)).toBe(error);
  });
});
