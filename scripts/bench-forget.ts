// Forgetting figures on each backend: 1,000 concurrent identical writes through the store, erasing a subject,
// and sweep throughput. Prints them and writes docs/benchmarks/forget.json.
// Run: npx tsx scripts/bench-forget.ts   (add DATABASE_URL=postgres://... for the real server; it creates and
// drops its own database)

import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { processConfig } from '../src/config/index.ts';
import { sha256Hex } from '../src/core/hash.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { openPglite } from '../src/db/pglite-executor.ts';
import { createDeterministicEmbedder } from '../src/embedding/deterministic.ts';
import type { SqlExecutor } from '../src/ports/sql.ts';
import type { MemoryRecord } from '../src/ports/store.ts';
import { runSweep } from '../src/services/sweep.ts';
import { createSqlStore } from '../src/store/sql-store.ts';

const CONCURRENT_WRITES = 1000;
const ERASE_SIZE = 2000;
const SWEEP_SIZE = 10_000;
const embedder = createDeterministicEmbedder({ dimensions: 64 });

async function recordOf(subject: string, content: string): Promise<MemoryRecord> {
  return {
    subject,
    kind: 'fact',
    content,
    content_hash: await sha256Hex(content.toLowerCase()),
    tags: [],
    trust: 2,
    source: { type: 'app' },
    flags: [],
  };
}

const ms = (start: number) => Math.round(performance.now() - start);

async function bench(name: string, db: SqlExecutor) {
  await migrate(db, await readMigrations());
  const store = createSqlStore(db);
  await store.registerModel({
    model: embedder.model,
    provider: embedder.provider,
    dims: embedder.dimensions,
    threshold: null,
    activate: true,
  });
  const tenantId = await store.withOperator((op) => op.createTenant(`bench-${Date.now()}`));
  const scope = { tenantId, actor: 'bench' };

  const same = await recordOf('crowd', 'The meeting moved to Thursday');
  let start = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: CONCURRENT_WRITES }, () => store.withTenant(scope, (tx) => tx.writeMemory(same))),
  );
  const writesMs = ms(start);
  const rows = await db.query<{ n: number }>(
    "select count(*)::int as n from engram.memories where subject = 'crowd'",
  );

  // A subject with ERASE_SIZE memories, each with a vector and a write event, then erased in one call.
  for (let i = 0; i < ERASE_SIZE; i += 500) {
    await store.withTenant(scope, async (tx) => {
      for (let j = i; j < Math.min(i + 500, ERASE_SIZE); j++) {
        const content = `erase me ${j}`;
        await tx.writeMemory(await recordOf('to-erase', content), {
          model: embedder.model,
          vector: embedder.vectorOf(content),
        });
      }
    });
  }
  start = performance.now();
  const erased = await store.withTenant(scope, (tx) => tx.eraseSubject('to-erase'));
  const eraseMs = ms(start);

  await db.query(
    `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, expires_at)
     select $1, 's' || (i % 50), 'fact', 'expired ' || i, 2, 'app', md5(i::text), now() - interval '1 hour'
       from generate_series(1, $2::int) i`,
    [tenantId, SWEEP_SIZE],
  );
  start = performance.now();
  const swept = await runSweep(store, { batchSize: 500 });
  const sweepMs = ms(start);

  const result = {
    backend: name,
    concurrent_identical_writes: {
      writes: CONCURRENT_WRITES,
      created: outcomes.filter((o) => o.status === 'created').length,
      rows: rows.rows[0]!.n,
      ms: writesMs,
      pool: name === 'postgres' ? 20 : 1,
    },
    erase_subject: { ...erased.erased, ms: eraseMs },
    sweep: {
      rows: swept.expired,
      batches: swept.batches,
      batch_size: 500,
      ms: sweepMs,
      rows_per_s: Math.round(swept.expired / (sweepMs / 1000)),
    },
  };
  console.log(JSON.stringify(result));
  return result;
}

const results = [];
const lite = await openPglite();
try {
  results.push(await bench('pglite', lite));
} finally {
  await lite.close();
}
const serverUrl = processConfig().DATABASE_URL;
if (serverUrl) {
  const name = `engram_bench_forget_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openNodePostgres(url.toString(), { max: 20 });
  try {
    results.push(await bench('postgres', db));
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await mkdir('docs/benchmarks', { recursive: true });
await writeFile(
  'docs/benchmarks/forget.json',
  `${JSON.stringify(
    {
      measured_at: new Date().toISOString(),
      cpus: cpus().length,
      // Other jobs share these machines: a load far above the CPU count inflates every time below.
      load_average_1m: loadavg()[0],
      node: process.version,
      results,
    },
    null,
    2,
  )}\n`,
);
console.log('wrote docs/benchmarks/forget.json');
