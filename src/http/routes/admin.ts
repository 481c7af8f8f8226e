// Operator routes (operator key): create tenants with their first API key.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { CreateTenantBodySchema, CreateTenantResponseSchema, ErrorSchema } from '../schemas.ts';

export interface AdminActions {
  createTenant(name: string): Promise<{ tenant: { id: string; name: string }; api_key: string }>;
}

export function registerAdminRoutes(app: OpenAPIHono<AppEnv>, admin: AdminActions): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/admin/tenants',
      summary: 'Create a tenant and its first API key (shown once)',
      request: {
        body: { content: { 'application/json': { schema: CreateTenantBodySchema } }, required: true },
      },
      responses: {
        201: {
          content: { 'application/json': { schema: CreateTenantResponseSchema } },
          description: 'Created',
        },
        409: { content: { 'application/json': { schema: ErrorSchema } }, description: 'Name taken' },
      },
    }),
    async (c) => c.json(await admin.createTenant(c.req.valid('json').name), 201),
  );
}
