// Idempotency-Key (issue 15, item 2) through the real app on every backend: a key belongs to one subject and one
// request. A Supabase-JWT user who reuses another subject's key gets its own write stored, never the other
// subject's memory; the same key with another body is 409 `conflict`; a revoked memory's key stores the new write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier } from '../../src/auth/jwt.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';
import { signHs256, TEST_JWT_SECRET, userClaims } from '../support/jwt-tokens.ts';

interface Answer {
  status: number;
  body: {
    memory?: { id: string; subject: string; content: string };
    error?: { code: string; message: string };
  };
}

describe.each(backends)('Idempotency-Key on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let tenant: { id: string; key: string };

  beforeAll(async () => {
    database = await open('idempotency');
    h = await createHarness(database, { parts: { jwt: createJwtVerifier({ secret: TEST_JWT_SECRET }) } });
    tenant = await h.tenant('acme');
  });
  afterAll(async () => {
    await database.drop();
  });

  const write = async (token: string, subject: string, content: string, idem: string): Promise<Answer> => {
    const res = await h.call('POST', '/v1/memories', {
      key: token,
      body: { kind: 'fact', subject, content },
      headers: { 'idempotency-key': idem },
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };

  it("a JWT user reusing another subject's key stores its own write and never sees the other memory", async () => {
    const bob = await signHs256(userClaims('bob', tenant.id));
    const alice = await signHs256(userClaims('alice', tenant.id));
    const bobs = await write(bob, 'bob', 'bob hides the spare key under the blue pot', 'key-shared-1');
    expect(bobs.status).toBe(201);
    const alices = await write(alice, 'alice', 'alice parks on level three', 'key-shared-1');
    expect(alices.status).toBe(201);
    expect(alices.body.memory).toMatchObject({ subject: 'alice', content: 'alice parks on level three' });
    expect(alices.body.memory!.id).not.toBe(bobs.body.memory!.id);
    expect(JSON.stringify(alices.body)).not.toContain('blue pot');
    // Each subject's retry still replays its own memory.
    const again = await write(alice, 'alice', 'alice parks on level three', 'key-shared-1');
    expect(again).toMatchObject({ status: 200, body: { memory: { id: alices.body.memory!.id } } });
  });

  it('the same key with the same body replays; with another body it is 409 conflict and stores nothing', async () => {
    const first = await write(tenant.key, 'u1', 'order 7 placed on Monday', 'order-7');
    expect(first.status).toBe(201);
    const retry = await write(tenant.key, 'u1', 'order 7 placed on Monday', 'order-7');
    expect(retry).toMatchObject({ status: 200, body: { memory: { id: first.body.memory!.id } } });
    const other = await write(tenant.key, 'u1', 'order 8 placed on Tuesday', 'order-7');
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'conflict' });
    expect(other.body.error!.message).toMatch(/Idempotency-Key/);
    const list = await h.call('GET', '/v1/memories?subject=u1', { key: tenant.key });
    const items = ((await list.json()) as { items: { content: string }[] }).items.map((m) => m.content);
    expect(items).not.toContain('order 8 placed on Tuesday');
  });

  it("a revoked memory's key does not swallow the next write", async () => {
    const first = await write(tenant.key, 'u2', 'the gate code is on the fridge note', 'note-1');
    expect(first.status).toBe(201);
    const revoked = await h.call('POST', `/v1/memories/${first.body.memory!.id}/revoke`, {
      key: tenant.key,
      body: { reason: 'wrong' },
    });
    expect(revoked.status).toBe(200);
    const next = await write(tenant.key, 'u2', 'the gate code is on the fridge note', 'note-1');
    expect(next.status).toBe(201);
    expect(next.body.memory!.id).not.toBe(first.body.memory!.id);
  });

  it('concurrent writes with one key end as one row, and a concurrent other body is a conflict', async () => {
    const same = await Promise.all(
      Array.from({ length: 6 }, () =>
        write(tenant.key, 'u3', 'ten concurrent retries of one write', 'burst-1'),
      ),
    );
    expect(new Set(same.map((a) => a.body.memory?.id)).size).toBe(1);
    expect(same.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const mixed = await Promise.all([
      write(tenant.key, 'u3', 'first body of burst 2', 'burst-2'),
      write(tenant.key, 'u3', 'second body of burst 2', 'burst-2'),
    ]);
    expect(mixed.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});
