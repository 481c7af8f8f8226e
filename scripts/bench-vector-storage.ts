// Vectors out of line (pgvector's default storage, EXTERNAL) against in their row (MAIN, migration 20261203100000),
// side by side in one database: storage is decided when a row is written, so each subject size is loaded twice with
// the same vectors, once with the column set EXTERNAL and once with it set MAIN. Then the same vector-lane recalls
// (recall_candidates, mode vector, 50 candidates, the exact path below 5,000 rows) alternate between the two copies,
// as engram_app with the tenant set, and their store-call times are summarised.
// Run: DATABASE_URL=postgres://... npx tsx scripts/bench-vector-storage.ts [--dims 612,1536] [--sizes 400,1000,4900]
//      [--queries 40] [--out docs/benchmarks/vector-storage.json]
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type LatencySummary, summarize } from '../src/bench/stats.ts';
import { processConfig } from '../src/config/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { readMigrations } from '../src/db/migration-files.ts';
import { openNodePostgres } from '../src/db/node-pg.ts';
import { scratchDatabase } from '../src/eval/locomo/environment.ts';
import { createSqlStore, vectorLiteral } from '../src/store/sql-store.ts';

const { values } = parseArgs({
  options: {
    dims: { type: 'string', default: '612,1536' },
    sizes: { type: 'string', default: '400,1000,4900' },
    queries: { type: 'string', default: '40' },
    out: { type: 'string' },
  },
});
const url = processConfig().DATABASE_URL;
if (!url) throw new Error('bench-vector-storage needs DATABASE_URL');
const dimsList = values.dims.split(',').map(Number);
const sizes = values.sizes.split(',').map(Number);
const queries = Number(values.queries);
const STORAGES = ['external', 'main'] as const;

const scratch = await scratchDatabase(url);
const db = openNodePostgres(scratch.url, { max: 2 });
const results: {
  dims: number;
  rows: number;
  external_ms: LatencySummary;
  main_ms: LatencySummary;
  toast_bytes: { external: number; main: number };
  insert_ms: { external: number; main: number };
}[] = [];
let tenant = '';
try {
  await migrate(db, await readMigrations());
  const store = createSqlStore(db);
  tenant = await store.withOperator((op) => op.createTenant('vector-storage'));
  const load = loadavg()[0]!.toFixed(1);
  for (const dims of dimsList) {
    const model = `bench/storage@${dims}`;
    await store.registerModel({ model, provider: 'bench', dims, threshold: null, activate: false });
    for (const rows of sizes) {
      const toast: Record<string, number> = {};
      // The write side: one INSERT ... SELECT of every vector of the subject (no HNSW index exists here).
      const insertMs: Record<string, number> = {};
      for (const storage of STORAGES) {
        const subject = `${storage}-${dims}-${rows}`;
        const before = await toastBytes();
        await db.exec(`alter table engram.memory_embeddings alter column embedding set storage ${storage}`);
        await db.query(
          `insert into engram.memories (id, tenant_id, subject, kind, content, trust, source_type, content_hash, embedding_status, embedding_model)
           select gen_random_uuid(), $1, $2, 'episode', 'turn ' || g, 2, 'user', md5($2 || g), 'ready', $3
             from generate_series(1, $4::int) g`,
          [tenant, subject, model, rows],
        );
        // The same vectors for both copies: each row's vector is seeded by its turn number.
        const insertStarted = performance.now();
        await db.query(
          `insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
           select m.id, $3, m.tenant_id, m.subject,
                  (select pg_catalog.array_agg(pg_catalog.sin(substr(m.content, 6)::int * 1.7 + d * 0.37)::real)
                     from pg_catalog.generate_series(1, $4::int) d)::extensions.vector
             from engram.memories m where m.tenant_id = $1 and m.subject = $2`,
          [tenant, subject, model, dims],
        );
        insertMs[storage] = Math.round(performance.now() - insertStarted);
        toast[storage] = (await toastBytes()) - before;
      }
      await db.exec('analyze engram.memories, engram.memory_embeddings');
      const ms: Record<(typeof STORAGES)[number], number[]> = { external: [], main: [] };
      for (let q = 0; q < queries + 3; q++) {
        const vector = vectorLiteral(Array.from({ length: dims }, (_, d) => Math.cos(q * 2.3 + d * 0.11)));
        const order = q % 2 === 0 ? STORAGES : ([...STORAGES].reverse() as (typeof STORAGES)[number][]);
        for (const storage of order) {
          const took = await recallMs(`${storage}-${dims}-${rows}`, model, vector);
          if (q >= 3) ms[storage].push(took); // the first rounds warm the caches
        }
      }
      const row = {
        dims,
        rows,
        external_ms: summarize(ms.external),
        main_ms: summarize(ms.main),
        toast_bytes: { external: toast.external ?? 0, main: toast.main ?? 0 },
        insert_ms: { external: insertMs.external ?? 0, main: insertMs.main ?? 0 },
      };
      results.push(row);
      console.log(
        `${dims} dims, ${rows} rows: out of line p50 ${row.external_ms.p50} ms, in line p50 ${row.main_ms.p50} ms (TOAST bytes ${row.toast_bytes.external} / ${row.toast_bytes.main}; insert ${row.insert_ms.external} / ${row.insert_ms.main} ms)`,
      );
    }
  }
  const result = {
    load_average_at_start: load,
    load_average_at_end: loadavg()[0]!.toFixed(1),
    queries,
    results,
  };
  if (values.out) await writeFile(values.out, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await db.close();
  await scratch.drop();
}

async function toastBytes(): Promise<number> {
  const { rows } = await db.query<{ bytes: string }>(
    `select pg_catalog.pg_relation_size(c.reltoastrelid)::text as bytes
       from pg_catalog.pg_class c where c.oid = 'engram.memory_embeddings'::regclass`,
  );
  return Number(rows[0]!.bytes);
}

async function recallMs(subject: string, model: string, vector: string): Promise<number> {
  return db.transaction(async (s) => {
    await s.query("select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)", [
      tenant,
    ]);
    const started = performance.now();
    await s.query(
      `select count(*) from engram.recall_candidates(p_subject => $1, p_query => 'x', p_embedding => $2,
         p_model => $3, p_mode => 'vector', p_candidates => 50)`,
      [subject, vector, model],
    );
    return Math.round((performance.now() - started) * 100) / 100;
  });
}
