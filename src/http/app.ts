// The Engram HTTP app: one Hono app served by Node and by the Worker alike. Wiring of middleware, auth and
// routes; the work happens in the services.
import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError, toEnvelope } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { AuditService } from '../services/audit.ts';
import type { FeedbackService } from '../services/feedback.ts';
import type { ForgetService } from '../services/forget.ts';
import type { IngestService } from '../services/ingest.ts';
import type { MemoryService } from '../services/memories.ts';
import type { RecallService } from '../services/recall.ts';
import { type Authenticate, requireOperator, requirePrincipal } from './auth.ts';
import { registerDocsRoute } from './docs/route.ts';
import type { AppEnv } from './env.ts';
import { errorHandler, validationHook } from './errors.ts';
import { registerInspectorRoutes } from './inspector/route.ts';
import { limitBody, requestId, requireJson } from './middleware.ts';
import { type AdminActions, registerAdminRoutes } from './routes/admin.ts';
import { registerAuditRoutes } from './routes/audit.ts';
import { registerFeedbackRoutes } from './routes/feedback.ts';
import { registerForgetRoutes } from './routes/forget.ts';
import { type ReadinessCheck, registerHealthRoutes } from './routes/health.ts';
import { registerIngestRoutes } from './routes/ingest.ts';
import { type KeyActions, registerKeyRoutes } from './routes/keys.ts';
import { registerMcpRoute } from './routes/mcp.ts';
import { registerMemoryRoutes } from './routes/memories.ts';
import { type MetricsText, registerMetricsRoute } from './routes/metrics.ts';
import { registerRecallRoutes } from './routes/recall.ts';
import { requireRouteScope } from './scopes.ts';

export interface AppDeps {
  memories: MemoryService;
  recall: RecallService;
  forget: ForgetService;
  audit: AuditService;
  /** Conversation ingestion (POST /v1/ingest). */
  ingest: IngestService;
  admin: AdminActions;
  /** API key revocation (operator and tenant admin). */
  keys: KeyActions;
  /** Operations block: recall feedback, and the Prometheus text of GET /metrics (absent on Workers). */
  feedback: FeedbackService;
  metricsText?: MetricsText | undefined;
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
  if (deps.metricsText) registerMetricsRoute(app, deps.metricsText);
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
  // Auth block: each tenant route's scope (src/http/scopes.ts), checked once the principal is known.
  const routeScope = requireRouteScope();
  app.use('/v1/*', async (c, next) => {
    if (c.req.path.startsWith('/v1/admin/')) return next();
    return routeScope(c, next);
  });

  registerAdminRoutes(app, deps.admin);
  registerMemoryRoutes(app, deps.memories);
  registerRecallRoutes(app, deps.recall);
  registerKeyRoutes(app, deps.keys);
  registerFeedbackRoutes(app, deps.feedback);
  registerForgetRoutes(app, deps.forget);
  registerAuditRoutes(app, deps.audit);
  registerIngestRoutes(app, deps.ingest);

  // Ecosystem: the Memory Inspector page (it signs in with a key and calls /v1 like any client), the API docs
  // page rendered from /openapi.json, and the MCP endpoint (same bearer auth, same services).
  registerInspectorRoutes(app);
  registerDocsRoute(app);
  registerMcpRoute(app, {
    memories: deps.memories,
    recall: deps.recall,
    authenticate: deps.authenticate,
    logger: deps.logger,
    maxBodyBytes: deps.maxBodyBytes ?? 6 * 1024 * 1024,
  });
  return app;
}
