// recall_candidates before and after the fusion moved into SQL (issue 13 item 5), on a LoCoMo-size subject: the
// largest conversation of a LoCoMo file as one subject of chat turns (each with its neighbours as context, as
// ingest stores them) plus a few durable memories, random unit vectors of the blend's 612 dimensions (the vector
// lane's cost does not depend on what the vectors mean). Both definitions live in one database (the one of
// --before renamed recall_candidates_before); every question of the conversation is asked of both, alternating
// which goes first, for --rounds rounds. Prints p50/p95 per variant and candidate count beside the machine's load.
// Run: npx tsx scripts/bench-fuse-once.ts --data /work/shared/data/locomo/locomo-dev.json [--backend pglite|postgres]
//      [--before 3b07285] [--rounds 3]   (postgres: DATABASE_URL=postgres://...)
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prng, randomUnitVector } from '../src/bench/corpus.ts';
import { loadLine } from '../src/bench/report.ts';
import { summarize } from '../src/bench/stats.ts';
import { processConfig } from '../src/config/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { openPglite } from '../src/db/pglite-executor.ts';
import { parseLocomo, turnText } from '../src/eval/locomo/dataset.ts';
import type { SqlExecutor } from '../src/ports/sql.ts';
import { createSqlStore, vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    backend: { type: 'string', default: 'pglite' },
    before: { type: 'string', default: '3b07285' },
    rounds: { type: 'string', default: '3' },
    /** postgres: keep the database (its name and the tenant are printed), to look at plans by hand. */
    keep: { type: 'boolean', default: false },
  },
});
if (!values.data) throw new Error('--data FILE (a LoCoMo file) is required');
const DIMS = 612;
const MODEL = `bench/random@${DIMS}`;
const ROUNDS = Number(values.rounds);
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

async function open(): Promise<{ db: SqlExecutor; drop: () => Promise<void> }> {
  if (values.backend === 'pglite') {
    const db = await openPglite();
    return { db, drop: () => db.close() };
  }
  const url = processConfig().DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL for --backend postgres');
  const name = `engram_bench_fuse_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const db = openNodePostgres(dbUrl.toString());
  return {
    db,
    drop: async () => {
      await db.close();
      if (values.keep) console.log(`kept database ${name}`);
      else await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

const samples = parseLocomo(JSON.parse(await readFile(values.data, 'utf8')));
const sample = samples.reduce((a, b) =>
  a.sessions.flatMap((s) => s.turns).length >= b.sessions.flatMap((s) => s.turns).length ? a : b,
);
const turns = sample.sessions.flatMap((s) => s.turns);
const { db, drop } = await open();
try {
  await migrate(db, await readMigrations());
  await db.exec(definitionAt(values.before));
  const store = createSqlStore(db);
  await store.registerModel({ model: MODEL, provider: 'bench', dims: DIMS, threshold: 0.1, activate: true });
  const tenant = await store.withOperator((op) => op.createTenant('bench'));
  if (values.keep) console.log(`tenant ${tenant}`);
  const random = prng(7);
  const durable = [
    'Prefers painting landscapes at sunrise',
    'Allergic to peanuts',
    'Works as a counselor at a support group',
    'Has two kids who love camping',
    'Plays the violin on weekends',
    'Moved to a new apartment last year',
    'Does not drink coffee after noon',
    'Volunteers at an animal shelter',
  ];
  const rows = [
    ...turns.map((t, i) => ({
      kind: 'episode',
      content: `${t.speaker}: ${turnText(t)}`,
      context: [turns[i - 1], turns[i + 1]]
        .filter((n) => n !== undefined)
        .map((n) => `${n.speaker}: ${n.text}`)
        .join('\n'),
    })),
    ...durable.map((content) => ({ kind: 'preference', content, context: null })),
  ];
  for (const r of rows) {
    const { rows: inserted } = await db.query<{ id: string }>(
      `insert into engram.memories (tenant_id, subject, kind, content, context_text, trust, source_type, content_hash,
                                    embedding_status, embedding_model)
       values ($1, 'conv', $2, $3, $4, 2, 'user', md5($3 || $2), 'ready', $5) returning id`,
      [tenant, r.kind, r.content, r.context, MODEL],
    );
    await db.query(
      "insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding) values ($1, $2, $3, 'conv', $4::extensions.vector)",
      [inserted[0]!.id, MODEL, tenant, vectorLiteral(randomUnitVector(DIMS, random))],
    );
  }
  await db.exec('analyze engram.memories; analyze engram.memory_embeddings;');
  const questions = sample.questions.map((q) => ({
    text: q.question,
    vector: vectorLiteral(randomUnitVector(DIMS, random)),
  }));

  const recall = (fn: string, q: { text: string; vector: string }, candidates: number) =>
    db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenant],
      );
      const started = performance.now();
      const { rows: out } = await s.query<{ id: string }>(
        `select id from engram.${fn}(p_subject => 'conv', p_query => $1, p_embedding => $2, p_model => $3,
           p_mode => 'hybrid', p_candidates => $4, p_min_similarity => 0.1, p_vector_weight => 0.2, p_rrf_k => 5)`,
        [q.text, q.vector, MODEL, candidates],
      );
      const ms = performance.now() - started;
      return { ms, n: out.length };
    });

  console.log(
    `${values.backend}: sample ${sample.sampleId}, ${turns.length} turns + ${durable.length} durable memories, ` +
      `${questions.length} questions x ${ROUNDS} rounds, before = ${values.before}; load ${load()}`,
  );
  for (const candidates of [24, 150]) {
    const ms: Record<'before' | 'after', number[]> = { before: [], after: [] };
    // Warm-up: plans and caches of both.
    for (const q of questions.slice(0, 5)) {
      await recall('recall_candidates_before', q, candidates);
      await recall('recall_candidates', q, candidates);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, q] of questions.entries()) {
        const order: ('before' | 'after')[] =
          (i + round) % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
        for (const variant of order) {
          const fn = variant === 'before' ? 'recall_candidates_before' : 'recall_candidates';
          ms[variant].push((await recall(fn, q, candidates)).ms);
        }
      }
    }
    const [b, a] = [summarize(ms.before), summarize(ms.after)];
    console.log(
      `p_candidates ${candidates}: before p50 ${b.p50} p95 ${b.p95} ms; after p50 ${a.p50} p95 ${a.p95} ms ` +
        `(after/before p50 ${(a.p50 / b.p50).toFixed(3)}); load ${load()}`,
    );
  }
} finally {
  await drop();
}
