// Test tokens: HS256 / RS256 / ES256 JWTs signed with Web Crypto, key pairs exported as JWKs, and a local JWKS
// HTTP server (127.0.0.1, ephemeral port) whose key set a test can rotate or take down.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base64UrlEncode } from '../../src/auth/base64url.ts';

export const TEST_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export type Claims = Record<string, unknown>;

/** Seconds since the epoch, as JWT numeric dates are. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claims of a signed-in Supabase user of `tenantId`. */
export function userClaims(sub: string, tenantId: string, extra: Claims = {}): Claims {
  const now = nowSeconds();
  return {
    aud: 'authenticated',
    role: 'authenticated',
    sub,
    iat: now,
    exp: now + 3600,
    app_metadata: { provider: 'email', tenant_id: tenantId },
    ...extra,
  };
}

const encodeParts = (header: Claims, claims: Claims) =>
  `${base64UrlEncode(JSON.stringify(header))}.${base64UrlEncode(JSON.stringify(claims))}`;

export async function signHs256(
  claims: Claims,
  secret = TEST_JWT_SECRET,
  header: Claims = {},
): Promise<string> {
  const input = encodeParts({ alg: 'HS256', typ: 'JWT', ...header }, claims);
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input));
  return `${input}.${base64UrlEncode(new Uint8Array(signature))}`;
}

export interface SigningKey {
  alg: 'RS256' | 'ES256';
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JsonWebKey & { kid: string; alg: string; use: string };
}

export async function generateSigningKey(alg: 'RS256' | 'ES256', kid: string): Promise<SigningKey> {
  const params =
    alg === 'RS256'
      ? {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        }
      : { name: 'ECDSA', namedCurve: 'P-256' };
  const pair = (await crypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { alg, kid, privateKey: pair.privateKey, publicJwk: { ...jwk, kid, alg, use: 'sig' } };
}

export async function signAsymmetric(claims: Claims, key: SigningKey, header: Claims = {}): Promise<string> {
  const input = encodeParts({ alg: key.alg, typ: 'JWT', kid: key.kid, ...header }, claims);
  const params = key.alg === 'RS256' ? 'RSASSA-PKCS1-v1_5' : { name: 'ECDSA', hash: 'SHA-256' };
  const signature = await crypto.subtle.sign(params, key.privateKey, new TextEncoder().encode(input));
  return `${input}.${base64UrlEncode(new Uint8Array(signature))}`;
}

/** An unsigned token (`alg: none`), the oldest JWT attack. */
export function unsignedToken(claims: Claims, alg = 'none'): string {
  return `${encodeParts({ alg, typ: 'JWT' }, claims)}.`;
}

export interface JwksServer {
  url: string;
  /** How many times the key set was fetched. */
  hits(): number;
  setKeys(keys: JsonWebKey[]): void;
  /** While down, every fetch answers 503. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startJwksServer(keys: JsonWebKey[]): Promise<JwksServer> {
  let current = keys;
  let down = false;
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    if (down || req.url !== '/auth/v1/.well-known/jwks.json') {
      res.writeHead(down ? 503 : 404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: current }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/auth/v1/.well-known/jwks.json`,
    hits: () => hits,
    setKeys(next) {
      current = next;
    },
    setDown(next) {
      down = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
