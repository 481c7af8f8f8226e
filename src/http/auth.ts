// Authentication middleware: an Engram API key (or, when configured, a Supabase JWT) becomes the principal;
// operator routes take the operator key. 401 for missing or bad credentials.
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../core/errors.ts';
import { constantTimeEqual } from '../core/hash.ts';
import type { Principal } from '../core/principal.ts';
import type { AppEnv } from './env.ts';

/** Resolves a bearer token to a principal or throws AppError('unauthorized'). */
export type Authenticate = (token: string) => Promise<Principal>;

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export function requirePrincipal(authenticate: Authenticate): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new AppError('unauthorized', 'missing bearer token');
    c.set('principal', await authenticate(token));
    await next();
  };
}

/** Operator routes: the operator key passes; a valid tenant credential is 403 (known, not allowed); else 401. */
export function requireOperator(
  adminKey: string | undefined,
  authenticate: Authenticate,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new AppError('unauthorized', 'missing bearer token');
    if (adminKey && constantTimeEqual(token, adminKey)) return next();
    await authenticate(token);
    throw new AppError('forbidden', 'operator endpoints need the operator key');
  };
}
