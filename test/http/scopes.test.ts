// The route-scope table: which scope a request needs, and that admin implies the others within its tenant.
import { describe, expect, it } from 'vitest';
import { hasScope } from '../../src/access/index.ts';
import type { Principal } from '../../src/core/principal.ts';
import { ROUTE_SCOPES, requiredScope } from '../../src/http/scopes.ts';

const principal = (scopes: string[]): Principal => ({ kind: 'api_key', tenantId: 't', scopes, actor: 'k' });

describe('requiredScope', () => {
  it('matches templates segment by segment, by method', () => {
    expect(requiredScope('POST', '/v1/memories')).toBe('memories:write');
    expect(requiredScope('GET', '/v1/memories')).toBe('memories:read');
    expect(requiredScope('GET', '/v1/memories/6f1c8a52-0d4e-4b7a-9c1e-2a6b8d0e4f11')).toBe('memories:read');
    expect(requiredScope('POST', '/v1/memories/abc/revoke')).toBe('memories:write');
    expect(requiredScope('POST', '/v1/keys/0123456789abcdef/revoke')).toBe('admin');
    expect(requiredScope('POST', '/v1/recalls/r1/feedback')).toBe('memories:read');
  });

  it('a template variable never spans segments, and unknown routes have no rule', () => {
    expect(requiredScope('GET', '/v1/memories/a/b')).toBeUndefined();
    expect(requiredScope('DELETE', '/v1/memories')).toBeUndefined();
    expect(requiredScope('GET', '/v1/nothing')).toBeUndefined();
    expect(requiredScope('POST', '/v1/memoriesX')).toBeUndefined();
  });

  it('every rule names a known scope and no two rules share a method and path', () => {
    const seen = new Set(ROUTE_SCOPES.map((r) => `${r.method} ${r.path}`));
    expect(seen.size).toBe(ROUTE_SCOPES.length);
  });
});

describe('hasScope', () => {
  it('needs the scope itself, or admin', () => {
    expect(hasScope(principal(['memories:read']), 'memories:read')).toBe(true);
    expect(hasScope(principal(['memories:read']), 'memories:write')).toBe(false);
    expect(hasScope(principal(['memories:write']), 'admin')).toBe(false);
    expect(hasScope(principal(['admin']), 'memories:write')).toBe(true);
    expect(hasScope(principal([]), 'memories:read')).toBe(false);
  });
});
