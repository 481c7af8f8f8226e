// The Inspector's routes and the guarantees the page's code must keep (checked on its source; the browser test
// checks them at run time): CSP and security headers, no storage, no HTML parsing of data, no logging.

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../src/http/env.ts';
import { INSPECTOR_HTML } from '../../../src/http/inspector/page.ts';
import { PAGE_CSP, registerInspectorRoutes } from '../../../src/http/inspector/route.ts';
import { INSPECTOR_JS } from '../../../src/http/inspector/script.ts';

const app = new Hono<AppEnv>();
registerInspectorRoutes(app);

describe('Inspector routes', () => {
  it('serve the page, script and stylesheet with the policy and no caching', async () => {
    for (const [path, type] of [
      ['/inspect', 'text/html'],
      ['/inspect/app.js', 'text/javascript'],
      ['/inspect/app.css', 'text/css'],
    ] as const) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(PAGE_CSP).toContain("script-src 'self'");
    expect(PAGE_CSP).not.toContain('unsafe');
  });

  it('the page loads code only from this origin and has no inline script or style', () => {
    expect(INSPECTOR_HTML).toContain('<script type="module" src="/inspect/app.js"></script>');
    expect(INSPECTOR_HTML.match(/<script/g)).toHaveLength(1);
    expect(INSPECTOR_HTML).not.toMatch(/<style|\sstyle="|\son[a-z]+="|https?:\/\//);
  });

  it('the script parses, and never stores, parses HTML from data, or logs', () => {
    expect(() => new Function(INSPECTOR_JS)).not.toThrow();
    expect(INSPECTOR_JS).not.toMatch(/localStorage|sessionStorage|indexedDB|document\.cookie/);
    expect(INSPECTOR_JS).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    expect(INSPECTOR_JS).not.toMatch(/console\./);
    // Queries and content travel in POST bodies: the only query strings built are for list and audit filters.
    const queryStrings = INSPECTOR_JS.match(/'\/v1\/[a-z]+\?[^']*'/g) ?? [];
    expect(queryStrings.sort()).toEqual([
      "'/v1/audit?limit=200&memory_id='",
      "'/v1/memories?limit=200&subject='",
      "'/v1/memories?limit=200'",
    ]);
  });
});
