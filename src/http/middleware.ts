// Request-level middleware: request ids, the JSON content-type rule and the body size limit.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
