// Recall bookkeeping before and after migrations 20261203080000 and 20261203090000, interleaved in one database
// (issue 18 item 4), each batch in its own transaction as the engram_app role with the tenant set, alternating which
// goes first:
// - counts: "columns" updates recall_count and last_recalled_at on engram.memories, one statement per recall of a
//   batch as the server ran it; "table" upserts the batch's ids into memory_recall_stats in one statement;
// - events: "per_recall" calls record_recall once per recall (as the server's one statement did); "set_based" is
//   record_recalls, one insert for the batch;
// - the whole bookkeeping transaction before (per_recall + columns) and after (set_based + table).
// The database is migrated up to the first of the two, and the new table and functions are added beside the old
// ones (the new mark_recalled as mark_recalled_stats), so every variant runs against the same memories.
// Run: DATABASE_URL=postgres://... npx tsx scripts/bench-recall-stats.ts [--memories 10000] [--batches 300]
//      [--recalls 14] [--items 3] [--out docs/benchmarks/recall-stats.json]
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { summarize } from '../src/bench/stats.ts';
import { processConfig } from '../src/config/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { scratchDatabase } from '../src/eval/locomo/environment.ts';
import type { SqlSession } from '../src/ports/sql.ts';

const MIGRATION = '20261203080000_recall_stats_table.sql';
const EVENTS_MIGRATION = '20261203090000_record_recalls_set_based.sql';
const { values } = parseArgs({
  options: {
    memories: { type: 'string', default: '10000' },
    batches: { type: 'string', default: '300' },
    recalls: { type: 'string', default: '14' },
    items: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const url = processConfig().DATABASE_URL;
if (!url) throw new Error('bench-recall-stats needs DATABASE_URL');
const memories = Number(values.memories);
const batches = Number(values.batches);
const recallsPerBatch = Number(values.recalls);
const itemsPerRecall = Number(values.items);
const SUBJECTS = 10;

const scratch = await scratchDatabase(url);
const db = openNodePostgres(scratch.url, { max: 2 });
try {
  const all = await readMigrations();
  await migrate(
    db,
    all.filter((m) => m.name < MIGRATION),
  );
  // The new table and function beside the old ones: the migration's own text, up to its data move, the function
  // renamed; its policies are the ones the role needs.
  const sql = all.find((m) => m.name === MIGRATION)!.sql;
  const table = sql.slice(sql.indexOf('create table'), sql.indexOf('-- The counts so far'));
  const fn = sql
    .slice(
      sql.indexOf('create or replace function engram.mark_recalled'),
      sql.indexOf('comment on function engram.mark_recalled'),
    )
    .replace('engram.mark_recalled(', 'engram.mark_recalled_stats(');
  await db.exec(
    `${table}\n${fn}\ngrant execute on function engram.mark_recalled_stats(uuid[]) to engram_app;`,
  );
  await db.exec(all.find((m) => m.name === EVENTS_MIGRATION)!.sql);

  const tenant = '00000000-0000-4000-8000-00000000be01';
  await db.query("insert into engram.tenants (id, name) values ($1, 'stats-bench')", [tenant]);
  // LoCoMo-sized chat turns with context, so that a rewrite of the row recomputes a realistic search_tsv.
  await db.query(
    `insert into engram.memories (tenant_id, subject, kind, content, context_text, trust, source_type, content_hash)
     select $1, 'user-' || (g % ${SUBJECTS}), 'episode',
            'Caroline: I went to the LGBTQ support group yesterday and it was so powerful, turn ' || g ||
            ', hearing the transgender stories made me think about adoption, painting and the lake trip with the kids',
            'Melanie: that sounds amazing, how did it go? Caroline: we talked about counselling, the charity race ' || g,
            2, 'user', pg_catalog.md5(g::text)
       from pg_catalog.generate_series(1, $2::int) g`,
    [tenant, memories],
  );
  await db.exec('vacuum analyze engram.memories');
  const ids = (
    await db.query<{ id: string; subject: string }>('select id, subject from engram.memories order by id')
  ).rows;
  const bySubject = new Map<string, string[]>();
  for (const r of ids) bySubject.set(r.subject, [...(bySubject.get(r.subject) ?? []), r.id]);
  const subjects = [...bySubject.keys()];
  const subjectOf = new Map(ids.map((r) => [r.id, r.subject]));
  // Each recall returns `items` memories of one subject; the first few of a subject are returned more often (a
  // user's preferences come back in many recalls), the rest at random.
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const batchOf = () =>
    Array.from({ length: recallsPerBatch }, () => {
      const pool = bySubject.get(subjects[Math.floor(random() * subjects.length)]!)!;
      const picked = new Set<string>();
      while (picked.size < itemsPerRecall)
        picked.add(pool[random() < 0.5 ? Math.floor(random() * 20) : Math.floor(random() * pool.length)]!);
      return [...picked];
    });

  const timed = async (work: (s: SqlSession) => Promise<unknown>) => {
    const t0 = performance.now();
    await db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenant],
      );
      await work(s);
    });
    return performance.now() - t0;
  };
  const literal = (xs: string[]) => `{${xs.join(',')}}`;
  type Session = Parameters<Parameters<typeof db.transaction>[0]>[0];
  const counts = {
    // The statement the server ran before: mark_recalled once per recall of the batch.
    columns: (s: Session, batch: string[][]) =>
      s.query(
        'select count(engram.mark_recalled(r.returned::uuid[])) from unnest($1::text[]) as r(returned)',
        [batch.map(literal)],
      ),
    table: (s: Session, batch: string[][]) =>
      s.query('select engram.mark_recalled_stats($1::uuid[])', [batch.flat()]),
  };
  const events = {
    per_recall: (s: Session, batch: string[][]) =>
      s.query(
        `select count(engram.record_recall(r.id, r.subject, r.returned::uuid[]))
           from unnest($1::uuid[], $2::text[], $3::text[]) as r(id, subject, returned)`,
        eventParams(batch),
      ),
    set_based: (s: Session, batch: string[][]) =>
      s.query('select engram.record_recalls($1::uuid[], $2::text[], $3::text[])', eventParams(batch)),
  };
  const eventParams = (batch: string[][]) => [
    batch.map(() => crypto.randomUUID()),
    batch.map((ids) => subjectOf.get(ids[0]!)!),
    batch.map(literal),
  ];
  const variants = {
    columns: (batch: string[][]) => timed((s) => counts.columns(s, batch)),
    table: (batch: string[][]) => timed((s) => counts.table(s, batch)),
    per_recall: (batch: string[][]) => timed((s) => events.per_recall(s, batch)),
    set_based: (batch: string[][]) => timed((s) => events.set_based(s, batch)),
    before: (batch: string[][]) =>
      timed(async (s) => {
        await events.per_recall(s, batch);
        await counts.columns(s, batch);
      }),
    after: (batch: string[][]) =>
      timed(async (s) => {
        await events.set_based(s, batch);
        await counts.table(s, batch);
      }),
  };
  const ms: Record<keyof typeof variants, number[]> = {
    columns: [],
    table: [],
    per_recall: [],
    set_based: [],
    before: [],
    after: [],
  };
  const order = Object.keys(variants) as (keyof typeof variants)[];
  for (let b = 0; b < batches; b++) {
    const batch = batchOf();
    for (const v of b % 2 === 0 ? order : [...order].reverse()) ms[v].push(await variants[v](batch));
    if ((b + 1) % 50 === 0) process.stderr.write(`  ${b + 1}/${batches} batches\n`);
  }
  const stat = (
    await db.query<{ n_tup_upd: string; n_tup_hot_upd: string; n_dead_tup: string }>(
      "select n_tup_upd, n_tup_hot_upd, n_dead_tup from pg_catalog.pg_stat_user_tables where relname = 'memories'",
    )
  ).rows[0];
  const check = (
    await db.query<{ same: boolean }>(
      `select bool_and(m.recall_count = s.recall_count) and count(*) = (select count(*) from engram.memories where recall_count > 0) as same
         from engram.memories m join engram.memory_recall_stats s on s.memory_id = m.id`,
    )
  ).rows[0];
  const result = {
    measured_at: new Date().toISOString(),
    memories,
    batches,
    recalls_per_batch: recallsPerBatch,
    items_per_recall: itemsPerRecall,
    same_counts: check?.same ?? false,
    ...Object.fromEntries(Object.entries(ms).map(([variant, runs]) => [`${variant}_ms`, summarize(runs)])),
    memories_updates: {
      all: Number(stat?.n_tup_upd),
      hot: Number(stat?.n_tup_hot_upd),
      dead: Number(stat?.n_dead_tup),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  if (values.out) await writeFile(values.out, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await db.close();
  await scratch.drop();
}
