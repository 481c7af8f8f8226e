// Operator routes (the operator key): create and erase tenants, revoke any API key.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CreateTenantBodySchema,
  type CreateTenantResponse,
  CreateTenantResponseSchema,
  ErrorSchema,
  IdParamSchema,
  TenantErasureSchema,
} from '../../contract/index.ts';
import { type PiiPolicy, PiiPolicySchema } from '../../gate/index.ts';
import type { ForgetService } from '../../services/forget.ts';
import type { AppEnv } from '../env.ts';
import { errorResponses, json } from '../openapi.ts';
import {
  createTenantBodyExample,
  createTenantResponseExample,
  piiPolicyExample,
  piiPolicyResponseExample,
  tenantErasureExample,
} from '../openapi-examples.ts';
import { type KeyActions, revokedKey, revokeKeyRoute } from './keys.ts';

export interface AdminActions {
  createTenant(name: string): Promise<CreateTenantResponse>;
  setPiiPolicy(tenantId: string, policy: PiiPolicy): Promise<{ tenant_id: string; pii_policy: PiiPolicy }>;
}

const PiiPolicyResponseSchema = z.object({ tenant_id: z.string(), pii_policy: PiiPolicySchema });

export interface OperatorRouteDeps {
  admin: AdminActions;
  keys: KeyActions;
  forget: ForgetService;
}

export function registerAdminRoutes(app: OpenAPIHono<AppEnv>, deps: OperatorRouteDeps): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/tenants',
      summary: 'Create a tenant and its first API key (shown once)',
      description:
        'Creates a tenant and issues its first API key; the key is in this answer only, so store it now. Operator key only; 409 when the name is taken.',
      request: {
        body: { ...json(CreateTenantBodySchema, 'The tenant', createTenantBodyExample), required: true },
      },
      responses: {
        201: json(CreateTenantResponseSchema, 'Created', createTenantResponseExample),
        409: json(ErrorSchema, 'Name taken'),
      },
    }),
    async (c) => c.json(await deps.admin.createTenant(c.req.valid('json').name), 201),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/tenants/{id}/pii-policy',
      summary:
        "Set a tenant's PII policy: per class of personal identifier, reject or redact (email and phone: also allow); absent classes take the defaults",
      description:
        "Replaces the tenant's PII policy, which the write gate applies to every remember, batch, replace and ingest of the tenant. Operator key only; 404 for an unknown tenant.",
      request: {
        params: IdParamSchema,
        body: { ...json(PiiPolicySchema, 'The policy', piiPolicyExample), required: true },
      },
      responses: {
        200: json(
          PiiPolicyResponseSchema,
          'Stored; every write path of the tenant uses it within 5 s',
          piiPolicyResponseExample,
        ),
        404: json(ErrorSchema, 'No such tenant'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await deps.admin.setPiiPolicy(c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/tenants/{id}',
      summary: 'Erase a tenant: its memories, vectors, audit trail, API keys and the tenant itself',
      description:
        'Permanently erases a tenant: every memory, vector, audit event and API key, then the tenant row; the answer counts what was erased. Operator key only; 404 for an unknown tenant. This cannot be undone.',
      request: { params: IdParamSchema },
      responses: {
        200: json(
          TenantErasureSchema,
          'Erased; the receipt is an audit event kept under the tenant id',
          tenantErasureExample,
        ),
        404: json(ErrorSchema, 'No such tenant'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await deps.forget.eraseTenant(c.req.valid('param').id), 200),
  );

  app.openapi(
    revokeKeyRoute(
      '/keys/{id}/revoke',
      'Revoke any API key (operator key); requests with it fail from now on',
      'Revokes an API key of any tenant by its public id; requests with it fail with 401 from now on. Operator key only; an unknown key id is a 404.',
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(revokedKey(await deps.keys.revoke(id, {}), id), 200);
    },
  );
}
