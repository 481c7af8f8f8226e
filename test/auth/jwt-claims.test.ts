// JWT claim checks: the time window with clock skew, audience, issuer, subject and the tenant claim path.
import { describe, expect, it } from 'vitest';
import { type ClaimRules, checkClaims, parseClaimPath, readClaimPath } from '../../src/auth/jwt-claims.ts';

const TENANT = '3f1c8a52-0d4e-4b7a-9c1e-2a6b8d0e4f11';
const NOW = 1_800_000_000;
const rules: ClaimRules = {
  audiences: ['authenticated'],
  clockSkewSeconds: 60,
  tenantClaim: ['app_metadata', 'tenant_id'],
};
const base = { aud: 'authenticated', sub: 'user-1', exp: NOW + 10, app_metadata: { tenant_id: TENANT } };
const failure = (claims: Record<string, unknown>, r: ClaimRules = rules) => {
  const result = checkClaims(claims, r, NOW);
  return result.ok ? null : result.failure;
};

describe('checkClaims', () => {
  it('accepts a current token and returns subject and tenant', () => {
    expect(checkClaims(base, rules, NOW)).toEqual({
      ok: true,
      identity: { subject: 'user-1', tenantId: TENANT },
    });
  });

  it('a maximum lifetime (issue 15, item 7: exp 1e308 was accepted): 7 days by default, configurable', () => {
    expect(failure({ ...base, exp: 1e308 })).toBe('lifetime');
    expect(failure({ ...base, exp: NOW + 7 * 86400 })).toBeNull();
    expect(failure({ ...base, exp: NOW + 8 * 86400 })).toBe('lifetime');
    // Issued long ago and still valid for a while: the lifetime counts from iat.
    expect(failure({ ...base, iat: NOW - 30 * 86400, exp: NOW + 3600 })).toBe('lifetime');
    expect(
      failure({ ...base, iat: NOW - 600, exp: NOW + 3000 }, { ...rules, maxLifetimeSeconds: 3600 }),
    ).toBeNull();
    expect(failure({ ...base, exp: NOW + 7200 }, { ...rules, maxLifetimeSeconds: 3600 })).toBe('lifetime');
  });

  it('exp: required, numeric, honoured with the clock skew', () => {
    expect(failure({ ...base, exp: undefined })).toBe('malformed');
    expect(failure({ ...base, exp: String(NOW + 10) })).toBe('malformed');
    expect(failure({ ...base, exp: NOW - 59 })).toBeNull();
    expect(failure({ ...base, exp: NOW - 60 })).toBe('expired');
    expect(failure({ ...base, exp: NOW - 3600 })).toBe('expired');
    expect(failure({ ...base, exp: NOW - 1 }, { ...rules, clockSkewSeconds: 0 })).toBe('expired');
  });

  it('nbf and iat in the future beyond the skew are refused', () => {
    expect(failure({ ...base, nbf: NOW + 60 })).toBeNull();
    expect(failure({ ...base, nbf: NOW + 61 })).toBe('not_yet_valid');
    expect(failure({ ...base, iat: NOW + 30 })).toBeNull();
    expect(failure({ ...base, iat: NOW + 3600 })).toBe('issued_in_future');
    expect(failure({ ...base, nbf: 'soon' })).toBe('malformed');
  });

  it('aud must contain an accepted audience (string or array)', () => {
    expect(failure({ ...base, aud: ['other', 'authenticated'] })).toBeNull();
    expect(failure({ ...base, aud: 'anon' })).toBe('audience');
    expect(failure({ ...base, aud: undefined })).toBe('audience');
    expect(failure({ ...base, aud: [42] })).toBe('audience');
  });

  it('iss is checked only when configured, and then exactly', () => {
    const withIssuer = { ...rules, issuer: 'https://abc.supabase.co/auth/v1' };
    expect(failure({ ...base, iss: 'https://abc.supabase.co/auth/v1' }, withIssuer)).toBeNull();
    expect(failure({ ...base, iss: 'https://evil.supabase.co/auth/v1' }, withIssuer)).toBe('issuer');
    expect(failure(base, withIssuer)).toBe('issuer');
    expect(failure({ ...base, iss: 'anything' })).toBeNull();
  });

  it('sub must be a non-empty string of at most 200 chars', () => {
    expect(failure({ ...base, sub: '' })).toBe('subject');
    expect(failure({ ...base, sub: 7 })).toBe('subject');
    expect(failure({ ...base, sub: 'x'.repeat(201) })).toBe('subject');
  });

  it('the tenant comes from the configured path only, and must be a uuid', () => {
    expect(failure({ ...base, app_metadata: {} })).toBe('no_tenant');
    // user_metadata is editable by the user: never a source of the tenant.
    expect(failure({ ...base, app_metadata: undefined, user_metadata: { tenant_id: TENANT } })).toBe(
      'no_tenant',
    );
    expect(failure({ ...base, app_metadata: { tenant_id: 'acme' } })).toBe('no_tenant');
    const flat = { ...rules, tenantClaim: ['tenant_id'] };
    expect(checkClaims({ ...base, tenant_id: TENANT.toUpperCase() }, flat, NOW)).toMatchObject({
      ok: true,
      identity: { tenantId: TENANT },
    });
  });
});

describe('claim paths', () => {
  it('parses dotted paths and refuses odd ones', () => {
    expect(parseClaimPath('app_metadata.tenant_id')).toEqual(['app_metadata', 'tenant_id']);
    for (const bad of ['', 'a..b', 'a.b c', 'a/b']) expect(() => parseClaimPath(bad)).toThrow();
  });

  it('reads own properties only', () => {
    expect(readClaimPath({ a: { b: 1 } }, ['a', 'b'])).toBe(1);
    expect(readClaimPath({ a: [1] }, ['a', '0'])).toBeUndefined();
    expect(readClaimPath({}, ['constructor'])).toBeUndefined();
    expect(readClaimPath({ a: {} }, ['a', '__proto__'])).toBeUndefined();
  });
});
