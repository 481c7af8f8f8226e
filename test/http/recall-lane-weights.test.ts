// Query-adaptive lane weights end to end (issue 13 items 2 and 5): the real app on PGlite (and PostgreSQL when
// DATABASE_URL is set) with the local embedder and the model's shipped threshold and fusion (vector lane 0.2, k 5),
// memories written through POST /v1/memories and chat turns through POST /v1/ingest, recalled through
// POST /v1/recall. Fused by rank alone, the memories that share one word with the question ("named", "children's")
// come first; recall_candidates' fusion, weighed per memory, puts the memory that means it before them, and the
// explanation shows that fusion and its evidence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createLocalModelApp, type LocalModelApp } from '../support/local-model-app.ts';

interface Item {
  id: string;
  kind: string;
  why: {
    rrf: number;
    lanes: string[];
    lexical_rank: number | null;
    vector_rank: number | null;
    lexical_share: number | null;
  };
}

const MEMORIES = {
  children: 'My daughter is called Maya and my son is Leo.',
  pet: 'We have a golden retriever named Biscuit.',
  fund: "We decided to put 500 euros a month into the children's education fund.",
  diet: "I'm vegetarian: no meat or fish, but eggs and cheese are fine.",
  job: 'I work as a backend engineer at a logistics startup.',
  train: 'I always take the train within Germany instead of flying.',
  choir: "Thursday evenings I'm at choir practice.",
  partner: 'My husband Jonas is a nurse and works night shifts.',
};

const TURNS = [
  ['Caroline', 'Ah, they are adorable! What are their names? Pets sure bring joy.'],
  ['Melanie', 'Luna and Oliver! They are so sweet and playful.'],
  ['Caroline', 'I went to a support group yesterday and it was powerful.'],
  ['Melanie', 'Painting helps me unwind after a long day at work.'],
  ['Caroline', 'The adoption agency gave me a list of names to pick from.'],
  ['Melanie', 'We went camping with the kids last weekend by the lake.'],
] as const;

describe.each(backends)('lane weights on $name', ({ open }) => {
  let database: TestDatabase;
  let app: LocalModelApp;
  const ids: Record<string, string> = {};
  const call = (path: string, body: unknown) => app.post(path, body);

  beforeAll(async () => {
    database = await open('lane_weights');
    app = await createLocalModelApp(database);
    for (const [name, content] of Object.entries(MEMORIES)) {
      const res = await call('/v1/memories', { subject: 'priya', kind: 'fact', content });
      expect(res.status).toBe(201);
      ids[name] = ((await res.json()) as { memory: { id: string } }).memory.id;
    }
    await app.ingestTurns('priya', TURNS);
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  it('answers "What are my children\'s names?" with the children, not the dog that is named', async () => {
    const res = await call('/v1/recall', {
      subject: 'priya',
      query: "What are my children's names?",
      explain: true,
    });
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { items: Item[] }).items;
    // The first durable memory of the answer is the one that means it (a chat turn that shares the word and sits
    // near the question in both lanes keeps its place: durable-first.ts).
    expect(items.find((i) => i.kind !== 'episode')!.id).toBe(ids.children);

    // Fused by rank alone with the chat turns' weights (recall_candidates before it weighed per memory), both
    // memories that share one word of the question ("named", "children's") would come first; each holds half the
    // question's words, and the fusion weighs them so.
    const ranking = await call('/v1/recall', {
      subject: 'priya',
      query: "What are my children's names?",
      explain: true,
      limit: 20,
      budget: { max_items: 20 },
    });
    const full = ((await ranking.json()) as { items: Item[] }).items;
    const place = (name: string) => full.findIndex((i) => i.id === ids[name]);
    const why = (name: string) => full[place(name)]!.why;
    const byRank = (w: Item['why']) =>
      (w.lanes.includes('vector') ? 0.2 / (5 + w.vector_rank!) : 0) +
      (w.lanes.includes('lexical') ? 1 / (5 + w.lexical_rank!) : 0);
    expect(why('children').lexical_rank).toBeNull();
    expect(why('children').lexical_share).toBeNull();
    for (const stray of ['pet', 'fund']) {
      expect(why(stray).lexical_rank).not.toBeNull();
      expect(byRank(why(stray))).toBeGreaterThan(byRank(why('children')));
      expect(why(stray).lexical_share).toBe(0.5);
      expect(why(stray).rrf).toBeLessThan(why('children').rrf);
      expect(place(stray)).toBeGreaterThan(place('children'));
    }
  });
});
