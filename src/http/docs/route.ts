// GET /docs: the API reference rendered on the server from this app's own OpenAPI document (no script, no CDN).
import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { securityHeaders } from '../inspector/route.ts';
import { renderApiDocs } from './render.ts';

/** Registers GET /docs on `app`, rendered once, on first use, from `document` (the app's /openapi.json). */
export function registerDocsRoute(app: Hono<AppEnv>, document: () => object): void {
  let page: string | null = null;
  app.get('/docs', (c) => {
    page ??= renderApiDocs(document() as Record<string, unknown>, '/inspect/app.css');
    return c.body(page, 200, {
      ...securityHeaders('text/html; charset=utf-8'),
      'cache-control': 'public, max-age=300',
    });
  });
}
