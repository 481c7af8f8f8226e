// A replacement whose new content is a near-duplicate of a third live memory, on every backend. A replace is an
// explicit write: it supersedes the old memory with the content asked for and leaves the third memory as it was
// (before, consolidation merged the new content into the third memory and the replace answered 409, with the merge
// already applied and the old memory still live).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../src/contract/index.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('replace next to a near-duplicate on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let t: { id: string; key: string };

  const remember = async (body: Record<string, unknown>) => {
    const res = await h.call('POST', '/v1/memories', { key: t.key, body: { subject: 'rp', ...body } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { memory: Memory }).memory;
  };
  const get = async (id: string) => {
    const res = await h.call('GET', `/v1/memories/${id}`, { key: t.key });
    expect(res.status).toBe(200);
    return (await res.json()) as Memory;
  };
  const auditActions = async (id: string) => {
    const { rows } = await database.db.query<{ action: string }>(
      'select action from engram.audit_events where memory_id = $1 order by created_at, id',
      [id],
    );
    return rows.map((row) => row.action);
  };
  /** Makes every two memories of a kind near-duplicates for the model, for the time of `work`. */
  const mergingEverything = async (work: () => Promise<void>) => {
    await h.store.withOperator((op) => op.setModelMergeThreshold(h.embedder.model, -1));
    try {
      await work();
    } finally {
      await h.store.withOperator((op) => op.setModelMergeThreshold(h.embedder.model, null));
    }
  };

  beforeAll(async () => {
    database = await open('replace_near_dup');
    h = await createHarness(database);
    t = await h.tenant('acme');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('supersedes the old memory with the new content; the third memory is not merged into', async () => {
    const third = await remember({ kind: 'fact', content: 'Keeps a canoe in the garage' });
    const old = await remember({ kind: 'fact', content: 'Owns a red bicycle' });
    await mergingEverything(async () => {
      const res = await h.call('POST', `/v1/memories/${old.id}/replace`, {
        key: t.key,
        body: { content: 'Owns a blue bicycle', reason: 'repainted' },
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { memory: Memory; replaced: Memory; gate: { superseded: string[] } };
      expect(body.memory.content).toBe('Owns a blue bicycle');
      expect(body.memory.id).not.toBe(third.id);
      expect(body.memory.supersedes).toBe(old.id);
      expect(body.replaced).toMatchObject({ id: old.id, superseded_by: body.memory.id });
      expect(body.gate.superseded).toEqual([old.id]);
    });
    const after = await get(third.id);
    expect(after.superseded_by).toBeNull();
    expect(after.metadata).not.toHaveProperty('merged');
    expect(await auditActions(third.id)).toEqual(['write']);
  });

  it('a stance on the facet of a third memory supersedes it instead of merging into it', async () => {
    const third = await remember({
      kind: 'preference',
      content: 'Likes green tea',
      facet: 'tea',
      polarity: 'prefer',
    });
    const old = await remember({
      kind: 'preference',
      content: 'Avoids black tea',
      facet: 'black tea',
      polarity: 'avoid',
    });
    const res = await h.call('POST', `/v1/memories/${old.id}/replace`, {
      key: t.key,
      body: { content: 'Enjoys any tea', facet: 'tea', polarity: 'prefer' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { memory: Memory; gate: { superseded: string[] } };
    expect(body.memory.content).toBe('Enjoys any tea');
    expect(new Set(body.gate.superseded)).toEqual(new Set([old.id, third.id]));
    expect((await get(third.id)).superseded_by).toBe(body.memory.id);
  });

  it('the exact content of a third live memory is still a conflict, and changes nothing', async () => {
    const third = await remember({ kind: 'fact', content: 'Speaks Welsh' });
    const old = await remember({ kind: 'fact', content: 'Speaks Breton' });
    const res = await h.call('POST', `/v1/memories/${old.id}/replace`, {
      key: t.key,
      body: { content: 'Speaks Welsh' },
    });
    expect(res.status).toBe(409);
    expect((await get(old.id)).superseded_by).toBeNull();
    expect((await get(third.id)).metadata).not.toHaveProperty('merged');
  });
});
