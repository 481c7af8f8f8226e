// The Node server's subject-index job: on the Node schedule only (a Worker need not own the tables), it builds the
// HNSW index of each subject that outgrew exact search, once, on every backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRON_SCHEDULE, NODE_CRON_SCHEDULE, scheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { createSqlStore, vectorLiteral } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';

const DIMS = 8;
const MODEL = 'test/index-job@8';
const bounds = () => ({
  deadline: Date.now() + 60_000,
  batchSize: 100,
  signal: new AbortController().signal,
});

describe('NODE_CRON_SCHEDULE', () => {
  it("is the Worker's schedule plus the subject index job, which the Worker's crons never name", () => {
    expect(NODE_CRON_SCHEDULE).toMatchObject(CRON_SCHEDULE);
    expect(Object.values(NODE_CRON_SCHEDULE).filter((job) => job === 'vector_indexes')).toHaveLength(1);
    expect(Object.values(CRON_SCHEDULE)).not.toContain('vector_indexes');
  });
});

describe.each(backends)('the vector_indexes job on $name', ({ open }) => {
  let database: TestDatabase;
  let store: ReturnType<typeof createSqlStore>;

  beforeAll(async () => {
    database = await open('vector_index_job');
    const { db } = database;
    store = createSqlStore(db);
    await store.registerModel({
      model: MODEL,
      provider: 'test',
      dims: DIMS,
      threshold: null,
      activate: true,
    });
    const tenant = await store.withOperator((op) => op.createTenant('acme'));
    for (const [subject, n] of [
      ['big', 12],
      ['small', 3],
    ] as const) {
      await db.query(
        `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model)
         select $1, $2, 'fact', 'note ' || g, 2, 'user', md5($2 || g), 'ready', $3 from generate_series(1, $4::int) g`,
        [tenant, subject, MODEL, n],
      );
      const { rows } = await db.query<{ id: string }>(
        'select id from engram.memories where tenant_id = $1 and subject = $2',
        [tenant, subject],
      );
      for (const [i, row] of rows.entries())
        await db.query(
          'insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding) values ($1, $2, $3, $4, $5::extensions.vector)',
          [
            row.id,
            MODEL,
            tenant,
            subject,
            vectorLiteral(Array.from({ length: DIMS }, (_, d) => Math.sin(i + d))),
          ],
        );
    }
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  const subjectIndexes = async () =>
    Number(
      (
        await database.db.query<{ n: number | string }>(
          "select count(*) as n from pg_indexes where schemaname = 'engram' and indexname like 'memory_embeddings_hnsw%' and indexdef like '%subject%'",
        )
      ).rows[0]?.n,
    );

  it('is left out unless the store owns the tables', () => {
    expect(scheduledJobs({ store, embedder: null, revokedRetentionDays: 30 }).vector_indexes).toBeUndefined();
  });

  it('builds the index of the subject above the bound, once', async () => {
    const jobs = scheduledJobs({
      store,
      embedder: null,
      revokedRetentionDays: 30,
      ownsTables: true,
      vectorIndexMinRows: 10,
    });
    expect(await subjectIndexes()).toBe(0);
    // A run whose deadline has passed starts no build.
    expect(await jobs.vector_indexes!({ ...bounds(), deadline: Date.now() - 1 })).toEqual({ built: 0 });
    expect(await subjectIndexes()).toBe(0);
    expect(await jobs.vector_indexes!(bounds())).toEqual({ built: 1 });
    expect(await subjectIndexes()).toBe(1);
    expect(await jobs.vector_indexes!(bounds())).toEqual({ built: 0 });
  });
});
