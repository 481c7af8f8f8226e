// A JSON Web Key Set fetched from a URL and cached: keys are looked up by `kid` and algorithm, refetched when
// stale or when a token names a key not seen yet (key rotation), at most once per `minRefetchMs`.
import { AppError } from '../core/errors.ts';

export type AsymmetricAlg = 'RS256' | 'ES256';

export interface JwksOptions {
  url: string;
  fetch?: typeof fetch;
  /** How long a fetched set is used before it is fetched again (default 10 minutes). */
  cacheMs?: number;
  /** Least time between two fetches, so unknown `kid`s cannot make us hammer the endpoint (default 30 s). */
  minRefetchMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

interface Jwk {
  kty?: unknown;
  kid?: unknown;
  use?: unknown;
  alg?: unknown;
  crv?: unknown;
  key_ops?: unknown;
  [field: string]: unknown;
}

// Plain objects typed by the call site: workerd's runtime types and the DOM lib name these parameter types differently.
const IMPORT_PARAMS: Record<AsymmetricAlg, Parameters<typeof crypto.subtle.importKey>[2]> = {
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
};

/** Whether a JWK may verify `alg`: the key type must fit, so an RSA key is never used for ES256 and so on. */
export function jwkFits(jwk: Jwk, alg: AsymmetricAlg): boolean {
  if (jwk.use !== undefined && jwk.use !== 'sig') return false;
  if (jwk.alg !== undefined && jwk.alg !== alg) return false;
  if (Array.isArray(jwk.key_ops) && !jwk.key_ops.includes('verify')) return false;
  return alg === 'RS256' ? jwk.kty === 'RSA' : jwk.kty === 'EC' && jwk.crv === 'P-256';
}

export interface JwksCache {
  /** The verification key for a token header, or null when the set has none that fits. */
  key(kid: string | undefined, alg: AsymmetricAlg): Promise<CryptoKey | null>;
}

export function createJwksCache(options: JwksOptions): JwksCache {
  const fetchFn = options.fetch ?? fetch;
  const cacheMs = options.cacheMs ?? 10 * 60_000;
  const minRefetchMs = options.minRefetchMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 3000;
  const now = options.now ?? Date.now;
  let keys: Jwk[] | null = null;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let inflight: Promise<void> | null = null;
  const imported = new Map<string, Promise<CryptoKey>>();

  async function load(): Promise<void> {
    fetchedAt = now();
    try {
      const response = await fetchFn(options.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = (await response.json()) as { keys?: unknown };
      if (!Array.isArray(body.keys)) throw new Error('no keys array');
      keys = body.keys.filter((k): k is Jwk => typeof k === 'object' && k !== null);
      imported.clear();
    } catch {
      // A stale set keeps serving: an outage of the key endpoint must not log every user out.
      if (keys === null) throw new AppError('unavailable', 'the token signing keys cannot be fetched');
    }
  }

  function refresh(): Promise<void> {
    inflight ??= load().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  function find(kid: string | undefined, alg: AsymmetricAlg): Jwk | undefined {
    const fitting = (keys ?? []).filter((k) => jwkFits(k, alg));
    if (kid !== undefined) return fitting.find((k) => k.kid === kid);
    // Without a kid, only an unambiguous set is usable.
    return fitting.length === 1 ? fitting[0] : undefined;
  }

  return {
    async key(kid, alg) {
      if (keys === null || now() - fetchedAt >= cacheMs) await refresh();
      let jwk = find(kid, alg);
      if (!jwk && now() - fetchedAt >= minRefetchMs) {
        await refresh();
        jwk = find(kid, alg);
      }
      if (!jwk) return null;
      const cacheKey = `${alg}|${String(jwk.kid ?? '')}|${keys?.indexOf(jwk)}`;
      let key = imported.get(cacheKey);
      if (!key) {
        const { alg: _alg, key_ops: _ops, use: _use, ...material } = jwk;
        key = crypto.subtle.importKey('jwk', material as JsonWebKey, IMPORT_PARAMS[alg], false, ['verify']);
        imported.set(cacheKey, key);
      }
      try {
        return await key;
      } catch {
        // Malformed key material in the set: treat as no key (the token is refused, the endpoint stays up).
        imported.delete(cacheKey);
        return null;
      }
    },
  };
}
