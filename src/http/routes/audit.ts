// Route for the audit trail: GET /v1/audit (who, what, when, why; never erased content).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { AuditEventSchema } from '../../core/forget-schemas.ts';
import { SubjectSchema } from '../../core/schemas.ts';
import type { AuditService } from '../../services/audit.ts';
import type { AppEnv } from '../env.ts';
import { ErrorSchema } from '../schemas.ts';

export const AuditQuerySchema = z.object({
  subject: SubjectSchema.optional(),
  memory_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(40).optional(),
});

export const AuditResponseSchema = z.object({
  items: z.array(AuditEventSchema),
  next_cursor: z.string().nullable(),
});

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export function registerAuditRoutes(app: OpenAPIHono<AppEnv>, audit: AuditService): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/audit',
      summary: 'Audit events of the tenant, oldest first, by subject and/or memory id',
      request: { query: AuditQuerySchema },
      responses: {
        200: json(AuditResponseSchema, 'A page of events'),
        400: json(ErrorSchema, 'Invalid request'),
        401: json(ErrorSchema, 'Missing or bad credentials'),
        403: json(ErrorSchema, 'Not allowed'),
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
