// A PII policy per tenant (issue 15, item 5) through the real app on every backend: stored on the tenant, set by the
// operator API, and used by the write gate on every write path. By default a US SSN is rejected; a tenant whose
// policy says `redact` stores the memory with the identifier replaced; another tenant keeps the default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { ADMIN_KEY, createHarness, type Harness } from '../support/harness.ts';

const WITH_SSN = 'my social security number is 602-41-3320 for the W-4';

describe.each(backends)('tenant PII policy on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let redacting: { id: string; key: string };
  let strict: { id: string; key: string };

  beforeAll(async () => {
    database = await open('pii_policy');
    h = await createHarness(database);
    redacting = await h.tenant('redacting');
    strict = await h.tenant('strict');
  });
  afterAll(async () => {
    await database.drop();
  });

  const setPolicy = (id: string, body: unknown) =>
    h.call('PUT', `/v1/admin/tenants/${id}/pii-policy`, { key: ADMIN_KEY, body });

  it('defaults reject a US SSN; a stored redact policy stores it redacted on remember, batch and ingest', async () => {
    // The default (another tenant, so that this tenant's policy is read first after it is set: a policy is cached
    // for up to 5 s per process).
    const before = await h.call('POST', '/v1/memories', {
      key: strict.key,
      body: { subject: 'u0', kind: 'fact', content: WITH_SSN },
    });
    expect(before.status).toBe(422);

    const set = await setPolicy(redacting.id, { ssn: 'redact' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ tenant_id: redacting.id, pii_policy: { ssn: 'redact' } });

    const remembered = await h.call('POST', '/v1/memories', {
      key: redacting.key,
      body: { subject: 'u1', kind: 'fact', content: WITH_SSN },
    });
    expect(remembered.status).toBe(201);
    const memory = ((await remembered.json()) as { memory: { content: string } }).memory;
    expect(memory.content).not.toContain('602-41-3320');
    expect(memory.content).toContain('W-4');

    const batch = await h.call('POST', '/v1/memories/batch', {
      key: redacting.key,
      body: { items: [{ subject: 'u2', kind: 'fact', content: WITH_SSN }] },
    });
    expect(((await batch.json()) as { results: { status: number }[] }).results[0]!.status).toBe(201);
    const ingest = await h.call('POST', '/v1/ingest', {
      key: redacting.key,
      body: { subject: 'u3', session: 's', messages: [{ speaker: 'user', text: WITH_SSN }] },
    });
    expect(((await ingest.json()) as { items: { status: string }[] }).items[0]!.status).toBe('created');
    const { rows } = await database.db.query<{ n: number }>(
      "select count(*)::int as n from engram.memories where content like '%602-41-3320%' or context_text like '%602-41-3320%'",
    );
    expect(rows[0]!.n).toBe(0);

    // Another tenant keeps the default.
    const other = await h.call('POST', '/v1/memories', {
      key: strict.key,
      body: { subject: 'u1', kind: 'fact', content: WITH_SSN },
    });
    expect(other.status).toBe(422);
  });

  it('validates the policy and the tenant: 400 naming the class, 404 for an unknown tenant, 403 for a tenant key', async () => {
    const bad = await setPolicy(strict.id, { ssn: 'allow' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('ssn');
    expect((await setPolicy(strict.id, { shoe_size: 'redact' })).status).toBe(400);
    expect((await setPolicy(crypto.randomUUID(), { ssn: 'redact' })).status).toBe(404);
    const asTenant = await h.call('PUT', `/v1/admin/tenants/${strict.id}/pii-policy`, {
      key: strict.key,
      body: { ssn: 'redact' },
    });
    expect(asTenant.status).toBe(403);
  });
});
