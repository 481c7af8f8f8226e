// Turns a bearer token into a principal: a Supabase JWT when a verifier is configured and the token has the
// three-part JWS shape, an Engram API key otherwise.
import type { EngramConfig } from '../config/index.ts';
import type { Principal } from '../core/principal.ts';
import type { MemoryStore } from '../ports/store.ts';
import { keyFingerprint, verifyApiKey } from '../services/api-keys.ts';
import { createJwtVerifier, type JwtVerifier, type JwtVerifierConfig, looksLikeJwt } from './jwt.ts';

/** How long a verified API key is trusted without a database lookup (see createAuthenticate). */
export const DEFAULT_API_KEY_CACHE_MS = 5000;

export interface Authenticator {
  (token: string): Promise<Principal>;
  /** Drops a key from the cache: a revocation through this process takes effect at once. */
  forgetKey(keyId: string): void;
  /** Drops every key of a tenant (its erasure deletes them). */
  forgetTenant(tenantId: string): void;
}

/**
 * Every request used to look its API key up in a transaction of its own before doing its work (issue 18 item 4).
 * A verified key is now trusted for `apiKeyCacheMs` (5 s by default; 0 looks up every request): a key revoked
 * through this process (DELETE of the key, which calls forgetKey) stops at once; one revoked elsewhere (the CLI,
 * another server or Worker isolate) stops within that window. Only successful verifications are cached, keyed by
 * the key's SHA-256, never the key text; unknown and revoked keys are looked up each time.
 */
export function createAuthenticate(deps: {
  store: MemoryStore;
  jwt?: JwtVerifier | null | undefined;
  apiKeyCacheMs?: number | undefined;
  now?: (() => number) | undefined;
}): Authenticator {
  const { store, jwt } = deps;
  const ttl = deps.apiKeyCacheMs ?? DEFAULT_API_KEY_CACHE_MS;
  const now = deps.now ?? (() => Date.now());
  const cache = new Map<string, { principal: Principal; keyId: string; until: number }>();
  const MAX_ENTRIES = 10_000;

  // Lookups under way, by secret hash: when a cached key expires under load, the 16 requests that find it expired
  // together share one lookup instead of each running a transaction (measured: 48 lookups in 1,500 recalls at 16
  // clients, one per client each time the 5 s ran out). A revocation must not be undone by a lookup that started
  // before it, so forgetting a key also drops its lookup.
  const pending = new Map<string, { keyId: string; lookup: Promise<Principal> }>();

  async function apiKey(token: string): Promise<Principal> {
    if (ttl <= 0) return verifyApiKey(store, token);
    const { keyId, secretHash } = await keyFingerprint(token);
    const hit = cache.get(secretHash);
    if (hit && hit.until > now()) return hit.principal;
    cache.delete(secretHash);
    const running = pending.get(secretHash);
    if (running) return running.lookup;
    const entry = { keyId, lookup: verifyApiKey(store, token) };
    pending.set(secretHash, entry);
    try {
      const principal = await entry.lookup;
      // Only if no revocation forgot this lookup meanwhile.
      if (pending.get(secretHash) === entry) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(secretHash, { principal, keyId, until: now() + ttl });
      }
      return principal;
    } finally {
      if (pending.get(secretHash) === entry) pending.delete(secretHash);
    }
  }

  const authenticate = ((token: string) =>
    jwt && looksLikeJwt(token) ? jwt.verify(token) : apiKey(token)) as Authenticator;
  authenticate.forgetKey = (keyId) => {
    for (const [hash, entry] of cache) if (entry.keyId === keyId) cache.delete(hash);
    for (const [hash, entry] of pending) if (entry.keyId === keyId) pending.delete(hash);
  };
  authenticate.forgetTenant = (tenantId) => {
    for (const [hash, entry] of cache) if (entry.principal.tenantId === tenantId) cache.delete(hash);
    // A lookup under way does not know its tenant yet: drop them all (they are re-run on the next request).
    pending.clear();
  };
  return authenticate;
}

/** The settings JWT verification reads: the Node config and the Worker's bindings both carry them. */
export type JwtSettings = Pick<
  EngramConfig,
  | 'SUPABASE_JWT_SECRET'
  | 'SUPABASE_JWKS_URL'
  | 'SUPABASE_JWT_ISSUER'
  | 'SUPABASE_JWT_AUDIENCE'
  | 'ENGRAM_JWT_TENANT_CLAIM'
  | 'ENGRAM_JWT_CLOCK_SKEW_S'
  | 'ENGRAM_JWT_MAX_LIFETIME_S'
>;

/** The JWT settings of a deployment, or null when Supabase JWTs are not enabled. */
export function jwtConfigOf(config: JwtSettings): JwtVerifierConfig | null {
  if (!config.SUPABASE_JWT_SECRET && !config.SUPABASE_JWKS_URL) return null;
  return {
    secret: config.SUPABASE_JWT_SECRET,
    jwksUrl: config.SUPABASE_JWKS_URL,
    issuer: config.SUPABASE_JWT_ISSUER,
    audiences: config.SUPABASE_JWT_AUDIENCE.split(',')
      .map((a) => a.trim())
      .filter((a) => a !== ''),
    tenantClaim: config.ENGRAM_JWT_TENANT_CLAIM,
    clockSkewSeconds: config.ENGRAM_JWT_CLOCK_SKEW_S,
    maxLifetimeSeconds: config.ENGRAM_JWT_MAX_LIFETIME_S,
  };
}

/** The verifier a deployment configures, built (and its settings checked) at start. */
export function jwtVerifierOf(config: JwtSettings): JwtVerifier | null {
  const settings = jwtConfigOf(config);
  return settings ? createJwtVerifier(settings) : null;
}
