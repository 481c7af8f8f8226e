// GET /metrics: Prometheus text exposition (Node server). Counts, latencies and reasons only: no content, no
// tenant or subject labels, so it is served without credentials like the other probes.
import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

export type MetricsText = () => Promise<string>;

export function registerMetricsRoute(app: Hono<AppEnv>, render: MetricsText): void {
  app.get('/metrics', async (c) =>
    c.body(await render(), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }),
  );
}
