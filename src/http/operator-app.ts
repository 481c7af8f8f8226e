// The operator sub-app, mounted at /v1/admin: its own auth chain (the operator key, nothing else), its routes,
// and its own 404, so that every /v1/admin request is answered here and never reaches the tenant chain.
import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError } from '../core/errors.ts';
import { type Authenticate, requireOperator } from './auth.ts';
import type { AppEnv } from './env.ts';
import { validationHook } from './errors.ts';
import { type OperatorRouteDeps, registerAdminRoutes } from './routes/admin.ts';

export interface OperatorAppDeps extends OperatorRouteDeps {
  adminKey: string | undefined;
  authenticate: Authenticate;
}

export function createOperatorApp(deps: OperatorAppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('*', requireOperator(deps.adminKey, deps.authenticate));
  registerAdminRoutes(app, deps);
  // The tenant app is mounted at /v1, so its chain matches /v1/admin paths too; this answer ends every
  // operator request that no route took (an operator key on an unknown path is a 404, never a tenant 401).
  app.all('*', () => {
    throw new AppError('not_found', 'no such route');
  });
  return app;
}
