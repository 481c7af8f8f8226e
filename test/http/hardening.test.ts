// Inputs that used to end as 500s or wrong refusals (issue 15, items 6 and 7), through the real app on every
// backend: NUL characters in any string field, a float that underflows real, a cursor dated year +275760 are 400
// `invalid_request` naming the field; a bodyless POST where no body is needed is accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface ErrorBody {
  error: { code: string; message: string; details?: { issues?: { path: string }[] } };
}

describe.each(backends)('hardened inputs on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let tenant: { id: string; key: string };

  beforeAll(async () => {
    database = await open('hardening');
    h = await createHarness(database);
    tenant = await h.tenant('acme');
  });
  afterAll(async () => {
    await database.drop();
  });

  const write = (body: Record<string, unknown>) =>
    h.call('POST', '/v1/memories', {
      key: tenant.key,
      body: { kind: 'fact', subject: 'u1', content: 'x y z', ...body },
    });

  it.each([
    ['content', { content: 'before\u0000after' }],
    ['subject', { subject: 'u\u0000' }],
    ['tags.0', { tags: ['a\u0000'] }],
    ['key', { key: 'k\u0000' }],
    ['facet', { facet: 'f\u0000' }],
    ['trigger', { kind: 'rule', trigger: 't\u0000', content: 'do it' }],
    ['metadata.note', { metadata: { note: 'n\u0000' } }],
    ['source.uri', { source: { type: 'app', uri: 'https://x.test/\u0000' } }],
    ['language', { language: 'e\u0000' }],
  ])('a NUL character in %s is a 400 naming the field', async (path, body) => {
    const res = await write(body);
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('invalid_request');
    expect(error.details?.issues?.[0]?.path).toBe(path);
  });

  it('a NUL character in a query string or a recall is a 400', async () => {
    const list = await h.call('GET', '/v1/memories?subject=u%00', { key: tenant.key });
    expect(list.status).toBe(400);
    const recall = await h.call('POST', '/v1/recall', {
      key: tenant.key,
      body: { subject: 'u1', query: 'a\u0000' },
    });
    expect(recall.status).toBe(400);
    expect(((await recall.json()) as ErrorBody).error.code).toBe('invalid_request');
  });

  it('confidence 1e-320 (underflows real) is a 400, not a 500', async () => {
    const res = await write({ confidence: 1e-320, content: 'tiny confidence' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('invalid_request');
  });

  it('a cursor dated year +275760 is a 400 naming the cursor', async () => {
    const cursor = btoa(`+275760-09-13T00:00:00.000Z|${crypto.randomUUID()}`).replace(/=+$/, '');
    const res = await h.call('GET', `/v1/memories?subject=u1&cursor=${cursor}`, { key: tenant.key });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ code: 'invalid_request' });
  });

  it('no SQLSTATE in error details', async () => {
    const res = await write({ confidence: 1e-320, content: 'tiny confidence again' });
    expect(JSON.stringify(await res.json())).not.toMatch(/sqlstate|22003/i);
  });
});
