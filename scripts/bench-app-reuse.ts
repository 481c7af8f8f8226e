// What building the app per request costs: GET /openapi.json and GET /docs cold and warm, in process on Node and
// over HTTP through the Worker in workerd, and the database transactions one HTTP recall runs on each path.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-app-reuse.ts [--reps 5] [--out F]
// It creates and drops its own database. Transactions are counted twice on Node (a counting executor, and
// pg_stat_database after the pool is closed) and from pg_stat_database on the Worker path, whose pool is closed
// after every request (a backend flushes its counters when it exits).

import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { processConfig } from '../src/config/index.ts';
import { silentLogger } from '../src/core/logger.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { createDeterministicEmbedder } from '../src/embedding/deterministic.ts';
import { evaluateWrite } from '../src/gate/index.ts';
import type { SqlExecutor } from '../src/ports/sql.ts';
import { composeEngram } from '../src/server/compose.ts';
import { databaseReadiness } from '../src/server/readiness.ts';
import { registerEmbedder } from '../src/services/register-embedder.ts';
import { createTenantService } from '../src/services/tenants.ts';
import { createSqlStore } from '../src/store/sql-store.ts';
import { otherSessions, startEdgeWorker } from '../test/support/edge-worker.ts';
import { startWsProxy } from '../test/support/ws-proxy.ts';

const { values } = parseArgs({
  options: { reps: { type: 'string', default: '5' }, out: { type: 'string' } },
});
const REPS = Number(values.reps);
const WARM = 20;
const RECALLS = 10;
const serverUrl = processConfig().DATABASE_URL;
if (!serverUrl)
  throw new Error('set DATABASE_URL to a PostgreSQL server (a scratch database is created on it)');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (x: number) => Math.round(x * 100) / 100;
/** Reads a whole answer (app.request may return a Response or a promise of one). */
const body = async (response: Response | Promise<Response>) => (await response).text();
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/** Counts the transactions an executor runs: `transaction` calls, and statements sent outside one. */
function countingExecutor(db: SqlExecutor) {
  const counter = { transactions: 0 };
  const executor: SqlExecutor = {
    engine: db.engine,
    query: (sql, params) => {
      counter.transactions += 1;
      return db.query(sql, params);
    },
    exec: (sql) => {
      counter.transactions += 1;
      return db.exec(sql);
    },
    transaction: (work) => {
      counter.transactions += 1;
      return db.transaction(work);
    },
    close: () => db.close(),
  };
  return { executor, counter };
}

async function scratchDatabase() {
  const name = `engram_bench_reuse_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  /** Committed + rolled back transactions of the scratch database, read from another database's session. */
  const xacts = async () => {
    await admin.query('select pg_stat_clear_snapshot()');
    const { rows } = await admin.query<{ n: string }>(
      'select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = $1',
      [name],
    );
    return Number(rows[0]?.n ?? 0);
  };
  return {
    name,
    url: url.toString(),
    xacts,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const embedder = createDeterministicEmbedder({ dimensions: 64 });

async function nodeEngram(db: SqlExecutor, migrations: Awaited<ReturnType<typeof readMigrations>>) {
  return composeEngram({
    store: createSqlStore(db),
    gate: evaluateWrite,
    embedder,
    logger: silentLogger,
    adminKey: 'bench-operator-key-0123456789',
    readiness: databaseReadiness(db, migrations),
  });
}

async function main() {
  const scratch = await scratchDatabase();
  const migrations = await readMigrations();
  const setup = openNodePostgres(scratch.url, { max: 2 });
  await migrate(setup, migrations);
  const setupStore = createSqlStore(setup);
  await registerEmbedder(setupStore, embedder, { activate: true });
  const { api_key: key } = await createTenantService(setupStore).createTenant('bench');
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const recallBody = JSON.stringify({ subject: 'sam', query: 'what does sam drink in the morning?' });
  for (const content of ['Sam drinks green tea in the morning', 'Sam is allergic to peanuts']) {
    const engram = await nodeEngram(setup, migrations);
    const res = await engram.app.request('/v1/memories', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ subject: 'sam', kind: 'fact', content }),
    });
    if (res.status !== 201) throw new Error(`seed write: ${res.status}`);
  }
  await setup.close();
  const report: Record<string, unknown> = { cpus: cpus().length, loadavg_before: loadavg().map(round) };

  // --- Node, in process (app.request, no HTTP) -------------------------------------------------------------
  const nodeDb = openNodePostgres(scratch.url, { max: 4 });
  const node: Record<string, number[]> = {
    build: [],
    openapi_cold: [],
    openapi_warm: [],
    docs_cold: [],
    docs_warm: [],
  };
  for (let rep = 0; rep < REPS; rep++) {
    let engram!: Awaited<ReturnType<typeof nodeEngram>>;
    node.build!.push(
      await timed(async () => {
        engram = await nodeEngram(nodeDb, migrations);
      }),
    );
    node.openapi_cold!.push(await timed(() => body(engram.app.request('/openapi.json'))));
    const warm: number[] = [];
    for (let i = 0; i < WARM; i++) warm.push(await timed(() => body(engram.app.request('/openapi.json'))));
    node.openapi_warm!.push(median(warm));
    const fresh = await nodeEngram(nodeDb, migrations);
    node.docs_cold!.push(await timed(() => body(fresh.app.request('/docs'))));
    const docsWarm: number[] = [];
    for (let i = 0; i < WARM; i++) docsWarm.push(await timed(() => body(fresh.app.request('/docs'))));
    node.docs_warm!.push(median(docsWarm));
  }
  await nodeDb.close();
  report.node_ms = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, round(median(v))]));

  // Transactions per HTTP recall on Node: the first recall of a new app, then warm ones.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const recallOn = async (engram: Awaited<ReturnType<typeof nodeEngram>>) => {
    const res = await engram.app.request('/v1/recall', { method: 'POST', headers: auth, body: recallBody });
    if (res.status !== 200) throw new Error(`recall: ${res.status}`);
    await res.text();
    await settle(); // the bookkeeping transaction runs after the answer
  };
  const countNode = async (recalls: number) => {
    const before = await scratch.xacts();
    const { executor, counter } = countingExecutor(openNodePostgres(scratch.url, { max: 4 }));
    const engram = await nodeEngram(executor, migrations);
    for (let i = 0; i < recalls; i++) await recallOn(engram);
    await executor.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { counted: counter.transactions, pgStat: (await scratch.xacts()) - before };
  };
  const first = await countNode(1);
  const many = await countNode(1 + RECALLS);
  report.node_transactions_per_recall = {
    first: first.counted,
    first_pg_stat: first.pgStat,
    warm: round((many.counted - first.counted) / RECALLS),
    warm_pg_stat: round((many.pgStat - first.pgStat) / RECALLS),
  };

  // --- the Worker in workerd, over HTTP --------------------------------------------------------------------
  const proxy = await startWsProxy();
  const worker: Record<string, number[]> = {
    healthz_cold: [],
    healthz_warm: [],
    openapi_cold: [],
    openapi_warm: [],
    docs_cold: [],
    docs_warm: [],
  };
  const workerXacts: { first: number[]; warm: number[]; connections: number[] } = {
    first: [],
    warm: [],
    connections: [],
  };
  const watcher = openNodePostgres(scratch.url, { max: 1 });
  const idle = async () => {
    for (let i = 0; i < 100 && (await otherSessions(watcher)) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
  };
  for (let rep = 0; rep < REPS; rep++) {
    const edge = await startEdgeWorker({
      vars: {
        ENGRAM_EMBEDDER: 'fake',
        ENGRAM_EMBED_DIMENSIONS: '64',
        ENGRAM_NEON_WS_PROXY: proxy.address,
      },
      secrets: { DATABASE_URL: scratch.url, ENGRAM_ADMIN_KEY: 'bench-operator-key-0123456789' },
    });
    const get = (path: string) => timed(() => edge.call('GET', path).then((r) => r.text()));
    const series = async (path: string, cold: string, warm: string) => {
      worker[cold]!.push(await get(path));
      const xs: number[] = [];
      for (let i = 0; i < WARM; i++) xs.push(await get(path));
      worker[warm]!.push(median(xs));
    };
    // The first request of an isolate also registers the model: keep it out of the figures.
    await edge.call('GET', '/healthz').then((r) => r.text());
    await series('/openapi.json', 'openapi_cold', 'openapi_warm');
    await series('/docs', 'docs_cold', 'docs_warm');
    await series('/healthz', 'healthz_cold', 'healthz_warm');
    await idle();
    const recalls: number[] = [];
    for (let i = 0; i < 1 + RECALLS; i++) {
      const before = await scratch.xacts();
      const opened = proxy.connections;
      const res = await edge.call('POST', '/v1/recall', {
        key,
        body: { subject: 'sam', query: 'what does sam drink in the morning?' },
      });
      if (res.status !== 200) throw new Error(`worker recall: ${res.status}`);
      await res.text();
      await idle();
      recalls.push((await scratch.xacts()) - before);
      if (i > 0) workerXacts.connections.push(proxy.connections - opened);
    }
    workerXacts.first.push(recalls[0]!);
    workerXacts.warm.push(median(recalls.slice(1)));
    await edge.dispose();
  }
  await watcher.close();
  await proxy.close();
  report.worker_http_ms = Object.fromEntries(Object.entries(worker).map(([k, v]) => [k, round(median(v))]));
  report.worker_transactions_per_recall = {
    first_after_start: median(workerXacts.first),
    warm: median(workerXacts.warm),
    // Each new connection's backend start runs one catalog transaction of its own, counted by pg_stat_database.
    connections_per_warm_recall: median(workerXacts.connections),
  };
  report.loadavg_after = loadavg().map(round);
  report.reps = REPS;
  await scratch.drop();
  const text = `${JSON.stringify(report, null, 2)}\n`;
  // wrangler relays the Worker's logs to stdout: --out keeps the figures apart from them.
  if (values.out) await writeFile(values.out, text);
  console.log(text);
}

await main();
