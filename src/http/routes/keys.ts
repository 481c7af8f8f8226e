// API key revocation: the operator revokes any key (operator key); a tenant's `admin` key revokes its own
// tenant's keys. Another tenant's key id is a 404, like an unknown one.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { AppEnv } from '../env.ts';
import { ErrorSchema } from '../schemas.ts';

export interface KeyActions {
  /** Revokes a key; `tenantId` limits it to that tenant's keys. False when there is no such key (for it). */
  revoke(keyId: string, options: { tenantId?: string }): Promise<boolean>;
}

/** The public id of a key: the first 16 hex of its hash, printed by `engram keys create`. */
export const KeyIdParamSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9]{8,32}$/, 'a key id') });

const RevokedKeySchema = z.object({ key: z.object({ id: z.string(), revoked: z.literal(true) }) });

const responses = {
  200: { content: { 'application/json': { schema: RevokedKeySchema } }, description: 'Revoked' },
  404: { content: { 'application/json': { schema: ErrorSchema } }, description: 'No such key' },
};

export function registerKeyRoutes(app: OpenAPIHono<AppEnv>, keys: KeyActions): void {
  const answer = (revoked: boolean, id: string) => {
    if (!revoked) throw new AppError('not_found', 'API key not found');
    return { key: { id, revoked: true as const } };
  };

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/admin/keys/{id}/revoke',
      summary: 'Revoke any API key (operator key); requests with it fail from now on',
      request: { params: KeyIdParamSchema },
      responses,
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(answer(await keys.revoke(id, {}), id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/keys/{id}/revoke',
      summary: "Revoke one of this tenant's API keys (admin scope)",
      request: { params: KeyIdParamSchema },
      responses,
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(answer(await keys.revoke(id, { tenantId: c.get('principal').tenantId }), id), 200);
    },
  );
}
