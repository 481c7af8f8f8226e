// Pure checks of a JWT's claims (RFC 7519 §4.1): time window with clock skew, audience, issuer, subject and the
// tenant read from a configured claim path. No I/O, no crypto: the signature is checked before this runs.

export interface ClaimRules {
  /** Accepted `aud` values; the token's `aud` (string or array) must contain one of them. */
  audiences: readonly string[];
  /** When set, `iss` must equal it exactly. */
  issuer?: string | undefined;
  clockSkewSeconds: number;
  /** Longest accepted lifetime: `exp` at most this far after `iat` and after now (`exp: 1e308` was accepted). */
  maxLifetimeSeconds?: number | undefined;
  /** Where the tenant id lives, as path segments (default `app_metadata.tenant_id`). */
  tenantClaim: readonly string[];
}

export interface IdentityClaims {
  subject: string;
  tenantId: string;
}

/** Why claims were refused. `no_tenant` is an authenticated user without a tenant (403); the rest are 401. */
export type ClaimFailure =
  | 'malformed'
  | 'expired'
  | 'not_yet_valid'
  | 'issued_in_future'
  | 'lifetime'
  | 'audience'
  | 'issuer'
  | 'subject'
  | 'no_tenant';

/** Seven days: Supabase issues 1-hour tokens by default and allows at most one week. */
export const DEFAULT_MAX_LIFETIME_S = 7 * 24 * 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CLAIM_SEGMENT = /^[A-Za-z0-9_$-]{1,64}$/;

/** Parses `a.b.c` into segments; throws on an empty or odd segment (a configuration error, caught at start). */
export function parseClaimPath(path: string): string[] {
  const segments = path.split('.');
  if (segments.length > 8 || !segments.every((s) => CLAIM_SEGMENT.test(s))) {
    throw new Error(`invalid claim path: letters, digits, _ $ - separated by dots`);
  }
  return segments;
}

export function readClaimPath(payload: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = payload;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    // Own properties only: a claim named `__proto__` or `constructor` must not reach the prototype.
    if (!Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

const isNumericDate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Checks the claims at `nowSeconds`; `exp` is required (a token that never expires is refused). */
export function checkClaims(
  payload: Record<string, unknown>,
  rules: ClaimRules,
  nowSeconds: number,
): { ok: true; identity: IdentityClaims } | { ok: false; failure: ClaimFailure } {
  const fail = (failure: ClaimFailure) => ({ ok: false as const, failure });
  const { exp, nbf, iat, aud, iss, sub } = payload;
  if (!isNumericDate(exp)) return fail('malformed');
  if (nbf !== undefined && !isNumericDate(nbf)) return fail('malformed');
  if (iat !== undefined && !isNumericDate(iat)) return fail('malformed');
  const skew = rules.clockSkewSeconds;
  // exp is the first instant at which the token is no longer valid (RFC 7519 §4.1.4).
  if (nowSeconds >= exp + skew) return fail('expired');
  if (nbf !== undefined && nowSeconds + skew < nbf) return fail('not_yet_valid');
  if (iat !== undefined && nowSeconds + skew < iat) return fail('issued_in_future');
  const maxLifetime = rules.maxLifetimeSeconds ?? DEFAULT_MAX_LIFETIME_S;
  if (exp - nowSeconds > maxLifetime + skew || (iat !== undefined && exp - iat > maxLifetime + skew))
    return fail('lifetime');

  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!audiences.some((a) => typeof a === 'string' && rules.audiences.includes(a))) return fail('audience');
  if (rules.issuer !== undefined && iss !== rules.issuer) return fail('issuer');
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 200) return fail('subject');

  const tenant = readClaimPath(payload, rules.tenantClaim);
  if (typeof tenant !== 'string' || !UUID.test(tenant)) return fail('no_tenant');
  return { ok: true, identity: { subject: sub, tenantId: tenant.toLowerCase() } };
}
