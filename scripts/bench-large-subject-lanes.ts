// The largest subject's recall split by lane, and the HNSW scan's recall@10 against exact at several ef_search
// values, on an existing database that holds an `engram bench` corpus (the 1M run's bottleneck, issue 18 item 2:
// docs/benchmarks/1m/recall-bench.md). Read-only; the lanes run as engram_app with the tenant set, as in recall.
// `engram bench` drops its database when done; `scripts/bench-vector-partitions.ts --keep` loads the same corpus
// (same seeds) and keeps it (drop it afterwards).
// Run: DATABASE_URL=postgres://.../<database with a bench corpus> npx tsx scripts/bench-large-subject-lanes.ts
//      [--queries 40] [--ef 40,64,100,200,400] [--ranks 0]: --ranks names the subjects by their rank in size (0 the
//      largest; "0,1,5" measures three), so that recall@10 by ef_search can be read against the subject's size.
import { parseArgs } from 'node:util';
import { prng, randomSentence } from '../src/bench/corpus.ts';
import { loadLine } from '../src/bench/report.ts';
import { summarize } from '../src/bench/stats.ts';
import { processConfig } from '../src/config/index.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { createLocalEmbedder } from '../src/embedding/local/index.ts';
import { vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '40' },
    ef: { type: 'string', default: '40,64,100,200,400' },
    ranks: { type: 'string', default: '0' },
  },
});
const config = processConfig();
if (!config.DATABASE_URL) throw new Error('set DATABASE_URL to the database that holds the corpus');
const db = openNodePostgres(config.DATABASE_URL, { max: 1 });
const embedder = await createLocalEmbedder({ cacheDir: config.ENGRAM_CACHE_DIR });
const load = () => loadLine(1);
const { rows: bySize } = await db.query<{ tenant: string; subject: string; n: number }>(
  `select tenant_id::text as tenant, subject, pg_catalog.count(*)::integer as n from engram.memory_embeddings
    where model = $1 group by 1, 2 order by 3 desc`,
  [embedder.model],
);
const random = prng(77);
const texts = Array.from({ length: Number(values.queries) }, () => randomSentence(random, 4));
const vectors = await embedder.embedDocuments(texts);

for (const rank of values.ranks.split(',').map(Number)) {
  const { tenant, subject, n } = bySize[rank]!;
  console.log(`subject ${subject} (rank ${rank} by size): ${n} vectors; load ${load()}`);

  async function asTenant<T>(settings: Record<string, string>, work: (q: typeof db.query) => Promise<T>) {
    return db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenant],
      );
      for (const [k, v] of Object.entries(settings)) await s.query('select set_config($1, $2, true)', [k, v]);
      return work(s.query.bind(s) as typeof db.query);
    });
  }

  const lanes: Record<string, number[]> = { hybrid: [], vector: [], lexical: [] };
  for (const [i, text] of texts.entries()) {
    for (const mode of Object.keys(lanes)) {
      const started = performance.now();
      await asTenant({}, (q) =>
        q(
          `select id from engram.recall_candidates(p_subject => $1, p_query => $2, p_embedding => $3, p_model => $4,
             p_mode => $5, p_candidates => 24)`,
          [subject, text, vectorLiteral(vectors[i]!), embedder.model, mode],
        ),
      );
      lanes[mode]!.push(performance.now() - started);
    }
  }
  for (const [mode, ms] of Object.entries(lanes)) {
    const s = summarize(ms);
    console.log(`recall_candidates ${mode.padEnd(7)} p50 ${s.p50} ms, p95 ${s.p95} ms`);
  }

  const order = `e.embedding::extensions.vector(${embedder.dimensions}) operator(extensions.<=>) $1::extensions.vector(${embedder.dimensions})`;
  const scan = (limit: number) =>
    `select e.memory_id::text as id from engram.memory_embeddings e
      where e.model = '${embedder.model}' and e.tenant_id = '${tenant}' and e.subject = '${subject}'
      order by ${order} limit ${limit}`;
  const exact: string[][] = [];
  for (const v of vectors)
    exact.push(
      await asTenant({ enable_indexscan: 'off' }, async (q) =>
        (await q<{ id: string }>(scan(10), [vectorLiteral(v)])).rows.map((r) => r.id),
      ),
    );
  for (const ef of values.ef.split(',').map(Number)) {
    let found = 0;
    const ms: number[] = [];
    for (const [i, v] of vectors.entries()) {
      const started = performance.now();
      const ids = await asTenant(
        { 'hnsw.ef_search': String(ef), 'hnsw.iterative_scan': 'strict_order' },
        async (q) => (await q<{ id: string }>(scan(10), [vectorLiteral(v)])).rows.map((r) => r.id),
      );
      ms.push(performance.now() - started);
      found += exact[i]!.filter((id) => ids.includes(id)).length;
    }
    const s = summarize(ms);
    console.log(
      `ef_search ${String(ef).padStart(3)}: recall@10 ${(found / (exact.length * 10)).toFixed(3)}, p50 ${s.p50} ms, p95 ${s.p95} ms`,
    );
  }
}
console.log(`load ${load()}`);
await db.close();
