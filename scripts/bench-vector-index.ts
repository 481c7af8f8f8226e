// Index strategy for large subjects (issue 18 item 2), side by side in one run on the real server: the model's
// global HNSW index against per-subject HNSW indexes (engram.subject_vector_index_ddl) for the subjects above the
// exact threshold, with the global index dropped (engram.set_global_vector_index). For each: ANN recall@10 against
// exact search and the vector lane's latency (recall_candidates, p_mode vector) on the large subjects, and the
// set-based batch write's rate (store.writeMemories, vectors given: the database's cost, no embedder) into small
// subjects, the variants interleaved. Prints the figures and writes docs/benchmarks/vector-index-<vectors>.json.
// Run: DATABASE_URL=postgres://... npx tsx scripts/bench-vector-index.ts [--memories 100000] [--dims 256]
//      [--vectors random|local] [--queries 50] [--writes 2000]

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prng, randomSentence, randomUnitVector, skewedSubjects } from '../src/bench/corpus.ts';
import { bulkLoad, bulkLoadEmbedded } from '../src/bench/recall-bench.ts';
import { loadLine } from '../src/bench/report.ts';
import { percentile } from '../src/bench/stats.ts';
import { configuredEmbedder } from '../src/cli/configured-embedder.ts';
import { processConfig } from '../src/config/index.ts';
import { sha256Hex } from '../src/core/hash.ts';
import { silentLogger } from '../src/core/logger.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import type { SqlExecutor } from '../src/ports/sql.ts';
import type { MemoryRecord, StoredVector } from '../src/ports/store.ts';
import { createSqlStore, vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    memories: { type: 'string', default: '100000' },
    dims: { type: 'string', default: '256' },
    queries: { type: 'string', default: '50' },
    writes: { type: 'string', default: '2000' },
    vectors: { type: 'string', default: 'random' },
    'skip-ann': { type: 'boolean', default: false },
    breakdown: { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks' },
  },
});
const SIZE = Number(values.memories);
const config = processConfig();
// Random vectors are the worst case for any ANN index (no structure: every neighbour is nearly as far as the
// next); `--vectors local` embeds the corpus's sentences with the local embedder, the default deployment's vectors.
const embedder =
  values.vectors === 'local'
    ? (await configuredEmbedder(config, { timeoutMs: 60_000, logger: silentLogger })).embedder
    : null;
if (values.vectors === 'local' && !embedder) throw new Error('no embedder configured (ENGRAM_EMBEDDER)');
const DIMS = embedder?.dimensions ?? Number(values.dims);
const QUERIES = Number(values.queries);
const WRITES = Number(values.writes);
const MODEL = embedder?.model ?? `bench/random@${DIMS}`;
const EXACT_LIMIT = 5000;
const BATCH = 500;

const url = config.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
const load = () => loadLine();
const ms = (start: number) => performance.now() - start;

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const created: { name: string; db: SqlExecutor }[] = [];

/** A new database on the server, migrated, dropped at the end. */
async function scratchDatabase(label: string): Promise<SqlExecutor> {
  const name = `engram_bench_vi_${label}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url!);
  dbUrl.pathname = `/${name}`;
  const db = openNodePostgres(dbUrl.toString());
  created.push({ name, db });
  await migrate(db, await readMigrations());
  return db;
}

async function vectorLane(
  db: SqlExecutor,
  tenant: string,
  subject: string,
  query: number[],
  exactBelow: number,
) {
  return db.transaction(async (s) => {
    await s.query("select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)", [
      tenant,
    ]);
    const started = performance.now();
    const { rows } = await s.query<{ id: string; vector_path: string }>(
      `select id, vector_path from engram.recall_candidates(p_subject => $1, p_query => '', p_embedding => $2,
         p_model => $3, p_mode => 'vector', p_candidates => 10, p_exact_below => $4)`,
      [subject, vectorLiteral(query), MODEL, exactBelow],
    );
    return { rows, ms: ms(started) };
  });
}

/** The lane's HNSW statement alone (recall_candidates' shape: the model, tenant and subject as literals). */
async function rawAnn(db: SqlExecutor, tenant: string, subject: string, query: number[], ef: number) {
  return db.transaction(async (s) => {
    await s.query(
      `select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true),
              set_config('hnsw.iterative_scan', 'strict_order', true), set_config('hnsw.ef_search', $2, true)`,
      [tenant, String(ef)],
    );
    const order = `e.embedding::extensions.vector(${DIMS}) operator(extensions.<=>) '${vectorLiteral(query)}'::extensions.vector(${DIMS})`;
    const started = performance.now();
    const { rows } = await s.query<{ id: string }>(
      `select e.memory_id as id from engram.memory_embeddings e
        where e.model = '${MODEL}' and e.tenant_id = '${tenant}' and e.subject = '${subject}'
        order by ${order} limit 10`,
    );
    return { ids: rows.map((r) => r.id), ms: ms(started) };
  });
}

const EF = [64, 200];

interface AnnFigures {
  recall_at_10: number;
  ann_p50_ms: number;
  ann_p95_ms: number;
  exact_p50_ms: number;
  paths: string[];
  by_ef_search: { ef: number; recall_at_10: number; p50_ms: number }[];
}

async function annAgainstExact(
  db: SqlExecutor,
  large: { tenant: string; subject: string }[],
  seed: number,
): Promise<AnnFigures> {
  const random = prng(seed);
  let found = 0;
  let total = 0;
  const annMs: number[] = [];
  const exactMs: number[] = [];
  const paths = new Set<string>();
  const byEf = EF.map((ef) => ({ ef, found: 0, ms: [] as number[] }));
  for (let i = 0; i < QUERIES; i++) {
    const target = large[i % large.length]!;
    const query = embedder
      ? await embedder.embedQuery(randomSentence(random, 6))
      : randomUnitVector(DIMS, random);
    const exact = await vectorLane(db, target.tenant, target.subject, query, 1_000_000_000);
    const ann = await vectorLane(db, target.tenant, target.subject, query, 0);
    exactMs.push(exact.ms);
    annMs.push(ann.ms);
    for (const r of ann.rows) paths.add(r.vector_path);
    const annIds = new Set(ann.rows.map((r) => r.id));
    found += exact.rows.filter((r) => annIds.has(r.id)).length;
    total += exact.rows.length;
    for (const e of byEf) {
      const raw = await rawAnn(db, target.tenant, target.subject, query, e.ef);
      e.ms.push(raw.ms);
      const rawIds = new Set(raw.ids);
      e.found += exact.rows.filter((r) => rawIds.has(r.id)).length;
    }
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  annMs.sort((a, b) => a - b);
  exactMs.sort((a, b) => a - b);
  return {
    recall_at_10: Math.round((found / total) * 1000) / 1000,
    ann_p50_ms: round(percentile(annMs, 50)),
    ann_p95_ms: round(percentile(annMs, 95)),
    exact_p50_ms: round(percentile(exactMs, 50)),
    paths: [...paths],
    by_ef_search: byEf.map((e) => ({
      ef: e.ef,
      recall_at_10: Math.round((e.found / total) * 1000) / 1000,
      p50_ms: round(
        percentile(
          e.ms.sort((a, b) => a - b),
          50,
        ),
      ),
    })),
  };
}

/** CPU time (ms) a server backend has used so far, from /proc (the server runs on this machine). */
async function backendCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The set-based batch write's rate into small subjects: memories/s of wall time and the backend's CPU ms a
 * memory. At a load of 10+ on 2 cores the wall figure mostly measures waiting for a core; the CPU figure is what
 * the database spends, whatever the load.
 */
async function writeRate(db: SqlExecutor, tenant: string, round: number) {
  const random = prng(1000 + round);
  const items: { record: MemoryRecord; vector: StoredVector }[] = [];
  for (let i = 0; i < WRITES; i++) {
    const content = `round ${round} note ${i} about the garden and the ${i % 7} bikes`;
    items.push({
      record: {
        subject: `writer-${i % 10}`,
        kind: 'fact',
        content,
        content_hash: await sha256Hex(content),
        // The server detects the language and sends it (memory-record.ts); without it SQL detects it per row.
        language: 'en',
        tags: [],
        trust: 2,
        source: { type: 'user' },
        flags: [],
      },
      vector: {
        model: MODEL,
        vector: embedder ? (await embedder.embedDocuments([content]))[0]! : randomUnitVector(DIMS, random),
      },
    });
  }
  let cpuMs = 0;
  const started = performance.now();
  for (let b = 0; b < items.length; b += BATCH) {
    const batch = items.slice(b, b + BATCH);
    // The store's write (sql-store writeMemories) with the backend's CPU read around it.
    cpuMs += await db.transaction(async (s) => {
      const { rows } = await s.query<{ pid: number }>(
        `select pg_backend_pid() as pid, set_config('role', 'engram_app', true),
                set_config('engram.tenant_id', $1, true), set_config('engram.actor', 'bench', true)`,
        [tenant],
      );
      const pid = rows[0]!.pid;
      const before = await backendCpuMs(pid);
      await s.query('select ord from engram.write_memories($1::jsonb, $2::text[], $3)', [
        JSON.stringify(batch.map((i) => i.record)),
        batch.map((i) => vectorLiteral(i.vector.vector)),
        MODEL,
      ]);
      return (await backendCpuMs(pid)) - before;
    });
  }
  return {
    per_second: Math.round(WRITES / (ms(started) / 1000)),
    backend_cpu_ms_per_memory: Math.round((cpuMs / WRITES) * 1000) / 1000,
  };
}

const report: Record<string, unknown> = {
  memories: SIZE,
  vectors: values.vectors,
  model: MODEL,
  dims: DIMS,
  queries: QUERIES,
  load_start: load(),
};
const plan = skewedSubjects(SIZE, 100, 10);

/** A database holding the corpus (the same plan; sentences and vectors drawn alike), the model active. */
async function loaded(label: string, globalIndex: boolean) {
  const db = await scratchDatabase(label);
  const store = createSqlStore(db);
  const tenantIds: string[] = [];
  for (let t = 0; t < 10; t++)
    tenantIds.push(await store.withOperator((op) => op.createTenant(`bench-${t}`)));
  await db.query(
    "insert into engram.embedding_models (model, provider, dims, status) values ($1, 'bench', $2, 'active')",
    [MODEL, DIMS],
  );
  let started = performance.now();
  if (embedder) await bulkLoadEmbedded(db, plan, tenantIds, embedder, () => {});
  else await bulkLoad(db, plan, tenantIds, DIMS, MODEL);
  const figures: Record<string, unknown> = { load_s: Math.round(ms(started) / 100) / 10 };
  if (globalIndex) {
    // register_embedding_model builds the global index; without it the model row above is all there is.
    started = performance.now();
    await store.registerModel({
      model: MODEL,
      provider: 'bench',
      dims: DIMS,
      threshold: null,
      activate: true,
    });
    figures.global_index_build_s = Math.round(ms(started) / 100) / 10;
  }
  await db.exec('analyze engram.memories; analyze engram.memory_embeddings;');
  const large = plan
    .filter((p) => p.rows > EXACT_LIMIT)
    .map((p) => ({ tenant: tenantIds[p.tenant]!, subject: p.subject, rows: p.rows }));
  console.info(`[${label}] loaded ${SIZE} (${JSON.stringify(figures)}, load ${load()})`);
  return { db, store, tenantIds, large, figures };
}

/** Builds the per-subject indexes the job would (subjects above the exact threshold). */
async function buildSubjectIndexes(db: SqlExecutor) {
  const started = performance.now();
  const { rows } = await db.query<{ ddl: string }>('select ddl from engram.subject_vector_index_ddl($1)', [
    EXACT_LIMIT,
  ]);
  for (const row of rows) await db.query(row.ddl);
  const again = await db.query('select ddl from engram.subject_vector_index_ddl($1)', [EXACT_LIMIT]);
  return {
    subject_indexes: rows.length,
    build_s: Math.round(ms(started) / 100) / 10,
    missing_after: again.rows.length,
  };
}

try {
  // A: the global index (ANN measured before any subject index), then the subject indexes too (for the writes).
  const a = await loaded('global', true);
  report.large_subjects = a.large.map((l) => l.rows);
  report.global_db = a.figures;
  if (!values['skip-ann']) report.global = await annAgainstExact(a.db, a.large, 11);
  console.info('global HNSW:', report.global, `(load ${load()})`);
  report.global_db_subject_indexes = await buildSubjectIndexes(a.db);
  // B: no global index ever, the subject indexes only.
  const b = await loaded('subject', false);
  report.subject_db = { ...b.figures, ...(await buildSubjectIndexes(b.db)) };
  if (!values['skip-ann']) report.per_subject = await annAgainstExact(b.db, b.large, 11);
  console.info('per-subject HNSW:', report.per_subject, `(load ${load()})`);

  // Writes, interleaved between the two databases, the same batches into small subjects.
  const rates: { variant: string; per_second: number; backend_cpu_ms_per_memory: number; load: string }[] =
    [];
  for (let round = 0; round < 6; round++) {
    const withGlobal = round % 2 === 0;
    const target = withGlobal ? a : b;
    const rate = await writeRate(target.db, target.tenantIds[Math.floor(round / 2)]!, Math.floor(round / 2));
    const variant = withGlobal ? 'global + per-subject indexes' : 'per-subject indexes only';
    rates.push({ variant, ...rate, load: load() });
    console.info(`writes, ${variant}: ${JSON.stringify(rate)} (load ${load()})`);
  }
  report.writes = rates;
  if (values.breakdown) {
    // Where the rest of a write goes: in B (no global index), drop one more of the indexes a write maintains
    // before each round; the difference in backend CPU a memory is that index's share. Scratch database only.
    const steps: [string, string][] = [
      ['none dropped', 'select 1'],
      ['audit_events_related_idx (GIN of related ids)', 'drop index engram.audit_events_related_idx'],
      [
        'memories_subject_lexemes_idx (GIN of the lexical lane)',
        'drop index engram.memories_subject_lexemes_idx',
      ],
      [
        'the other secondary indexes of memories',
        `do $$ declare r record; begin
           for r in select indexrelid::regclass::text as name from pg_index i
                     where i.indrelid = 'engram.memories'::regclass and not i.indisprimary and not i.indisunique
           loop execute 'drop index ' || r.name; end loop; end $$`,
      ],
    ];
    const breakdown: { dropped: string; backend_cpu_ms_per_memory: number; per_second: number }[] = [];
    for (const [i, [label, sql]] of steps.entries()) {
      await b.db.exec(sql);
      const rate = await writeRate(b.db, b.tenantIds[5 + i]!, 10 + i);
      breakdown.push({ dropped: label, ...rate });
      console.info(`breakdown, ${label}: ${JSON.stringify(rate)} (load ${load()})`);
    }
    report.breakdown = breakdown;
  }
  report.load_end = load();
  await mkdir(values.out, { recursive: true });
  await writeFile(
    `${values.out}/vector-index-${values.vectors}.json`,
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.info(JSON.stringify(report, null, 2));
} finally {
  for (const { name, db } of created) {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
  }
  await admin.end();
}
