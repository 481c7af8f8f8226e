// The write path without the global HNSW index (issue 18 item 3), side by side in one run on each backend:
//   - memories/s through POST /v1/memories/batch (500 a request) and through importJsonl (`engram import`), with
//     the model's global HNSW index on and off, interleaved over two rounds (the table grows as the run goes);
//   - hybrid recall p50/p95 in the DB (recall_candidates) of one large subject with no index at all (its exact
//     ordered scan) and with its own HNSW index (`engram vector-indexes`).
// Every write runs the gate and the local embedder. Writes docs/benchmarks/write-cheap.json.
// Run (with the word-vector model these figures were measured with; the default local model is the slower
// blend, docs/models.md): ENGRAM_EMBED_MODEL=wink-sif DATABASE_URL=postgres://... npx tsx scripts/bench-write-cheap.ts [--memories 10000] [--pglite-memories 2000]
//      [--subject-rows 20000]
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { noteSentence } from '../src/bench/corpus.ts';
import { postJson, serveOnFreePort } from '../src/bench/http-server.ts';
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
import type { MemoryStore } from '../src/ports/store.ts';
import { composeEngram } from '../src/server/compose.ts';
import { issueApiKey } from '../src/services/api-keys.ts';
import { importJsonl } from '../src/services/import-jsonl.ts';
import { registerEmbedder } from '../src/services/register-embedder.ts';
import { createSqlStore, vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    memories: { type: 'string', default: '10000' },
    'pglite-memories': { type: 'string', default: '2000' },
    'subject-rows': { type: 'string', default: '20000' },
    'pglite-subject-rows': { type: 'string', default: '6000' },
    'skip-pglite': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks' },
    name: { type: 'string', default: 'write-cheap' },
  },
});
const BATCH = 500;
const SUBJECTS = 10;
const RECALLS = 60;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const memoryInput = (i: number, salt: string, subject?: string) => ({
  subject: subject ?? `user-${i % SUBJECTS}`,
  kind: 'fact' as const,
  content: noteSentence(i, salt),
  tags: ['bench'],
});

async function benchBackend(
  name: string,
  db: SqlExecutor,
  embedder: Embedder,
  count: number,
  subjectRows: number,
) {
  await migrate(db, await readMigrations());
  const store: MemoryStore = createSqlStore(db);
  await registerEmbedder(store, embedder, { activate: true });
  const globalIndexes = async () =>
    (
      await db.query<{ n: number }>(
        "select count(*)::int as n from pg_indexes where schemaname = 'engram' and indexname ~ '^memory_embeddings_hnsw_[0-9a-f]{16}$'",
      )
    ).rows[0]!.n;
  const result: Record<string, unknown> = {
    backend: name,
    memories_per_variant: count,
    global_index_after_migrate: (await globalIndexes()) > 0,
  };
  const engram = composeEngram({
    store,
    gate: evaluateWrite,
    embedder,
    logger: silentLogger,
    adminKey: undefined,
    readiness: async () => ({ ready: true, checks: {} }),
  });
  const server = await serveOnFreePort(engram.app);
  const tenant = async (label: string) => {
    const tenantId = await store.withOperator((op) => op.createTenant(`${label}-${Date.now()}`));
    return { tenantId, key: await issueApiKey(store, tenantId, { name: label }) };
  };
  const http = async (key: string, n: number, salt: string) => {
    const started = performance.now();
    for (let from = 0; from < n; from += BATCH) {
      const items = Array.from({ length: Math.min(BATCH, n - from) }, (_, j) => memoryInput(from + j, salt));
      const res = await postJson(`${server.url}/v1/memories/batch`, key, { items });
      const { results } = (await res.json()) as { results: { status: number }[] };
      if (results.some((r) => r.status !== 201)) throw new Error('a bench memory was not created');
    }
    return Math.round(n / ((performance.now() - started) / 1000));
  };
  const imported = async (tenantId: string, n: number, salt: string, subject?: string) => {
    async function* lines() {
      for (let i = 0; i < n; i++) yield JSON.stringify(memoryInput(i, salt, subject));
    }
    const out = await importJsonl(
      { memories: engram.memories, store },
      { kind: 'api_key', tenantId, scopes: ['memories:write'], actor: 'cli:import' },
      lines(),
    );
    if (out.created !== n) throw new Error('a bench import line was not created');
    return out.memoriesPerSecond;
  };
  try {
    const rates: Record<string, number[]> = { http_on: [], http_off: [], import_on: [], import_off: [] };
    for (const round of [1, 2]) {
      for (const global of round === 1 ? ['on', 'off'] : ['off', 'on']) {
        await store.setGlobalVectorIndexes(global === 'on');
        const a = await tenant(`http-${global}-${round}`);
        rates[`http_${global}`]!.push(await http(a.key, count, `h${global}${round}`));
        const b = await tenant(`import-${global}-${round}`);
        rates[`import_${global}`]!.push(await imported(b.tenantId, count, `i${global}${round}`));
        console.log(
          `[${name}] round ${round} global ${global}: http ${rates[`http_${global}`]!.at(-1)}/s, import ${rates[`import_${global}`]!.at(-1)}/s (load ${load()})`,
        );
      }
    }
    result.ingest_per_second = rates;

    // One large subject, loaded with no HNSW index at all; recall it, then build its own index and recall again.
    await store.setGlobalVectorIndexes(false);
    const big = await tenant('big');
    await imported(big.tenantId, subjectRows, 'big', 'big-subject');
    await store.refreshStatistics({ force: true });
    const queries = [
      'what milk do I like',
      'when is the meeting',
      'which seat',
      'what did my sister buy',
      'peanuts garden',
    ];
    const vectors = await Promise.all(queries.map((q) => embedder.embedQuery(q)));
    const recallP = async (mode: 'hybrid' | 'vector') => {
      const times: number[] = [];
      let path = '';
      for (let i = 0; i < RECALLS; i++) {
        const q = i % queries.length;
        const started = performance.now();
        const rows = await db.transaction(async (s) => {
          await s.query(
            "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
            [big.tenantId],
          );
          return (
            await s.query<{ vector_path: string | null }>(
              `select vector_path from engram.recall_candidates(p_subject => 'big-subject', p_query => $1,
                 p_embedding => $2, p_model => $3, p_mode => $4, p_candidates => 30)`,
              [queries[q], vectorLiteral(vectors[q]!), embedder.model, mode],
            )
          ).rows;
        });
        if (i >= 5) times.push(performance.now() - started);
        path = rows.find((r) => r.vector_path)?.vector_path ?? path;
      }
      times.sort((x, y) => x - y);
      const at = (p: number) =>
        Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 10) / 10;
      return { p50_ms: at(0.5), p95_ms: at(0.95), path, load: load() };
    };
    const none = { hybrid: await recallP('hybrid'), vector: await recallP('vector') };
    const built = await store.buildSubjectVectorIndexes();
    const own = { hybrid: await recallP('hybrid'), vector: await recallP('vector') };
    result.large_subject = {
      rows: subjectRows,
      no_index: none,
      subject_index: own,
      subject_indexes_built: built,
    };
    console.log(
      `[${name}] large subject ${subjectRows}: no index ${JSON.stringify(none)}, own index ${JSON.stringify(own)}`,
    );
  } finally {
    await server.close();
  }
  return result;
}

const config = processConfig();
const { embedder } = await configuredEmbedder(config, { timeoutMs: 60_000, logger: silentLogger });
if (!embedder) throw new Error('bench-write-cheap needs an embedder (ENGRAM_EMBEDDER)');
const before = load();
const results: Record<string, unknown>[] = [];
if (config.DATABASE_URL) {
  const dbName = `engram_write_cheap_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(config.DATABASE_URL);
  url.pathname = `/${dbName}`;
  const db = openNodePostgres(url.toString());
  try {
    results.push(
      await benchBackend('postgres', db, embedder, Number(values.memories), Number(values['subject-rows'])),
    );
  } finally {
    await db.close();
    await admin.query(`drop database ${dbName}`);
    await admin.end();
  }
}
if (!values['skip-pglite']) {
  const lite = await openPglite(undefined);
  try {
    results.push(
      await benchBackend(
        'pglite',
        lite,
        embedder,
        Number(values['pglite-memories']),
        Number(values['pglite-subject-rows']),
      ),
    );
  } finally {
    await lite.close();
  }
}
const report = {
  measured_at: new Date().toISOString(),
  machine: { cpus: cpus().length, load_before: before, load_after: load() },
  embedder: embedder.model,
  batch: BATCH,
  results,
};
await mkdir(values.out, { recursive: true });
await writeFile(`${values.out}/${values.name}.json`, `${JSON.stringify(report, null, 2)}\n`);
console.log(`wrote ${values.out}/${values.name}.json; load ${before} -> ${report.machine.load_after}`);
