// Recall right after a bulk load, before any ANALYZE (issue 18 item 5), on the real server: a few rows analyzed,
// autovacuum off, then a new tenant loads one subject of --rows memories; one hybrid recall (150 candidates) with
// this branch's recall_candidates and, in the same database, with the definition of --before (a git revision),
// alternating; then ANALYZE and the same calls again. Prints wall times in ms beside the machine's load.
// Run: DATABASE_URL=postgres://... npx tsx scripts/bench-stale-plans.ts [--rows 5000] [--before 0441437] [--rounds 2]

import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prng, randomUnitVector } from '../src/bench/corpus.ts';
import { loadLine } from '../src/bench/report.ts';
import { loadUniformSubject } from '../src/bench/uniform-subject.ts';
import { processConfig } from '../src/config/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { createSqlStore, vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000' },
    before: { type: 'string', default: '0441437' },
    rounds: { type: 'string', default: '2' },
    'timeout-s': { type: 'string', default: '300' },
  },
});
const ROWS = Number(values.rows);
const DIMS = 64;
const MODEL = `bench/random@${DIMS}`;
const url = processConfig().DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
const load = () => loadLine();

/** recall_candidates as it was at `revision`, renamed so that both definitions live side by side. */
function definitionAt(revision: string): string {
  const file = execFileSync('git', ['show', `${revision}:supabase/schemas/50_recall_rpc.sql`], {
    encoding: 'utf8',
  });
  const start = file.indexOf('create function engram.recall_candidates(');
  const end = file.indexOf('comment on function engram.recall_candidates(');
  return file.slice(start, end).replace('engram.recall_candidates(', 'engram.recall_candidates_before(');
}

const name = `engram_bench_stale_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(url);
dbUrl.pathname = `/${name}`;
const db = openNodePostgres(dbUrl.toString());
try {
  await migrate(db, await readMigrations());
  await db.exec(definitionAt(values.before));
  const store = createSqlStore(db);
  await db.query(
    "insert into engram.embedding_models (model, provider, dims, status) values ($1, 'bench', $2, 'active')",
    [MODEL, DIMS],
  );
  await store.registerModel({ model: MODEL, provider: 'bench', dims: DIMS, threshold: null, activate: true });
  const seeded = await store.withOperator((op) => op.createTenant('seeded'));
  const fill = (tenant: string, n: number) =>
    loadUniformSubject(db, { tenantId: tenant, subject: 'big', rows: n, model: MODEL, dims: DIMS });
  await fill(seeded, 20);
  await db.exec(`analyze engram.memories; analyze engram.memory_embeddings;
    alter table engram.memories set (autovacuum_enabled = false);
    alter table engram.memory_embeddings set (autovacuum_enabled = false);`);
  const tenant = await store.withOperator((op) => op.createTenant('fresh'));
  await fill(tenant, ROWS);
  const query = vectorLiteral(randomUnitVector(DIMS, prng(3)));

  const recall = (fn: string) =>
    db.transaction(async (s) => {
      await s.query(
        `select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true),
                set_config('statement_timeout', $2, true)`,
        [tenant, `${Number(values['timeout-s']) * 1000}`],
      );
      const started = performance.now();
      try {
        const { rows } = await s.query(
          `select count(*)::int as n from engram.${fn}(p_subject => 'big', p_query => 'What did Caroline say about pottery?',
             p_embedding => $1, p_model => $2, p_candidates => 150)`,
          [query, MODEL],
        );
        return `${Math.round(performance.now() - started)} ms (${rows[0]?.n} rows)`;
      } catch {
        return `cancelled after ${values['timeout-s']} s`;
      }
    });

  for (const phase of ['before ANALYZE', 'after ANALYZE']) {
    if (phase === 'after ANALYZE')
      await db.exec('analyze engram.memories; analyze engram.memory_embeddings;');
    for (let round = 0; round < Number(values.rounds); round++) {
      const branch = await recall('recall_candidates');
      const before = await recall('recall_candidates_before');
      console.info(`${ROWS} rows, ${phase}: branch ${branch}, ${values.before} ${before} (load ${load()})`);
    }
  }
} finally {
  await db.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
