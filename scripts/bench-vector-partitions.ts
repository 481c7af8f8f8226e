// Hash partitioning of the vector table by tenant, measured as issue 18 item 2 asks ("the alternative" to one table
// with per-subject partial HNSW indexes). One scratch database on the real server holds the same vectors twice:
// engram.memory_embeddings as shipped (per-subject indexes from the production job) and a copy hash-partitioned by
// tenant_id with the same columns, keys, secondary indexes and select policy, each per-subject index built on the
// partition that holds its tenant. The vector lane's statements (recall_candidates: the bounded size count, the
// exact scan of a small subject, the literal-predicate HNSW scan of a large one) then run against both, interleaved
// query by query, as engram_app with the tenant set (RLS on): planning and execution time from EXPLAIN ANALYZE,
// wall time of the plain statement, and recall@10 of the HNSW scan against exact. Also: index build times, sizes,
// and what CREATE INDEX on the partitioned parent does to a per-subject index. Prints the figures and writes
// docs/benchmarks/vector-partitions.json.
// Run: DATABASE_URL=postgres://... nice -n 10 npx tsx scripts/bench-vector-partitions.ts [--memories 1000000]
//      [--subjects 100] [--tenants 10] [--partitions 16] [--queries 100] [--ghosts 200] [--keep] [--out docs/benchmarks]
//      [--corpus-only]: load the corpus and build the job's subject indexes only, then keep the database (what
//      scripts/bench-large-subject-lanes.ts and scripts/bench-recall-ab.ts read).
// (vectors from the local model, wink-sif, as `engram bench --vectors local`).

import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prng, randomSentence, type SubjectPlan, skewedSubjects } from '../src/bench/corpus.ts';
import { bulkLoadEmbedded } from '../src/bench/recall-bench.ts';
import { loadLine } from '../src/bench/report.ts';
import { type LatencySummary, summarize } from '../src/bench/stats.ts';
import { processConfig } from '../src/config/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { createLocalEmbedder } from '../src/embedding/local/index.ts';
import type { SqlExecutor } from '../src/ports/sql.ts';
import { createSqlStore, vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    memories: { type: 'string', default: '1000000' },
    subjects: { type: 'string', default: '100' },
    tenants: { type: 'string', default: '10' },
    partitions: { type: 'string', default: '16' },
    queries: { type: 'string', default: '100' },
    out: { type: 'string', default: 'docs/benchmarks' },
    ghosts: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    'corpus-only': { type: 'boolean', default: false },
  },
});
const SIZE = Number(values.memories);
const SUBJECTS = Number(values.subjects);
const TENANTS = Number(values.tenants);
const PARTITIONS = Number(values.partitions);
const QUERIES = Number(values.queries);
const GHOSTS = Number(values.ghosts);
/** recall_candidates' p_exact_below default and the job's p_min_rows. */
const EXACT_LIMIT = 5000;
/** recall_candidates with p_candidates 24 (what `engram bench` asks): v_k 24, a first scan of 4 x v_k rows. */
const SCAN = 96;
const EF_SEARCH = 64;

const config = processConfig();
const url = config.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
const embedder = await createLocalEmbedder({ cacheDir: config.ENGRAM_CACHE_DIR });
const MODEL = embedder.model;
const DIMS = embedder.dimensions;
const load = () => loadLine();
const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

const FLAT = 'engram.memory_embeddings';
const PARTED = 'engram.memory_embeddings_by_tenant';
type Layout = 'flat' | 'parted';
const LAYOUTS: Layout[] = ['flat', 'parted'];
const table = (layout: Layout) => (layout === 'flat' ? FLAT : PARTED);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const name = `engram_bench_parts_${Date.now().toString(36)}`;
await admin.query(`create database ${name}`);
await admin.query(`alter database ${name} set maintenance_work_mem = '2GB'`);
const dbUrl = new URL(url);
dbUrl.pathname = `/${name}`;
const db: SqlExecutor = openNodePostgres(dbUrl.toString(), { max: 2 });

/**
 * The partitioned copy: memory_embeddings' columns, foreign keys, secondary indexes and select policy, hash
 * partitioned by tenant. The primary key must contain the partition key, so (memory_id, model) becomes
 * (memory_id, model, tenant_id): still unique per memory, since the foreign key ties a memory id to one tenant,
 * but `on conflict (memory_id, model)` in write_memory and the embedding jobs would have to name tenant_id too.
 */
async function createPartitionedCopy() {
  const parts = Array.from(
    { length: PARTITIONS },
    (_, r) =>
      `create table ${PARTED}_p${r} partition of ${PARTED} for values with (modulus ${PARTITIONS}, remainder ${r});`,
  ).join('\n');
  await db.exec(`
    create table ${PARTED} (
      memory_id uuid not null,
      model text not null references engram.embedding_models (model) on delete cascade,
      tenant_id uuid not null,
      subject text not null,
      embedding extensions.vector not null,
      index_version integer not null default 1,
      created_at timestamptz not null default now(),
      primary key (memory_id, model, tenant_id),
      foreign key (memory_id, tenant_id, subject) references engram.memories (id, tenant_id, subject) on delete cascade
    ) partition by hash (tenant_id);
    ${parts}
    create index memory_embeddings_by_tenant_subject_idx on ${PARTED} (tenant_id, subject, model);
    create index memory_embeddings_by_tenant_model_memory_idx on ${PARTED} (model, memory_id);
    alter table ${PARTED} enable row level security;
    alter table ${PARTED} force row level security;
    create policy by_tenant_select_engram_app on ${PARTED} for select to engram_app
      using (tenant_id = (select engram.app_tenant_id()));
    grant select on ${PARTED} to engram_app;
  `);
}

interface IndexTarget {
  index_name: string;
  tenant_id: string;
  subject: string;
  vectors: number;
  ddl: string;
}

/** The job's statement for one subject, aimed at the partition that holds its tenant (CONCURRENTLY works there). */
async function partitionDdl(target: IndexTarget): Promise<string> {
  const { rows } = await db.query<{ part: string }>(
    `select tableoid::regclass::text as part from ${PARTED} where tenant_id = $1 limit 1`,
    [target.tenant_id],
  );
  return target.ddl
    .replace(target.index_name, `${target.index_name}_p`)
    .replace(' on engram.memory_embeddings ', ` on ${rows[0]!.part} `);
}

/** What CREATE INDEX on the partitioned parent does with one subject's index (the job's statement as is). */
async function parentIndexProbe(target: IndexTarget) {
  const ddl = target.ddl.replace(' on engram.memory_embeddings ', ` on ${PARTED} `);
  const named = ddl.replace(target.index_name, `${target.index_name}_parent`);
  let concurrently = 'accepted';
  let started = performance.now();
  try {
    await db.query(named);
  } catch (error) {
    concurrently = `refused: ${(error as Error).message}`;
    started = performance.now();
    await db.query(named.replace('create index concurrently', 'create index'));
  }
  const buildMs = performance.now() - started;
  const { rows } = await db.query<{ indexes: number; empty_partitions: number; bytes: string }>(
    `select pg_catalog.count(*)::integer as indexes,
            pg_catalog.count(*) filter (where not exists (
              select 1 from ${PARTED} e where e.tableoid = i.indrelid and e.tenant_id = $2))::integer as empty_partitions,
            pg_catalog.sum(pg_catalog.pg_relation_size(t.relid))::text as bytes
       from pg_catalog.pg_partition_tree($1::regclass) t join pg_catalog.pg_index i on i.indexrelid = t.relid
      where t.isleaf`,
    [`engram.${target.index_name}_parent`, target.tenant_id],
  );
  await db.query(`drop index engram.${target.index_name}_parent`);
  return {
    subject_vectors: target.vectors,
    concurrently,
    build_ms: Math.round(buildMs),
    leaf_indexes: rows[0]!.indexes,
    leaf_indexes_on_partitions_without_the_tenant: rows[0]!.empty_partitions,
    total_mb: Math.round((Number(rows[0]!.bytes) / 1024 / 1024) * 10) / 10,
  };
}

/** The vector lane's statements as recall_candidates runs them (50_recall_rpc.sql), against either table. */
const statements = {
  count: (layout: Layout) =>
    `select pg_catalog.count(*) as n from (select 1 from ${table(layout)} e
       where e.tenant_id = $1 and e.subject = $2 and e.model = $3 limit ${EXACT_LIMIT + 1}) s`,
  exact: (layout: Layout) =>
    `select pg_catalog.array_agg(d.id order by d.dist, d.id) as ids, pg_catalog.array_agg(d.dist order by d.dist, d.id) as dists
       from (select e.memory_id as id, e.embedding operator(extensions.<=>) $4::extensions.vector as dist
               from ${table(layout)} e where e.tenant_id = $1 and e.subject = $2 and e.model = $3) d`,
  hnsw: (layout: Layout, tenant: string, subject: string, limit: number) => {
    const order = `e.embedding::extensions.vector(${DIMS}) operator(extensions.<=>) $1::extensions.vector(${DIMS})`;
    return `select pg_catalog.array_agg(d.id order by d.dist, d.id) as ids, pg_catalog.array_agg(d.dist order by d.dist, d.id) as dists
              from (select e.memory_id as id, ${order} as dist from ${table(layout)} e
                     where e.model = '${MODEL}' and e.tenant_id = '${tenant}' and e.subject = '${subject}'
                     order by ${order} limit ${limit}) d`;
  },
};

interface Timing {
  planning: number[];
  execution: number[];
  wall: number[];
}
const emptyTiming = (): Timing => ({ planning: [], execution: [], wall: [] });

/**
 * One statement as engram_app of `tenant` (RLS on, as in recall): EXPLAIN ANALYZE's times, then its wall time with
 * only the arrays' lengths shipped (recall_candidates keeps them in the function), then, when asked, its first ten
 * ids (untimed).
 */
async function run(timing: Timing, tenant: string, sql: string, params: unknown[], ids = false) {
  return db.transaction(async (s) => {
    await s.query(
      `select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true),
              set_config('hnsw.iterative_scan', 'strict_order', true), set_config('hnsw.ef_search', $2, true)`,
      [tenant, String(EF_SEARCH)],
    );
    const { rows: plan } = await s.query<{
      'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }];
    }>(`explain (analyze, format json) ${sql}`, params);
    timing.planning.push(plan[0]!['QUERY PLAN'][0]['Planning Time']);
    timing.execution.push(plan[0]!['QUERY PLAN'][0]['Execution Time']);
    const started = performance.now();
    const probe = sql.includes(' as ids')
      ? 'pg_catalog.cardinality(x.ids) + pg_catalog.cardinality(x.dists)'
      : 'x.n';
    await s.query(`select ${probe} from (${sql}) x`, params);
    timing.wall.push(performance.now() - started);
    if (!ids) return [];
    const { rows } = await s.query<{ ids: string[] | null }>(
      `select x.ids[1:10] as ids from (${sql}) x`,
      params,
    );
    return rows[0]?.ids ?? [];
  });
}

type Figures = Record<string, { planning: LatencySummary; execution: LatencySummary; wall: LatencySummary }>;

/** The lane's statements for one subject on both layouts, interleaved query by query (the order alternates). */
async function measureSubject(p: SubjectPlan, tenant: string, large: boolean, queries: number[][]) {
  const timings = new Map<string, Timing>();
  const timing = (key: string) => {
    if (!timings.has(key)) timings.set(key, emptyTiming());
    return timings.get(key)!;
  };
  const found = { flat: 0, parted: 0 };
  let total = 0;
  for (const [i, q] of queries.entries()) {
    const vector = vectorLiteral(q);
    const order = i % 2 === 0 ? LAYOUTS : [...LAYOUTS].reverse();
    for (const layout of order) {
      await run(timing(`${layout} count`), tenant, statements.count(layout), [tenant, p.subject, MODEL]);
      if (large) {
        const exact = await run(
          timing(`${layout} exact`),
          tenant,
          statements.exact(layout),
          [tenant, p.subject, MODEL, vector],
          true,
        );
        const ann = new Set(
          await run(
            timing(`${layout} hnsw`),
            tenant,
            statements.hnsw(layout, tenant, p.subject, SCAN),
            [vector],
            true,
          ),
        );
        const top = exact.slice(0, 10);
        found[layout] += top.filter((id) => ann.has(id)).length;
        if (layout === 'flat') total += top.length;
      } else {
        await run(timing(`${layout} exact`), tenant, statements.exact(layout), [
          tenant,
          p.subject,
          MODEL,
          vector,
        ]);
      }
    }
  }
  const figures: Figures = {};
  for (const [key, t] of timings)
    figures[key] = {
      planning: summarize(t.planning),
      execution: summarize(t.execution),
      wall: summarize(t.wall),
    };
  const recall = large
    ? {
        flat: Math.round((found.flat / total) * 1000) / 1000,
        parted: Math.round((found.parted / total) * 1000) / 1000,
      }
    : null;
  return {
    subject: p.subject,
    rows: p.rows,
    path: large ? 'hnsw' : 'exact',
    figures,
    hnsw_recall_at_10: recall,
  };
}

/** A table's size with and without its indexes, summed over its partitions when it has any. */
async function sizeMb(relation: string) {
  const { rows } = await db.query<{ table_mb: string; total_mb: string }>(
    `select round(sum(pg_catalog.pg_table_size(r.oid)) / 1048576.0, 1)::text as table_mb,
            round(sum(pg_catalog.pg_total_relation_size(r.oid)) / 1048576.0, 1)::text as total_mb
       from (select $1::regclass as oid union select t.relid from pg_catalog.pg_partition_tree($1::regclass) t) r`,
    [relation],
  );
  return { table_mb: Number(rows[0]!.table_mb), with_indexes_mb: Number(rows[0]!.total_mb) };
}

try {
  const loadStart = load();
  await migrate(db, await readMigrations());
  const store = createSqlStore(db);
  const plan = skewedSubjects(SIZE, SUBJECTS, TENANTS);
  const tenantIds: string[] = [];
  for (let t = 0; t < TENANTS; t++)
    tenantIds.push(await store.withOperator((op) => op.createTenant(`parts-${t}`)));
  await store.registerModel({
    model: MODEL,
    provider: embedder.provider,
    dims: DIMS,
    threshold: null,
    activate: true,
  });
  say(
    `loading ${SIZE.toLocaleString('en')} memories, ${SUBJECTS} subjects, ${TENANTS} tenants (load ${load()})`,
  );
  let started = performance.now();
  await bulkLoadEmbedded(db, plan, tenantIds, embedder, (done) => {
    if (done % 100_000 === 0) say(`  ${done.toLocaleString('en')}`);
  });
  const loadS = seconds(performance.now() - started);
  if (values['corpus-only']) {
    started = performance.now();
    await store.buildSubjectVectorIndexes();
    // One statement each: VACUUM cannot run inside the implicit transaction of a multi-statement string.
    await db.query('vacuum analyze engram.memories');
    await db.query('vacuum analyze engram.memory_embeddings');
    say(
      `loaded in ${loadS} s, subject indexes built in ${seconds(performance.now() - started)} s; kept database ${name}`,
    );
    await db.close();
    await admin.end();
    process.exit(0);
  }
  await createPartitionedCopy();
  started = performance.now();
  await db.query(`insert into ${PARTED} select * from ${FLAT}`);
  const copyS = seconds(performance.now() - started);
  await db.exec(`analyze engram.memories; analyze ${FLAT}; analyze ${PARTED};`);
  const { rows: perPartition } = await db.query<{ part: string; tenants: number; vectors: number }>(
    `select tableoid::regclass::text as part, pg_catalog.count(distinct tenant_id)::integer as tenants,
            pg_catalog.count(*)::integer as vectors
       from ${PARTED} group by 1 order by 3 desc`,
  );
  say(
    `loaded in ${loadS} s, copied in ${copyS} s; ${perPartition.length} of ${PARTITIONS} partitions hold vectors`,
  );

  // The job's targets, read before the flat layout's indexes exist (subject_vector_index_ddl skips built ones).
  const { rows: targets } = await db.query<IndexTarget>(
    'select index_name, tenant_id::text, subject, vectors::integer, ddl from engram.subject_vector_index_ddl($1)',
    [EXACT_LIMIT],
  );
  say(`${targets.length} subjects above ${EXACT_LIMIT} vectors: building their indexes on both layouts…`);
  started = performance.now();
  await store.buildSubjectVectorIndexes();
  const flatBuildS = seconds(performance.now() - started);
  // Before the partitions' own indexes: CREATE INDEX on the parent attaches a partition's matching index instead
  // of building one, and dropping the parent's index then drops it too.
  const smallestIndexed = targets.at(-1);
  const parentProbe = smallestIndexed ? await parentIndexProbe(smallestIndexed) : null;
  started = performance.now();
  for (const target of targets) await db.query(await partitionDdl(target));
  const partedBuildS = seconds(performance.now() - started);
  say(`subject indexes: ${flatBuildS} s on the table, ${partedBuildS} s on the partitions`);
  await db.exec(`analyze ${FLAT}; analyze ${PARTED};`);
  const { rows: indexesPerPartition } = await db.query<{ max: number }>(
    `select coalesce(max(n), 0)::integer as max from (
       select pg_catalog.count(*) as n from pg_catalog.pg_index i
         join pg_catalog.pg_inherits h on h.inhrelid = i.indrelid
        where h.inhparent = '${PARTED}'::regclass group by i.indrelid) x`,
  );

  const random = prng(2026);
  const texts = Array.from({ length: QUERIES }, () => randomSentence(random, 4));
  const queries = await embedder.embedDocuments(texts);
  const exactPlan = plan.find((p) => p.rows <= EXACT_LIMIT)!;
  const subjects = [
    { p: plan[0]!, large: true },
    { p: exactPlan, large: false },
    { p: plan.at(-1)!, large: false },
  ];
  const loadBefore = load();
  const measured = [];
  for (const { p, large } of subjects) {
    say(`measuring ${p.subject} (${p.rows.toLocaleString('en')} rows, ${large ? 'hnsw' : 'exact'})…`);
    const warm = queries.slice(0, 5);
    await measureSubject(p, tenantIds[p.tenant]!, large, warm);
    measured.push(await measureSubject(p, tenantIds[p.tenant]!, large, queries));
  }
  // A deployment with many tenants has many more large subjects than this corpus; the planner weighs every partial
  // index of the relation it scans. So: GHOSTS more per-subject indexes, for subjects of other (absent) tenants,
  // on the table and on the partitions their tenants hash to, and the statements measured again.
  const ghostStart = performance.now();
  const ghostBuild = { flat: 0, parted: 0 };
  for (let g = 0; g < GHOSTS; g++) {
    const { rows } = await db.query<{ tenant: string; part: string }>(
      `select t.tenant::text, p.relid::regclass::text as part
         from (select gen_random_uuid() as tenant) t
         join pg_catalog.pg_partition_tree('${PARTED}'::regclass) p on p.isleaf
          and satisfies_hash_partition('${PARTED}'::regclass, ${PARTITIONS},
                (regexp_match(p.relid::regclass::text, '_p([0-9]+)$'))[1]::integer, t.tenant)`,
    );
    const { tenant, part } = rows[0]!;
    const index = (on: string) =>
      `create index ghost_${g}_${on === FLAT ? 'flat' : 'parted'} on ${on} using hnsw
         ((embedding::extensions.vector(${DIMS})) extensions.vector_cosine_ops)
         where model = '${MODEL}' and tenant_id = '${tenant}' and subject = 'ghost-${g}'`;
    let t = performance.now();
    await db.query(index(FLAT));
    ghostBuild.flat += performance.now() - t;
    t = performance.now();
    await db.query(index(part));
    ghostBuild.parted += performance.now() - t;
  }
  const { rows: ghostsOnMeasured } = await db.query<{ n: number }>(
    `select pg_catalog.count(*)::integer as n from pg_catalog.pg_index i
      where i.indrelid = (select tableoid from ${PARTED} where tenant_id = $1 limit 1)
        and pg_catalog.pg_get_indexdef(i.indexrelid) like '%ghost-%'`,
    [tenantIds[plan[0]!.tenant]],
  );
  say(
    `${GHOSTS} more subject indexes in ${seconds(performance.now() - ghostStart)} s (${ghostsOnMeasured[0]!.n} on the largest subject's partition); measuring again…`,
  );
  const withGhosts = [];
  for (const { p, large } of subjects.filter((x) => x.p !== exactPlan)) {
    await measureSubject(p, tenantIds[p.tenant]!, large, queries.slice(0, 5));
    withGhosts.push(await measureSubject(p, tenantIds[p.tenant]!, large, queries));
  }
  const result = {
    generated: new Date().toISOString(),
    memories: SIZE,
    subjects: SUBJECTS,
    tenants: TENANTS,
    partitions: PARTITIONS,
    partitions_with_vectors: perPartition.length,
    vectors: MODEL,
    dims: DIMS,
    queries: QUERIES,
    load: { at_start: loadStart, before_measuring: loadBefore, at_end: load() },
    load_s: loadS,
    copy_into_partitions_s: copyS,
    subject_indexes: targets.length,
    subject_index_build_s: { flat: flatBuildS, parted: partedBuildS },
    most_indexes_on_one_partition: indexesPerPartition[0]?.max ?? 0,
    index_on_parent: parentProbe,
    sizes: { flat: await sizeMb(FLAT), parted: await sizeMb(PARTED) },
    per_partition: perPartition,
    measured,
    ghosts: {
      indexes: GHOSTS,
      build_s: { flat: seconds(ghostBuild.flat), parted: seconds(ghostBuild.parted) },
      on_the_largest_subjects_partition: ghostsOnMeasured[0]!.n,
      measured: withGhosts,
    },
  };
  for (const m of [
    ...measured,
    ...withGhosts.map((w) => ({ ...w, subject: `${w.subject} +${GHOSTS} indexes` })),
  ]) {
    say(`${m.subject} (${m.rows} rows, ${m.path}) p50 / p95 ms, planning | execution | wall:`);
    for (const [key, f] of Object.entries(m.figures))
      say(
        `  ${key.padEnd(13)} ${f.planning.p50} / ${f.planning.p95} | ${f.execution.p50} / ${f.execution.p95} | ${f.wall.p50} / ${f.wall.p95}`,
      );
    if (m.hnsw_recall_at_10) say(`  recall@10 of the HNSW scan: ${JSON.stringify(m.hnsw_recall_at_10)}`);
  }
  say(
    `sizes: ${JSON.stringify(result.sizes)}; on the parent: ${JSON.stringify(parentProbe)}; load ${load()}`,
  );
  await mkdir(values.out, { recursive: true });
  const file = `${values.out}/vector-partitions.json`;
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  say(`wrote ${file}`);
} finally {
  await db.close();
  if (values.keep || values['corpus-only']) say(`kept database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
