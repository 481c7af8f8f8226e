// The Engram HTTP app: one Hono app served by Node and by the Worker alike, built once per process or isolate.
// Request hygiene and the probes here; operator and tenant routes are two sub-apps, each with its own auth chain.
import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError, toEnvelope } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import { registerDocsRoute } from './docs/route.ts';
import type { AppEnv } from './env.ts';
import { errorHandler, validationHook } from './errors.ts';
import { registerInspectorRoutes } from './inspector/route.ts';
import { corsFor, limitBody, rejectNul, requestId, requireJson } from './middleware.ts';
import { createOperatorApp } from './operator-app.ts';
import type { AdminActions } from './routes/admin.ts';
import { type ReadinessCheck, registerHealthRoutes } from './routes/health.ts';
import { registerMcpRoute } from './routes/mcp.ts';
import { type MetricsText, registerMetricsRoute } from './routes/metrics.ts';
import { createTenantApp, type TenantAppDeps } from './tenant-app.ts';

export interface AppDeps extends TenantAppDeps {
  admin: AdminActions;
  /** Operations block: the Prometheus text of GET /metrics (absent on Workers). */
  metricsText?: MetricsText | undefined;
  readiness: ReadinessCheck;
  logger: Logger;
  adminKey: string | undefined;
  /** Largest accepted request body; a memory is at most 8000 chars, a batch at most 500 of them. */
  maxBodyBytes?: number;
  /** Origins whose browser pages may call the API (ENGRAM_CORS_ORIGINS); empty or absent: no CORS headers. */
  corsOrigins?: readonly string[] | undefined;
}

export const API_VERSION = '1.0.0';

const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Engram',
    version: API_VERSION,
    description: 'Long-term memory for AI agents and chat apps.',
  },
};

export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const maxBodyBytes = deps.maxBodyBytes ?? 6 * 1024 * 1024;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(errorHandler(deps.logger));
  app.notFound((c) => c.json(toEnvelope(new AppError('not_found', 'no such route')), 404));

  app.use('*', requestId);
  // Before every route and auth chain: a preflight carries no credentials and must be answered here.
  if (deps.corsOrigins && deps.corsOrigins.length > 0) app.use('*', corsFor(deps.corsOrigins));
  registerHealthRoutes(app, deps.readiness);
  if (deps.metricsText) registerMetricsRoute(app, deps.metricsText);

  app.use('/v1/*', limitBody(maxBodyBytes), requireJson, rejectNul);
  // The operator app first: it answers every /v1/admin request itself (see its 404), before the tenant chain.
  app.route('/v1/admin', createOperatorApp(deps));
  app.route('/v1', createTenantApp(deps));

  // Ecosystem: the Memory Inspector page (it signs in with a key and calls /v1 like any client), the API docs
  // page rendered from the OpenAPI document, and the MCP endpoint (same bearer auth, same services).
  registerInspectorRoutes(app);
  registerMcpRoute(app, {
    memories: deps.memories,
    recall: deps.recall,
    ingest: deps.ingest,
    authenticate: deps.authenticate,
    logger: deps.logger,
    maxBodyBytes,
  });
  // Built on first use, once every route is registered, and kept with its JSON text: the document does not
  // change while the app runs (regenerated per request it cost 8-16 ms a call on Node: scripts/bench-app-reuse.ts).
  let document: { object: ReturnType<typeof app.getOpenAPI31Document>; text: string } | undefined;
  const openapi = () => {
    if (!document) {
      const object = app.getOpenAPI31Document(DOCUMENT_CONFIG);
      document = { object, text: JSON.stringify(object) };
    }
    return document;
  };
  app.get('/openapi.json', (c) => c.body(openapi().text, 200, { 'content-type': 'application/json' }));
  registerDocsRoute(app, () => openapi().object);
  return app;
}
