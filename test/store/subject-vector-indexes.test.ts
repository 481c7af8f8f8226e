// Per-subject HNSW indexes (issue 18 item 2) on every backend: subject_vector_index_ddl lists the missing index of
// each subject above the bound, its statement builds one that recall's HNSW path uses (the global index dropped
// by set_global_vector_index), the store runs them (`engram vector-indexes`), and only the owner may run either
// function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlStore, vectorLiteral } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';

const DIMS = 8;
const MODEL = 'test/subject-index@8';

const vector = (i: number) => Array.from({ length: DIMS }, (_, d) => Math.sin(i * 7.1 + d * 1.3));

describe.each(backends)('per-subject vector indexes on $name', ({ open }) => {
  let database: TestDatabase;
  let tenant: string;

  beforeAll(async () => {
    database = await open('subject_vector_indexes');
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
    for (const [subject, n] of [
      ['big', 40],
      ["o'brien", 25],
      ['small', 5],
    ] as const) {
      await db.query(
        `insert into engram.memories (id, tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model)
         select gen_random_uuid(), $1, $2, 'fact', 'note ' || g, 2, 'user', md5($2 || g), 'ready', $3
           from generate_series(1, $4::int) g`,
        [tenant, subject, MODEL, n],
      );
      const { rows } = await db.query<{ id: string }>(
        'select id from engram.memories where tenant_id = $1 and subject = $2 order by content',
        [tenant, subject],
      );
      for (const [i, row] of rows.entries()) {
        await db.query(
          'insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding) values ($1, $2, $3, $4, $5::extensions.vector)',
          [row.id, MODEL, tenant, subject, vectorLiteral(vector(i))],
        );
      }
    }
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  const indexes = async () =>
    (
      await database.db.query<{ indexname: string; indexdef: string }>(
        "select indexname, indexdef from pg_indexes where schemaname = 'engram' and indexname like 'memory_embeddings_hnsw%' order by indexname",
      )
    ).rows;

  const recall = (subject: string, exactBelow: number) =>
    database.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenant],
      );
      const { rows } = await s.query<{ id: string; vector_path: string }>(
        `select id, vector_path from engram.recall_candidates(p_subject => $1, p_query => '', p_embedding => $2,
           p_model => $3, p_mode => 'vector', p_candidates => 5, p_exact_below => $4)`,
        [subject, vectorLiteral(vector(3)), MODEL, exactBelow],
      );
      return rows;
    });

  it('lists the subjects above the bound that have no index yet, largest first, and builds them', async () => {
    const { rows } = await database.db.query<{ subject: string; vectors: string; ddl: string }>(
      'select subject, vectors, ddl from engram.subject_vector_index_ddl(20)',
    );
    expect(rows.map((r) => [r.subject, Number(r.vectors)])).toEqual([
      ['big', 40],
      ["o'brien", 25],
    ]);
    expect(rows[0]?.ddl).toMatch(/^create index concurrently if not exists memory_embeddings_hnsw_s_/);
    // What `engram vector-indexes` runs: each statement, largest subject first, up to the limit.
    expect(await createSqlStore(database.db).buildSubjectVectorIndexes({ minRows: 20, limit: 1 })).toBe(1);
    expect(await createSqlStore(database.db).buildSubjectVectorIndexes({ minRows: 20 })).toBe(1);
    const built = (await indexes()).filter((i) => i.indexname.startsWith('memory_embeddings_hnsw_s_'));
    expect(built).toHaveLength(2);
    expect(built.map((i) => i.indexdef).join('\n')).toContain("subject = 'o''brien'");
    const again = await database.db.query('select ddl from engram.subject_vector_index_ddl(20)');
    expect(again.rows).toEqual([]);
    expect(await createSqlStore(database.db).buildSubjectVectorIndexes({ minRows: 20 })).toBe(0);
  });

  it('recall searches a large subject the same with the global index dropped, over its own index', async () => {
    const exact = await recall('big', 1000);
    expect(exact[0]?.vector_path).toBe('exact');
    const withGlobal = await recall('big', 10);
    const { rows: off } = await database.db.query<{ exists: boolean }>(
      'select engram.set_global_vector_index($1, false) as exists',
      [MODEL],
    );
    expect(off[0]?.exists).toBe(false);
    const names = (await indexes()).map((i) => i.indexname);
    expect(names.filter((n) => /^memory_embeddings_hnsw_[0-9a-f]{16}$/.test(n))).toEqual([]);
    expect(names.filter((n) => n.startsWith('memory_embeddings_hnsw_s_'))).toHaveLength(2);
    const subjectOnly = await recall('big', 10);
    expect(subjectOnly[0]?.vector_path).toBe('hnsw');
    // 40 vectors: the graph holds them all, so approximate equals exact.
    expect(subjectOnly.map((r) => r.id)).toEqual(exact.map((r) => r.id));
    expect(withGlobal.map((r) => r.id)).toEqual(exact.map((r) => r.id));

    // The planner proves the subject index's predicate from the lane's literals.
    const plan = await database.db.transaction(async (s) => {
      await s.query('set local enable_seqscan = off');
      const { rows } = await s.query<{ 'QUERY PLAN': string }>(
        `explain select e.memory_id from engram.memory_embeddings e
          where e.model = '${MODEL}' and e.tenant_id = '${tenant}' and e.subject = 'big'
          order by e.embedding::extensions.vector(${DIMS}) operator(extensions.<=>) '${vectorLiteral(vector(3))}'::extensions.vector(${DIMS})
          limit 5`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using memory_embeddings_hnsw_s_/);

    const { rows: on } = await database.db.query<{ exists: boolean }>(
      'select engram.set_global_vector_index($1, true) as exists',
      [MODEL],
    );
    expect(on[0]?.exists).toBe(true);
  });

  it('the HNSW scan of a larger subject searches wider: ef_search from the size of its own index', async () => {
    const rule = await database.db.query<{
      small: number;
      none: number;
      mid: number;
      large: number;
      wide: number;
      huge: number;
    }>(
      `select engram.hnsw_ef_search(10, 19259) as small, engram.hnsw_ef_search(10, null) as none,
              engram.hnsw_ef_search(10, 96215) as mid, engram.hnsw_ef_search(10, 192449) as large,
              engram.hnsw_ef_search(150, 1000) as wide, engram.hnsw_ef_search(10, 1e9) as huge`,
    );
    expect(rule.rows[0]).toEqual({ small: 100, none: 100, mid: 156, large: 220, wide: 300, huge: 400 });

    // Inside the recall's transaction the setting is what the lane scanned with: read it back there.
    const scannedWith = (subject: string) =>
      database.db.transaction(async (s) => {
        await s.query(
          "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
          [tenant],
        );
        const { rows } = await s.query<{ vector_path: string }>(
          `select vector_path from engram.recall_candidates(p_subject => $1, p_query => '', p_embedding => $2,
             p_model => $3, p_mode => 'vector', p_candidates => 5, p_exact_below => 10)`,
          [subject, vectorLiteral(vector(3)), MODEL],
        );
        const ef = await s.query<{ ef: string }>("select current_setting('hnsw.ef_search') as ef");
        return { path: rows[0]?.vector_path, ef: Number(ef.rows[0]?.ef) };
      });
    expect(await scannedWith('big')).toEqual({ path: 'hnsw', ef: 100 });
    // The catalog's count of the subject's own index is the size read (a large subject, without loading one).
    const { rows: named } = await database.db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = 'engram' and indexname like 'memory_embeddings_hnsw_s_%'
          and indexdef like '%subject = ''big''%'`,
    );
    await database.db.query(
      `update pg_catalog.pg_class set reltuples = 192449 where relname = $1 and relnamespace = 'engram'::regnamespace`,
      [named[0]!.indexname],
    );
    expect(await scannedWith('big')).toEqual({ path: 'hnsw', ef: 220 });
  });

  it('a subject its own index counts past p_exact_below is searched through it, not counted to the bound', async () => {
    // 1,100 vectors: more than the first count reads (1,000), fewer than p_exact_below (5,000).
    await database.db.query(
      `insert into engram.memories (id, tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model)
       select gen_random_uuid(), $1, 'wide', 'fact', 'note ' || g, 2, 'user', md5('wide' || g), 'ready', $2
         from generate_series(1, 1100) g`,
      [tenant, MODEL],
    );
    await database.db.query(
      `insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
       select m.id, $2, m.tenant_id, m.subject,
              ('[' || array_to_string(array(select sin(length(m.content) * 7.1 + d * 1.3 + random())
                                              from generate_series(0, ${DIMS - 1}) d), ',') || ']')::extensions.vector
         from engram.memories m where m.tenant_id = $1 and m.subject = 'wide'`,
      [tenant, MODEL],
    );
    expect(await createSqlStore(database.db).buildSubjectVectorIndexes({ minRows: 1000 })).toBe(1);
    expect((await recall('wide', 5000))[0]?.vector_path).toBe('exact');
    // The index's own count (as VACUUM or ANALYZE would leave it after the subject grew) says 6,000: the subject is
    // searched through its index without counting its vectors up to 5,001.
    await database.db.query(
      `update pg_catalog.pg_class set reltuples = 6000 where relnamespace = 'engram'::regnamespace
          and relname = engram.subject_vector_index_name($1, $2, 'wide')`,
      [MODEL, tenant],
    );
    expect((await recall('wide', 5000))[0]?.vector_path).toBe('hnsw');
  });

  it('a tenant role may run neither function', async () => {
    for (const sql of [
      'select * from engram.subject_vector_index_ddl(1)',
      `select engram.set_global_vector_index('${MODEL}', false)`,
    ]) {
      await expect(
        database.db.transaction(async (s) => {
          await s.query("select set_config('role', 'engram_app', true)");
          await s.query(sql);
        }),
      ).rejects.toMatchObject({ code: '42501' });
    }
  });
});
