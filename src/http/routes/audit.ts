// Tenant route for the audit trail: GET /v1/audit (who, what, when, why; never erased content).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { AuditQuerySchema, AuditResponseSchema } from '../../contract/index.ts';
import type { AuditService } from '../../services/audit.ts';
import type { AppEnv } from '../env.ts';
import { errorResponses, json } from '../openapi.ts';
import { auditResponseExample } from '../openapi-examples.ts';

export function registerAuditRoutes(app: OpenAPIHono<AppEnv>, audit: AuditService): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/audit',
      summary: 'Audit events of the tenant, oldest first, by subject and/or memory id',
      description:
        'Pages through who did what and when (writes, revocations, replacements, erasures), by subject and/or memory id; events never hold memory content, and erased subjects show as redacted. Needs memories:read; an end user sees only its own subject.',
      request: { query: AuditQuerySchema },
      responses: {
        200: json(AuditResponseSchema, 'A page of events', auditResponseExample),
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const page = await audit.list(c.get('principal'), {
        subject: query.subject,
        memoryId: query.memory_id,
        limit: query.limit,
        cursor: query.cursor,
      });
      return c.json(page, 200);
    },
  );
}
