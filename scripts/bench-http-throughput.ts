// HTTP throughput on the Node server with PostgreSQL (issue 18 items 4 and 6): recalls/s at 1, 4 and 16 clients and
// POST /v1/memories/batch memories/s, with where the time goes on the Node path:
//   - ingest: the time the batch requests spent waiting for the database (every query timed by a wrapping
//     executor) against the rest (gate, embedding, JSON, HTTP), and the embedder's own time;
//   - recall: transactions and statements per HTTP recall (counted by the same executor), the server's own
//     timing_ms against the client's latency, and optionally a CPU profile of the server process (--profile) summed
//     by function and by file.
// The load generator runs in its own process (scripts/load-recall.ts); on this 2-core machine it takes most of a
// core, so the server and PostgreSQL share the other. Variants of the pool size run side by side, interleaved.
// Run: DATABASE_URL=postgres://... npx tsx scripts/bench-http-throughput.ts [--memories 10000] [--recalls 2000]
//      [--variants main:10,branch:10,branch:20 --baseline /path/to/main-checkout] [--profile]
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { cpus } from 'node:os';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { noteSentence } from '../src/bench/corpus.ts';
import { postJson, serveOnFreePort } from '../src/bench/http-server.ts';
import { configuredEmbedder } from '../src/cli/configured-embedder.ts';
import { processConfig } from '../src/config/index.ts';
import { silentLogger } from '../src/core/logger.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { evaluateWrite } from '../src/gate/index.ts';
import type { Embedder } from '../src/ports/embedder.ts';
import type { SqlExecutor, SqlSession } from '../src/ports/sql.ts';
import { composeEngram } from '../src/server/compose.ts';
import { issueApiKey } from '../src/services/api-keys.ts';
import { registerEmbedder } from '../src/services/register-embedder.ts';
import { createSqlStore } from '../src/store/sql-store.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    memories: { type: 'string', default: '10000' },
    recalls: { type: 'string', default: '2000' },
    /** label:pool[,label:pool...]; a label other than `branch` is a checkout given by --baseline. */
    variants: { type: 'string', default: 'branch:10' },
    baseline: { type: 'string' },
    clients: { type: 'string', default: '1,4,16' },
    profile: { type: 'boolean', default: false },
    'profile-ingest': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const SUBJECTS = 10;
const BATCH = 500;

/** Counts transactions and statements, and sums the time spent waiting for the database. */
function counting(db: SqlExecutor) {
  const c = {
    transactions: 0,
    statements: 0,
    dbMs: 0,
    waitMs: 0,
    byStatement: new Map<string, { n: number; ms: number }>(),
  };
  const timed = (session: SqlSession): SqlSession => ({
    async query(sql, params) {
      c.statements++;
      const head = sql.replace(/\s+/g, ' ').slice(0, 60);
      const t0 = performance.now();
      try {
        return await session.query(sql, params);
      } finally {
        const ms = performance.now() - t0;
        c.dbMs += ms;
        const s = c.byStatement.get(head) ?? { n: 0, ms: 0 };
        c.byStatement.set(head, { n: s.n + 1, ms: s.ms + ms });
      }
    },
    exec: (sql) => session.exec(sql),
  });
  const executor: SqlExecutor = {
    engine: db.engine,
    ...timed(db),
    async transaction(work) {
      c.transactions++;
      // begin and commit are two statements each transaction on node-postgres.
      c.statements += 2;
      const t0 = performance.now();
      return db.transaction(async (s) => {
        // Pool checkout and begin.
        c.waitMs += performance.now() - t0;
        c.dbMs += performance.now() - t0;
        return work(timed(s));
      });
    },
    close: () => db.close(),
  };
  const reset = () => {
    c.transactions = 0;
    c.statements = 0;
    c.dbMs = 0;
    c.waitMs = 0;
    c.byStatement.clear();
  };
  return { executor, counts: c, reset };
}

function timedEmbedder(embedder: Embedder) {
  const t = { ms: 0, texts: 0 };
  const wrapped: Embedder = {
    ...embedder,
    async embedDocuments(texts, options) {
      const t0 = performance.now();
      try {
        return await embedder.embedDocuments(texts, options);
      } finally {
        t.ms += performance.now() - t0;
        t.texts += texts.length;
      }
    },
  };
  return { embedder: wrapped, t };
}

const startServer = (engram: ReturnType<typeof composeEngram>) => serveOnFreePort(engram.app);

const post = async (url: string, key: string, body: unknown): Promise<unknown> =>
  (await postJson(url, key, body)).json();

/** CPU profile of this process while `work` runs, summed by function (self time) and by file. */
async function profiled<T>(work: () => Promise<T>): Promise<{ result: T; top: string[]; files: string[] }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const result = await work();
  const { profile } = (await session.post('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
    };
  };
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfByFn = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url.replace(/^.*node_modules\//, 'nm:').replace(/^.*\/src\//, 'src/') || '(native)';
    const fn = `${frame.functionName || '(anon)'} ${file}:${frame.lineNumber + 1}`;
    selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + 1);
    const pkg = file.startsWith('nm:')
      ? file
          .split('/')
          .slice(0, file.startsWith('nm:@') ? 2 : 1)
          .join('/')
      : file;
    selfByFile.set(pkg, (selfByFile.get(pkg) ?? 0) + 1);
  }
  // Idle time is not the server's work: shares are of the busy samples, with idle given apart.
  const idle = selfByFn.get([...selfByFn.keys()].find((k) => k.startsWith('(idle)')) ?? '') ?? 0;
  for (const m of [selfByFn, selfByFile])
    for (const k of [...m.keys()]) if (k.startsWith('(idle)')) m.delete(k);
  selfByFile.set('(native)', (selfByFile.get('(native)') ?? 0) - idle);
  const total = profile.samples.length - idle;
  console.log(`profile: ${((100 * idle) / profile.samples.length).toFixed(1)}% of samples idle`);
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1)}% ${k}`);
  return { result, top: top(selfByFn, 25), files: top(selfByFile, 20) };
}

async function loadRecalls(url: string, key: string, clients: number, total: number) {
  const subjects = Array.from({ length: SUBJECTS }, (_, i) => `user-${i}`).join(',');
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    'src/bench/load-recall.ts',
    url,
    key,
    String(clients),
    String(total),
    subjects,
  ]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, number>;
}

const uptime = async () => (await run('uptime')).stdout.trim();
const config = processConfig();
if (!config.DATABASE_URL) throw new Error('bench-http-throughput needs DATABASE_URL');
const loaded = await configuredEmbedder(config, { timeoutMs: 60_000, logger: silentLogger });
if (!loaded.embedder) throw new Error('needs an embedder (ENGRAM_EMBEDDER)');
const report: Record<string, unknown> = {
  measured_at: new Date().toISOString(),
  cpus: cpus().length,
  uptime_before: await uptime(),
  embedder: loaded.embedder.model,
};
console.log(report.uptime_before);

const name = `engram_http_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: config.DATABASE_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(config.DATABASE_URL);
dbUrl.pathname = `/${name}`;
const variantSpecs = values.variants.split(',').map((v) => {
  const [label, pool] = v.split(':');
  return { label: label!, max: Number(pool ?? 10) };
});
// Another checkout's composition and store (its own src/, this run's node_modules), run in this process.
type Compose = typeof composeEngram;
type CreateStore = typeof createSqlStore;
async function modulesOf(label: string): Promise<{ compose: Compose; createStore: CreateStore }> {
  if (label === 'branch') return { compose: composeEngram, createStore: createSqlStore };
  if (!values.baseline) throw new Error(`variant ${label} needs --baseline`);
  const compose = (await import(`${values.baseline}/src/server/compose.ts`)).composeEngram as Compose;
  const createStore = (await import(`${values.baseline}/src/store/sql-store.ts`))
    .createSqlStore as CreateStore;
  return { compose, createStore };
}
const clientLevels = values.clients.split(',').map(Number);
const opened: SqlExecutor[] = [];
try {
  const setup = openNodePostgres(dbUrl.toString(), { max: 2 });
  opened.push(setup);
  await migrate(setup, await readMigrations());
  await registerEmbedder(createSqlStore(setup), loaded.embedder, {
    defaults: loaded.modelDefaults,
    activate: true,
  });
  const variants = [];
  for (const { label, max } of variantSpecs) {
    const { compose, createStore } = await modulesOf(label);
    const db = openNodePostgres(dbUrl.toString(), { max });
    opened.push(db);
    const c = counting(db);
    const e = timedEmbedder(loaded.embedder!);
    const store = createStore(c.executor);
    const engram = compose({
      store,
      gate: evaluateWrite,
      embedder: e.embedder,
      logger: silentLogger,
      adminKey: undefined,
      readiness: async () => ({ ready: true, checks: {} }),
    });
    variants.push({ label, max, store, engram, c, e });
  }
  const servers = await Promise.all(variants.map((v) => startServer(v.engram)));
  const setupStore = createSqlStore(setup);
  const tenantId = await setupStore.withOperator((op) => op.createTenant('http-bench'));
  const key = await issueApiKey(setupStore, tenantId, { name: 'bench' });

  // Ingest: batches of 500, taking turns between the variants (the table grows as the run goes, so no variant
  // always meets the bigger index); each variant's own wall, database and embedder time.
  const count = Number(values.memories);
  const spent = variants.map(() => ({ wallMs: 0, memories: 0, batches: 0 }));
  for (const v of variants) v.c.reset();
  const ingestRun = async () => {
    for (let from = 0, b = 0; from < count; from += BATCH, b++) {
      const i = b % variants.length;
      const items = Array.from({ length: Math.min(BATCH, count - from) }, (_, j) => ({
        subject: `user-${(from + j) % SUBJECTS}`,
        kind: 'fact',
        content: noteSentence(from + j, 'h'),
        tags: ['bench'],
      }));
      const t0 = performance.now();
      const { results } = (await post(`${servers[i]!.url}/v1/memories/batch`, key, { items })) as {
        results: { status: number }[];
      };
      spent[i]!.wallMs += performance.now() - t0;
      spent[i]!.memories += items.length;
      spent[i]!.batches++;
      if (results.some((r) => r.status !== 201)) throw new Error('a bench memory was not created');
    }
  };
  let ingestProfile: Awaited<ReturnType<typeof profiled>> | null = null;
  if (values['profile-ingest']) ingestProfile = await profiled(ingestRun);
  else await ingestRun();
  const ingest = variants.map((v, i) => {
    const t = spent[i]!;
    return {
      variant: v.label,
      memories: t.memories,
      per_second: Math.round(t.memories / (t.wallMs / 1000)),
      ms_per_memory: +(t.wallMs / t.memories).toFixed(3),
      db_ms_per_memory: +(v.c.counts.dbMs / t.memories).toFixed(3),
      node_ms_per_memory: +((t.wallMs - v.c.counts.dbMs) / t.memories).toFixed(3),
      embed_ms_per_memory: +(v.e.t.ms / t.memories).toFixed(3),
      statements_per_batch: +(v.c.counts.statements / t.batches).toFixed(1),
    };
  });
  report.ingest_http_batch = ingest;
  for (const row of ingest) console.log('ingest', JSON.stringify(row));
  if (ingestProfile) {
    console.log(`ingest CPU by function (self):\n  ${ingestProfile.top.join('\n  ')}`);
    console.log(`ingest CPU by file:\n  ${ingestProfile.files.join('\n  ')}`);
    report.ingest_profile = { top: ingestProfile.top, files: ingestProfile.files };
  }
  await setupStore.refreshStatistics({ force: true });

  // Warm each server: the first recall reads the active model and the key.
  for (const s of servers)
    for (let i = 0; i < 20; i++) await post(`${s.url}/v1/recall`, key, { subject: 'user-1', query: 'milk' });

  const recalls: Record<string, unknown>[] = [];
  const total = Number(values.recalls);
  for (const clients of clientLevels) {
    for (const [i, v] of variants.entries()) {
      v.c.reset();
      const measure = () => loadRecalls(servers[i]!.url, key, clients, total);
      // This process's CPU while the clients (another process) ran: the server's share of a recall.
      const cpu0 = process.cpuUsage();
      const profile = values.profile && clients === Math.max(...clientLevels) && i === 0;
      const out = profile ? await profiled(measure) : { result: await measure(), top: [], files: [] };
      await v.engram.recall.settleBookkeeping();
      const cpu = process.cpuUsage(cpu0);
      const row = {
        variant: v.label,
        pool: v.max,
        ...out.result,
        node_cpu_ms_per_recall: +((cpu.user + cpu.system) / 1000 / total).toFixed(2),
        transactions_per_recall: +(v.c.counts.transactions / total).toFixed(3),
        statements_per_recall: +(v.c.counts.statements / total).toFixed(3),
        checkout_and_begin_ms_per_transaction: +(v.c.counts.waitMs / v.c.counts.transactions).toFixed(2),
        statement_ms: Object.fromEntries(
          [...v.c.counts.byStatement.entries()].map(([k, s]) => [k, +(s.ms / s.n).toFixed(2)]),
        ),
        uptime: await uptime(),
      };
      recalls.push(row);
      console.log('recall', JSON.stringify(row));
      if (profile) {
        console.log(`server CPU by function (self):\n  ${out.top.join('\n  ')}`);
        console.log(`server CPU by file:\n  ${out.files.join('\n  ')}`);
        report.profile = { top: out.top, files: out.files };
      }
    }
  }
  report.recalls = recalls;
  report.uptime_after = await uptime();
  await Promise.all(servers.map((s) => s.close()));
} finally {
  for (const db of opened) await db.close().catch(() => {});
  await admin.query(`drop database ${name}`);
  await admin.end();
}
if (values.out) await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(report.uptime_after);
