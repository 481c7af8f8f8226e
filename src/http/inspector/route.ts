// Serves the Memory Inspector (/inspect and its script and stylesheet) with a strict Content-Security-Policy.
import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { INSPECTOR_HTML } from './page.ts';
import { INSPECTOR_JS } from './script.ts';
import { INSPECTOR_CSS } from './styles.ts';

/**
 * Only this origin's script, stylesheet and API; no inline code, no forms posting anywhere, no framing. Memory
 * content is rendered as text, and this policy is the second line if that ever slips.
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers of every page and asset of the UI: the policy, no caching (pages of personal data), no referrer. */
export function securityHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
}

/** Registers GET /inspect, /inspect/app.js and /inspect/app.css; none needs credentials (the page asks for a key). */
export function registerInspectorRoutes(app: Hono<AppEnv>): void {
  app.get('/inspect', (c) => c.body(INSPECTOR_HTML, 200, securityHeaders('text/html; charset=utf-8')));
  app.get('/inspect/app.js', (c) =>
    c.body(INSPECTOR_JS, 200, securityHeaders('text/javascript; charset=utf-8')),
  );
  app.get('/inspect/app.css', (c) => c.body(INSPECTOR_CSS, 200, securityHeaders('text/css; charset=utf-8')));
}
