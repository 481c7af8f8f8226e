// Ingest and HTTP throughput (issue 18 item 6, ingest part), side by side in one run on each backend:
//   - memories/s through POST /v1/memories/batch (500 a request) with main's write (write_memory once per item) and
//     with the set-based engram.write_memories, and through importJsonl (what `engram import` runs);
//   - the same set-based HTTP batch with the model's global HNSW index dropped (what the index costs a write);
//   - recalls/s through POST /v1/recall at 1, 4 and 16 concurrent clients.
// Every write runs the gate and the local embedder (ENGRAM_EMBEDDER, local by default). Prints the figures and
// writes docs/benchmarks/ingest.json and ingest.svg.
// Run (with the word-vector model these figures were measured with; the default local model is the slower
// blend, docs/models.md): ENGRAM_EMBED_MODEL=wink-sif DATABASE_URL=postgres://... npx tsx scripts/bench-ingest.ts [--memories 5000] [--pglite-memories 2000]
// (without DATABASE_URL only PGlite; a fresh database is created and dropped on the server).
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { noteSentence } from '../src/bench/corpus.ts';
import { postJson, serveOnFreePort } from '../src/bench/http-server.ts';
import { lineChartSvg } from '../src/bench/plot.ts';
import { configuredEmbedder } from '../src/cli/configured-embedder.ts';
import { processConfig } from '../src/config/index.ts';
import { silentLogger } from '../src/core/logger.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { openPglite } from '../src/db/pglite-executor.ts';
import { evaluateWrite } from '../src/gate/index.ts';
import type { Embedder } from '../src/ports/embedder.ts';
import type { SqlExecutor } from '../src/ports/sql.ts';
import type { MemoryStore, TenantStore } from '../src/ports/store.ts';
import { composeEngram } from '../src/server/compose.ts';
import { issueApiKey } from '../src/services/api-keys.ts';
import { importJsonl } from '../src/services/import-jsonl.ts';
import { registerEmbedder } from '../src/services/register-embedder.ts';
import { createSqlStore } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    memories: { type: 'string', default: '5000' },
    'pglite-memories': { type: 'string', default: '2000' },
    out: { type: 'string', default: 'docs/benchmarks' },
  },
});
const BATCH = 500;
const SUBJECTS = 10;
const CLIENTS = [1, 4, 16];
const RECALLS_PER_CLIENT_LEVEL = 400;

/** Main's write: write_memory once per item inside the batch's transaction (what the pipeline did before). */
function perItemStore(store: MemoryStore): MemoryStore {
  return {
    ...store,
    withTenant: (scope, work) =>
      store.withTenant(scope, (tx) =>
        work({
          ...tx,
          writeMemories: async (items) => {
            const out = [];
            for (const item of items) out.push(await tx.writeMemory(item.record, item.vector));
            return out;
          },
        } satisfies TenantStore),
      ),
  };
}

const memoryInput = (i: number, salt: string) => ({
  subject: `user-${i % SUBJECTS}`,
  kind: 'fact' as const,
  content: noteSentence(i, salt),
  tags: ['bench'],
});

function startServer(store: MemoryStore, embedder: Embedder) {
  const engram = composeEngram({
    store,
    gate: evaluateWrite,
    embedder,
    logger: silentLogger,
    adminKey: undefined,
    readiness: async () => ({ ready: true, checks: {} }),
  });
  return serveOnFreePort(engram.app);
}

const post = async (url: string, key: string, body: unknown): Promise<unknown> =>
  (await postJson(url, key, body)).json();

async function httpIngest(url: string, key: string, count: number, salt: string): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < count; from += BATCH) {
    const items = Array.from({ length: Math.min(BATCH, count - from) }, (_, j) =>
      memoryInput(from + j, salt),
    );
    const { results } = (await post(`${url}/v1/memories/batch`, key, { items })) as {
      results: { status: number }[];
    };
    if (results.some((r) => r.status !== 201)) throw new Error('a bench memory was not created');
  }
  return Math.round(count / ((performance.now() - started) / 1000));
}

async function recallsPerSecond(url: string, key: string, clients: number): Promise<number> {
  const queries = ['what milk do I like', 'when is the meeting', 'which seat', 'what did my sister buy'];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < RECALLS_PER_CLIENT_LEVEL) {
        const i = next++;
        await post(`${url}/v1/recall`, key, { subject: `user-${i % SUBJECTS}`, query: queries[i % 4] });
      }
    }),
  );
  return Math.round(RECALLS_PER_CLIENT_LEVEL / ((performance.now() - started) / 1000));
}

async function benchBackend(name: string, db: SqlExecutor, embedder: Embedder, count: number) {
  await migrate(db, await readMigrations());
  const store = createSqlStore(db);
  await registerEmbedder(store, embedder, { activate: true });
  const tenant = async (label: string) => {
    const tenantId = await store.withOperator((op) => op.createTenant(`${label}-${Date.now()}`));
    return { tenantId, key: await issueApiKey(store, tenantId, { name: label }) };
  };
  const mainServer = await startServer(perItemStore(store), embedder);
  const newServer = await startServer(store, embedder);
  const result: Record<string, unknown> = { backend: name, memories_per_variant: count };
  try {
    const rates: Record<string, number[]> = { main_http_batch: [], set_http_batch: [], set_import: [] };
    // Interleaved, twice: the table grows as the run goes, so neither variant always meets the bigger index.
    for (const round of [1, 2]) {
      const a = await tenant(`main-${round}`);
      rates.main_http_batch!.push(await httpIngest(mainServer.url, a.key, count, `m${round}`));
      const b = await tenant(`set-${round}`);
      rates.set_http_batch!.push(await httpIngest(newServer.url, b.key, count, `s${round}`));
      const c = await tenant(`import-${round}`);
      const engram = composeEngram({
        store,
        gate: evaluateWrite,
        embedder,
        logger: silentLogger,
        adminKey: undefined,
        readiness: async () => ({ ready: true, checks: {} }),
      });
      async function* lines() {
        for (let i = 0; i < count; i++) yield JSON.stringify(memoryInput(i, `i${round}`));
      }
      const imported = await importJsonl(
        { memories: engram.memories, store },
        { kind: 'api_key', tenantId: c.tenantId, scopes: ['memories:write'], actor: 'cli:import' },
        lines(),
      );
      if (imported.created !== count) throw new Error('a bench import line was not created');
      rates.set_import!.push(imported.memoriesPerSecond);
      console.log(
        `[${name}] round ${round}: ${JSON.stringify(Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, v.at(-1)])))} /s`,
      );
    }
    result.ingest_per_second = rates;

    const reader = await tenant('recall');
    await httpIngest(newServer.url, reader.key, count, 'r');
    await store.refreshStatistics({ force: true });
    const recalls: Record<string, number> = {};
    for (const clients of CLIENTS)
      recalls[`clients_${clients}`] = await recallsPerSecond(newServer.url, reader.key, clients);
    result.recalls_per_second = recalls;
    console.log(`[${name}] recalls/s: ${JSON.stringify(recalls)}`);

    // What the global per-model HNSW index costs a write: the same set-based batch without it.
    const { rows } = await db.query<{ name: string; def: string }>(
      "select indexname as name, indexdef as def from pg_indexes where schemaname = 'engram' and indexname like 'memory_embeddings_hnsw_%'",
    );
    for (const index of rows) await db.query(`drop index engram.${index.name}`);
    const d = await tenant('no-hnsw');
    result.set_http_batch_without_hnsw_per_second = await httpIngest(newServer.url, d.key, count, 'n');
    for (const index of rows) await db.query(index.def);
    console.log(
      `[${name}] set-based HTTP batch without the HNSW index: ${result.set_http_batch_without_hnsw_per_second}/s`,
    );
    const size = await db.query<{ n: number }>('select count(*)::int as n from engram.memories');
    result.rows_at_end = size.rows[0]!.n;
  } finally {
    await mainServer.close();
    await newServer.close();
  }
  return result;
}

const config = processConfig();
const { embedder } = await configuredEmbedder(config, {
  timeoutMs: 60_000,
  logger: silentLogger,
});
if (!embedder) throw new Error('bench-ingest needs an embedder (ENGRAM_EMBEDDER)');
const before = loadavg();
const results: Record<string, unknown>[] = [];

if (config.DATABASE_URL) {
  const name = `engram_ingest_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(config.DATABASE_URL);
  url.pathname = `/${name}`;
  const db = openNodePostgres(url.toString());
  try {
    results.push(await benchBackend('postgres', db, embedder, Number(values.memories)));
  } finally {
    await db.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}
const lite = await openPglite(undefined);
try {
  results.push(await benchBackend('pglite', lite, embedder, Number(values['pglite-memories'])));
} finally {
  await lite.close();
}

const report = {
  measured_at: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    load_before: before.map((l) => l.toFixed(2)),
    load_after: loadavg().map((l) => l.toFixed(2)),
  },
  embedder: embedder.model,
  batch: BATCH,
  results,
};
await mkdir(values.out, { recursive: true });
await writeFile(`${values.out}/ingest.json`, `${JSON.stringify(report, null, 2)}\n`);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const svg = lineChartSvg({
  title: 'Recalls per second through HTTP',
  xLabel: 'concurrent clients',
  yLabel: 'recalls/s',
  series: results.map((r) => ({
    label: String(r.backend),
    points: CLIENTS.map((c) => ({
      x: c,
      y: (r.recalls_per_second as Record<string, number>)[`clients_${c}`]!,
    })),
  })),
});
await writeFile(`${values.out}/ingest.svg`, svg);
for (const r of results) {
  const rates = r.ingest_per_second as Record<string, number[]>;
  console.log(
    `${r.backend}: HTTP batch main ${Math.round(mean(rates.main_http_batch!))}/s, set-based ${Math.round(mean(rates.set_http_batch!))}/s, import ${Math.round(mean(rates.set_import!))}/s, without HNSW ${r.set_http_batch_without_hnsw_per_second}/s`,
  );
}
console.log(
  `wrote ${values.out}/ingest.json and ingest.svg; load ${report.machine.load_before.join(' ')} -> ${report.machine.load_after.join(' ')}`,
);
