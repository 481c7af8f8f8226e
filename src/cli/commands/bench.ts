// `engram bench [--sizes 10000,100000] [--dims 256,384,1536] [--vectors random|local] [--subjects 100] [--tenants 10]
// [--queries 200] [--clients 1,4,16] [--recalls 1000] [--ingest 2000] [--locomo FILE [--locomo-samples 2]]
// [--out DIR]`: recall latency at scale (random vectors at each dims, or the local model's), ingest and recall
// throughput through HTTP, and the LoCoMo-size comparison with LangGraph's PostgresStore. With DATABASE_URL each
// size gets a fresh database on that server (dropped after); without it, an in-memory PGlite.
import { join } from 'node:path';
import pg from 'pg';
import { runRecallBench, type SizeResult } from '../../bench/recall-bench.ts';
import { type LocomoComparison, writeBenchReport } from '../../bench/report.ts';
import type { EngramConfig } from '../../config/index.ts';
import { readMigrations } from '../../db/migration-files.ts';
import { openNodePostgres } from '../../db/node-pg.ts';
import { openPglite } from '../../db/pglite-executor.ts';
import { evaluateWrite } from '../../gate/index.ts';
import { parseFlags, UsageError } from '../args.ts';
import { locomoLangGraphComparison } from './eval.ts';

function positiveInts(text: string, name: string): number[] {
  const values = text.split(',').map((s) => Number(s.trim()));
  if (values.some((v) => !Number.isInteger(v) || v <= 0))
    throw new UsageError(`--${name} takes positive integers`);
  return values;
}

function serverDatabases(url: string) {
  return async (label: string) => {
    const name = `engram_${label}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    // HNSW builds far faster when the graph fits in memory (100k x 1536 dims is ~600 MB of vectors).
    await admin.query(`alter database ${name} set maintenance_work_mem = '2GB'`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const db = openNodePostgres(target.toString(), { max: 4 });
    return {
      db,
      async drop() {
        await db.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  };
}

export async function benchCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const { values } = parseFlags(argv, {
    sizes: { type: 'string', default: '10000,100000' },
    dims: { type: 'string', default: '256' },
    subjects: { type: 'string', default: '100' },
    tenants: { type: 'string', default: '10' },
    queries: { type: 'string', default: '200' },
    out: { type: 'string', default: 'docs/benchmarks' },
    vectors: { type: 'string', default: 'random' },
    clients: { type: 'string', default: '1,4,16' },
    recalls: { type: 'string', default: '1000' },
    ingest: { type: 'string', default: '2000' },
    locomo: { type: 'string' },
    'locomo-samples': { type: 'string', default: '2' },
  });
  if (values.vectors !== 'random' && values.vectors !== 'local')
    throw new UsageError('--vectors takes random or local');
  const sizes = positiveInts(values.sizes, 'sizes');
  const dimsList = positiveInts(values.dims, 'dims');
  const [subjects] = positiveInts(values.subjects, 'subjects');
  const [tenants] = positiveInts(values.tenants, 'tenants');
  const [queries] = positiveInts(values.queries, 'queries');
  const clients = positiveInts(values.clients, 'clients');
  // 0 recalls skips the throughput part.
  const recalls = values.recalls === '0' ? 0 : positiveInts(values.recalls, 'recalls')[0]!;
  const [ingest] = positiveInts(values.ingest, 'ingest');
  const [locomoSamples] = positiveInts(values['locomo-samples'], 'locomo-samples');
  if (values.locomo && !config.DATABASE_URL)
    throw new UsageError('--locomo needs DATABASE_URL (PostgresStore runs on PostgreSQL)');
  const openDatabase = config.DATABASE_URL
    ? serverDatabases(config.DATABASE_URL)
    : async () => {
        const db = await openPglite();
        return { db, drop: () => db.close() };
      };
  const database = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL) + pgvector' : 'PGlite in memory';
  const migrations = await readMigrations();
  // The local model: every sentence embedded as a deployment would (100 dims, whatever --dims says).
  const embedder =
    values.vectors === 'local'
      ? await (await import('../../embedding/local/index.ts')).createLocalEmbedder({
          cacheDir: config.ENGRAM_CACHE_DIR,
          onProgress: say,
        })
      : undefined;
  const results: SizeResult[] = [];
  for (const dims of embedder ? [embedder.dimensions] : dimsList)
    for (const size of sizes) {
      const result = await runRecallBench({
        size,
        embedder,
        dims,
        subjects: subjects!,
        tenants: tenants!,
        queries: queries!,
        openDatabase,
        migrations,
        gate: evaluateWrite,
        onProgress: say,
        throughput: recalls > 0 ? { ingest: ingest!, recalls, clients } : undefined,
      });
      say(
        `[${size} x ${dims}] hybrid DB p95: largest ${result.largest.db_hybrid_ms.p95} ms (${result.largest.vector_path}), smallest ${result.smallest.db_hybrid_ms.p95} ms; HTTP p95: ${result.largest.http_hybrid_ms.p95} / ${result.smallest.http_hybrid_ms.p95} ms; ANN recall@10 ${result.exact_vs_ann.recall_at_10}`,
      );
      if (result.throughput)
        say(
          `[${size} x ${dims}] ingest ${result.throughput.http_batch_ingest_per_second}/s (HTTP batch), ${result.throughput.import_per_second}/s (import); recalls/s ${result.throughput.recalls.map((r) => `${r.per_second} at ${r.clients}`).join(', ')}`,
        );
      results.push(result);
    }
  let locomo: LocomoComparison | null = null;
  if (values.locomo && config.DATABASE_URL) {
    say(`LoCoMo-size comparison with PostgresStore on ${locomoSamples} conversations…`);
    const figures = await locomoLangGraphComparison(
      config,
      { dataFile: values.locomo, outDir: join(values.out, 'locomo-vs-store'), samples: locomoSamples },
      say,
    );
    locomo = { conversations: locomoSamples!, ...figures };
  }
  const files = await writeBenchReport(values.out, results, database, locomo);
  say(`wrote ${files.join(', ')}`);
}
