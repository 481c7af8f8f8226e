// engram.set_model_merge_threshold on every backend: the operator stores and clears a model's merge threshold,
// consolidation honours what is stored, and no tenant role (a tenant key's engram_app, supabase's authenticated or
// anon) may set it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('the merge threshold setter on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let t: { id: string; key: string };

  const stored = async () => {
    const { rows } = await database.db.query<{ merge_threshold: number | null }>(
      'select merge_threshold from engram.embedding_models where model = $1',
      [h.embedder.model],
    );
    return rows[0]?.merge_threshold;
  };
  const write = async (content: string) => {
    const res = await h.call('POST', '/v1/memories', {
      key: t.key,
      body: { subject: 'mt', kind: 'fact', content },
    });
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as { memory: { id: string }; gate: { decision: string } };
  };

  beforeAll(async () => {
    database = await open('merge_threshold');
    h = await createHarness(database);
    t = await h.tenant('acme');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('the operator stores a threshold and null clears it; an unknown model is an invalid request', async () => {
    expect(await stored()).toBeNull();
    await h.store.withOperator((op) => op.setModelMergeThreshold(h.embedder.model, 0.875));
    expect(await stored()).toBeCloseTo(0.875, 6);
    await h.store.withOperator((op) => op.setModelMergeThreshold(h.embedder.model, null));
    expect(await stored()).toBeNull();
    await expect(
      h.store.withOperator((op) => op.setModelMergeThreshold('nobody/none@1', 0.9)),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      h.store.withOperator((op) => op.setModelMergeThreshold(h.embedder.model, 1.5)),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await stored()).toBeNull();
  });

  it('consolidation merges on the stored threshold and stops when it is cleared', async () => {
    // A threshold of -1 makes any two facts near-duplicates (the real similarities: the CLI test and the benchmark).
    await h.store.withOperator((op) => op.setModelMergeThreshold(h.embedder.model, -1));
    try {
      const first = await write('Owns a red bicycle');
      const second = await write('Keeps a canoe in the garage');
      expect(second.gate.decision).toBe('merged');
      expect(second.memory.id).toBe(first.memory.id);
    } finally {
      await h.store.withOperator((op) => op.setModelMergeThreshold(h.embedder.model, null));
    }
    expect((await write('Collects old maps')).gate.decision).toBe('accepted');
  });

  it.each(['engram_app', 'authenticated', 'anon'])('%s cannot set it, nothing changes', async (role) => {
    await expect(
      database.db.transaction(async (session) => {
        await session.query("select set_config('role', $1, true), set_config('engram.tenant_id', $2, true)", [
          role,
          t.id,
        ]);
        await session.query('select engram.set_model_merge_threshold($1, 0.5)', [h.embedder.model]);
      }),
    ).rejects.toMatchObject({ code: '42501' });
    expect(await stored()).toBeNull();
  });
});
