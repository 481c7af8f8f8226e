// Turns a bearer token into a principal: a Supabase JWT when a verifier is configured and the token has the
// three-part JWS shape, an Engram API key otherwise.
import type { EngramConfig } from '../config/index.ts';
import type { Principal } from '../core/principal.ts';
import type { MemoryStore } from '../ports/store.ts';
import { verifyApiKey } from '../services/api-keys.ts';
import { createJwtVerifier, type JwtVerifier, type JwtVerifierConfig, looksLikeJwt } from './jwt.ts';

export function createAuthenticate(deps: {
  store: MemoryStore;
  jwt?: JwtVerifier | null | undefined;
}): (token: string) => Promise<Principal> {
  const { store, jwt } = deps;
  return (token) => (jwt && looksLikeJwt(token) ? jwt.verify(token) : verifyApiKey(store, token));
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
