// On the real server (pgvector 0.8): the vector lane uses the model's partial HNSW index at a realistic size, a
// distance in WHERE would not, and the approximate lane agrees with exact search (recall@10 >= 0.95) under
// tenant and subject filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor } from '../../src/ports/sql.ts';
import { createSqlStore, vectorLiteral } from '../../src/store/sql-store.ts';
import { freshServerDatabase, serverUrl, type TestDatabase } from '../support/databases.ts';

const DIMS = 32;
const MODEL = 'bench/random@32';
const BIG_SUBJECT_ROWS = 12_000;

function randomUnit(seed: number): number[] {
  // Small deterministic PRNG (mulberry32) so that failures reproduce.
  let t = seed >>> 0;
  const next = () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
  const v = Array.from({ length: DIMS }, next);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

describe.skipIf(!serverUrl)('vector index on the real server', () => {
  let database: TestDatabase;
  let db: SqlExecutor;
  let tenant: string;
  let other: string;

  beforeAll(async () => {
    database = await freshServerDatabase('vector_index');
    db = database.db;
    const store = createSqlStore(db);
    // The model row first, its HNSW index after the bulk load: one index build is far faster than 16k inserts
    // into a live HNSW graph.
    await db.query(
      "insert into engram.embedding_models (model, provider, dims, status) values ($1, 'bench', $2, 'active')",
      [MODEL, DIMS],
    );
    tenant = await store.withOperator((op) => op.createTenant('big'));
    other = await store.withOperator((op) => op.createTenant('other'));
    // Bulk load as the owner (a test fixture, not an API path): one big subject, small ones, another tenant.
    await db.exec(`
      insert into engram.memories (id, tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model)
      select gen_random_uuid(), t.tenant, t.subject, 'fact', 'memory ' || g, 2, 'user', md5(t.subject || g), 'ready', '${MODEL}'
        from (values ('${tenant}'::uuid, 'big-subject', ${BIG_SUBJECT_ROWS}), ('${tenant}'::uuid, 'small-subject', 300),
                     ('${other}'::uuid, 'big-subject', 4000)) t(tenant, subject, n),
             generate_series(1, t.n) g;
      insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
      select m.id, '${MODEL}', m.tenant_id, m.subject,
             (select array_agg(random() - 0.5) from generate_series(1, ${DIMS}) d where m.id is not null)::extensions.vector
        from engram.memories m;
    `);
    await store.registerModel({
      model: MODEL,
      provider: 'bench',
      dims: DIMS,
      threshold: null,
      activate: true,
    });
    // The global index is the operator's choice now (registering builds none); this file is about that index.
    await db.query('select engram.set_global_vector_index($1, true)', [MODEL]);
    await db.exec('analyze engram.memories; analyze engram.memory_embeddings;');
  }, 300_000);
  afterAll(async () => {
    await database?.drop();
  });

  const inTenant = <T>(work: (s: Parameters<Parameters<SqlExecutor['transaction']>[0]>[0]) => Promise<T>) =>
    db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenant],
      );
      return work(s);
    });

  const vectorLane = (query: number[], exactBelow: number) =>
    inTenant(async (s) => {
      const { rows } = await s.query<{ id: string; vector_path: string }>(
        `select id, vector_path from engram.recall_candidates(p_subject => 'big-subject', p_query => '',
           p_embedding => $1, p_model => $2, p_mode => 'vector', p_candidates => 10, p_exact_below => $3)`,
        [vectorLiteral(query), MODEL, exactBelow],
      );
      return rows;
    });

  it('EXPLAIN shows the HNSW index for the ordered lane, and not for a distance in WHERE', async () => {
    const q = vectorLiteral(randomUnit(1));
    const plan = await inTenant(async (s) => {
      await s.query("select set_config('hnsw.iterative_scan', 'strict_order', true)");
      // The same shape recall_candidates builds for its HNSW path: the model's cast and predicate.
      const { rows } = await s.query<{ 'QUERY PLAN': string }>(
        `explain select e.memory_id from engram.memory_embeddings e
          where e.model = '${MODEL}' and e.tenant_id = '${tenant}' and e.subject = 'big-subject'
          order by e.embedding::extensions.vector(${DIMS}) operator(extensions.<=>) '${q}'::extensions.vector(${DIMS}) limit 10`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using memory_embeddings_hnsw_/);

    const whereDistance = await inTenant(async (s) => {
      const { rows } = await s.query<{ 'QUERY PLAN': string }>(
        `explain select e.memory_id from engram.memory_embeddings e
          where e.model = '${MODEL}' and e.tenant_id = '${tenant}' and e.subject = 'big-subject'
            and (e.embedding::extensions.vector(${DIMS}) operator(extensions.<=>) '${q}'::extensions.vector(${DIMS})) < 0.5`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(whereDistance).not.toMatch(/hnsw/);
  });

  it('chooses exact for a small subject and HNSW for a large one', async () => {
    const small = await inTenant(
      async (s) =>
        (
          await s.query<{ vector_path: string }>(
            `select vector_path from engram.recall_candidates(p_subject => 'small-subject', p_query => '', p_embedding => $1, p_model => $2, p_mode => 'vector')`,
            [vectorLiteral(randomUnit(2)), MODEL],
          )
        ).rows,
    );
    expect(small[0]?.vector_path).toBe('exact');
    const big = await vectorLane(randomUnit(3), 5000);
    expect(big[0]?.vector_path).toBe('hnsw');
  });

  it('ANN recall@10 against exact search under tenant and subject filters is at least 0.95', async () => {
    let found = 0;
    let total = 0;
    for (let i = 0; i < 30; i++) {
      const query = randomUnit(100 + i);
      const exact = await vectorLane(query, 1_000_000);
      const ann = await vectorLane(query, 0);
      expect(exact).toHaveLength(10);
      expect(ann[0]?.vector_path).toBe('hnsw');
      const annIds = new Set(ann.map((r) => r.id));
      found += exact.filter((r) => annIds.has(r.id)).length;
      total += exact.length;
    }
    const recallAt10 = found / total;
    console.info(
      `ANN recall@10 vs exact (30 queries, ${BIG_SUBJECT_ROWS} rows in the subject): ${recallAt10.toFixed(3)}`,
    );
    expect(recallAt10).toBeGreaterThanOrEqual(0.95);
  });
});
