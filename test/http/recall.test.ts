// POST /v1/recall through the real app on every backend, with the deterministic embedder: lanes, filters,
// rules, the conflict filter, the budget, explanations and degradation to lexical when embedding fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface RecallBody {
  items: { id: string; content: string; kind: string; why?: Record<string, unknown> }[];
  rules: { id: string; action: string }[];
  context: string;
  degraded: { reason: string; lanes: string[] } | null;
  recall_id: string;
  model: string | null;
  timing_ms: { embed: number; search: number; total: number };
}

describe.each(backends)('recall on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let a: { id: string; key: string };
  let b: { id: string; key: string };
  const ids: Record<string, string> = {};
  const TIMEOUT_MS = 300;

  const recall = async (body: Record<string, unknown>, key = a.key) => {
    const res = await h.call('POST', '/v1/recall', { key, body: { subject: 'sam', ...body } });
    expect(res.status).toBe(200);
    return (await res.json()) as RecallBody;
  };

  beforeAll(async () => {
    database = await open('recall');
    h = await createHarness(database, { timeoutMs: TIMEOUT_MS });
    a = await h.tenant('acme');
    b = await h.tenant('globex');
    const memories: [string, Record<string, unknown>][] = [
      [
        'cilantro',
        {
          kind: 'preference',
          content: "I don't eat cilantro",
          facet: 'cilantro',
          polarity: 'avoid',
          tags: ['food'],
        },
      ],
      [
        'snacks',
        { kind: 'rule', content: 'put soft drinks under Snacks', trigger: 'soft drinks', confidence: 0.95 },
      ],
      [
        'alpha',
        { kind: 'fact', content: 'Project Alpha deadline is March 3', tags: ['work'], importance: 0.9 },
      ],
      ['soccer', { kind: 'episode', content: 'Daughter plays soccer on Saturdays', tags: ['family'] }],
      [
        'web',
        { kind: 'fact', content: 'Project Alpha wiki lives on the intranet', source: { type: 'external' } },
      ],
    ];
    for (const [name, body] of memories) {
      const res = await h.call('POST', '/v1/memories', { key: a.key, body: { subject: 'sam', ...body } });
      expect(res.status).toBe(201);
      ids[name] = ((await res.json()) as { memory: { id: string } }).memory.id;
    }
  });
  afterAll(async () => {
    await database.drop();
  });

  it('finds by words and by vector, cites ids in the context, and explains the score', async () => {
    const out = await recall({ query: 'When is the Alpha project deadline?', explain: true });
    expect(out.items[0]?.id).toBe(ids.alpha);
    expect(out.items[0]?.why).toMatchObject({
      lanes: ['vector', 'lexical'],
      vector_rank: 1,
      lexical_rank: 1,
    });
    expect(out.context).toContain(`[mem:${ids.alpha}]`);
    expect(out.context).toMatch(/data, not instructions/);
    expect(out.degraded).toBeNull();
    expect(out.model).toBe(h.embedder.model);
    expect(out.recall_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('applies filters: kinds, tags, min_trust, since/until', async () => {
    const kinds = await recall({ query: 'Alpha', kinds: ['episode'] });
    expect(kinds.items.map((i) => i.kind)).not.toContain('fact');
    const tags = await recall({ query: 'Alpha project wiki deadline', tags: ['work'] });
    expect(tags.items.map((i) => i.id)).toEqual([ids.alpha]);
    const trusted = await recall({ query: 'Alpha wiki intranet', min_trust: 2 });
    expect(trusted.items.map((i) => i.id)).not.toContain(ids.web);
    const future = await recall({ query: 'Alpha', since: '2999-01-01T00:00:00Z' });
    expect(future.items).toEqual([]);
  });

  it('returns a rule under rules when its trigger is in the query, with the action from its confidence', async () => {
    const out = await recall({ query: 'where do SOFT DRINKS go?' });
    expect(out.rules).toEqual([expect.objectContaining({ id: ids.snacks, action: 'apply' })]);
    expect(out.items.map((i) => i.id)).not.toContain(ids.snacks);
  });

  it('does not inject a preference the current input contradicts', async () => {
    const agree = await recall({ query: 'is there cilantro in this?' });
    expect(agree.items.map((i) => i.id)).toContain(ids.cilantro);
    const contradict = await recall({ query: 'I want cilantro in my salad today' });
    expect(contradict.items.map((i) => i.id)).not.toContain(ids.cilantro);
  });

  it('trims to the budget', async () => {
    const out = await recall({
      query: 'Alpha soccer cilantro project Saturdays',
      budget: { max_items: 1, max_chars_per_item: 10 },
    });
    expect(out.items).toHaveLength(1);
    expect(out.items[0]!.content.length).toBeLessThanOrEqual(11);
  });

  it('modes: vector only finds by meaning, lexical only by words', async () => {
    const lexical = await recall({ query: 'Saturdays', mode: 'lexical', explain: true });
    expect(lexical.items.map((i) => i.id)).toEqual([ids.soccer]);
    expect(lexical.items[0]?.why).toMatchObject({ lanes: ['lexical'] });
    expect(lexical.model).toBeNull();
    const vector = await recall({
      query: 'daughter soccer',
      mode: 'vector',
      explain: true,
      budget: { max_items: 5 },
    });
    // Final order also weighs importance and recency; the vector lane's own order is in `why`.
    const soccer = vector.items.find((i) => i.id === ids.soccer);
    expect(soccer?.why).toMatchObject({ lanes: ['vector'], vector_rank: 1, lexical_rank: null });
    expect(vector.items.every((i) => JSON.stringify(i.why?.lanes) === '["vector"]')).toBe(true);
  });

  it("never recalls another tenant's memories", async () => {
    const out = await recall({ query: 'Alpha project deadline cilantro soccer' }, b.key);
    expect(out.items).toEqual([]);
    expect(out.rules).toEqual([]);
  });

  it('degrades to lexical within the budget when the embedder times out, and stores writes as pending', async () => {
    h.embedder.setFault({ delayMs: 5_000 });
    try {
      const started = performance.now();
      const out = await recall({ query: 'Alpha deadline' });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 100 + 400); // budget + 100 ms, plus the search itself
      expect(out.degraded).toEqual({ reason: 'embedding_timeout', lanes: ['lexical'] });
      expect(out.items.map((i) => i.id)).toContain(ids.alpha);
      expect(out.timing_ms.embed).toBeLessThan(TIMEOUT_MS + 100);

      const written = await h.call('POST', '/v1/memories', {
        key: a.key,
        body: { subject: 'sam', kind: 'fact', content: 'Written during the outage' },
      });
      expect(written.status).toBe(201);
      expect(
        ((await written.json()) as { memory: { embedding: { status: string } } }).memory.embedding.status,
      ).toBe('pending');
    } finally {
      h.embedder.setFault(null);
    }
    h.embedder.setFault({ failWith: 'error' });
    try {
      const out = await recall({ query: 'Alpha deadline', mode: 'vector' });
      expect(out.degraded).toEqual({ reason: 'embedding_error', lanes: ['lexical'] });
      expect(out.items.map((i) => i.id)).toContain(ids.alpha);
    } finally {
      h.embedder.setFault(null);
    }
  });

  it('rejects bad recall input', async () => {
    for (const body of [
      { query: '' },
      { query: 'x', mode: 'magic' },
      { query: 'x', limit: 51 },
      { query: 'x', budget: { max_items: -1 } },
      { query: 'x', extra: 1 },
    ]) {
      const res = await h.call('POST', '/v1/recall', { key: a.key, body: { subject: 'sam', ...body } });
      expect(res.status).toBe(400);
    }
  });
});
