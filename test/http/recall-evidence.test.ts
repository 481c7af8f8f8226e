// Recall fuses once, in SQL, and carries each candidate's real lane evidence to the answer (issue 13 item 5):
// through the real app on every backend, with a calibrated threshold, `why` shows the similarity the vector lane
// saw even under the threshold, `dropped` says why a candidate did not become an item, and the drop metric counts
// those drops. (Before, SQL removed the rows under the threshold, so below_threshold was always 0 and a lexical-only
// item's similarity null.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricEvent } from '../../src/ports/metrics.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface Why {
  lanes: string[];
  vector_similarity: number | null;
  vector_rank: number | null;
  below_threshold: boolean;
  lexical_rank: number | null;
  lexical_score: number | null;
  lexical_share: number | null;
  rrf: number;
  rrf_normalised: number;
  threshold: number | null;
}

interface RecallBody {
  items: { id: string; why: Why }[];
  dropped: { id: string; reason: string; vector_similarity: number | null }[];
}

const THRESHOLD = 0.3;

describe.each(backends)('recall evidence on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let key: string;
  const events: MetricEvent[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await open('recall_evidence');
    h = await createHarness(database, {
      threshold: THRESHOLD,
      parts: { metrics: { record: (e) => events.push(e) } },
    });
    key = (await h.tenant('acme')).key;
    const memories: Record<string, string> = {
      alpha: 'Project Alpha deadline is March 3',
      // Shares one word with the question among many others: the lexical lane finds it, the vector lane sees it far.
      garden:
        'Deadline for the garden club: tomatoes roses fences sheds compost ladders hoses benches and birdhouses',
      soccer: 'Daughter plays soccer on Saturdays',
    };
    for (const [name, content] of Object.entries(memories)) {
      const res = await h.call('POST', '/v1/memories', {
        key,
        body: { subject: 'sam', kind: 'fact', content },
      });
      expect(res.status).toBe(201);
      ids[name] = ((await res.json()) as { memory: { id: string } }).memory.id;
    }
  });
  afterAll(async () => {
    await database.drop();
  });

  it('shows the real similarity of vector evidence under the threshold, and lists and counts the drops', async () => {
    events.length = 0;
    const res = await h.call('POST', '/v1/recall', {
      key,
      body: { subject: 'sam', query: 'When is the Alpha project deadline?', explain: true, limit: 10 },
    });
    expect(res.status).toBe(200);
    const out = (await res.json()) as RecallBody;

    const alpha = out.items.find((i) => i.id === ids.alpha)!;
    expect(alpha.why).toMatchObject({ lanes: ['vector', 'lexical'], vector_rank: 1, below_threshold: false });
    expect(alpha.why.vector_similarity).toBeGreaterThanOrEqual(THRESHOLD);

    // Found by its words; its vector evidence is there, under the threshold, and did not count.
    const garden = out.items.find((i) => i.id === ids.garden)!;
    expect(garden.why).toMatchObject({ lanes: ['lexical'], below_threshold: true, threshold: THRESHOLD });
    expect(garden.why.vector_rank).toBeGreaterThan(1);
    expect(garden.why.vector_similarity).toBeLessThan(THRESHOLD);
    expect(garden.why.lexical_score).toBeGreaterThan(0);
    // The share of the question's words each memory's own words match, as SQL judged it and fused it: all three
    // (alpha, project, deadline) against one.
    expect(alpha.why.lexical_share).toBe(1);
    expect(garden.why.lexical_share).toBeCloseTo(1 / 3, 12);
    expect(alpha.why.rrf).toBeGreaterThan(garden.why.rrf);
    // Lane weights 1, k 60, rank 1 in both lanes, the best similarity, every word: the best fusion there is.
    expect(alpha.why.rrf).toBeCloseTo(2 / 61, 12);
    expect(alpha.why.rrf_normalised).toBeCloseTo(1, 12);

    // Only the vector lane saw it, under the threshold: dropped, with the similarity it had.
    expect(out.items.map((i) => i.id)).not.toContain(ids.soccer);
    const soccer = out.dropped.find((d) => d.id === ids.soccer);
    expect(soccer).toMatchObject({ reason: 'below_threshold' });
    expect(soccer!.vector_similarity).toBeLessThan(THRESHOLD);

    const recall = events.find((e) => e.type === 'recall');
    expect(recall).toMatchObject({ type: 'recall', dropped: { below_threshold: 1 } });
  });

  it('lists no drops unless asked to explain', async () => {
    const res = await h.call('POST', '/v1/recall', {
      key,
      body: { subject: 'sam', query: 'When is the Alpha project deadline?' },
    });
    expect(((await res.json()) as Partial<RecallBody>).dropped).toBeUndefined();
  });
});
