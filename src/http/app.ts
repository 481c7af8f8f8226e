// The Engram HTTP app: one Hono app served by Node and by the Worker alike. Wiring of middleware, auth and
// routes; the work happens in the services.
import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError, toEnvelope } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { AuditService } from '../services/audit.ts';
import type { ForgetService } from '../services/forget.ts';
import type { IngestService } from '../services/ingest.ts';
import type { MemoryService } from '../services/memories.ts';
import type { RecallService } from '../services/recall.ts';
import { type Authenticate, requireOperator, requirePrincipal } from './auth.ts';
import type { AppEnv } from './env.ts';
import { errorHandler, validationHook } from './errors.ts';
import { limitBody, requestId, requireJson } from './middleware.ts';
import { type AdminActions, registerAdminRoutes } from './routes/admin.ts';
import { registerAuditRoutes } from './routes/audit.ts';
import { registerForgetRoutes } from './routes/forget.ts';
import { type ReadinessCheck, registerHealthRoutes } from './routes/health.ts';
import { registerIngestRoutes } from './routes/ingest.ts';
import { registerMemoryRoutes } from './routes/memories.ts';
import { registerRecallRoutes } from './routes/recall.ts';

export interface AppDeps {
  memories: MemoryService;
  recall: RecallService;
  forget: ForgetService;
  audit: AuditService;
  /** Conversation ingestion (POST /v1/ingest). */
  ingest: IngestService;
  admin: AdminActions;
  authenticate: Authenticate;
  readiness: ReadinessCheck;
  logger: Logger;
  adminKey: string | undefined;
  /** Largest accepted request body; a memory is at most 8000 chars, a batch at most 500 of them. */
  maxBodyBytes?: number;
}

export const API_VERSION = '1.0.0';

export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(errorHandler(deps.logger));
  app.notFound((c) => c.json(toEnvelope(new AppError('not_found', 'no such route')), 404));

  app.use('*', requestId);
  registerHealthRoutes(app, deps.readiness);
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Engram',
      version: API_VERSION,
      description: 'Long-term memory for AI agents and chat apps.',
    },
  });

  app.use('/v1/*', limitBody(deps.maxBodyBytes ?? 6 * 1024 * 1024), requireJson);
  app.use('/v1/admin/*', requireOperator(deps.adminKey, deps.authenticate));
  app.use('/v1/*', async (c, next) => {
    // Admin routes were authenticated by the operator key above.
    if (c.req.path.startsWith('/v1/admin/')) return next();
    return requirePrincipal(deps.authenticate)(c, next);
  });

  registerAdminRoutes(app, deps.admin);
  registerMemoryRoutes(app, deps.memories);
  registerRecallRoutes(app, deps.recall);
  registerForgetRoutes(app, deps.forget);
  registerAuditRoutes(app, deps.audit);
  registerIngestRoutes(app, deps.ingest);
  return app;
}
