// Supabase JWT verification: HS256 with the secret, RS256/ES256 from a JWKS served over local HTTP, and the
// attacks that must fail (alg none, algorithm confusion, forged and foreign signatures, expired, not yet valid).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64UrlEncode } from '../../src/auth/base64url.ts';
import { createJwtVerifier, type JwtVerifier, looksLikeJwt } from '../../src/auth/jwt.ts';
import { AppError } from '../../src/core/errors.ts';
import {
  generateSigningKey,
  type JwksServer,
  nowSeconds,
  type SigningKey,
  signAsymmetric,
  signHs256,
  startJwksServer,
  TEST_JWT_SECRET,
  unsignedToken,
  userClaims,
} from '../support/jwt-tokens.ts';

const TENANT = '3f1c8a52-0d4e-4b7a-9c1e-2a6b8d0e4f11';

async function outcome(verifier: JwtVerifier, token: string): Promise<string> {
  try {
    const principal = await verifier.verify(token);
    return `ok:${principal.tenantId}:${principal.subject}`;
  } catch (error) {
    if (error instanceof AppError) return `${error.status}:${error.message}`;
    throw error;
  }
}

const tamper = (token: string, part: 0 | 1 | 2, value: Record<string, unknown>) => {
  const parts = token.split('.');
  parts[part] = base64UrlEncode(JSON.stringify(value));
  return parts.join('.');
};

describe('HS256 (project secret)', () => {
  const verifier = createJwtVerifier({ secret: TEST_JWT_SECRET });

  it('a valid user token becomes a JWT principal limited to its subject', async () => {
    const principal = await verifier.verify(await signHs256(userClaims('user-a', TENANT)));
    expect(principal).toEqual({
      kind: 'jwt',
      tenantId: TENANT,
      subject: 'user-a',
      actor: 'jwt:user-a',
      scopes: ['memories:read', 'memories:write'],
    });
  });

  it('401: alg none (any spelling), a stripped signature, a foreign secret, a tampered payload', async () => {
    const claims = userClaims('user-a', TENANT);
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      expect(await outcome(verifier, unsignedToken(claims, alg))).toBe('401:unsupported token algorithm');
    }
    const good = await signHs256(claims);
    expect(await outcome(verifier, `${good.split('.').slice(0, 2).join('.')}.`)).toBe(
      '401:invalid token signature',
    );
    const foreign = await signHs256(claims, 'another-projects-secret-also-32-chars-long!');
    expect(await outcome(verifier, foreign)).toBe('401:invalid token signature');
    const escalated = tamper(good, 1, {
      ...claims,
      app_metadata: { tenant_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(await outcome(verifier, escalated)).toBe('401:invalid token signature');
  });

  it('401: expired, not yet valid, wrong audience; the clock skew defaults to 60 s', async () => {
    const now = nowSeconds();
    const at = async (extra: Record<string, unknown>) =>
      outcome(verifier, await signHs256(userClaims('user-a', TENANT, extra)));
    expect(await at({ exp: now - 30 })).toBe(`ok:${TENANT}:user-a`);
    expect(await at({ exp: now - 120 })).toBe('401:token expired');
    expect(await at({ nbf: now + 30 })).toBe(`ok:${TENANT}:user-a`);
    expect(await at({ nbf: now + 600 })).toBe('401:token not yet valid');
    expect(await at({ iat: now + 600 })).toBe('401:token issued in the future');
    expect(await at({ aud: 'anon' })).toBe('401:token audience not accepted');
    expect(await at({ exp: undefined })).toBe('401:malformed token');
  });

  it("Supabase's anon and service_role keys (signed with the same secret) are not user tokens", async () => {
    const now = nowSeconds();
    for (const role of ['anon', 'service_role']) {
      const key = await signHs256({ iss: 'supabase', ref: 'abc', role, iat: now, exp: now + 3600 });
      expect(await outcome(verifier, key)).toBe('401:token audience not accepted');
    }
  });

  it('403 for a verified user without a tenant claim', async () => {
    const token = await signHs256(userClaims('user-a', TENANT, { app_metadata: { provider: 'email' } }));
    expect(await outcome(verifier, token)).toBe('403:this user has no tenant');
  });

  it('a configured issuer, audience, skew and tenant claim path are honoured', async () => {
    const custom = createJwtVerifier({
      secret: TEST_JWT_SECRET,
      issuer: 'https://abc.supabase.co/auth/v1',
      audiences: ['engram'],
      clockSkewSeconds: 0,
      tenantClaim: 'tenant_id',
    });
    const claims = { ...userClaims('u', TENANT), aud: 'engram', tenant_id: TENANT, app_metadata: {} };
    const iss = 'https://abc.supabase.co/auth/v1';
    expect(await outcome(custom, await signHs256({ ...claims, iss }))).toBe(`ok:${TENANT}:u`);
    expect(await outcome(custom, await signHs256({ ...claims, iss: 'https://evil.example/auth/v1' }))).toBe(
      '401:token issuer not accepted',
    );
    expect(await outcome(custom, await signHs256({ ...claims, iss, exp: nowSeconds() - 1 }))).toBe(
      '401:token expired',
    );
  });

  it('401: malformed tokens, crit headers, algorithms it is not configured for', async () => {
    const claims = userClaims('user-a', TENANT);
    const good = await signHs256(claims);
    for (const bad of ['a.b', 'a.b.c.d', `${good}=`, '....', 'e30.e30.', `x${good}`]) {
      expect(await outcome(verifier, bad)).toMatch(/^401:/);
    }
    expect(await outcome(verifier, await signHs256(claims, TEST_JWT_SECRET, { crit: ['exp'] }))).toBe(
      '401:unsupported token header',
    );
    expect(await outcome(verifier, await signHs256(claims, TEST_JWT_SECRET, { alg: 'HS512' }))).toBe(
      '401:unsupported token algorithm',
    );
    const rsa = await generateSigningKey('RS256', 'k1');
    expect(await outcome(verifier, await signAsymmetric(claims, rsa))).toBe(
      '401:unsupported token algorithm',
    );
  });

  it('looksLikeJwt tells tokens from Engram API keys', async () => {
    expect(looksLikeJwt(await signHs256(userClaims('u', TENANT)))).toBe(true);
    expect(looksLikeJwt('egm_abcdefghijklmnopqrstuvwxyz0123456789ABCD')).toBe(false);
    expect(looksLikeJwt('a.b')).toBe(false);
  });

  it('refuses to start without key material or with a short secret', () => {
    expect(() => createJwtVerifier({})).toThrow(/secret or a JWKS URL/);
    expect(() => createJwtVerifier({ secret: 'short' })).toThrow(/at least 32/);
    expect(() => createJwtVerifier({ secret: TEST_JWT_SECRET, tenantClaim: 'a..b' })).toThrow(/claim path/);
  });
});

describe('RS256 / ES256 (JWKS over HTTP)', () => {
  let server: JwksServer;
  let rsa: SigningKey;
  let ec: SigningKey;

  beforeAll(async () => {
    rsa = await generateSigningKey('RS256', 'rsa-1');
    ec = await generateSigningKey('ES256', 'ec-1');
    server = await startJwksServer([rsa.publicJwk, ec.publicJwk]);
  });
  afterAll(() => server.close());

  it('verifies RS256 and ES256 tokens with keys from the set, fetched once and cached', async () => {
    const verifier = createJwtVerifier({ jwksUrl: server.url });
    const before = server.hits();
    for (let i = 0; i < 3; i++) {
      expect(await outcome(verifier, await signAsymmetric(userClaims('r', TENANT), rsa))).toBe(
        `ok:${TENANT}:r`,
      );
      expect(await outcome(verifier, await signAsymmetric(userClaims('e', TENANT), ec))).toBe(
        `ok:${TENANT}:e`,
      );
    }
    expect(server.hits() - before).toBe(1);
  });

  it('401: a foreign key with a known kid, a kid of the wrong key type, a tampered payload', async () => {
    const verifier = createJwtVerifier({ jwksUrl: server.url });
    const impostor = await generateSigningKey('RS256', 'rsa-1');
    expect(await outcome(verifier, await signAsymmetric(userClaims('r', TENANT), impostor))).toBe(
      '401:invalid token signature',
    );
    const ecSignedAsRsaKid = await signAsymmetric(userClaims('e', TENANT), ec, { kid: 'rsa-1' });
    expect(await outcome(verifier, ecSignedAsRsaKid)).toBe('401:token signing key not found');
    const good = await signAsymmetric(userClaims('r', TENANT), rsa);
    expect(await outcome(verifier, tamper(good, 1, userClaims('admin', TENANT)))).toBe(
      '401:invalid token signature',
    );
  });

  it('401: HS256 signed with the public key (algorithm confusion), with or without a secret configured', async () => {
    const claims = userClaims('r', TENANT);
    const publicText = JSON.stringify(rsa.publicJwk);
    const confused = await signHs256(claims, publicText, { kid: 'rsa-1' });
    const jwksOnly = createJwtVerifier({ jwksUrl: server.url });
    expect(await outcome(jwksOnly, confused)).toBe('401:unsupported token algorithm');
    const both = createJwtVerifier({ jwksUrl: server.url, secret: TEST_JWT_SECRET });
    expect(await outcome(both, confused)).toBe('401:invalid token signature');
    const modulusAsSecret = await signHs256(claims, String(rsa.publicJwk.n), { kid: 'rsa-1' });
    expect(await outcome(both, modulusAsSecret)).toBe('401:invalid token signature');
    expect(await outcome(both, await signAsymmetric(claims, rsa))).toBe(`ok:${TENANT}:r`);
  });

  it('a rotated key is picked up by refetching on an unknown kid; unknown kids cannot hammer the endpoint', async () => {
    const rotated = await generateSigningKey('ES256', 'ec-2');
    const eager = createJwtVerifier({ jwksUrl: server.url, jwksMinRefetchMs: 0 });
    expect(await outcome(eager, await signAsymmetric(userClaims('e', TENANT), ec))).toBe(`ok:${TENANT}:e`);
    server.setKeys([rsa.publicJwk, ec.publicJwk, rotated.publicJwk]);
    const before = server.hits();
    expect(await outcome(eager, await signAsymmetric(userClaims('e', TENANT), rotated))).toBe(
      `ok:${TENANT}:e`,
    );
    expect(server.hits()).toBe(before + 1);

    const patient = createJwtVerifier({ jwksUrl: server.url });
    expect(await outcome(patient, await signAsymmetric(userClaims('r', TENANT), rsa))).toBe(`ok:${TENANT}:r`);
    const fetched = server.hits();
    const stranger = await generateSigningKey('ES256', 'unknown-kid');
    for (let i = 0; i < 5; i++) {
      expect(await outcome(patient, await signAsymmetric(userClaims('e', TENANT), stranger))).toBe(
        '401:token signing key not found',
      );
    }
    expect(server.hits()).toBe(fetched);
    server.setKeys([rsa.publicJwk, ec.publicJwk]);
  });

  it('503 when the key set cannot be fetched at all; a stale set keeps serving', async () => {
    server.setDown(true);
    const cold = createJwtVerifier({ jwksUrl: server.url });
    expect(await outcome(cold, await signAsymmetric(userClaims('r', TENANT), rsa))).toBe(
      '503:the token signing keys cannot be fetched',
    );
    server.setDown(false);
    const warm = createJwtVerifier({ jwksUrl: server.url, jwksCacheMs: 0 });
    expect(await outcome(warm, await signAsymmetric(userClaims('r', TENANT), rsa))).toBe(`ok:${TENANT}:r`);
    server.setDown(true);
    expect(await outcome(warm, await signAsymmetric(userClaims('r', TENANT), rsa))).toBe(`ok:${TENANT}:r`);
    server.setDown(false);
  });
});
