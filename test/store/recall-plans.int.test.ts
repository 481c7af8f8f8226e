// On the real server: recall's plans do not hinge on statistics (issue 18 item 5). Right after a bulk load with
// autovacuum off and no ANALYZE, the statistics say a new tenant's subject has (about) no rows; a join of the
// subject's vectors to memories then became a nested loop that walked the whole subject once per vector (100 s+
// at 20,000 rows). auto_explain (log_analyze, nested statements, sent to the client) shows every statement
// recall_candidates runs, with its actual row counts: none may rescan a table's rows per outer row, and none may
// visit more rows than a few passes over the subject. The same for a batch write into that subject.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUniformSubject } from '../../src/bench/uniform-subject.ts';
import { createSqlStore, vectorLiteral } from '../../src/store/sql-store.ts';
import { freshServerDatabase, serverUrl, type TestDatabase } from '../support/databases.ts';

const DIMS = 16;
const MODEL = 'bench/random@16';
const ROWS = 4_000;
const TABLES = new Set(['memories', 'memory_embeddings']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

function unitVector(seed: number): number[] {
  let t = seed >>> 0;
  const next = () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
  const v = Array.from({ length: DIMS }, next);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

/** Rows a scan of memories or memory_embeddings looked at, over all its loops. */
const visited = (node: PlanNode) =>
  ((node['Actual Rows'] ?? 0) +
    (node['Rows Removed by Filter'] ?? 0) +
    (node['Rows Removed by Index Recheck'] ?? 0)) *
  (node['Actual Loops'] ?? 1);

describe.skipIf(!serverUrl)('recall plans before ANALYZE on the real server', () => {
  let database: TestDatabase;
  let tenant: string;

  beforeAll(async () => {
    database = await freshServerDatabase('recall_plans');
    const db = database.db;
    const store = createSqlStore(db);
    await db.query(
      "insert into engram.embedding_models (model, provider, dims, status) values ($1, 'bench', $2, 'active')",
      [MODEL, DIMS],
    );
    await store.registerModel({
      model: MODEL,
      provider: 'bench',
      dims: DIMS,
      threshold: null,
      activate: true,
    });
    const seeded = await store.withOperator((op) => op.createTenant('seeded'));
    // A few rows, analyzed: the statistics know one tenant and one subject. Then autovacuum off, and a new tenant
    // loads a subject of ROWS rows (HNSW maintained, as through the API) that the statistics never see.
    const load = (owner: string, subject: string, n: number) =>
      loadUniformSubject(db, { tenantId: owner, subject, rows: n, model: MODEL, dims: DIMS });
    await load(seeded, 'seed', 20);
    await db.exec(`
      analyze engram.memories; analyze engram.memory_embeddings;
      alter table engram.memories set (autovacuum_enabled = false);
      alter table engram.memory_embeddings set (autovacuum_enabled = false);`);
    tenant = await store.withOperator((op) => op.createTenant('fresh'));
    await load(tenant, 'big', ROWS);
  }, 300_000);
  afterAll(async () => {
    await database?.drop();
  });

  /** The plans of every statement `sql` runs as the tenant's server role, as auto_explain saw them, and its rows. */
  async function explained<R extends pg.QueryResultRow>(
    sql: string,
    params: unknown[],
  ): Promise<{ plans: PlanNode[]; rows: R[] }> {
    const client = new pg.Client({ connectionString: database.url });
    const plans: PlanNode[] = [];
    client.on('notice', (notice) => {
      const text = notice.message ?? '';
      const start = text.indexOf('{');
      if (!text.includes('plan:') || start < 0) return;
      plans.push((JSON.parse(text.slice(start)) as { Plan: PlanNode }).Plan);
    });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`load 'auto_explain';
        set local auto_explain.log_min_duration = 0; set local auto_explain.log_analyze = on;
        set local auto_explain.log_nested_statements = on; set local auto_explain.log_format = json;
        set local auto_explain.log_level = notice; set local client_min_messages = notice;`);
      await client.query(
        `select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true),
                set_config('engram.actor', 'test', true)`,
        [tenant],
      );
      const { rows } = await client.query<R>(sql, params);
      await client.query('rollback');
      return { plans, rows };
    } finally {
      await client.end();
    }
  }

  const explainRecall = (exactBelow: number) =>
    explained<{ vector_path: string }>(
      `select vector_path from engram.recall_candidates(p_subject => 'big', p_query => 'What did Caroline say about pottery?',
         p_embedding => $1, p_model => $2, p_mode => 'hybrid', p_candidates => 150, p_exact_below => $3)`,
      [vectorLiteral(unitVector(7)), MODEL, exactBelow],
    );

  /** No scan of memories or memory_embeddings is repeated under a nested loop or reads more than 2 x ROWS rows. */
  function expectNoRescans(plans: PlanNode[]) {
    for (const plan of plans) {
      for (const node of nodes(plan)) {
        if (node['Node Type'] === 'Nested Loop') {
          const rescanned = [...nodes(node)].filter(
            (n) => TABLES.has(n['Relation Name'] ?? '') && (n['Actual Loops'] ?? 1) > 1,
          );
          expect(rescanned.map((n) => `${n['Node Type']} on ${n['Relation Name']}`)).toEqual([]);
        }
        if (TABLES.has(node['Relation Name'] ?? '')) expect(visited(node)).toBeLessThanOrEqual(2 * ROWS);
      }
    }
  }

  it('the statistics still believe the new subject is (nearly) empty', async () => {
    const explained = await database.db.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
      `explain (format json) select 1 from engram.memory_embeddings e where e.tenant_id = '${tenant}' and e.subject = 'big'`,
    );
    const estimate = explained.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? Number.NaN;
    expect(estimate).toBeLessThan(ROWS / 10);
  });

  it.each([
    ['exact', 5000],
    ['hnsw', 100],
  ])(
    'the %s lane rescans no table per row and reads the subject a bounded number of times',
    async (path, below) => {
      const { plans, rows } = await explainRecall(below);
      expect(rows.length).toBeGreaterThan(150);
      expect(rows[0]?.vector_path).toBe(path);
      // recall_candidates itself, its statements and lexical_matches' ones.
      expect(plans.length).toBeGreaterThan(4);
      expectNoRescans(plans);
      // The lexical window walks the subject's newest 2,500 rows in index order and stops: a generic plan once read
      // the whole subject through a bitmap and sorted it. No other statement reads more of memories.
      for (const plan of plans)
        for (const node of nodes(plan))
          if (node['Relation Name'] === 'memories') expect(visited(node)).toBeLessThanOrEqual(2_500);
    },
  );

  it('a query whose every term is rare in the large subject walks no window, and finds every match', async () => {
    // "1234" and "2345" are said once each in the 4,000 rows: the rare terms' rows are every match, so the lexical
    // lane reads them and the subject's size from its index, not the newest 2,500 rows from the heap.
    const { plans, rows } = await explained<{ id: string }>(
      `select c.id from engram.recall_candidates(p_subject => 'big', p_query => 'Was it 1234 or 2345?',
                                                 p_mode => 'lexical', p_candidates => 40) c`,
      [],
    );
    const contents = await database.db.query<{ content: string }>(
      'select content from engram.memories where id = any ($1::uuid[]) order by content',
      [rows.map((r) => r.id)],
    );
    expect(contents.rows.map((r) => r.content)).toEqual([
      'Caroline said music number 1234',
      'Caroline said pottery number 2345',
    ]);
    const reads = plans.flatMap((plan) =>
      [...nodes(plan)]
        .filter((n) => n['Relation Name'] === 'memories')
        .map((n) => `${n['Node Type']} ${visited(n)}`),
    );
    // The size count stops at 2,500 index entries; every other read of memories is of the two matches.
    expect(reads).toContain('Index Only Scan 2500');
    for (const read of reads.filter((r) => !r.startsWith('Index Only Scan')))
      expect(Number(read.split(' ').at(-1))).toBeLessThanOrEqual(2);
    expectNoRescans(plans);
  });

  it('a session plans a recall once: a repeated recall plans only what no cache can hold', async () => {
    // log_planner_stats sends one "PLANNER STATISTICS" message a planning, nested statements included. Before
    // 20261202200000 this repeated recall planned 40 statements (the EXECUTE'd lanes, fetch and fusion, each
    // rare term's count, subject_rules' SQL body); now 13: the top-level statement, the small SQL functions that
    // PostgreSQL plans per outer statement (the tenant lookups) and a few PL/pgSQL expressions. One more since
    // 20261205220000: the tenant lookup of the lexical lane's size count (live_rows_up_to).
    const client = new pg.Client({ connectionString: database.url });
    let planned = 0;
    client.on('notice', (notice) => {
      if ((notice.message ?? '').includes('PLANNER STATISTICS')) planned += 1;
    });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('set local log_planner_stats = on; set local client_min_messages = warning');
      await client.query(
        `select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true),
                set_config('engram.actor', 'test', true)`,
        [tenant],
      );
      const recall = (query: string) =>
        client.query(
          `select r.rules, c.id from (select pg_catalog.jsonb_agg(m) as rules from engram.subject_rules('big') m) r,
                  engram.recall_candidates(p_subject => 'big', p_query => $3, p_embedding => $1, p_model => $2,
                                           p_mode => 'hybrid', p_candidates => 40) c`,
          [vectorLiteral(unitVector(11)), MODEL, query],
        );
      await recall('What did Caroline say about pottery?');
      await client.query('set local client_min_messages = log');
      const { rows } = await recall('Which music did Caroline like?');
      await client.query('rollback');
      expect(rows.length).toBeGreaterThan(0);
      expect(planned).toBeGreaterThan(0);
      expect(planned).toBeLessThanOrEqual(17);
    } finally {
      await client.end();
    }
  });

  it('a recall sends the client no notice (an empty text-search query used to send one every time)', async () => {
    const client = new pg.Client({ connectionString: database.url });
    const notices: string[] = [];
    client.on('notice', (notice) => notices.push(notice.message ?? ''));
    await client.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true),
                set_config('engram.actor', 'test', true)`,
        [tenant],
      );
      for (const query of ['What did Caroline say about pottery?', 'the of and', '我不吃香菜'])
        await client.query(
          `select count(*) from engram.recall_candidates(p_subject => 'big', p_query => $3, p_embedding => $1,
                                                        p_model => $2, p_mode => 'hybrid')`,
          [vectorLiteral(unitVector(13)), MODEL, query],
        );
      await client.query('rollback');
      expect(notices).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('a batch write into that subject looks no item up by subject and content (new and duplicate items)', async () => {
    const item = (content: string, hash: string) => ({
      subject: 'big',
      kind: 'episode',
      content,
      content_hash: hash,
      language: 'en',
      tags: [],
      trust: 2,
      source: { type: 'user' },
      flags: [],
    });
    // 480 new items and 20 the subject holds already (the fixture's contents and hashes).
    const items = [
      ...Array.from({ length: 480 }, (_, i) => item(`a new note ${i}`, `new-${i}`)),
      ...Array.from({ length: 20 }, (_, i) => {
        const g = (i + 1) * 7;
        const said = ['pottery', 'painting', 'hiking', 'camping', 'music'][g % 5];
        return item(`Caroline said ${said} number ${g}`, createHash('md5').update(`big${g}`).digest('hex'));
      }),
    ];
    const { plans, rows } = await explained<{ status: string }>(
      'select status from engram.write_memories($1::jsonb, $2::text[], $3)',
      [JSON.stringify(items), items.map((_, i) => vectorLiteral(unitVector(100 + i))), MODEL],
    );
    expect(rows.filter((r) => r.status === 'created')).toHaveLength(480);
    expect(rows.filter((r) => r.status === 'duplicate')).toHaveLength(20);
    expect(plans.length).toBeGreaterThan(2);
    expectNoRescans(plans);
  });

  // Last: it analyzes the tables, which the tests above must not see.
  it('once analyzed, the fusion ranks and scores the fused rows once', async () => {
    // With fresh statistics the planner joined the scored rows back to the fused rows (the last select, until
    // 20261204235000) by a nested loop whose inner side was the scored fusion: its three window aggregates ran
    // once per fused row (150 x ~150 rows here; 2 of a 5 ms recall at 390 rows in the 100k bench).
    // Statistics of a database of many tenants (the bench's 10): a tenant's share of the rows is then small, and
    // every estimate in the fusion one row.
    const store = createSqlStore(database.db);
    for (let t = 0; t < 10; t++) {
      const other = await store.withOperator((op) => op.createTenant(`other-${t}`));
      await loadUniformSubject(database.db, {
        tenantId: other,
        subject: 'other',
        rows: 400,
        model: MODEL,
        dims: DIMS,
      });
    }
    await database.db.exec('analyze engram.memories; analyze engram.memory_embeddings;');
    const { plans, rows } = await explainRecall(5000);
    expect(rows.length).toBeGreaterThan(150);
    const windows = plans.flatMap((plan) => [...nodes(plan)].filter((n) => n['Node Type'] === 'WindowAgg'));
    expect(windows.length).toBeGreaterThan(2);
    expect(windows.filter((n) => (n['Actual Loops'] ?? 1) > 1).map((n) => n['Actual Loops'])).toEqual([]);
  });
});
