// The scope each tenant route needs, in one table, checked once per request by the tenant app's auth chain
// (src/http/tenant-app.ts) through src/access. A test fails when a route of the OpenAPI document is missing here.
import type { MiddlewareHandler } from 'hono';
import { requireScope } from '../access/index.ts';
import type { Scope } from '../core/principal.ts';
import type { AppEnv } from './env.ts';

export interface RouteScope {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI-style template, e.g. `/v1/memories/{id}`. */
  path: string;
  scope: Scope;
}

/** Tenant routes and their scope. `admin` is the tenant's own administration, never another tenant's. */
export const ROUTE_SCOPES: readonly RouteScope[] = [
  { method: 'POST', path: '/v1/memories', scope: 'memories:write' },
  { method: 'POST', path: '/v1/memories/batch', scope: 'memories:write' },
  { method: 'GET', path: '/v1/memories', scope: 'memories:read' },
  { method: 'GET', path: '/v1/memories/{id}', scope: 'memories:read' },
  { method: 'POST', path: '/v1/memories/{id}/revoke', scope: 'memories:write' },
  { method: 'POST', path: '/v1/recall', scope: 'memories:read' },
  { method: 'POST', path: '/v1/ingest', scope: 'memories:write' },
  // Feedback is part of reading: the caller that recalled says what it used.
  { method: 'POST', path: '/v1/recalls/{recall_id}/feedback', scope: 'memories:read' },
  { method: 'POST', path: '/v1/keys/{id}/revoke', scope: 'admin' },
  // Forgetting: an end user may replace, erase and export its own subject (the services check the subject).
  { method: 'POST', path: '/v1/memories/{id}/replace', scope: 'memories:write' },
  { method: 'DELETE', path: '/v1/subjects/{subject}', scope: 'memories:write' },
  { method: 'GET', path: '/v1/subjects/{subject}/export', scope: 'memories:read' },
  { method: 'GET', path: '/v1/audit', scope: 'memories:read' },
];

function compile(table: readonly RouteScope[]) {
  return table.map((rule) => ({
    ...rule,
    pattern: new RegExp(`^${rule.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  }));
}

/** The scope a request needs, or undefined when no rule matches (the route is then unknown or unmapped). */
export function requiredScope(
  method: string,
  path: string,
  table: readonly RouteScope[] = ROUTE_SCOPES,
): Scope | undefined {
  return compile(table).find((rule) => rule.method === method && rule.pattern.test(path))?.scope;
}

/** Refuses (403) a principal that lacks the scope its route needs. Runs after authentication. */
export function requireRouteScope(table: readonly RouteScope[] = ROUTE_SCOPES): MiddlewareHandler<AppEnv> {
  const rules = compile(table);
  return async (c, next) => {
    const rule = rules.find((r) => r.method === c.req.method && r.pattern.test(c.req.path));
    if (rule) requireScope(c.get('principal'), rule.scope);
    await next();
  };
}
