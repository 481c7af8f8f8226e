// The tenant sub-app, mounted at /v1: its own auth chain (an API key or a Supabase JWT becomes the principal,
// then the route's scope from the one table is checked) in front of every tenant route.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AuditService } from '../services/audit.ts';
import type { FeedbackService } from '../services/feedback.ts';
import type { ForgetService } from '../services/forget.ts';
import type { IngestService } from '../services/ingest.ts';
import type { MemoryService } from '../services/memories.ts';
import type { RecallService } from '../services/recall.ts';
import { type Authenticate, requirePrincipal } from './auth.ts';
import type { AppEnv } from './env.ts';
import { validationHook } from './errors.ts';
import { registerAuditRoutes } from './routes/audit.ts';
import { registerFeedbackRoutes } from './routes/feedback.ts';
import { registerForgetRoutes } from './routes/forget.ts';
import { registerIngestRoutes } from './routes/ingest.ts';
import { type KeyActions, registerKeyRoutes } from './routes/keys.ts';
import { registerMemoryRoutes } from './routes/memories.ts';
import { registerRecallRoutes } from './routes/recall.ts';
import { requireRouteScope } from './scopes.ts';

export interface TenantAppDeps {
  memories: MemoryService;
  recall: RecallService;
  forget: ForgetService;
  audit: AuditService;
  ingest: IngestService;
  feedback: FeedbackService;
  keys: KeyActions;
  authenticate: Authenticate;
}

export function createTenantApp(deps: TenantAppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('*', requirePrincipal(deps.authenticate), requireRouteScope());
  registerMemoryRoutes(app, deps.memories);
  registerRecallRoutes(app, deps.recall);
  registerKeyRoutes(app, deps.keys);
  registerFeedbackRoutes(app, deps.feedback);
  registerForgetRoutes(app, deps.forget);
  registerAuditRoutes(app, deps.audit);
  registerIngestRoutes(app, deps.ingest);
  return app;
}
