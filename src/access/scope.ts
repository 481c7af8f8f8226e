// Scopes: what a credential may do within its tenant, checked once per request by the entry point that knows
// the operation (the HTTP route table, src/http/scopes.ts, or the MCP tool table). Services do not check again.
import { AppError } from '../core/errors.ts';
import type { Principal, Scope } from '../core/principal.ts';

/** `admin` holds every right within its tenant. */
export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes.includes(scope) || principal.scopes.includes('admin');
}

/** Refuses (403, `details.scope`) a principal that lacks `scope`. */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!hasScope(principal, scope)) {
    throw new AppError('forbidden', `this credential lacks the ${scope} scope`, { scope });
  }
}
