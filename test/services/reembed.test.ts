// The model-change job against every store backend, on a few dozen memories: fill beside the active model,
// cut over (auto, never, forced), writes during the migration, concurrent runs, going back to a retired model.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddingTextOf } from '../../src/ports/embedder.ts';
import type { MemoryStore, TenantScope } from '../../src/ports/store.ts';
import { runBackfill } from '../../src/services/backfill.ts';
import { runReembed } from '../../src/services/reembed.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createRecordingEmbedder, type RecordingEmbedder } from '../support/fake-embedder.ts';
import { embeddingStates, seedMemories, vectorCounts } from '../support/memory-fixtures.ts';
import { record } from '../support/records.ts';

describe.each(backends)('reembed on $name', ({ open }) => {
  let database: TestDatabase;
  let store: MemoryStore;
  let tenant: TenantScope;
  const a = createRecordingEmbedder(8);
  const b = createRecordingEmbedder(12);
  const c = createRecordingEmbedder(6);
  const d = createRecordingEmbedder(10);
  const e = createRecordingEmbedder(5);

  const register = (embedder: RecordingEmbedder, activate = false) =>
    store.registerModel({
      model: embedder.model,
      provider: embedder.provider,
      dims: embedder.dimensions,
      threshold: null,
      activate,
    });
  const statuses = async () =>
    Object.fromEntries(
      (await store.withOperator((op) => op.listEmbeddingModels())).map((m) => [m.model, m.status]),
    );
  /** Writes a memory the way the server does: with the vector of the model it is configured with. */
  const writeWith = async (embedder: RecordingEmbedder, content: string) => {
    const rec = await record({ subject: 'live', content });
    const out = await store.withTenant(tenant, (tx) =>
      tx.writeMemory(rec, { model: embedder.model, vector: embedder.vectorOf(embeddingTextOf(rec)) }),
    );
    return out.memory.id;
  };

  beforeAll(async () => {
    database = await open('reembed');
    store = createSqlStore(database.db);
    await register(a, true);
    tenant = { tenantId: await store.withOperator((op) => op.createTenant('t')), actor: 'test' };
    await seedMemories(database.db, tenant.tenantId, 40, "'s' || (g % 3)");
    await runBackfill(store, a, { batchSize: 50 });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('refuses a model that is not registered', async () => {
    await expect(runReembed(store, b)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('with cutover never, fills the new model while reads stay on the active one', async () => {
    await register(b);
    const result = await runReembed(store, b, { batchSize: 15, cutover: 'never' });
    expect(result).toMatchObject({
      status: 'backfilling',
      embedded: 40,
      switched: false,
      batches: 3,
      coverage: { live: 40, covered: 40, missing: 0 },
    });
    expect(await statuses()).toEqual({ [a.model]: 'active', [b.model]: 'backfilling' });
    expect(await vectorCounts(database.db)).toEqual({ [a.model]: 40, [b.model]: 40 });
    // Memories still describe the model that serves reads.
    expect((await embeddingStates(database.db)).every((m) => m.model === a.model)).toBe(true);
  });

  it('covers writes that arrived meanwhile, then switches reads and drops the old vectors', async () => {
    const written = await writeWith(a, 'Written during the migration');
    const before = await store.withOperator((op) => op.embeddingCoverage(b.model));
    expect(before).toMatchObject({ live: 41, covered: 40, missing: 1 });

    const phases: string[] = [];
    const result = await runReembed(store, b, {
      batchSize: 15,
      onProgress: (p) => void phases.push(p.phase),
    });
    expect(result).toMatchObject({
      status: 'active',
      switched: true,
      previous: a.model,
      embedded: 1,
      dropped: 41,
      stoppedBy: 'done',
      coverage: { live: 41, covered: 41, missing: 0 },
    });
    expect(phases).toEqual(['fill', 'switch', 'drop', 'drop', 'drop']);
    expect(await statuses()).toEqual({ [a.model]: 'retired', [b.model]: 'active' });
    expect(await vectorCounts(database.db)).toEqual({ [b.model]: 41 });
    const states = await embeddingStates(database.db);
    expect(states.every((m) => m.status === 'ready' && m.model === b.model)).toBe(true);
    expect(states.map((m) => m.id)).toContain(written);
  });

  it('catches a write that kept the old model after the switch on the next run', async () => {
    // A server not yet redeployed still writes with the retired model.
    const late = await writeWith(a, 'Written by a server still on the old model');
    const result = await runReembed(store, b, { batchSize: 15 });
    expect(result).toMatchObject({ status: 'active', embedded: 1, dropped: 1, switched: false });
    expect(await vectorCounts(database.db)).toEqual({ [b.model]: 42 });
    const state = (await embeddingStates(database.db)).find((m) => m.id === late);
    expect(state).toMatchObject({ status: 'ready', model: b.model });
  });

  it('is a no-op once the migration is complete', async () => {
    const calls = b.calls;
    const result = await runReembed(store, b, { batchSize: 15 });
    expect(result).toMatchObject({ embedded: 0, dropped: 0, batches: 0, stoppedBy: 'done' });
    expect(b.calls).toBe(calls);
  });

  it('does not wait for revoked memories, and leaves failed ones to the lexical lane', async () => {
    await register(c);
    const revoked = await writeWith(b, 'Soon revoked');
    await store.withTenant(tenant, (tx) => tx.revokeMemory(revoked, 'test'));
    await database.db.query(
      "update engram.memories set embedding_status = 'failed' where content = 'Fact 7: the code word is cw7z.'",
    );
    const result = await runReembed(store, c, { batchSize: 50, cutover: 'never' });
    expect(result.coverage).toEqual({ live: 42, covered: 41, failed: 1, missing: 0 });
    expect(c.embedded).not.toContain('Soon revoked');
  });

  it('a forced cutover leaves what the new model lacks pending for the backfill', async () => {
    await register(d);
    const first = await runReembed(store, d, { batchSize: 20, maxBatches: 1, cutover: 'never' });
    expect(first.coverage.missing).toBeGreaterThan(0);
    const extra = await writeWith(b, 'Only b has this one');

    d.setFault({ failWith: 'timeout' });
    const forced = await runReembed(store, d, { batchSize: 20, cutover: 'force' });
    expect(forced).toMatchObject({ switched: true, previous: b.model, stoppedBy: 'embedding_failed' });
    expect(forced.failure).toBe('embedding_timeout');
    const states = await embeddingStates(database.db);
    const uncovered = states.filter((m) => m.status === 'pending');
    expect(uncovered.length).toBe(forced.coverage.missing);
    expect(uncovered.map((m) => m.id)).toContain(extra);
    // b's vectors stay until d covers the memories: nothing is dropped while the fill fails.
    expect((await vectorCounts(database.db))[b.model]).toBe(43);

    d.setFault(null);
    const backfilled = await runBackfill(store, d, { batchSize: 50 });
    expect(backfilled.embedded).toBe(uncovered.length);
    const finished = await runReembed(store, d, { batchSize: 50 });
    expect(finished).toMatchObject({ status: 'active', dropped: 43, coverage: { missing: 0 } });
    // c is still backfilling: its vectors stay.
    expect(await vectorCounts(database.db)).toEqual({ [d.model]: 42, [c.model]: 41 });
  });

  it('two concurrent runs embed every memory once', async () => {
    await register(e);
    await seedMemories(database.db, tenant.tenantId, 60, "'concurrent'", 1001);
    e.setFault({ delayMs: 10 });
    const [one, two] = await Promise.all([
      runReembed(store, e, { batchSize: 7, cutover: 'never' }),
      runReembed(store, e, { batchSize: 7, cutover: 'never' }),
    ]);
    const live = one.coverage.live;
    expect(one.embedded + two.embedded).toBe(live - one.coverage.failed);
    expect(e.embedded).toHaveLength(live - one.coverage.failed);
    expect(new Set(e.embedded).size).toBe(e.embedded.length);
    // Either run may finish first (the other can still hold claimed rows then): check coverage once both are done.
    const after = await runReembed(store, e, { batchSize: 7, cutover: 'never' });
    expect(after.embedded).toBe(0);
    expect(after.coverage.missing).toBe(0);
  });

  it('can go back to a retired model', async () => {
    const result = await runReembed(store, a, { batchSize: 100 });
    expect(result).toMatchObject({ switched: true, previous: d.model, status: 'active' });
    expect(result.coverage).toEqual({ live: 103, covered: 102, failed: 1, missing: 0 });
    expect(await statuses()).toEqual({
      [a.model]: 'active',
      [b.model]: 'retired',
      [c.model]: 'backfilling',
      [d.model]: 'retired',
      [e.model]: 'backfilling',
    });
    expect(await vectorCounts(database.db)).toEqual({ [a.model]: 102, [c.model]: 41, [e.model]: 102 });
  });
});

// Only a server has concurrent transactions (PGlite runs one at a time, so a held one would block the job).
describe.each(backends.filter((b) => b.name === 'postgres'))(
  'reembed under a long write on $name',
  ({ open }) => {
    it('postpones the switch when a write holds the table past the lock timeout, and switches next run', async () => {
      const database = await open('reembed_busy');
      const blocker = new pg.Client({ connectionString: database.url });
      try {
        const store = createSqlStore(database.db);
        const a = createRecordingEmbedder(8);
        const b = createRecordingEmbedder(12);
        for (const [embedder, activate] of [
          [a, true],
          [b, false],
        ] as const) {
          await store.registerModel({
            model: embedder.model,
            provider: embedder.provider,
            dims: embedder.dimensions,
            threshold: null,
            activate,
          });
        }
        const tenantId = await store.withOperator((op) => op.createTenant('t'));
        await seedMemories(database.db, tenantId, 5);
        await runBackfill(store, a);
        await runReembed(store, b, { cutover: 'never' });

        await blocker.connect();
        await blocker.query('begin');
        await blocker.query('update engram.memories set importance = importance');
        const postponed = await runReembed(store, b);
        expect(postponed).toMatchObject({ stoppedBy: 'busy', switched: false, status: 'backfilling' });
        await blocker.query('rollback');

        const switched = await runReembed(store, b);
        expect(switched).toMatchObject({ stoppedBy: 'done', switched: true, status: 'active' });
      } finally {
        await blocker.end().catch(() => {});
        await database.drop();
      }
    }, 30_000);
  },
);
