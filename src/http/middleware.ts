// Request-level middleware: request ids, CORS, the JSON content-type rule and the body size limit.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { AppError } from '../core/errors.ts';
import type { AppEnv } from './env.ts';

export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('requestId', crypto.randomUUID());
  await next();
  c.header('x-request-id', c.get('requestId'));
};

/**
 * Bodies must be JSON. Without this a non-JSON body would silently validate as `{}` (zod-validator only reads
 * JSON when the content type says so).
 */
export const requireJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (['POST', 'PUT', 'PATCH'].includes(c.req.method)) {
    const type = c.req.header('content-type') ?? '';
    const length = c.req.header('content-length');
    const hasBody = length !== undefined ? length !== '0' : c.req.raw.body !== null;
    if ((hasBody || type !== '') && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
      throw new AppError('unsupported_media_type', 'request bodies must be application/json');
    }
  }
  await next();
};

export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError('payload_too_large', `request body exceeds ${maxBytes} bytes`);
    },
  });
}

/**
 * CORS for the configured origins (or `*`). Preflights are answered before any auth; the headers the client sends
 * are allowed and `x-request-id` is readable. Never `Access-Control-Allow-Credentials`: the API takes a bearer
 * header, not cookies, and a wildcard with credentials is what the Fetch standard forbids.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler<AppEnv> {
  const any = origins.includes('*');
  return cors({
    origin: any ? '*' : [...origins],
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: ['authorization', 'content-type', 'accept', 'idempotency-key'],
    exposeHeaders: ['x-request-id'],
    maxAge: 600,
    credentials: false,
  });
}
