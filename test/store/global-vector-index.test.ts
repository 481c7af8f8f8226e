// No global HNSW index by default (issue 18 item 3) on every backend: a fresh migrate and a registered model have
// none, a subject above the exact threshold with no index of its own is still searched exactly (its top k equals
// the exact ranking), and an operator can still create and drop the global index (`engram vector-indexes --global`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlStore, vectorLiteral } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';

const DIMS = 8;
const MODEL = 'test/global-index@8';
const ROWS = 60;

const vector = (i: number) => Array.from({ length: DIMS }, (_, d) => Math.sin(i * 3.7 + d * 0.9));

function cosineDistance(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [i, x] of a.entries()) {
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return 1 - dot / Math.sqrt(na * nb);
}

describe.each(backends)('global vector index on $name', ({ open }) => {
  let database: TestDatabase;
  let tenant: string;
  const byRow = new Map<string, number>();

  beforeAll(async () => {
    database = await open('global_vector_index');
    const { db } = database;
    const store = createSqlStore(db);
    await store.registerModel({
      model: MODEL,
      provider: 'test',
      dims: DIMS,
      threshold: null,
      activate: true,
    });
    tenant = await store.withOperator((op) => op.createTenant('acme'));
    await db.query(
      `insert into engram.memories (id, tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model)
       select gen_random_uuid(), $1, 'big', 'fact', 'note ' || g, 2, 'user', md5('big' || g), 'ready', $2
         from generate_series(1, $3::int) g`,
      [tenant, MODEL, ROWS],
    );
    const { rows } = await db.query<{ id: string }>(
      "select id from engram.memories where tenant_id = $1 and subject = 'big' order by content",
      [tenant],
    );
    for (const [i, row] of rows.entries()) {
      byRow.set(row.id, i);
      await db.query(
        "insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding) values ($1, $2, $3, 'big', $4::extensions.vector)",
        [row.id, MODEL, tenant, vectorLiteral(vector(i))],
      );
    }
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  const hnswIndexes = async () =>
    (
      await database.db.query<{ indexname: string }>(
        "select indexname from pg_indexes where schemaname = 'engram' and indexname like 'memory_embeddings_hnsw%'",
      )
    ).rows.map((r) => r.indexname);

  // p_exact_below 10 sends the 60-row subject down the HNSW path, which has no index to use here.
  const recall = (exactBelow: number) =>
    database.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenant],
      );
      const { rows } = await s.query<{ id: string; vector_path: string }>(
        `select id, vector_path from engram.recall_candidates(p_subject => 'big', p_query => '', p_embedding => $1,
           p_model => $2, p_mode => 'vector', p_candidates => 7, p_exact_below => $3)`,
        [vectorLiteral(vector(5)), MODEL, exactBelow],
      );
      return rows;
    });

  it('a migrated database with a registered model has no HNSW index', async () => {
    expect(await hnswIndexes()).toEqual([]);
  });

  it('a subject above the exact threshold with no index gets the exact top k', async () => {
    const query = vector(5);
    const expected = [...byRow.entries()]
      .map(([id, i]) => ({ id, dist: cosineDistance(vector(i), query) }))
      .sort((a, b) => a.dist - b.dist)
      .slice(0, 7)
      .map((r) => r.id);
    const rows = await recall(10);
    expect(rows[0]?.vector_path).toBe('hnsw');
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect((await recall(1000)).map((r) => r.id)).toEqual(expected);
  });

  it('an operator can still create and drop the global index', async () => {
    const store = createSqlStore(database.db);
    expect(await store.setGlobalVectorIndexes(true)).toBe(1);
    expect((await hnswIndexes()).filter((n) => /^memory_embeddings_hnsw_[0-9a-f]{16}$/.test(n))).toHaveLength(
      1,
    );
    expect((await recall(10)).map((r) => r.id)).toEqual((await recall(1000)).map((r) => r.id));
    expect(await store.setGlobalVectorIndexes(false)).toBe(0);
    expect(await hnswIndexes()).toEqual([]);
  });
});
