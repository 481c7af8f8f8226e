// Liveness and readiness probes.
import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

/** Readiness: the database answers and every migration is applied. Never throws. */
export type ReadinessCheck = () => Promise<{ ready: boolean; checks: Record<string, string> }>;

export function registerHealthRoutes(app: Hono<AppEnv>, readiness: ReadinessCheck): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const result = await readiness();
    return c.json(
      { status: result.ready ? 'ready' : 'not_ready', checks: result.checks },
      result.ready ? 200 : 503,
    );
  });
}
