// recall_candidates on copies of one `engram bench` corpus that differ only in their recall SQL (functions and
// indexes), interleaved query by query in one process: per subject, p50/p95 of the store call (a transaction as
// engram_app with the tenant set, as in recall) and whether every variant returned the same rows (ids, lane
// evidence, rrf). With --writes N, also N memories inserted into a new subject of each copy in batches of 500
// (plain INSERTs as the operator: the generated search_tsv and the indexes are what differ), interleaved batch by
// batch, rows per second each. Each batch is rolled back, so the copies stay equal for the next run (rows left
// behind differ in their ids from copy to copy, and their subject became one of the largest compared).
// Make the copies with `create database <copy> template <corpus>` and give each its SQL (for example the corpus
// database left by `scripts/bench-vector-partitions.ts --keep`, one copy with an older revision's definitions
// replayed into it, one migrated to the branch).
// With --questions FILE (a LoCoMo file; the copies hold its conversations as subjects named by sample id, as
// `engram eval locomo` ingests them with ingestLocomo), each subject is asked the first --queries questions of its
// own conversation instead of corpus words; a subject named after no conversation (`engram eval locomo
// --one-subject`'s, kept) the first --queries of every conversation.
// Run: npx tsx scripts/bench-recall-ab.ts --urls postgres://.../before,postgres://.../after [--subjects a,b]
//      [--mode hybrid] [--rounds 10] [--candidates 24] [--writes 0] [--questions locomo.json] [--out FILE.json]
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { prng, randomSentence } from '../src/bench/corpus.ts';
import { loadLine } from '../src/bench/report.ts';
import { type LatencySummary, summarize } from '../src/bench/stats.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { createLocalEmbedder } from '../src/embedding/local/index.ts';
import { parseLocomo } from '../src/eval/locomo/dataset.ts';
import { vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    urls: { type: 'string' },
    subjects: { type: 'string' },
    mode: { type: 'string', default: 'hybrid' },
    rounds: { type: 'string', default: '10' },
    queries: { type: 'string', default: '6' },
    candidates: { type: 'string', default: '24' },
    writes: { type: 'string', default: '0' },
    questions: { type: 'string' },
    out: { type: 'string' },
  },
});
if (!values.urls) throw new Error('--urls URL,URL (copies of one corpus) is required');
const urls = values.urls.split(',');
const names = urls.map((u) => new URL(u).pathname.slice(1));
const load = () => loadLine();
const dbs = urls.map((u) => openNodePostgres(u, { max: 1 }));
const embedder = await createLocalEmbedder({});
const random = prng(91);
// Four words drawn as the corpus draws its sentences: some rare, some common in the subject; or each subject's own
// LoCoMo questions.
const corpusQueries = Array.from({ length: Number(values.queries) }, () => randomSentence(random, 4));
const questionsOf = values.questions
  ? new Map(
      parseLocomo(JSON.parse(await readFile(values.questions, 'utf8'))).map((sample) => [
        sample.sampleId,
        sample.questions.slice(0, Number(values.queries)).map((q) => q.question),
      ]),
    )
  : null;
async function queriesOf(subject: string): Promise<{ texts: string[]; vectors: number[][] }> {
  const texts = questionsOf ? (questionsOf.get(subject) ?? [...questionsOf.values()].flat()) : corpusQueries;
  return { texts, vectors: await embedder.embedDocuments(texts) };
}

const { rows: sized } = await dbs[0]!.query<{ tenant: string; subject: string; n: number }>(
  `select tenant_id::text as tenant, subject, pg_catalog.count(*)::integer as n from engram.memories
    group by 1, 2 order by 3 desc`,
);
const wanted = values.subjects?.split(',');
const subjects = wanted
  ? sized.filter((s) => wanted.includes(s.subject))
  : // The largest three, a middle one and the smallest.
    [...sized.slice(0, 3), sized[Math.floor(sized.length / 2)]!, sized[sized.length - 1]!];

console.log(`${names.join(' vs ')}; mode ${values.mode}, ${values.candidates} candidates; load ${load()}`);
const results: {
  subject: string;
  rows: number;
  variants: Record<string, LatencySummary>;
  identical: boolean;
}[] = [];
for (const { tenant, subject, n } of subjects) {
  const { texts, vectors } = await queriesOf(subject);
  const times = urls.map(() => [] as number[]);
  const answers = urls.map(() => [] as string[]);
  for (let round = 0; round < Number(values.rounds); round++) {
    for (let q = 0; q < texts.length; q++) {
      // Alternate which variant goes first, so that neither always meets the warmer cache.
      const order = (round + q) % 2 === 0 ? urls.map((_, i) => i) : urls.map((_, i) => urls.length - 1 - i);
      for (const i of order) {
        const answer = await dbs[i]!.transaction(async (s) => {
          await s.query(
            "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
            [tenant],
          );
          const started = performance.now();
          const { rows } = await s.query(
            `select id, vector_similarity, vector_rank, lexical_score, lexical_rank, lexical_share, rrf
               from engram.recall_candidates(p_subject => $1, p_query => $2, p_embedding => $3, p_model => $4,
                                             p_mode => $5, p_candidates => $6)`,
            [
              subject,
              texts[q],
              vectorLiteral(vectors[q]!),
              embedder.model,
              values.mode,
              Number(values.candidates),
            ],
          );
          times[i]!.push(performance.now() - started);
          return JSON.stringify(rows);
        });
        if (round === 0) answers[i]!.push(answer);
      }
    }
  }
  const identical = answers.every((a) => a.join('\n') === answers[0]!.join('\n'));
  const variants = Object.fromEntries(names.map((name, i) => [name, summarize(times[i]!)]));
  results.push({ subject, rows: n, variants, identical });
  console.log(
    `${subject} (${n.toLocaleString('en-US')} rows): ${names.map((name) => `${name} p50 ${variants[name]!.p50} p95 ${variants[name]!.p95}`).join('; ')}; same rows: ${identical}`,
  );
}
const WRITE_BATCH = 500;
/** Thrown to end a write's transaction with a rollback (the executor rolls back when its work throws). */
const ROLLBACK = new Error('rollback');
const writeRates: Record<string, number> = {};
if (Number(values.writes) > 0) {
  const tenant = sized[0]!.tenant;
  const spent = urls.map(() => 0);
  const subject = `ab-writes-${Date.now()}`;
  for (let from = 0; from < Number(values.writes); from += WRITE_BATCH) {
    const contents = Array.from(
      { length: WRITE_BATCH },
      (_, j) => `${randomSentence(random, 12)} ${from + j}`,
    );
    const order =
      (from / WRITE_BATCH) % 2 === 0 ? urls.map((_, i) => i) : urls.map((_, i) => urls.length - 1 - i);
    for (const i of order) {
      await dbs[i]!.transaction(async (s) => {
        const started = performance.now();
        await s.query(
          `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash)
             select $1, $2, 'episode', c, 2, 'user', md5(c) from pg_catalog.unnest($3::text[]) c`,
          [tenant, subject, contents],
        );
        spent[i]! += performance.now() - started;
        throw ROLLBACK;
      }).catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    }
  }
  names.forEach((name, i) => {
    writeRates[name] = Math.round((Number(values.writes) / spent[i]!) * 1000);
  });
  console.log(`writes (rows/s): ${names.map((name) => `${name} ${writeRates[name]}`).join('; ')}`);
}
console.log(`load ${load()}`);
if (values.out)
  await writeFile(
    values.out,
    `${JSON.stringify({ mode: values.mode, candidates: Number(values.candidates), queries: Number(values.queries), questions: values.questions ?? null, rounds: Number(values.rounds), load: load(), results, writeRates }, null, 2)}\n`,
  );
for (const db of dbs) await db.close();
