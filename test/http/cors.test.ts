// CORS (ENGRAM_CORS_ORIGINS): none by default; for the configured origins, preflights answered before auth with
// the headers the client sends, answers (errors too) readable by the page, never credentials, `*` on request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/errors.ts';
import { parseConfig } from '../../src/config/index.ts';
import { migratedPglite, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

const APP = 'https://app.example';

const preflight = (h: Harness, origin: string) =>
  h.call('OPTIONS', '/v1/recall', {
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,idempotency-key',
    },
  });

describe('CORS', () => {
  let database: TestDatabase;
  let none: Harness;
  let listed: Harness;
  let any: Harness;
  let key: string;

  beforeAll(async () => {
    database = await migratedPglite();
    none = await createHarness(database);
    listed = await createHarness(database, { parts: { corsOrigins: [APP, 'http://localhost:3000'] } });
    any = await createHarness(database, { parts: { corsOrigins: ['*'] } });
    key = (await listed.tenant('cors')).key;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('is off by default: no CORS header on a preflight or an answer', async () => {
    const res = await preflight(none, APP);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await none.call('GET', '/healthz', { headers: { origin: APP } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of a listed origin before auth, allowing what the client sends', async () => {
    const res = await preflight(listed, APP);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-headers')?.split(',')).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'accept']),
    );
    expect(res.headers.get('access-control-allow-methods')?.split(',')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'DELETE']),
    );
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/origin/i);
  });

  it('marks answers, errors included, so the page can read the code and the request id', async () => {
    const ok = await listed.call('POST', '/v1/recall', {
      key,
      body: { subject: 'me', query: 'anything' },
      headers: { origin: APP },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP);
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-request-id');
    const denied = await listed.call('POST', '/v1/recall', {
      body: { subject: 'me', query: 'anything' },
      headers: { origin: APP },
    });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('gives an unlisted origin nothing', async () => {
    const res = await preflight(listed, 'https://evil.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('with "*" allows any origin, and never with credentials', async () => {
    const res = await preflight(any, 'https://anywhere.example');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('ENGRAM_CORS_ORIGINS', () => {
  it('reads comma-separated origins, none when unset', () => {
    expect(parseConfig({}).ENGRAM_CORS_ORIGINS).toEqual([]);
    expect(
      parseConfig({ ENGRAM_CORS_ORIGINS: ' https://app.example , http://localhost:3000' })
        .ENGRAM_CORS_ORIGINS,
    ).toEqual(['https://app.example', 'http://localhost:3000']);
    expect(parseConfig({ ENGRAM_CORS_ORIGINS: '*' }).ENGRAM_CORS_ORIGINS).toEqual(['*']);
  });

  it.each(['https://app.example/path', 'app.example', '*,https://app.example', 'https://a.example,'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => parseConfig({ ENGRAM_CORS_ORIGINS: value })).toThrow(ConfigError);
      expect(() => parseConfig({ ENGRAM_CORS_ORIGINS: value })).toThrow(/ENGRAM_CORS_ORIGINS/);
    },
  );
});
