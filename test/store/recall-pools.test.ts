// recall_candidates' pools on every backend: each lane brings its best p_candidates rows of every kind plus its
// best p_candidates durable ones (every kind but episode), ranked together by the lane's evidence, in one pass;
// naming kinds drops the durable pool. A subject of matching chat turns with one preference far down both lanes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlStore, vectorLiteral } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';

const DIMS = 4;
const MODEL = 'test/pools@4';
const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
// Episode i at angle i/100 from the query; the preference nearly opposite.
const episodeVector = (i: number) => unit([Math.cos(i / 100), Math.sin(i / 100), 0, 0]);
const QUERY = unit([1, 0, 0, 0]);

describe.each(backends)('recall pools on $name', ({ open }) => {
  let database: TestDatabase;
  let tenant: string;

  beforeAll(async () => {
    database = await open('recall_pools');
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
    const insert = async (kind: string, content: string, vector: number[], i: number) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model, created_at)
         values ($1, 'cam', $2, $3, 2, 'user', md5($3), 'ready', $4, now() - make_interval(mins => $5::int)) returning id`,
        [tenant, kind, content, MODEL, i],
      );
      await db.query(
        "insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding) values ($1, $2, $3, 'cam', $4::extensions.vector)",
        [rows[0]!.id, MODEL, tenant, vectorLiteral(vector)],
      );
    };
    // Turns that say "pottery" more and more often: the lexical lane ranks the later ones first.
    for (let i = 0; i < 30; i++)
      await insert('episode', `turn ${i}: ${'pottery '.repeat(1 + (i % 5))}class`, episodeVector(i), i);
    await insert(
      'preference',
      'Prefers quiet pottery evenings over a long and winding chat',
      unit([-1, 0.1, 0, 0]),
      40,
    );
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  const candidates = (mode: string, kinds: string[] | null, exactBelow = 5000) =>
    database.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenant],
      );
      const { rows } = await s.query<{
        kind: string;
        vector_rank: number | null;
        lexical_rank: number | null;
      }>(
        `select kind, vector_rank, lexical_rank from engram.recall_candidates(p_subject => 'cam', p_query => 'pottery',
           p_embedding => $1, p_model => $2, p_mode => $3, p_candidates => 5, p_kinds => $4, p_exact_below => $5)`,
        [vectorLiteral(QUERY), MODEL, mode, kinds, exactBelow],
      );
      return rows;
    });

  it.each([
    ['exact', 5000],
    // 31 vectors over the bound: the index's first 20 rows miss the preference, which comes by its own index.
    ['hnsw', 5],
  ])(
    'the vector lane (%s): the 5 nearest and the nearest durable one, ranked by distance',
    async (_, below) => {
      const rows = await candidates('vector', null, below);
      expect(rows).toHaveLength(6);
      expect(rows.map((r) => r.vector_rank).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(rows.find((r) => r.kind === 'preference')?.vector_rank).toBe(6);
    },
  );

  it('the lexical lane: the 5 best matches and the best durable one, ranked by score', async () => {
    const rows = await candidates('lexical', null);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.lexical_rank).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.find((r) => r.kind === 'preference')?.lexical_rank).toBe(6);
  });

  it('hybrid fuses both pools, and naming kinds drops the durable pool', async () => {
    const hybrid = await candidates('hybrid', null);
    const preference = hybrid.find((r) => r.kind === 'preference');
    expect(preference).toMatchObject({ vector_rank: 6, lexical_rank: 6 });
    const episodes = await candidates('hybrid', ['episode']);
    expect(episodes.every((r) => r.kind === 'episode')).toBe(true);
    expect(Math.max(...episodes.map((r) => r.vector_rank ?? 0))).toBe(5);
    expect(Math.max(...episodes.map((r) => r.lexical_rank ?? 0))).toBe(5);
    const all = await candidates('hybrid', ['episode', 'preference']);
    expect(all.some((r) => r.kind === 'preference')).toBe(false);
  });

  // Last: it revokes rows. The 20 nearest turns revoked, the first scan (4 x 5 rows) holds no live one, so both
  // paths scan deeper; the candidates are still the 5 nearest live turns and the preference.
  it.each([
    ['exact', 5000],
    ['hnsw', 5],
  ])('the vector lane (%s) scans deeper when the nearest rows are not live', async (_, below) => {
    await database.db.query(
      "update engram.memories set revoked_at = now() where subject = 'cam' and kind = 'episode' and split_part(content, ':', 1) in (select 'turn ' || g from generate_series(0, 19) g)",
    );
    const rows = await candidates('vector', null, below);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.kind === 'episode').map((r) => r.vector_rank)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.find((r) => r.kind === 'preference')?.vector_rank).toBe(6);
  });
});
