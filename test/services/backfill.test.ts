// The backfill job against every store backend: pending rows get embedded, concurrent runs split the work,
// failures count attempts and end in failed, and progress reports carry no content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { embeddingTextOf } from '../../src/ports/embedder.ts';
import type { MemoryStore, TenantScope } from '../../src/ports/store.ts';
import { runBackfill } from '../../src/services/backfill.ts';
import { formatProgress, type JobProgress } from '../../src/services/job-budget.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createRecordingEmbedder } from '../support/fake-embedder.ts';
import { embeddingStates, seedMemories, vectorCounts } from '../support/memory-fixtures.ts';
import { record } from '../support/records.ts';

describe.each(backends)('backfill on $name', ({ name, open }) => {
  let database: TestDatabase;
  let store: MemoryStore;
  let tenantA: TenantScope;
  let tenantB: TenantScope;
  const embedder = createRecordingEmbedder(8);

  const pendingIds = async () =>
    (await embeddingStates(database.db)).filter((m) => m.status === 'pending').map((m) => m.id);

  beforeAll(async () => {
    database = await open('backfill');
    store = createSqlStore(database.db);
    await store.registerModel({
      model: embedder.model,
      provider: embedder.provider,
      dims: embedder.dimensions,
      threshold: null,
      activate: true,
    });
    tenantA = { tenantId: await store.withOperator((op) => op.createTenant('a')), actor: 'test' };
    tenantB = { tenantId: await store.withOperator((op) => op.createTenant('b')), actor: 'test' };
  });
  afterAll(async () => {
    await database.drop();
  });

  it('embeds the pending memories of every tenant with their embedding text', async () => {
    const rule = await record({
      subject: 'alice',
      content: 'answer in French',
      kind: 'rule',
      tags: ['lang'],
    });
    rule.trigger = 'when Alice writes';
    await store.withTenant(tenantA, async (tx) => {
      await tx.writeMemory(rule);
      for (let i = 0; i < 12; i++)
        await tx.writeMemory(await record({ subject: 'alice', content: `A fact ${i}` }));
    });
    await store.withTenant(tenantB, async (tx) => {
      for (let i = 0; i < 9; i++)
        await tx.writeMemory(await record({ subject: 'bob', content: `B fact ${i}` }));
    });
    expect(await pendingIds()).toHaveLength(22);

    const progress: JobProgress[] = [];
    const result = await runBackfill(store, embedder, {
      batchSize: 5,
      onProgress: (p) => void progress.push(p),
    });

    expect(result).toMatchObject({ embedded: 22, attempted: 0, stoppedBy: 'done', batches: 5 });
    expect(await pendingIds()).toEqual([]);
    const states = await embeddingStates(database.db);
    expect(states.every((m) => m.status === 'ready' && m.model === embedder.model)).toBe(true);
    expect(await vectorCounts(database.db)).toEqual({ [embedder.model]: 22 });
    // A rule is embedded as its whole conclusion, with its tags.
    expect(embedder.embedded).toContain('when Alice writes -> answer in French\nlang');
    expect(embedder.embedded).toContain(embeddingTextOf({ content: 'B fact 3' }));

    expect(progress.map((p) => p.done)).toEqual([5, 10, 15, 20, 22]);
    const lines = progress.map(formatProgress).join('\n');
    expect(lines).toContain(`backfill embed ${embedder.model}: batch 5, 2 rows`);
    expect(lines).not.toMatch(/fact|French|Alice/i);
  });

  it('stores the vector the embedder gave for each memory', async () => {
    const { rows } = await database.db.query<{ content: string; embedding: string }>(
      `select m.content, e.embedding::text as embedding
         from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
        where m.content = 'A fact 7'`,
    );
    const stored = JSON.parse(rows[0]!.embedding) as number[];
    const expected = embedder.vectorOf('A fact 7');
    expect(stored).toHaveLength(8);
    for (const [i, x] of stored.entries()) expect(x).toBeCloseTo(expected[i]!, 5);
  });

  it('is idempotent: a second run finds nothing to do', async () => {
    const calls = embedder.calls;
    const result = await runBackfill(store, embedder, { batchSize: 5 });
    expect(result).toMatchObject({ embedded: 0, batches: 0, stoppedBy: 'done' });
    expect(embedder.calls).toBe(calls);
  });

  it('stops at the batch limit and carries on in the next run', async () => {
    await seedMemories(database.db, tenantA.tenantId, 7, "'limits'");
    const first = await runBackfill(store, embedder, { batchSize: 3, maxBatches: 1 });
    expect(first).toMatchObject({ embedded: 3, batches: 1, stoppedBy: 'max_batches' });
    expect(await pendingIds()).toHaveLength(4);
    const deadline = await runBackfill(store, embedder, { batchSize: 3, deadlineMs: 0 });
    expect(deadline).toMatchObject({ embedded: 0, stoppedBy: 'deadline' });
    const rest = await runBackfill(store, embedder, { batchSize: 3 });
    expect(rest).toMatchObject({ embedded: 4, stoppedBy: 'done' });
  });

  it('two concurrent runs embed every memory exactly once', async () => {
    await store.withTenant(tenantB, async (tx) => {
      for (let i = 0; i < 60; i++)
        await tx.writeMemory(await record({ subject: 'carol', content: `Concurrent fact ${i}` }));
    });
    const counting = createRecordingEmbedder(8);
    // Slow enough that both runs hold claimed batches at the same time on a real server.
    counting.setFault({ delayMs: 15 });
    const [one, two] = await Promise.all([
      runBackfill(store, counting, { batchSize: 5 }),
      runBackfill(store, counting, { batchSize: 5 }),
    ]);

    expect(one.embedded + two.embedded).toBe(60);
    expect(counting.embedded).toHaveLength(60);
    expect(new Set(counting.embedded).size).toBe(60);
    expect(await pendingIds()).toEqual([]);
    // PGlite runs one transaction at a time; on PostgreSQL both runs really did work side by side.
    if (name === 'postgres') {
      expect(one.embedded).toBeGreaterThan(0);
      expect(two.embedded).toBeGreaterThan(0);
    }
  });

  it('counts a failed attempt per run and marks the memory failed after the limit', async () => {
    await store.withTenant(tenantA, async (tx) => {
      for (let i = 0; i < 3; i++)
        await tx.writeMemory(await record({ subject: 'dave', content: `Dave likes sailing ${i}` }));
    });
    const failing = createRecordingEmbedder(8);
    failing.setFault({ failWith: 'error' });

    const first = await runBackfill(store, failing, { batchSize: 10, maxAttempts: 3 });
    expect(first).toMatchObject({
      embedded: 0,
      attempted: 3,
      markedFailed: 0,
      stoppedBy: 'embedding_failed',
      failure: 'embedding_error',
      batches: 1,
    });
    const dave = async () => (await embeddingStates(database.db)).filter((m) => m.subject === 'dave');
    expect((await dave()).map((m) => [m.status, m.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ]);

    await runBackfill(store, failing, { batchSize: 10, maxAttempts: 3 });
    const third = await runBackfill(store, failing, { batchSize: 10, maxAttempts: 3 });
    expect(third.markedFailed).toBe(3);
    expect((await dave()).map((m) => [m.status, m.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
      ['failed', 3],
    ]);

    // Failed memories are left alone by later runs, and still found lexically.
    const later = await runBackfill(store, failing, { batchSize: 10, maxAttempts: 3 });
    expect(later).toMatchObject({ attempted: 0, batches: 0, stoppedBy: 'done' });
    const hits = await store.withTenant(tenantA, (tx) => tx.searchLexical('dave', 'sailing', 10));
    expect(hits).toHaveLength(3);

    // Once the provider is back, an operator retries them.
    const retried = await store.withOperator((op) => op.retryFailedEmbeddings());
    expect(retried).toBe(3);
    const healed = await runBackfill(store, embedder, { batchSize: 10, maxAttempts: 3 });
    expect(healed.embedded).toBe(3);
    expect((await dave()).every((m) => m.status === 'ready')).toBe(true);
  });

  it('treats vectors of the wrong size as a failed attempt, never stores them', async () => {
    await store.withTenant(tenantA, async (tx) => {
      await tx.writeMemory(await record({ subject: 'erin', content: 'Erin plays the cello' }));
    });
    const wrong = createRecordingEmbedder(8);
    const result = await runBackfill(store, {
      ...wrong,
      embedDocuments: async (texts) => texts.map(() => [1, 0]),
    });
    expect(result).toMatchObject({ embedded: 0, attempted: 1, failure: 'embedding_invalid' });
    await runBackfill(store, embedder);
  });

  it('refuses an embedder whose model does not serve reads', async () => {
    const other = createRecordingEmbedder(12);
    await expect(runBackfill(store, other)).rejects.toBeInstanceOf(AppError);
    await expect(runBackfill(store, other)).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
