// Embedding-job figures on each backend, with every HNSW index in place as in production: backfill of 10,000
// pending memories, then a model change of those 10,000 (fill, switch, drop), and for comparison the time to build
// the new model's index in one go. Prints them and writes docs/benchmarks/reembed.json.
// Run: npx tsx scripts/bench-reembed.ts   (add DATABASE_URL=postgres://... for the real server too; it creates
// and drops its own database). The embedder is the deterministic fake (16 and 24 dimensions): the figures are the
// database's cost, not a provider's.

import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { processConfig } from '../src/config/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openPglite } from '../src/db/pglite-executor.ts';
import { createDeterministicEmbedder } from '../src/embedding/deterministic.ts';
import type { SqlExecutor } from '../src/ports/sql.ts';
import { runBackfill } from '../src/services/backfill.ts';
import type { JobProgress } from '../src/services/job-budget.ts';
import { runReembed } from '../src/services/reembed.ts';
import { createSqlStore } from '../src/store/sql-store.ts';
import { freshServerDatabase } from '../test/support/databases.ts';
import { seedMemories } from '../test/support/memory-fixtures.ts';

const COUNT = 10_000;
const BATCH = 500;
const oldModel = createDeterministicEmbedder({ dimensions: 16 });
const newModel = createDeterministicEmbedder({ dimensions: 24 });

const perSecond = (rows: number, ms: number) => (ms > 0 ? Math.round((rows * 1000) / ms) : 0);

async function bench(backend: string, db: SqlExecutor) {
  await migrate(db, await readMigrations());
  const store = createSqlStore(db);
  const register = (embedder: typeof oldModel, activate: boolean) =>
    store.registerModel({
      model: embedder.model,
      provider: embedder.provider,
      dims: embedder.dimensions,
      threshold: null,
      activate,
    });
  await register(oldModel, true);
  await register(newModel, false);
  const tenantId = await store.withOperator((op) => op.createTenant('bench'));
  await seedMemories(db, tenantId, COUNT, "case when g <= 6000 then 'big' else 'small' || (g % 4) end");
  const cpuStart = process.cpuUsage();

  const backfill = await runBackfill(store, oldModel, { batchSize: BATCH });

  const phases: Record<string, { rows: number; ms: number }> = {};
  let last = 0;
  const onProgress = (p: JobProgress) => {
    const entry = phases[p.phase] ?? { rows: 0, ms: 0 };
    phases[p.phase] = entry;
    entry.rows += p.rows;
    entry.ms += p.elapsedMs - last;
    last = p.elapsedMs;
  };
  const reembed = await runReembed(store, newModel, { batchSize: BATCH, onProgress });
  const cpu = process.cpuUsage(cpuStart);

  // The same index built in one go over the 10,000 vectors, for comparison with growing it insert by insert.
  const { rows } = await db.query<{ name: string }>(
    "select 'memory_embeddings_hnsw_' || substr(md5($1), 1, 16) as name",
    [newModel.model],
  );
  await db.query(`drop index engram.${rows[0]!.name}`);
  const buildStart = performance.now();
  await register(newModel, false);
  const buildMs = Math.round(performance.now() - buildStart);

  const fill = phases.fill ?? { rows: 0, ms: 0 };
  const drop = phases.drop ?? { rows: 0, ms: 0 };
  return {
    backend,
    memories: COUNT,
    batch_size: BATCH,
    backfill: {
      embedded: backfill.embedded,
      ms: Math.round(backfill.elapsedMs),
      rows_per_s: backfill.rowsPerSecond,
    },
    model_change: {
      switched: reembed.switched,
      total_ms: Math.round(reembed.elapsedMs),
      fill: { rows: fill.rows, ms: Math.round(fill.ms), rows_per_s: perSecond(fill.rows, fill.ms) },
      switch_ms: Math.round(phases.switch?.ms ?? 0),
      drop: { rows: drop.rows, ms: Math.round(drop.ms), rows_per_s: perSecond(drop.rows, drop.ms) },
    },
    hnsw_bulk_build_ms: buildMs,
    // In-process CPU: all of it on PGlite, only the client's share on PostgreSQL.
    node_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
  };
}

const loadBefore = loadavg()[0]!;
const results = [];
{
  const db = await openPglite();
  try {
    results.push(await bench('pglite', db));
  } finally {
    await db.close();
  }
}
if (processConfig().DATABASE_URL) {
  const database = await freshServerDatabase('bench_reembed');
  try {
    results.push(await bench('postgres', database.db));
  } finally {
    await database.drop();
  }
}
const report = {
  measured_at: new Date().toISOString(),
  cpus: cpus().length,
  // These machines are shared: the load average says how much of the two cores the run actually had.
  load_average_1m: {
    before: Math.round(loadBefore * 100) / 100,
    after: Math.round(loadavg()[0]! * 100) / 100,
  },
  node: process.version,
  results,
};
await mkdir('docs/benchmarks', { recursive: true });
await writeFile('docs/benchmarks/reembed.json', `${JSON.stringify(report, null, 2)}\n`);
for (const r of results) {
  const m = r.model_change;
  console.log(
    `${r.backend}: backfill ${r.backfill.embedded} in ${r.backfill.ms} ms (${r.backfill.rows_per_s}/s); model change ${m.total_ms} ms: fill ${m.fill.rows} at ${m.fill.rows_per_s}/s, switch ${m.switch_ms} ms, drop ${m.drop.rows} at ${m.drop.rows_per_s}/s; HNSW bulk build ${r.hnsw_bulk_build_ms} ms; node CPU ${r.node_cpu_ms} ms`,
  );
}
console.log(
  `load average ${report.load_average_1m.before} -> ${report.load_average_1m.after} on ${report.cpus} cpus`,
);
console.log('wrote docs/benchmarks/reembed.json');
