// recall_candidates' one fusion on every backend (issue 13 item 5): in a hybrid recall its rrf weighs each
// candidate's lanes by the memory's own evidence: its class's lane weights and its rank among its class (durable or
// episode), its lexical share (the query's words its own words match, by PostgreSQL's stemming, never through a chat
// turn's context), its similarity over the query's best. Vectors are set by hand so that each similarity (and so
// each vector rank) is what the case needs; the lexical ranks are the lane's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlStore, vectorLiteral } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';

const DIMS = 4;
const MODEL = 'test/fusion@4';
const QUERY_VECTOR = [1, 0, 0, 0];
/** A unit vector whose cosine similarity to QUERY_VECTOR is `similarity`. */
const at = (similarity: number) => [similarity, Math.sqrt(1 - similarity ** 2), 0, 0];
// The local model's measured fusion for chat turns (LOCAL_MODEL_DEFAULT_FUSION): vector 0.2, lexical 1, k 5.
const LOCAL = { vector: 0.2, lexical: 1, k: 5 };

interface Row {
  id: string;
  kind: string;
  content: string;
  vector_similarity: number | null;
  vector_rank: number | null;
  below_threshold: boolean;
  lexical_rank: number | null;
  lexical_share: number | null;
  rrf: number;
}

/**
 * The weighing, written out independently of the SQL (what src/recall/weigh-lanes.ts computed before it moved):
 * the expected rrf of every row from the evidence the rows carry.
 */
function expectedRrf(
  rows: readonly Row[],
  lanes: { vector: number; lexical: number; k: number },
  durable: { vector: number; lexical: number },
): Map<string, number> {
  const isDurable = (r: Row) => r.kind !== 'episode';
  const vectorCounted = (r: Row) => r.vector_rank !== null && !r.below_threshold;
  const placeIn = (counted: (r: Row) => boolean, rank: (r: Row) => number) => {
    const places = new Map<string, number>();
    for (const cls of [true, false]) {
      const ranked = rows.filter((r) => isDurable(r) === cls && counted(r)).sort((a, b) => rank(a) - rank(b));
      for (const [i, r] of ranked.entries()) places.set(r.id, i + 1);
    }
    return places;
  };
  const vr = placeIn(vectorCounted, (r) => r.vector_rank!);
  const lr = placeIn(
    (r) => r.lexical_rank !== null,
    (r) => r.lexical_rank!,
  );
  const best = Math.max(0, ...rows.filter(vectorCounted).map((r) => r.vector_similarity!));
  return new Map(
    rows.map((r) => {
      const w = isDurable(r) ? durable : lanes;
      let value = 0;
      if (vr.has(r.id)) {
        const relative = best > 0 ? Math.min(1, Math.max(0, r.vector_similarity! / best)) : 1;
        value += (w.vector * relative) / (lanes.k + vr.get(r.id)!);
      }
      if (lr.has(r.id)) {
        const share = r.lexical_share;
        const factor = share === null ? 1 : isDurable(r) ? share : 0.5 + 0.5 * share;
        value += (w.lexical * factor) / (lanes.k + lr.get(r.id)!);
      }
      return [r.id, value];
    }),
  );
}

/** Plain weighted RRF of the rows' real ranks: what recall_candidates returned before it weighed per memory. */
function plainRrf(r: Row, lanes: { vector: number; lexical: number; k: number }): number {
  return (
    (r.vector_rank !== null && !r.below_threshold ? lanes.vector / (lanes.k + r.vector_rank) : 0) +
    (r.lexical_rank !== null ? lanes.lexical / (lanes.k + r.lexical_rank) : 0)
  );
}

describe.each(backends)('the fusion of recall_candidates on $name', ({ open }) => {
  let database: TestDatabase;
  let tenant: string;

  beforeAll(async () => {
    database = await open('fusion_weighing');
    const { db } = database;
    const store = createSqlStore(db);
    await store.registerModel({
      model: MODEL,
      provider: 'test',
      dims: DIMS,
      threshold: null,
      activate: true,
    });
    tenant = await store.withOperator((op) => op.createTenant('acme'));
    const insert = async (
      subject: string,
      kind: string,
      content: string,
      similarity: number,
      extra: { context?: string; tags?: string[] } = {},
    ) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into engram.memories (tenant_id, subject, kind, content, tags, context_text, trust, source_type,
                                      content_hash, embedding_status, embedding_model)
         values ($1, $2, $3, $4, $5::text[], $6, 2, 'user', md5($4), 'ready', $7) returning id`,
        [tenant, subject, kind, content, extra.tags ?? [], extra.context ?? null, MODEL],
      );
      await db.query(
        'insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding) values ($1, $2, $3, $4, $5::extensions.vector)',
        [rows[0]!.id, MODEL, tenant, subject, vectorLiteral(at(similarity))],
      );
    };
    // The lived-in dev user u01 (clean subject) as the local model saw "What are my children's names?": the
    // children at vector rank 1 (0.393) and in no lexical hit; the dog that is "named" and the fund for the
    // "children's" education far down the vector lane (0.153, 0.157) but the only lexical hits.
    await insert('u01', 'fact', 'My daughter is called Maya and my son is Leo.', 0.393);
    for (const [i, s] of [0.353, 0.3, 0.25, 0.2, 0.18].entries())
      await insert('u01', 'preference', `Other preference number ${i + 1} about tea and trains`, s);
    await insert('u01', 'decision', "We put 500 euros a month into the children's fund.", 0.157);
    await insert('u01', 'fact', 'We have a golden retriever named Biscuit.', 0.153);
    // Chat turns ahead of a preference in the vector lane, one of them matching the query only through its
    // neighbours' words (context), one holding a query word itself, and a durable memory holding every word.
    for (let i = 0; i < 24; i++)
      await insert('chat', 'episode', `Turn ${i} about the weekend`, 0.6 - i * 0.01);
    await insert('chat', 'episode', 'Caroline: see you at the support group', 0.59, {
      context: 'Melanie: I painted a sunrise over the lake',
    });
    await insert('chat', 'episode', 'Melanie: my sunrise painting is done', 0.2);
    await insert('chat', 'preference', 'Drinks her coffee black', 0.3);
    await insert('chat', 'fact', 'Sunrise painting class', 0.1, { tags: ['lake'] });
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  const recall = (
    subject: string,
    query: string,
    options: { mode?: string; durable?: { vector: number; lexical: number }; minSimilarity?: number } = {},
  ) =>
    database.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenant],
      );
      const durableArgs = options.durable
        ? ', p_durable_vector_weight => $8, p_durable_lexical_weight => $9'
        : '';
      const { rows } = await s.query<Row>(
        `select id, kind, content, vector_similarity, vector_rank, below_threshold, lexical_rank, lexical_share, rrf
           from engram.recall_candidates(p_subject => $1, p_query => $2, p_embedding => $3, p_model => $4,
                                         p_mode => $5, p_vector_weight => 0.2, p_lexical_weight => 1, p_rrf_k => 5,
                                         p_min_similarity => $6, p_candidates => $7${durableArgs})`,
        [
          subject,
          query,
          vectorLiteral(QUERY_VECTOR),
          MODEL,
          options.mode ?? 'hybrid',
          options.minSimilarity ?? null,
          40,
          ...(options.durable ? [options.durable.vector, options.durable.lexical] : []),
        ],
      );
      return rows.map((r) => ({ ...r, rrf: Number(r.rrf) }));
    });
  const byContent = (rows: readonly Row[], start: string) => rows.find((r) => r.content.startsWith(start))!;

  it("answers the children's names with the children, not the words the question shares with others", async () => {
    const rows = await recall('u01', "What are my children's names?");
    const maya = byContent(rows, 'My daughter');
    const dog = byContent(rows, 'We have a golden retriever');
    const fund = byContent(rows, 'We put 500 euros');
    // The lanes' real evidence: the dog and the fund are the lexical hits, far down the vector lane.
    expect([maya.vector_rank, maya.lexical_rank]).toEqual([1, null]);
    expect([dog.vector_rank, fund.vector_rank]).toEqual([8, 7]);
    expect([dog.lexical_rank, fund.lexical_rank].sort()).toEqual([1, 2]);
    // Each holds one of the question's two words ("named" by its stem, "children's"): half of it.
    expect(dog.lexical_share).toBe(0.5);
    expect(fund.lexical_share).toBe(0.5);
    expect(maya.lexical_share).toBeNull();
    // Fused by rank alone (with the chat turns' weights, as before), both one-word matches came first...
    const plain = [...rows].sort((a, b) => plainRrf(b, LOCAL) - plainRrf(a, LOCAL));
    expect(plain.slice(0, 2).map((r) => r.id)).toEqual(expect.arrayContaining([dog.id, fund.id]));
    // ...the fusion puts the meaning first.
    expect(rows[0]!.id).toBe(maya.id);
    const expected = expectedRrf(rows, LOCAL, { vector: 1, lexical: 1 });
    for (const r of rows) expect(r.rrf, r.content).toBeCloseTo(expected.get(r.id)!, 6);
    // In the order of its value.
    expect(rows.map((r) => r.rrf)).toEqual([...rows.map((r) => r.rrf)].sort((a, b) => b - a));
  });

  it('weighs durable memories with their own lane weights (parameters whose defaults are equal weights)', async () => {
    const heavy = await recall('u01', "What are my children's names?", {
      durable: { vector: 0.1, lexical: 3 },
    });
    const expected = expectedRrf(heavy, LOCAL, { vector: 0.1, lexical: 3 });
    for (const r of heavy) expect(r.rrf, r.content).toBeCloseTo(expected.get(r.id)!, 6);
    expect(byContent(heavy, 'My daughter').id).not.toBe(heavy[0]!.id);
    const defaults = await recall('u01', "What are my children's names?");
    const equal = await recall('u01', "What are my children's names?", {
      durable: { vector: 1, lexical: 1 },
    });
    expect(equal.map((r) => [r.id, r.rrf])).toEqual(defaults.map((r) => [r.id, r.rrf]));
  });

  it('ranks a durable memory among durable ones, counts a chat turn by its own words and keeps it half', async () => {
    const rows = await recall('chat', 'When did Melanie paint the sunrise?');
    const coffee = byContent(rows, 'Drinks her coffee');
    const viaContext = byContent(rows, 'Caroline: see you');
    const ownWords = byContent(rows, 'Melanie: my sunrise');
    const durableHit = byContent(rows, 'Sunrise painting class');
    // 26 chat turns are nearer the query than the preference: vector rank 26 in the lane, 1 among durable memories.
    expect(coffee.vector_rank).toBe(26);
    // Its relative similarity: 0.3 over the best, 0.6; vector weight 1 for durable memories.
    expect(coffee.rrf).toBeCloseTo((1 * (0.3 / 0.6)) / (5 + 1), 6);
    // The turn that matches only through its neighbours' words holds none of the query's words, and keeps half.
    expect(viaContext.lexical_rank).not.toBeNull();
    expect(viaContext.lexical_share).toBe(0);
    // Turns and durable memories hold the words they say: "paint" (painting, painted) and "sunrise", not "Melanie"
    // in a tag; "when" and "did" are stop words.
    expect(ownWords.lexical_share).toBeCloseTo(3 / 3, 6);
    expect(durableHit.lexical_share).toBeCloseTo(2 / 3, 6);
    const expected = expectedRrf(rows, LOCAL, { vector: 1, lexical: 1 });
    for (const r of rows) expect(r.rrf, r.content).toBeCloseTo(expected.get(r.id)!, 6);
  });

  it('leaves vector evidence under the threshold out, also of the best similarity', async () => {
    const rows = await recall('u01', "What are my children's names?", { minSimilarity: 0.2 });
    const dog = byContent(rows, 'We have a golden retriever');
    expect(dog.below_threshold).toBe(true);
    expect(dog.vector_similarity).toBeCloseTo(0.153, 6);
    expect(dog.lexical_share).toBe(0.5);
    const expected = expectedRrf(rows, LOCAL, { vector: 1, lexical: 1 });
    for (const r of rows) expect(r.rrf, r.content).toBeCloseTo(expected.get(r.id)!, 6);
  });

  it('fuses a single-lane recall by rank alone and judges no share', async () => {
    const rows = await recall('u01', "What are my children's names?", { mode: 'lexical' });
    expect(rows.map((r) => r.lexical_share)).toEqual([null, null]);
    for (const r of rows) expect(r.rrf).toBeCloseTo(1 / (5 + r.lexical_rank!), 12);
  });

  it("does not count a contraction's pieces as words of the query", async () => {
    // "I've wondered how she drinks coffee": wondered, drinks, coffee ('ve', which the english configuration keeps
    // as a lexeme, is no word of it; "how" and "she" are stop words). The preference holds two of the three.
    const rows = await recall('chat', "I've wondered how she drinks coffee");
    expect(byContent(rows, 'Drinks her coffee black').lexical_share).toBeCloseTo(2 / 3, 6);
  });
});
