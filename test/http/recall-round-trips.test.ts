// What one warm HTTP recall costs the database (issue 18 item 4): one transaction with one statement besides the
// tenant's settings (candidates and rules together), and the bookkeeping of a window's recalls in one transaction of
// two statements however many recalls it holds, every recall still counted. The test model embeds in no time, so
// the lexical lane does not run beside it (test/services/recall-lexical-beside-embedding.test.ts has the slow
// models, whose recalls add the lane's own transaction). Real app, real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor, SqlSession } from '../../src/ports/sql.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

/** Records each transaction's statements (begin and commit not included). */
function counting(db: SqlExecutor) {
  const seen = { transactions: [] as string[][] };
  const inner = (s: SqlSession, statements: string[]): SqlSession => ({
    query: (sql, params) => {
      statements.push(sql.replace(/\s+/g, ' ').trim().slice(0, 40));
      return s.query(sql, params);
    },
    exec: (sql) => s.exec(sql),
  });
  const executor: SqlExecutor = {
    engine: db.engine,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (work) => {
      const statements: string[] = [];
      seen.transactions.push(statements);
      return db.transaction((s) => work(inner(s, statements)));
    },
    close: () => db.close(),
  };
  return { executor, seen };
}

describe.each(backends)('round trips of a recall on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let key: string;
  let seen: ReturnType<typeof counting>['seen'];
  const ids: string[] = [];

  beforeAll(async () => {
    database = await open('recall_round_trips');
    const c = counting(database.db);
    seen = c.seen;
    h = await createHarness({ ...database, db: c.executor });
    ({ key } = await h.tenant('acme'));
    for (const body of [
      { subject: 'sam', kind: 'fact', content: 'Sam drinks oat milk in his coffee' },
      { subject: 'sam', kind: 'fact', content: 'Sam takes the window seat on trains' },
      { subject: 'sam', kind: 'rule', content: 'answer in French', trigger: 'bonjour' },
    ]) {
      const res = await h.call('POST', '/v1/memories', { key, body });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { memory: { id: string } }).memory.id);
    }
  });
  afterAll(async () => {
    await database.drop();
  });

  const recall = async (query: string, mode = 'hybrid') => {
    const res = await h.call('POST', '/v1/recall', { key, body: { subject: 'sam', query, mode } });
    expect(res.status).toBe(200);
    return (await res.json()) as { items: { id: string }[]; rules: { id: string }[] };
  };

  it('a warm recall is one transaction of two statements; a window of recalls is one bookkeeping transaction', async () => {
    // Cold: reads the active model (the key was verified by the writes); the next ones time the quick test model, so
    // that the lexical lane no longer runs beside it.
    for (const query of ['oat milk', 'window seat', 'trains', 'coffee', 'milk']) await recall(query);
    await h.engram.recall.settleBookkeeping();
    seen.transactions = [];
    const answers = await Promise.all([recall('oat milk'), recall('milk coffee'), recall('oat milk')]);
    for (const a of answers) expect(a.items.map((i) => i.id)).toContain(ids[0]);
    await h.engram.recall.settleBookkeeping();
    const reads = seen.transactions.filter((t) => t.some((s) => s.includes('r.rules')));
    const lanes = seen.transactions.filter((t) => t.some((s) => s.includes('l.scores')));
    const bookkeeping = seen.transactions.filter((t) => t.some((s) => s.includes('record_recall')));
    // Nothing else ran: no key lookup, no model read, no separate rules query.
    expect(reads.length + lanes.length + bookkeeping.length).toBe(seen.transactions.length);
    expect(reads).toHaveLength(3);
    for (const t of reads) expect(t).toHaveLength(2); // the tenant's settings, candidates with rules
    expect(lanes).toEqual([]);
    // The 20 ms window holds what arrived in it (a loaded machine may spread three recalls over three windows;
    // test/services/recall-bookkeeping.test.ts fixes the window): three statements however many recalls, the
    // settings, the events, the counts.
    expect(bookkeeping.length).toBeLessThanOrEqual(3);
    for (const t of bookkeeping) expect(t).toHaveLength(3);
    const { rows } = await database.db.query<{ recall_count: number }>(
      'select recall_count from engram.memory_recall_stats where memory_id = $1',
      [ids[0]],
    );
    expect(rows[0]!.recall_count).toBe(8); // the five warming recalls (the test model finds it in each) and the window
    const events = await database.db.query<{ n: number }>(
      "select count(*)::int as n from engram.recall_events where subject = 'sam'",
    );
    expect(events.rows[0]!.n).toBe(8); // five warming recalls and the three of the window
  });

  it('a vector recall runs no lexical lane', async () => {
    seen.transactions = [];
    await recall('oat milk', 'vector');
    expect(seen.transactions.filter((t) => t.some((s) => s.includes('l.scores')))).toEqual([]);
    expect(seen.transactions.filter((t) => t.some((s) => s.includes('r.rules')))).toHaveLength(1);
  });

  it('rules come with the candidates, also when no memory matches', async () => {
    const answer = await recall('bonjour zzyzx');
    expect(answer.rules.map((r) => r.id)).toEqual([ids[2]]);
    // Lexical: the test embedder finds every memory somewhat similar; full text finds none of these words.
    const none = await recall('bonjour qqq', 'lexical');
    expect(none.items).toEqual([]);
    expect(none.rules.map((r) => r.id)).toEqual([ids[2]]);
  });
});
