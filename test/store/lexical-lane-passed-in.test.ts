// The lexical lane run on its own (engram.lexical_candidates) and handed back to recall_candidates, as a recall does
// when it runs the lane beside the query's embedding: the same fused rows as recall_candidates' own run, and
// passed-in ids that are only ever candidates (another subject's, a revoked or a filtered-out memory never comes
// back), on every backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecallQuery } from '../../src/ports/store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('the lexical lane passed in to recall_candidates on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let t: { id: string; key: string };
  const scope = () => ({ tenantId: t.id, actor: 'test' });

  const remember = async (content: string, subject = 'cam', extra: Record<string, unknown> = {}) => {
    const res = await h.call('POST', '/v1/memories', {
      key: t.key,
      body: { subject, kind: 'episode', content, ...extra },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { memory: { id: string } }).memory.id;
  };

  const hybrid = async (query: string, subject = 'cam'): Promise<RecallQuery> => ({
    subject,
    query,
    mode: 'hybrid',
    candidates: 10,
    vector: { model: h.embedder.model, vector: await h.embedder.embedQuery(query) },
    weights: { vector: 0.5, lexical: 1, durableVector: 1, durableLexical: 1, k: 5 },
  });

  beforeAll(async () => {
    database = await open('lexlane');
    h = await createHarness(database);
    t = await h.tenant('acme');
    for (const topic of ['the weather', 'her new job', 'a concert', 'the beach', 'pottery on Sunday'])
      await remember(`Caroline: Caroline talked about ${topic}`);
    await remember('Melanie: I signed up for a pottery class');
    await remember('Melanie prefers pottery to painting', 'cam', { kind: 'preference' });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('fuses the same rows from a passed-in lane as from its own run of it', async () => {
    const query = await hybrid('What did Caroline say about pottery?');
    const own = await h.store.withTenant(scope(), (tx) => tx.recallCandidates(query));
    const lane = await h.store.withTenant(scope(), (tx) => tx.lexicalCandidates({ ...query, shares: true }));
    expect(lane.ids.length).toBeGreaterThan(2);
    expect(lane.scores).toHaveLength(lane.ids.length);
    expect(lane.shares).toHaveLength(lane.ids.length);
    const passed = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({ ...query, lexical: lane }),
    );
    expect(passed).toEqual(own);
    // The lane's order and scores are the ones the fused rows report.
    const lexical = own
      .filter((r) => r.lexical_rank !== null)
      .sort((a, b) => a.lexical_rank! - b.lexical_rank!);
    expect(lexical.map((r) => r.id)).toEqual(lane.ids);
    expect(lexical.map((r) => r.lexical_score)).toEqual(lane.scores);
    expect(lexical.map((r) => r.lexical_share)).toEqual(lane.shares);
    expect(new Set(lane.shares).size).toBeGreaterThan(1);
    // Without shares a lane's hybrid hits are weighed fully, as no share says otherwise.
    const unweighed = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({ ...query, lexical: { ...lane, shares: null } }),
    );
    expect(unweighed.every((r) => r.lexical_share === null)).toBe(true);
    const unasked = await h.store.withTenant(scope(), (tx) =>
      tx.lexicalCandidates({ ...query, shares: false }),
    );
    expect(unasked.shares).toBeNull();
    expect(unasked.ids).toEqual(lane.ids);
  });

  it('ranks what it is handed: a reordered lane changes the lexical ranks', async () => {
    const query = await hybrid('What did Caroline say about pottery?');
    const lane = await h.store.withTenant(scope(), (tx) => tx.lexicalCandidates({ ...query, shares: false }));
    const reversed = { ids: [...lane.ids].reverse(), scores: [...lane.scores].reverse(), shares: null };
    const rows = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({ ...query, mode: 'lexical', vector: undefined, lexical: reversed }),
    );
    expect(rows.find((r) => r.lexical_rank === 1)!.id).toBe(reversed.ids[0]);
  });

  it("never returns a passed-in id that is another subject's, revoked or filtered out", async () => {
    const elsewhere = await remember('Caroline: pottery in another subject', 'dana');
    const revoked = await remember('Caroline: pottery, said and then revoked');
    const revoke = await h.call('POST', `/v1/memories/${revoked}/revoke`, {
      key: t.key,
      body: { reason: 'test' },
    });
    expect(revoke.status).toBeLessThan(300);
    const query = { ...(await hybrid('pottery')), mode: 'lexical' as const, vector: undefined };
    const lane = await h.store.withTenant(scope(), (tx) => tx.lexicalCandidates({ ...query, shares: false }));
    const forged = { ids: [elsewhere, revoked, ...lane.ids], scores: [99, 98, ...lane.scores], shares: null };
    const rows = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({ ...query, lexical: forged }),
    );
    const ids = rows.map((r) => r.id);
    expect(ids).not.toContain(elsewhere);
    expect(ids).not.toContain(revoked);
    expect(ids.length).toBe(lane.ids.length);
    // A kind filter applies to passed-in ids too: the episodes of the lane are not preferences.
    const preferences = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({ ...query, kinds: ['preference'], lexical: lane }),
    );
    expect(preferences.map((r) => r.kind)).toEqual(['preference']);
  });

  it('refuses ids, scores and shares that do not pair up', async () => {
    const query = { ...(await hybrid('pottery')), mode: 'lexical' as const, vector: undefined };
    await expect(
      h.store.withTenant(scope(), (tx) =>
        tx.recallCandidates({ ...query, lexical: { ids: [crypto.randomUUID()], scores: [], shares: null } }),
      ),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      h.store.withTenant(scope(), (tx) =>
        tx.recallCandidates({
          ...query,
          lexical: { ids: [crypto.randomUUID()], scores: [1], shares: [0.5, 1] },
        }),
      ),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('gives an empty lane outside a tenant transaction rather than any row', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'engram_app', true)");
      return (await tx.query("select * from engram.lexical_candidates('cam', 'pottery')")).rows;
    });
    expect(rows).toEqual([]);
  });
});
