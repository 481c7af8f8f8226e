// The lexical lane's BM25-style scoring (idf per term) and the per-model fusion weights, on every backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('lexical ranking and model fusion on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let t: { id: string; key: string };
  const scope = () => ({ tenantId: t.id, actor: 'test' });

  const remember = async (content: string, subject = 'cam') => {
    const res = await h.call('POST', '/v1/memories', {
      key: t.key,
      body: { subject, kind: 'episode', content },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { memory: { id: string } }).memory.id;
  };

  beforeAll(async () => {
    database = await open('lexical');
    h = await createHarness(database);
    t = await h.tenant('acme');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('ranks the one rare word of the question above a name said everywhere (idf)', async () => {
    // Each of these says "Caroline" twice: a rank without idf (ts_rank_cd) puts them above the pottery turn.
    for (const topic of ['the weather', 'her new job', 'a concert', 'the beach', 'a movie', 'the garden'])
      await remember(`Caroline: Caroline talked about ${topic}`);
    const pottery = await remember('Melanie: I signed up for a pottery class');
    const rows = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({
        subject: 'cam',
        query: 'What did Caroline say about pottery?',
        mode: 'lexical',
        candidates: 10,
      }),
    );
    expect(rows[0]!.id).toBe(pottery);
    expect(rows).toHaveLength(7);
    expect(rows.map((r) => r.lexical_rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("scores a rare word's old match in a subject whose newest 2,000 matches are all newer chat", async () => {
    // The oldest row holds the rare word; 2,100 newer rows share the name only. The newest 2,000 matches of the
    // OR query are all newer chat, so before the per-term matches the old row was never scored.
    const old = await remember('Caroline: I signed up for a pottery class', 'ava');
    await database.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'engram_operator', true)");
      await tx.query(
        `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, created_at)
         select $1::uuid, 'ava', 'episode', 'Caroline: chat number ' || g, 2, 'user', md5('ava chat ' || g),
                now() + g * interval '1 second'
           from generate_series(1, 2100) g`,
        [t.id],
      );
      await tx.query("update engram.memories set created_at = now() - interval '1 day' where id = $1", [old]);
    });
    const rows = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({
        subject: 'ava',
        query: 'What did Caroline say about pottery?',
        mode: 'lexical',
        candidates: 10,
      }),
    );
    expect(rows[0]?.id).toBe(old);
    expect(rows).toHaveLength(10);
  });

  it('search_lexical ranks exactly as the recall lane', async () => {
    const query = 'Caroline weather pottery garden';
    const [lane, search] = await h.store.withTenant(scope(), async (tx) => [
      await tx.recallCandidates({ subject: 'cam', query, mode: 'lexical', candidates: 5 }),
      await tx.searchLexical('cam', query, 5),
    ]);
    expect(search.map((hit) => hit.memory.id)).toEqual(lane.map((row) => row.id));
    expect(search).toHaveLength(5);
  });

  it('stores shipped fusion weights once, never over an operator setting, and serves them with the model', async () => {
    const model = h.embedder.model;
    const active = () => h.store.withOperator((op) => op.activeModel());
    expect((await active())?.fusion).toBeNull();
    const register = (vectorWeight: number, rrfK: number) =>
      h.store.registerModel({
        model,
        provider: h.embedder.provider,
        dims: h.embedder.dimensions,
        threshold: null,
        fusion: { vectorWeight, rrfK },
        activate: true,
      });
    await register(0.2, 5);
    expect((await active())?.fusion).toEqual({ vectorWeight: expect.closeTo(0.2, 6), rrfK: 5 });
    await register(0.9, 30);
    expect((await active())?.fusion).toEqual({ vectorWeight: expect.closeTo(0.2, 6), rrfK: 5 });
    await database.db.query('select engram.set_model_fusion($1, 0.7, 20)', [model]);
    expect((await active())?.fusion).toEqual({ vectorWeight: expect.closeTo(0.7, 6), rrfK: 20 });
    await expect(database.db.query("select engram.set_model_fusion('nope', 1, 60)")).rejects.toThrow(
      /unknown embedding model/,
    );
  });

  it("recall fuses with the active model's weights (set above: vector 0.7, k 20)", async () => {
    const res = await h.call('POST', '/v1/recall', {
      key: t.key,
      body: { subject: 'cam', query: 'pottery class', explain: true, limit: 10, budget: { max_items: 10 } },
    });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as {
      items: {
        content: string;
        why: { vector_rank: number | null; lexical_rank: number | null; rrf: number };
      }[];
    };
    const both = items.find((i) => i.why.vector_rank !== null && i.why.lexical_rank !== null);
    expect(both).toBeDefined();
    const { vector_rank: v, lexical_rank: l, rrf } = both!.why;
    expect(rrf).toBeCloseTo(0.7 / (20 + v!) + 1 / (20 + l!), 5);
    // With the service defaults (1, 1, k 60) it would be 1/(60+v) + 1/(60+l), well under this.
    expect(rrf).toBeGreaterThan(2 / 61);
  });

  it('a tenant role cannot change fusion weights', async () => {
    await expect(
      database.db.transaction(async (s) => {
        await s.query("select set_config('role', 'engram_app', true)");
        await s.query('select engram.set_model_fusion($1, 1, 60)', [h.embedder.model]);
      }),
    ).rejects.toThrow(/permission denied/);
  });
});
