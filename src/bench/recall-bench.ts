// `engram bench`: recall latency and quality at scale on the real database. Loads a skewed synthetic corpus
// (bulk SQL, then one HNSW build), then measures hybrid recall for the largest and the smallest subject in the
// database alone and through HTTP, exact against ANN latency and recall@10, index build time and sizes.
import { silentLogger } from '../core/logger.ts';
import type { Migration } from '../db/migrate.ts';
import { migrate } from '../db/migrate.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { WriteGate } from '../ports/gate.ts';
import type { SqlExecutor } from '../ports/sql.ts';
import type { MemoryStore } from '../ports/store.ts';
import { composeEngram } from '../server/compose.ts';
import { issueApiKey } from '../services/api-keys.ts';
import { createSqlStore, vectorLiteral } from '../store/sql-store.ts';
import {
  BENCH_WORDS,
  prng,
  randomSentence,
  randomUnitVector,
  type SubjectPlan,
  skewedSubjects,
} from './corpus.ts';
import { postJson, serveOnFreePort } from './http-server.ts';
import { type LatencySummary, summarize } from './stats.ts';
import { httpBatchIngest, importRate, recallThroughput, type ThroughputResult } from './throughput.ts';

export interface BenchOptions {
  size: number;
  dims: number;
  subjects: number;
  tenants: number;
  queries: number;
  /** Opens a fresh, empty database for this size and drops it afterwards. */
  openDatabase: (label: string) => Promise<{ db: SqlExecutor; drop: () => Promise<void> }>;
  migrations: Migration[];
  gate: WriteGate;
  onProgress: (line: string) => void;
  /**
   * Where vectors come from. Absent: seeded random unit vectors (`dims` of them; HNSW's worst case, nothing to
   * cluster on). Given: this embedder embeds every generated sentence and query, as a deployment would (its own
   * dimensions replace `dims`).
   */
  embedder?: Embedder | undefined;
  /**
   * Also measure throughput (throughput.ts): `ingest` memories through the batch route and as many through
   * importJsonl, then `recalls` recalls through HTTP at each of `clients` concurrent clients. Absent: skipped.
   */
  throughput?: { ingest: number; recalls: number; clients: number[] } | undefined;
}

export interface SubjectResult {
  subject: string;
  rows: number;
  db_hybrid_ms: LatencySummary;
  http_hybrid_ms: LatencySummary;
  vector_path: string;
}

export interface SizeResult {
  size: number;
  dims: number;
  /** `random` or the embedding model that made the vectors. */
  vectors: string;
  subjects: number;
  tenants: number;
  load_seconds: number;
  load_rows_per_second: number;
  index_build_seconds: number;
  /** Per-subject HNSW indexes the production job (`engram vector-indexes`) built after the load, and its time. */
  subject_indexes: number;
  subject_index_build_seconds: number;
  api_ingest_rows_per_second: number;
  largest: SubjectResult;
  /**
   * The largest subject still searched exactly (at most the RPC's exact limit, 5,000 vectors): the slowest case of
   * the exact lane. Null when no subject between the largest and the smallest is that small.
   */
  largest_exact: SubjectResult | null;
  smallest: SubjectResult;
  exact_vs_ann: {
    exact_ms: LatencySummary;
    ann_ms: LatencySummary;
    recall_at_10: number;
    subject_rows: number;
  };
  sizes_mb: { memories: number; memory_embeddings: number };
  node_rss_mb: number;
  /** Null when not asked for (BenchOptions.throughput). */
  throughput: (ThroughputResult & { recall_subjects: number; recall_subject_rows: number[] }) | null;
}

const MODEL_PREFIX = 'bench/random';

/** recall_candidates' p_exact_below default: subjects up to this many vectors take the exact lane. */
const EXACT_LIMIT = 5000;

/** An embedder whose query vectors are seeded random unit vectors: the bench measures search, not a model. */
function randomEmbedder(dims: number): Embedder {
  const random = prng(42);
  return {
    model: `${MODEL_PREFIX}@${dims}`,
    provider: 'bench',
    dimensions: dims,
    version: '1',
    embedDocuments: async (texts) => texts.map(() => randomUnitVector(dims, random)),
    embedQuery: async () => randomUnitVector(dims, random),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** Bulk-loads the planned subjects with seeded sentences and random vectors, generated in the database. */
export async function bulkLoad(
  db: SqlExecutor,
  plan: SubjectPlan[],
  tenantIds: string[],
  dims: number,
  model: string,
) {
  // Generated in the database: shipping 100k vectors through the driver would measure the driver instead.
  const chunk = 20;
  for (let i = 0; i < plan.length; i += chunk) {
    const part = plan.slice(i, i + chunk);
    await db.query(
      `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model, created_at)
       select p.tenant_id, p.subject, 'fact',
              (select string_agg(($4::text[])[1 + floor(random() * pg_catalog.cardinality($4::text[]))::int], ' ') from generate_series(1, 8) w where g > 0),
              2, 'user', md5(p.subject || ':' || g), 'ready', $5, now() - (random() * interval '365 days')
         from unnest($1::uuid[], $2::text[], $3::int[]) p(tenant_id, subject, n), generate_series(1, p.n) g`,
      [
        part.map((p) => tenantIds[p.tenant]),
        part.map((p) => p.subject),
        part.map((p) => p.rows),
        BENCH_WORDS,
        model,
      ],
    );
  }
  await db.query(
    `insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
     select m.id, $1, m.tenant_id, m.subject,
            (select array_agg(random() - 0.5) from generate_series(1, $2::int) d where m.id is not null)::extensions.vector
       from engram.memories m`,
    [model, dims],
  );
}

/** Loads sentences embedded by `embedder` (vectors through the driver, in batches). */
export async function bulkLoadEmbedded(
  db: SqlExecutor,
  plan: SubjectPlan[],
  tenantIds: string[],
  embedder: Embedder,
  onBatch: (done: number) => void,
) {
  const random = prng(4242);
  const rows = plan.flatMap((p) => Array.from({ length: p.rows }, () => p));
  const batch = 1000;
  for (let start = 0; start < rows.length; start += batch) {
    const part = rows.slice(start, start + batch);
    const contents = part.map(() => randomSentence(random, 8));
    const vectors = await embedder.embedDocuments(contents);
    await db.query(
      `with input as (
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) with ordinality i(tenant_id, subject, content, vec, n)),
       inserted as (
         insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model, created_at)
         select tenant_id, subject, 'fact', content, 2, 'user', md5(subject || ':' || $6::int || ':' || n), 'ready', $5,
                now() - (random() * interval '365 days')
           from input
         returning id, tenant_id, subject, content_hash)
       insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
       select r.id, $5, r.tenant_id, r.subject, i.vec::extensions.vector
         from inserted r join input i on md5(i.subject || ':' || $6::int || ':' || i.n) = r.content_hash`,
      [
        part.map((p) => tenantIds[p.tenant]),
        part.map((p) => p.subject),
        contents,
        vectors.map((v) => vectorLiteral(v)),
        embedder.model,
        start,
      ],
    );
    onBatch(start + part.length);
  }
}

async function measure(samples: number, work: (i: number) => Promise<unknown>): Promise<LatencySummary> {
  for (let i = 0; i < Math.min(10, samples); i++) await work(-1 - i); // warm-up
  const durations: number[] = [];
  for (let i = 0; i < samples; i++) {
    const [, ms] = await timed(() => work(i));
    durations.push(ms);
  }
  return summarize(durations);
}

export async function runRecallBench(options: BenchOptions): Promise<SizeResult> {
  const { size, onProgress } = options;
  const dims = options.embedder?.dimensions ?? options.dims;
  const model = options.embedder?.model ?? `${MODEL_PREFIX}@${dims}`;
  const vectors = options.embedder ? options.embedder.model : 'random';
  const database = await options.openDatabase(`bench_${size}`);
  const { db } = database;
  try {
    await migrate(db, options.migrations);
    const store: MemoryStore = createSqlStore(db);
    const plan = skewedSubjects(size, options.subjects, options.tenants);
    const tenantIds: string[] = [];
    for (let t = 0; t < options.tenants; t++)
      tenantIds.push(await store.withOperator((op) => op.createTenant(`bench-${t}`)));
    await db.query(
      "insert into engram.embedding_models (model, provider, dims, status) values ($1, $2, $3, 'active')",
      [model, options.embedder?.provider ?? 'bench', dims],
    );

    onProgress(
      `[${size}] loading ${size.toLocaleString('en')} memories over ${plan.length} subjects (${dims} dims)…`,
    );
    const [, loadMs] = await timed(() =>
      options.embedder
        ? bulkLoadEmbedded(db, plan, tenantIds, options.embedder, (done) => {
            if (done % 20_000 === 0 || done === size)
              onProgress(`[${size}] embedded and stored ${done.toLocaleString('en')}`);
          })
        : bulkLoad(db, plan, tenantIds, dims, model),
    );
    onProgress(`[${size}] loaded in ${(loadMs / 1000).toFixed(1)} s; building the HNSW index…`);
    const [, indexMs] = await timed(() =>
      store.registerModel({
        model,
        provider: options.embedder?.provider ?? 'bench',
        dims,
        threshold: null,
        activate: true,
      }),
    );
    onProgress(`[${size}] index built in ${(indexMs / 1000).toFixed(1)} s; building the subjects' indexes…`);
    // What a deployment runs from cron: each subject above the exact threshold gets its own HNSW index, which the
    // HNSW path of recall_candidates uses (the global index alone walks other subjects' vectors).
    const [subjectIndexes, subjectIndexMs] = await timed(() => store.buildSubjectVectorIndexes());
    await db.exec('analyze engram.memories; analyze engram.memory_embeddings;');
    onProgress(
      `[${size}] ${subjectIndexes} subject indexes built in ${(subjectIndexMs / 1000).toFixed(1)} s`,
    );

    const embedder = options.embedder ?? randomEmbedder(dims);
    const engram = composeEngram({
      store,
      gate: options.gate,
      embedder,
      logger: silentLogger,
      adminKey: undefined,
      readiness: async () => ({ ready: true, checks: {} }),
    });
    const server = await serveOnFreePort(engram.app);

    try {
      // API ingest throughput: the write path (gate, embedder, one transaction per batch) for 1,000 memories.
      const ingestTenant = tenantIds[0]!;
      const principal = {
        kind: 'api_key' as const,
        tenantId: ingestTenant,
        scopes: ['memories:write'],
        actor: 'bench',
      };
      const random = prng(7);
      const [, ingestMs] = await timed(async () => {
        for (let b = 0; b < 10; b++) {
          const items = Array.from({ length: 100 }, () => ({
            subject: 'ingest',
            kind: 'fact' as const,
            content: randomSentence(random, 10),
          }));
          await engram.memories.rememberMany(principal, items);
        }
      });

      const querySubject = async (p: SubjectPlan): Promise<SubjectResult> => {
        const tenantId = tenantIds[p.tenant]!;
        const key = await issueApiKey(store, tenantId, { name: 'bench' });
        const qrandom = prng(1000 + p.rows);
        const texts = Array.from({ length: options.queries + 10 }, () => randomSentence(qrandom, 4));
        const vectors = options.embedder
          ? await options.embedder.embedDocuments(texts)
          : texts.map(() => randomUnitVector(dims, qrandom));
        const queries = texts.map((text, i) => ({ vector: vectors[i]!, text }));
        let vectorPath = 'none';
        const dbMs = await measure(options.queries, async (i) => {
          const q = queries[i < 0 ? -i : i + 10]!;
          const rows = await store.withTenant({ tenantId, actor: 'bench' }, (tx) =>
            tx.recallCandidates({
              subject: p.subject,
              query: q.text,
              vector: { model, vector: q.vector },
              mode: 'hybrid',
              candidates: 24,
            }),
          );
          vectorPath = rows[0]?.vector_path ?? vectorPath;
        });
        const httpMs = await measure(options.queries, async (i) => {
          const q = queries[i < 0 ? -i : i + 10]!;
          const res = await postJson(`${server.url}/v1/recall`, key, { subject: p.subject, query: q.text });
          await res.arrayBuffer();
        });
        return {
          subject: p.subject,
          rows: p.rows,
          db_hybrid_ms: dbMs,
          http_hybrid_ms: httpMs,
          vector_path: vectorPath,
        };
      };

      onProgress(`[${size}] querying the largest subject (${plan[0]!.rows} rows)…`);
      const largest = await querySubject(plan[0]!);
      const exactPlan = plan.slice(1, -1).find((p) => p.rows <= EXACT_LIMIT);
      let largestExact: SubjectResult | null = null;
      if (exactPlan) {
        onProgress(`[${size}] querying the largest exactly searched subject (${exactPlan.rows} rows)…`);
        largestExact = await querySubject(exactPlan);
      }
      onProgress(`[${size}] querying the smallest subject (${plan.at(-1)!.rows} rows)…`);
      const smallest = await querySubject(plan.at(-1)!);

      onProgress(`[${size}] exact against ANN on the largest subject…`);
      const big = plan[0]!;
      const bigTenant = tenantIds[big.tenant]!;
      const arandom = prng(99);
      const annCount = Math.min(options.queries, 100) + 10;
      const annQueries = options.embedder
        ? await options.embedder.embedDocuments(
            Array.from({ length: annCount }, () => randomSentence(arandom, 4)),
          )
        : Array.from({ length: annCount }, () => randomUnitVector(dims, arandom));
      const lane = (vector: number[], exactBelow: number) =>
        db.transaction(async (s) => {
          await s.query(
            "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
            [bigTenant],
          );
          const { rows } = await s.query<{ id: string }>(
            `select id from engram.recall_candidates(p_subject => $1, p_query => '', p_embedding => $2,
               p_model => $3, p_mode => 'vector', p_candidates => 10, p_exact_below => $4)`,
            [big.subject, vectorLiteral(vector), model, exactBelow],
          );
          return rows.map((r) => r.id);
        });
      const n = annQueries.length - 10;
      const exactMs = await measure(n, (i) => lane(annQueries[i < 0 ? -i : i + 10]!, 10_000_000));
      const annMs = await measure(n, (i) => lane(annQueries[i < 0 ? -i : i + 10]!, 0));
      let found = 0;
      let total = 0;
      for (const q of annQueries.slice(10)) {
        const exact = await lane(q, 10_000_000);
        const ann = new Set(await lane(q, 0));
        found += exact.filter((id) => ann.has(id)).length;
        total += exact.length;
      }

      let throughput: SizeResult['throughput'] = null;
      if (options.throughput) {
        const t = options.throughput;
        onProgress(`[${size}] throughput: ${t.ingest} memories through the batch route and through import…`);
        const key = await issueApiKey(store, ingestTenant, { name: 'bench-throughput' });
        const url = server.url;
        const httpBatch = await httpBatchIngest(url, key, 'ingest-http', t.ingest, 11);
        const imported = await importRate(
          { memories: engram.memories, store },
          principal,
          'ingest-import',
          t.ingest,
          12,
        );
        // Every subject of the largest subject's tenant, round robin: a mixed load, the largest subject included.
        const subjects = plan.filter((p) => p.tenant === plan[0]!.tenant);
        const readerKey = await issueApiKey(store, tenantIds[plan[0]!.tenant]!, { name: 'bench-reader' });
        onProgress(`[${size}] throughput: recalls/s at ${t.clients.join('/')} clients…`);
        const recalls = await recallThroughput(
          url,
          readerKey,
          subjects.map((p) => p.subject),
          t.clients,
          t.recalls,
        );
        throughput = {
          http_batch_ingest_per_second: httpBatch,
          import_per_second: imported,
          recalls,
          recall_subjects: subjects.length,
          recall_subject_rows: [
            Math.min(...subjects.map((p) => p.rows)),
            Math.max(...subjects.map((p) => p.rows)),
          ],
        };
      }

      const sizes = await db.query<{ memories: string; embeddings: string }>(
        "select pg_total_relation_size('engram.memories')::text as memories, pg_total_relation_size('engram.memory_embeddings')::text as embeddings",
      );
      const mb = (bytes: string | undefined) => Math.round((Number(bytes ?? 0) / 1024 / 1024) * 10) / 10;
      return {
        size,
        dims,
        vectors,
        subjects: plan.length,
        tenants: options.tenants,
        load_seconds: Math.round(loadMs / 100) / 10,
        load_rows_per_second: Math.round(size / (loadMs / 1000)),
        index_build_seconds: Math.round(indexMs / 100) / 10,
        subject_indexes: subjectIndexes,
        subject_index_build_seconds: Math.round(subjectIndexMs / 100) / 10,
        api_ingest_rows_per_second: Math.round(1000 / (ingestMs / 1000)),
        largest,
        largest_exact: largestExact,
        smallest,
        exact_vs_ann: {
          exact_ms: exactMs,
          ann_ms: annMs,
          recall_at_10: Math.round((found / total) * 1000) / 1000,
          subject_rows: big.rows,
        },
        sizes_mb: { memories: mb(sizes.rows[0]?.memories), memory_embeddings: mb(sizes.rows[0]?.embeddings) },
        node_rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024),
        throughput,
      };
    } finally {
      await server.close();
    }
  } finally {
    await database.drop();
  }
}
