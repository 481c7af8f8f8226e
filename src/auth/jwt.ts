// Supabase JWT verification on Web Crypto only (runs on Node, Workers and browsers): HS256 with the project's
// secret, RS256/ES256 with keys from a JWKS URL. A verified token becomes a principal limited to its own subject.
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import { base64UrlDecode } from './base64url.ts';
import { type AsymmetricAlg, createJwksCache, type JwksCache } from './jwks.ts';
import { type ClaimFailure, type ClaimRules, checkClaims, parseClaimPath } from './jwt-claims.ts';

export interface JwtVerifierConfig {
  /** HS256 secret (Supabase's legacy JWT secret, used as UTF-8 bytes as Supabase and PostgREST do). */
  secret?: string | undefined;
  /** RS256/ES256 keys (Supabase's asymmetric signing keys: `<project>/auth/v1/.well-known/jwks.json`). */
  jwksUrl?: string | undefined;
  /** Accepted audiences (default `authenticated`, what Supabase puts in user tokens). */
  audiences?: readonly string[] | undefined;
  issuer?: string | undefined;
  clockSkewSeconds?: number | undefined;
  /** Longest accepted token lifetime in seconds (default 7 days). */
  maxLifetimeSeconds?: number | undefined;
  /** Dotted path of the tenant id claim (default `app_metadata.tenant_id`, which users cannot edit). */
  tenantClaim?: string | undefined;
  fetch?: typeof fetch;
  jwksCacheMs?: number;
  /** Least time between two JWKS fetches triggered by unknown key ids (default 30 s). */
  jwksMinRefetchMs?: number;
  /** Seconds since the epoch (tests move the clock). */
  now?: () => number;
}

export interface JwtVerifier {
  verify(token: string): Promise<Principal>;
}

/** What a JWT principal may do: read and write memories, of its own subject only. Never `admin`. */
export const JWT_SCOPES = ['memories:read', 'memories:write'] as const;

const MAX_TOKEN_LENGTH = 16 * 1024;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** Three base64url parts: the shape of a compact JWS. Engram API keys (`egm_...`) never have it. */
export function looksLikeJwt(token: string): boolean {
  return token.length <= MAX_TOKEN_LENGTH && JWT_SHAPE.test(token);
}

const FAILURE_MESSAGES: Record<ClaimFailure, string> = {
  malformed: 'malformed token',
  expired: 'token expired',
  not_yet_valid: 'token not yet valid',
  issued_in_future: 'token issued in the future',
  lifetime: 'token lifetime exceeds the accepted maximum',
  audience: 'token audience not accepted',
  issuer: 'token issuer not accepted',
  subject: 'token has no usable subject',
  no_tenant: 'this user has no tenant',
};

const unauthorized = (message: string) => new AppError('unauthorized', message);

function decodeJson(part: string): Record<string, unknown> | null {
  const bytes = base64UrlDecode(part);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes),
    );
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Builds a verifier; throws at start on a configuration that could never verify anything. */
export function createJwtVerifier(config: JwtVerifierConfig): JwtVerifier {
  if (!config.secret && !config.jwksUrl) throw new Error('a JWT secret or a JWKS URL is required');
  // Supabase secrets are at least 32 characters; a short HMAC secret can be brute-forced offline.
  if (config.secret !== undefined && config.secret.length < 32)
    throw new Error('the JWT secret must be at least 32 characters');
  const rules: ClaimRules = {
    audiences: config.audiences ?? ['authenticated'],
    issuer: config.issuer,
    clockSkewSeconds: config.clockSkewSeconds ?? 60,
    maxLifetimeSeconds: config.maxLifetimeSeconds,
    tenantClaim: parseClaimPath(config.tenantClaim ?? 'app_metadata.tenant_id'),
  };
  const now = config.now ?? (() => Date.now() / 1000);
  const hmacKey = config.secret
    ? crypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(config.secret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['verify'],
      )
    : null;
  const jwks: JwksCache | null = config.jwksUrl
    ? createJwksCache({
        url: config.jwksUrl,
        ...(config.fetch ? { fetch: config.fetch } : {}),
        ...(config.jwksCacheMs !== undefined ? { cacheMs: config.jwksCacheMs } : {}),
        ...(config.jwksMinRefetchMs !== undefined ? { minRefetchMs: config.jwksMinRefetchMs } : {}),
      })
    : null;

  /**
   * The key for the header's algorithm. The algorithm decides which key material is used, and each kind of
   * material serves one family only: the HMAC secret never checks RS/ES tokens, and JWKS keys never act as an
   * HMAC secret (the classic HS256-with-the-public-key confusion).
   */
  async function keyFor(header: Record<string, unknown>): Promise<{ key: CryptoKey; alg: string }> {
    const { alg, kid } = header;
    if (kid !== undefined && typeof kid !== 'string') throw unauthorized('malformed token');
    if (alg === 'HS256' && hmacKey) return { key: await hmacKey, alg };
    if ((alg === 'RS256' || alg === 'ES256') && jwks) {
      const key = await jwks.key(kid, alg as AsymmetricAlg);
      if (!key) throw unauthorized('token signing key not found');
      return { key, alg };
    }
    throw unauthorized('unsupported token algorithm');
  }

  return {
    async verify(token) {
      if (!looksLikeJwt(token)) throw unauthorized('malformed token');
      const [headerPart, payloadPart, signaturePart] = token.split('.') as [string, string, string];
      const header = decodeJson(headerPart);
      const payload = decodeJson(payloadPart);
      const signature = base64UrlDecode(signaturePart);
      if (!header || !payload || !signature) throw unauthorized('malformed token');
      // Extensions we do not understand must be refused (RFC 7515 §4.1.11).
      if (header.crit !== undefined) throw unauthorized('unsupported token header');
      const { key, alg } = await keyFor(header);
      // ES256 signatures are r||s, 64 bytes (RFC 7518 §3.4); Web Crypto takes that form as is.
      if (alg === 'ES256' && signature.length !== 64) throw unauthorized('invalid token signature');
      const params: Parameters<typeof crypto.subtle.verify>[0] =
        alg === 'ES256' ? { name: 'ECDSA', hash: 'SHA-256' } : key.algorithm.name;
      const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
      if (!(await crypto.subtle.verify(params, key, signature, signed)))
        throw unauthorized('invalid token signature');

      const checked = checkClaims(payload, rules, now());
      if (!checked.ok) {
        const message = FAILURE_MESSAGES[checked.failure];
        throw checked.failure === 'no_tenant' ? new AppError('forbidden', message) : unauthorized(message);
      }
      const { subject, tenantId } = checked.identity;
      return { kind: 'jwt', tenantId, scopes: [...JWT_SCOPES], actor: `jwt:${subject}`, subject };
    },
  };
}
