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
    // A bodyless POST (`curl -X POST .../revoke`) is accepted where the route needs no body: Node hands the app an
    // empty stream for it, so without a length the body is read (it is cached for the route) to tell.
    const hasBody =
      length !== undefined
        ? length !== '0'
        : c.req.raw.body !== null && (type !== '' || (await c.req.text()).length > 0);
    if ((hasBody || type !== '') && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
      throw new AppError('unsupported_media_type', 'request bodies must be application/json');
    }
  }
  await next();
};

/** The path of the first string (or key) holding a NUL character, or null. */
function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(body)' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key].join('.');
      const found = nulPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

const nulError = (path: string) =>
  new AppError('invalid_request', `${path} must not contain NUL characters`, {
    issues: [{ path, code: 'invalid_string', message: 'must not contain NUL characters' }],
  });

/**
 * NUL characters are refused with the field's name: PostgreSQL text cannot hold them, and the database error they
 * caused in 11 string fields was a 500. Checked once for every route (query and JSON body), not in each schema.
 */
export const rejectNul: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (/%00/.test(url.pathname)) throw nulError('path');
  for (const [key, value] of url.searchParams) {
    if (key.includes('\u0000') || value.includes('\u0000')) throw nulError(key);
  }
  if (
    ['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method) &&
    /json/i.test(c.req.header('content-type') ?? '')
  ) {
    const text = await c.req.text();
    // Only a body that could hold one is parsed here; a malformed one is left to the validator's 400.
    if (/\\u0000/i.test(text) || text.includes('\u0000')) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const path = nulPath(body);
      if (path !== null) throw nulError(path);
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
