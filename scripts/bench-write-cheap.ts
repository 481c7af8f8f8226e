// The write path without the global HNSW index (issue 18 item 3), side by side in one run on each backend:
//   - memories/s through POST /v1/memories/batch (500 a request) and through importJsonl (`engram import`), with
//     the model's global HNSW index on and off, interleaved over two rounds (the table grows as the run goes);
//   - hybrid recall p50/p95 in the DB (recall_candidates) of one large subject with no index at all (its exact
//     ordered scan) and with its own HNSW index (`engram vector-indexes`).
// With --before DIR the variants are instead the write path of the code in DIR (a checkout of an earlier commit
// with its own node_modules, e.g. /work/main) and of this tree, global index off, interleaved the same way, plus
// the HTTP batch with two concurrent clients (a client that keeps a second request in flight); --skip-recall
// leaves out the large subject. Every write runs the gate and the embedder (the same embedder object for both
// codes). Writes docs/benchmarks/<name>.json.
// Run (with the word-vector model these figures were measured with; the default local model is the slower
// blend, docs/models.md): ENGRAM_EMBED_MODEL=wink-sif DATABASE_URL=postgres://... npx tsx scripts/bench-write-cheap.ts [--memories 10000] [--pglite-memories 2000]
//      [--subject-rows 20000] [--before ../main --skip-recall --name ingest-speed-wink]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
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
import * as gateHere from '../src/gate/index.ts';
import type { Embedder } from '../src/ports/embedder.ts';
import type { SqlExecutor } from '../src/ports/sql.ts';
import type { MemoryStore } from '../src/ports/store.ts';
import * as composeHere from '../src/server/compose.ts';
import { issueApiKey } from '../src/services/api-keys.ts';
import * as importHere from '../src/services/import-jsonl.ts';
import { registerEmbedder } from '../src/services/register-embedder.ts';
import * as sqlStoreHere from '../src/store/sql-store.ts';
import { vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    memories: { type: 'string', default: '10000' },
    'pglite-memories': { type: 'string', default: '2000' },
    'subject-rows': { type: 'string', default: '20000' },
    'pglite-subject-rows': { type: 'string', default: '6000' },
    'skip-pglite': { type: 'boolean', default: false },
    before: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    'skip-recall': { type: 'boolean', default: false },
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

/** The write path of one checkout: what composes the app, the store, the import and the gate. */
interface WriteCode {
  composeEngram: typeof composeHere.composeEngram;
  createSqlStore: typeof sqlStoreHere.createSqlStore;
  importJsonl: typeof importHere.importJsonl;
  evaluateWrite: typeof gateHere.evaluateWrite;
}
const here: WriteCode = {
  composeEngram: composeHere.composeEngram,
  createSqlStore: sqlStoreHere.createSqlStore,
  importJsonl: importHere.importJsonl,
  evaluateWrite: gateHere.evaluateWrite,
};
async function codeIn(dir: string): Promise<WriteCode> {
  const root = resolve(dir);
  const [compose, store, imports, gate] = await Promise.all([
    import(`${root}/src/server/compose.ts`),
    import(`${root}/src/store/sql-store.ts`),
    import(`${root}/src/services/import-jsonl.ts`),
    import(`${root}/src/gate/index.ts`),
  ]);
  return {
    composeEngram: compose.composeEngram,
    createSqlStore: store.createSqlStore,
    importJsonl: imports.importJsonl,
    evaluateWrite: gate.evaluateWrite,
  };
}
const before = values.before ? await codeIn(values.before) : null;
const commitOf = (dir: string) =>
  execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).toString().trim();

/**
 * CPU time (ms) the database's backends have used, read from /proc (PostgreSQL on this machine, readable by this
 * user), summed over every backend seen: sampled each second as well, because the pool closes a connection after
 * 10 s idle and its /proc entry goes with it (idle, it used no CPU since the last sample). Null for PGlite, whose
 * CPU is this process's.
 */
function backendCpuMeter(db: SqlExecutor, backend: string) {
  if (backend !== 'postgres' || !existsSync('/proc/self/stat')) return null;
  const seen = new Map<number, number>();
  const sample = async () => {
    const { rows } = await db.query<{ pid: number }>(
      'select pid from pg_catalog.pg_stat_activity where datname = pg_catalog.current_database()',
    );
    for (const { pid } of rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        seen.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // USER_HZ is 100 on Linux
      } catch {
        // The connection closed between the query and the read.
      }
    }
  };
  const timer = setInterval(() => void sample().catch(() => {}), 1000);
  return {
    async totalMs() {
      await sample();
      return [...seen.values()].reduce((sum, ms) => sum + ms, 0);
    },
    stop: () => clearInterval(timer),
  };
}

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
  const store: MemoryStore = here.createSqlStore(db);
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
  const appOf = (code: WriteCode) => {
    const variantStore: MemoryStore = code.createSqlStore(db);
    const engram = code.composeEngram({
      store: variantStore,
      gate: code.evaluateWrite,
      embedder,
      logger: silentLogger,
      adminKey: undefined,
      readiness: async () => ({ ready: true, checks: {} }),
    });
    return { code, store: variantStore, engram };
  };
  // The variants compared: the global index on and off (this tree), or the code before and this tree (index off).
  const variants = before
    ? [
        { name: 'before', app: appOf(before), global: false },
        { name: 'after', app: appOf(here), global: false },
      ]
    : [
        { name: 'on', app: appOf(here), global: true },
        { name: 'off', app: appOf(here), global: false },
      ];
  const servers = new Map<string, Awaited<ReturnType<typeof serveOnFreePort>>>();
  for (const v of variants) servers.set(v.name, await serveOnFreePort(v.app.engram.app));
  const tenant = async (label: string) => {
    const tenantId = await store.withOperator((op) => op.createTenant(`${label}-${Date.now()}`));
    return { tenantId, key: await issueApiKey(store, tenantId, { name: label }) };
  };
  /** `n` memories through the batch route by `clients` clients, each sending its requests one after another. */
  const http = async (url: string, key: string, n: number, salt: string, clients = 1) => {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < n) {
          const from = next;
          next += BATCH;
          const items = Array.from({ length: Math.min(BATCH, n - from) }, (_, j) =>
            memoryInput(from + j, salt),
          );
          const res = await postJson(`${url}/v1/memories/batch`, key, { items });
          const { results } = (await res.json()) as { results: { status: number }[] };
          if (results.some((r) => r.status !== 201)) throw new Error('a bench memory was not created');
        }
      }),
    );
    return Math.round(n / ((performance.now() - started) / 1000));
  };
  const imported = async (
    app: ReturnType<typeof appOf>,
    tenantId: string,
    n: number,
    salt: string,
    subject?: string,
  ) => {
    async function* lines() {
      for (let i = 0; i < n; i++) yield JSON.stringify(memoryInput(i, salt, subject));
    }
    const out = await app.code.importJsonl(
      { memories: app.engram.memories, store: app.store },
      { kind: 'api_key', tenantId, scopes: ['memories:write'], actor: 'cli:import' },
      lines(),
    );
    if (out.created !== n) throw new Error('a bench import line was not created');
    return out.memoriesPerSecond;
  };
  try {
    const rates: Record<string, number[]> = {};
    const cpu: Record<string, { node: number[]; database: number[] }> = {};
    const loads: string[] = [];
    /** Runs one measurement: its rate, and the CPU it cost this process and the database's backends a memory. */
    const meter = backendCpuMeter(db, name);
    const measure = async (key: string, run: () => Promise<number>) => {
      const node = process.cpuUsage();
      const database = (await meter?.totalMs()) ?? Number.NaN;
      const rate = await run();
      const nodeUsed = process.cpuUsage(node);
      const databaseUsed = ((await meter?.totalMs()) ?? Number.NaN) - database;
      rates[key] ??= [];
      rates[key].push(rate);
      cpu[key] ??= { node: [], database: [] };
      cpu[key].node.push(Math.round(((nodeUsed.user + nodeUsed.system) / 1000 / count) * 1000) / 1000);
      if (Number.isFinite(databaseUsed))
        cpu[key].database.push(Math.round((databaseUsed / count) * 1000) / 1000);
    };
    // Not timed: the first writes of a process pay the JIT, the language detector's tables and the first plans.
    for (const v of variants) {
      const w = await tenant(`warm-${v.name}`);
      await http(servers.get(v.name)!.url, w.key, Math.min(count, 1000), `w${v.name}`);
      await imported(v.app, w.tenantId, Math.min(count, 1000), `wi${v.name}`);
    }
    for (let round = 1; round <= Number(values.rounds); round++) {
      for (const v of round % 2 === 1 ? variants : [...variants].reverse()) {
        await store.setGlobalVectorIndexes(v.global);
        const url = servers.get(v.name)!.url;
        const a = await tenant(`http-${v.name}-${round}`);
        await measure(`http_${v.name}`, () => http(url, a.key, count, `h${v.name}${round}`));
        if (before) {
          const c = await tenant(`http2-${v.name}-${round}`);
          await measure(`http_2_clients_${v.name}`, () => http(url, c.key, count, `c${v.name}${round}`, 2));
        }
        const b = await tenant(`import-${v.name}-${round}`);
        await measure(`import_${v.name}`, () => imported(v.app, b.tenantId, count, `i${v.name}${round}`));
        loads.push(load());
        console.log(
          `[${name}] round ${round} ${v.name}: ${Object.entries(rates)
            .filter(([key]) => key.endsWith(`_${v.name}`))
            .map(([key, r]) => `${key} ${r.at(-1)}/s`)
            .join(', ')} (load ${load()})`,
        );
      }
    }
    meter?.stop();
    result.ingest_per_second = rates;
    result.cpu_ms_per_memory = cpu;
    result.load_after_each_variant = loads;
    if (values['skip-recall']) return result;

    // One large subject, loaded with no HNSW index at all; recall it, then build its own index and recall again.
    await store.setGlobalVectorIndexes(false);
    const big = await tenant('big');
    await imported(variants.at(-1)!.app, big.tenantId, subjectRows, 'big', 'big-subject');
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
    for (const server of servers.values()) await server.close();
  }
  return result;
}

const config = processConfig();
const { embedder } = await configuredEmbedder(config, { timeoutMs: 60_000, logger: silentLogger });
if (!embedder) throw new Error('bench-write-cheap needs an embedder (ENGRAM_EMBEDDER)');
const loadBefore = load();
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
  machine: { cpus: cpus().length, load_before: loadBefore, load_after: load() },
  embedder: embedder.model,
  batch: BATCH,
  ...(values.before ? { before: commitOf(values.before), after: commitOf('.') } : {}),
  results,
};
await mkdir(values.out, { recursive: true });
await writeFile(`${values.out}/${values.name}.json`, `${JSON.stringify(report, null, 2)}\n`);
for (const r of results) {
  const rates = r.ingest_per_second as Record<string, number[]>;
  const mean = (xs: number[]) => Math.round(xs.reduce((sum, x) => sum + x, 0) / xs.length);
  const cpu = r.cpu_ms_per_memory as Record<string, { node: number[]; database: number[] }> | undefined;
  const meanMs = (xs: number[] | undefined) =>
    xs?.length ? (xs.reduce((sum, x) => sum + x, 0) / xs.length).toFixed(3) : '-';
  for (const [key, xs] of Object.entries(rates))
    console.log(
      `${r.backend} ${key}: ${mean(xs)}/s (rounds ${xs.join(', ')}); CPU ms a memory: Node ${meanMs(cpu?.[key]?.node)}, database ${meanMs(cpu?.[key]?.database)}`,
    );
}
console.log(`wrote ${values.out}/${values.name}.json; load ${loadBefore} -> ${report.machine.load_after}`);
