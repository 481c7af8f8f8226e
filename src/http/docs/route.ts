// GET /docs: the API reference rendered on the server from this app's own /openapi.json (no script, no CDN).
import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { securityHeaders } from '../inspector/route.ts';
import { renderApiDocs } from './render.ts';

/** Registers GET /docs on `app` (after the other routes, so that the document lists them all). */
export function registerDocsRoute(app: Hono<AppEnv>): void {
  let page: string | null = null;
  app.get('/docs', async (c) => {
    // Rendered on first use, when every route is registered; the document does not change while running.
    if (page === null) {
      const doc = (await (await app.request('/openapi.json')).json()) as Record<string, unknown>;
      page = renderApiDocs(doc, '/inspect/app.css');
    }
    return c.body(page, 200, {
      ...securityHeaders('text/html; charset=utf-8'),
      'cache-control': 'public, max-age=300',
    });
  });
}
