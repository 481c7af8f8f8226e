// API key revocation, the part both audiences share: the operator revokes any key (routes/admin.ts); a tenant's
// `admin` key revokes its own tenant's keys (here). Another tenant's key id is a 404, like an unknown one.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { ErrorSchema, KeyIdParamSchema, type RevokedKey, RevokedKeySchema } from '../../contract/index.ts';
import { AppError } from '../../core/errors.ts';
import type { AppEnv } from '../env.ts';
import { json } from '../openapi.ts';
import { revokedKeyExample } from '../openapi-examples.ts';

export interface KeyActions {
  /** Revokes a key; `tenantId` limits it to that tenant's keys. False when there is no such key (for it). */
  revoke(keyId: string, options: { tenantId?: string }): Promise<boolean>;
}

/** The route definition of a key revocation, at `path`, for either audience. */
export function revokeKeyRoute(path: string, summary: string, description: string) {
  return createRoute({
    method: 'post',
    path,
    summary,
    description,
    request: { params: KeyIdParamSchema },
    responses: {
      200: json(RevokedKeySchema, 'Revoked', revokedKeyExample),
      404: json(ErrorSchema, 'No such key'),
    },
  });
}

/** The answer to a revocation: the key, or not_found when there was no such key for the caller. */
export function revokedKey(revoked: boolean, id: string): RevokedKey {
  if (!revoked) throw new AppError('not_found', 'API key not found');
  return { key: { id, revoked: true } };
}

export function registerKeyRoutes(app: OpenAPIHono<AppEnv>, keys: KeyActions): void {
  app.openapi(
    revokeKeyRoute(
      '/keys/{id}/revoke',
      "Revoke one of this tenant's API keys (admin scope)",
      "Revokes an API key of the caller's own tenant by its public id (printed by `engram keys create`); requests with it fail with 401 from now on. Needs the admin scope; another tenant's key id is a 404, like an unknown one.",
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(revokedKey(await keys.revoke(id, { tenantId: c.get('principal').tenantId }), id), 200);
    },
  );
}
