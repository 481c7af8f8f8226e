// A model change of 10,000 memories with no recall gap: between every batch of the migration (fill, switch,
// drop) a sample of memories is recalled with the model that serves reads at that moment, and each must be found
// by both the vector and the lexical lane. Writes arrive during the migration, as they would from a server.
// Timings are not asserted here: scripts/bench-reembed.ts measures them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddingTextOf } from '../../src/ports/embedder.ts';
import type { MemoryStore, TenantScope } from '../../src/ports/store.ts';
import { runBackfill } from '../../src/services/backfill.ts';
import type { JobProgress } from '../../src/services/job-budget.ts';
import { runReembed } from '../../src/services/reembed.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createRecordingEmbedder, type RecordingEmbedder } from '../support/fake-embedder.ts';
import {
  codeWord,
  embeddingStates,
  recallCandidates,
  seededContent,
  seedMemories,
  vectorCounts,
} from '../support/memory-fixtures.ts';
import { record } from '../support/records.ts';

const COUNT = 10_000;
/** Memories 1..6000 share one subject, over the recall's exact-scan limit (5000): its HNSW path is used too. */
const subjectOf = (n: number) => (n <= 6000 ? 'big' : `small${n % 4}`);

interface Probe {
  id: string;
  subject: string;
  query: string;
  text: string;
}

describe.each(backends)('model change of 10,000 memories on $name', ({ open }) => {
  let database: TestDatabase;
  let store: MemoryStore;
  let tenant: TenantScope;
  const oldModel = createRecordingEmbedder(16);
  const newModel = createRecordingEmbedder(24);
  const embedderOf = (model: string) => (model === newModel.model ? newModel : oldModel);

  /**
   * Each model's global HNSW index, built once its 10,000 vectors are stored (registering builds none): 10,000
   * incremental HNSW inserts cost about 30 s of CPU on PGlite, five times a bulk build, and that is pgvector's
   * cost, measured by scripts/bench-reembed.ts with the index in place, not what this test is about.
   */
  const buildIndex = (embedder: RecordingEmbedder) =>
    database.db.query('select engram.set_global_vector_index($1, true)', [embedder.model]);

  beforeAll(async () => {
    database = await open('reembed10k');
    store = createSqlStore(database.db);
    for (const embedder of [oldModel, newModel]) {
      await store.registerModel({
        model: embedder.model,
        provider: embedder.provider,
        dims: embedder.dimensions,
        threshold: null,
        activate: embedder === oldModel,
      });
    }
    tenant = { tenantId: await store.withOperator((op) => op.createTenant('t')), actor: 'test' };
    await seedMemories(
      database.db,
      tenant.tenantId,
      COUNT,
      "case when g <= 6000 then 'big' else 'small' || (g % 4) end",
    );
    const backfill = await runBackfill(store, oldModel, { batchSize: 1000 });
    expect(backfill.embedded).toBe(COUNT);
    await buildIndex(oldModel);
    // PGlite has no autovacuum: without statistics a recall of this subject takes seconds instead of ~0.1 s.
    await database.db.query('analyze engram.memories');
    await database.db.query('analyze engram.memory_embeddings');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('switches reads to the new model without a moment where a memory cannot be recalled', async () => {
    const ids = new Map((await embeddingStates(database.db)).map((m) => [m.content, m.id]));
    const probes: Probe[] = [1, 6000, 6001, COUNT].map((n) => ({
      id: ids.get(seededContent(n))!,
      subject: subjectOf(n),
      query: codeWord(n),
      text: seededContent(n),
    }));
    expect(probes.every((p) => p.id)).toBe(true);

    const paths = new Set<string>();
    let checks = 0;
    const recallEveryProbe = async () => {
      const active = await store.withOperator((op) => op.activeModel());
      const embedder = embedderOf(active!.model);
      for (const probe of probes) {
        const rows = await recallCandidates(database.db, {
          tenantId: tenant.tenantId,
          subject: probe.subject,
          query: probe.query,
          vector: embedder.vectorOf(probe.text),
          model: embedder.model,
        });
        const hit = rows.find((r) => r.id === probe.id);
        expect(hit, `${probe.query} with ${embedder.model} after check ${checks}`).toBeDefined();
        expect(hit?.vectorRank).not.toBeNull();
        expect(hit?.lexicalRank).not.toBeNull();
        paths.add(rows[0]!.path);
      }
      checks++;
    };

    /** A write as the server makes it: with the vector of the model it embeds with (the active one). */
    const writeDuringMigration = async (batch: number) => {
      const active = await store.withOperator((op) => op.activeModel());
      const embedder = embedderOf(active!.model);
      const content = `Written during batch ${batch}: the code word is wd${batch}z.`;
      const rec = await record({ subject: 'small1', content });
      const out = await store.withTenant(tenant, (tx) =>
        tx.writeMemory(rec, { model: embedder.model, vector: embedder.vectorOf(embeddingTextOf(rec)) }),
      );
      probes.push({ id: out.memory.id, subject: 'small1', query: `wd${batch}z`, text: content });
    };

    await recallEveryProbe();
    const phases: string[] = [];
    const onProgress = async (progress: JobProgress) => {
      phases.push(progress.phase);
      if (progress.phase === 'fill' && progress.batch % 3 === 1) await writeDuringMigration(progress.batch);
      await recallEveryProbe();
    };
    // Fill first (reads stay on the old model), then build the new model's index, then the run that switches.
    const filled = await runReembed(store, newModel, { batchSize: 1000, cutover: 'never', onProgress });
    const writtenWhileFilling = probes.length - 4;
    expect(writtenWhileFilling).toBeGreaterThanOrEqual(3);
    expect(filled).toMatchObject({
      status: 'backfilling',
      switched: false,
      embedded: COUNT + writtenWhileFilling,
      coverage: { missing: 0 },
    });
    await buildIndex(newModel);
    await writeDuringMigration(0);

    const result = await runReembed(store, newModel, { batchSize: 1000, onProgress });
    const live = COUNT + writtenWhileFilling + 1;
    expect(result).toMatchObject({
      status: 'active',
      switched: true,
      previous: oldModel.model,
      embedded: 1,
      dropped: live,
      stoppedBy: 'done',
      coverage: { live, covered: live, failed: 0, missing: 0 },
    });
    // Every batch was followed by a recall of every probe: fill batches, the switch, drop batches.
    expect(phases.filter((p) => p === 'switch')).toHaveLength(1);
    expect(phases.filter((p) => p === 'drop').length).toBe(Math.ceil(live / 1000));
    expect(checks).toBe(phases.length + 1);
    expect(paths).toEqual(new Set(['exact', 'hnsw']));

    // Reads use the new model; the old model's vectors are gone; each memory was embedded once.
    expect(await store.withOperator((op) => op.activeModel())).toMatchObject({ model: newModel.model });
    expect(await vectorCounts(database.db)).toEqual({ [newModel.model]: live });
    const states = await embeddingStates(database.db);
    expect(states.every((m) => m.status === 'ready' && m.model === newModel.model)).toBe(true);
    expect(newModel.embedded).toHaveLength(live);
    expect(new Set(newModel.embedded).size).toBe(live);
    const probe = probes[0]!;
    const withOld = await recallCandidates(database.db, {
      tenantId: tenant.tenantId,
      subject: probe.subject,
      query: probe.query,
      vector: oldModel.vectorOf(probe.text),
      model: oldModel.model,
    });
    expect(withOld.find((r) => r.id === probe.id)?.vectorRank ?? null).toBeNull();
  }, 300_000);
});
