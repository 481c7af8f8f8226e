// The relevance floor end to end: stored on the model (engram.set_model_floor), read with the active model, and
// applied to the candidates the SQL returned. A question nothing answers returns no items and says so; one with
// good evidence keeps its memory; without a floor the same recall returns the least bad memories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface RecallBody {
  items: { content: string }[];
  nothing_relevant?: boolean;
}

describe.each(backends)('relevance floor on $name', ({ open }) => {
  let database: TestDatabase;
  let withFloor: Harness;
  let key: string;

  beforeAll(async () => {
    database = await open('floor');
    withFloor = await createHarness(database, { threshold: -1 });
    key = (await withFloor.tenant('acme')).key;
    for (const content of ['My daughter is called Maya', 'We have a golden retriever named Biscuit']) {
      const res = await withFloor.call('POST', '/v1/memories', {
        key,
        body: { subject: 'sam', kind: 'fact', content },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => database.drop());

  const recall = async (h: Harness, query: string): Promise<RecallBody> => {
    const res = await h.call('POST', '/v1/recall', { key, body: { subject: 'sam', query } });
    expect(res.status).toBe(200);
    return (await res.json()) as RecallBody;
  };

  it('without a floor a question nothing answers still gets memories', async () => {
    const out = await recall(withFloor, 'tell me a joke about routers');
    expect(out.items.length).toBeGreaterThan(0);
    expect(out.nothing_relevant).toBeUndefined();
  });

  it('with the model floor set, it gets none and says so; a matching question keeps its memory', async () => {
    const model = withFloor.embedder.model;
    await withFloor.store.withOperator((op) => op.setModelFloor(model, { similarity: 0.9, lexical: 0.01 }));
    // A fresh service: the recall service caches the active model (and its floor) for 30 s.
    const h = await createHarness(database, { threshold: -1 });
    const none = await recall(h, 'tell me a joke about routers');
    expect(none.items).toEqual([]);
    expect(none.nothing_relevant).toBe(true);
    const found = await recall(h, 'My daughter is called Maya');
    expect(found.items[0]?.content).toBe('My daughter is called Maya');
    expect(found.nothing_relevant).toBeUndefined();
  });
});

// The query-level part of the floor (src/recall/query-intent.ts) through the same path: stored with the model,
// read with the active model, judged on the query vector. The test embedder places questions arbitrarily, so the
// cut is set where every margin falls on one side (a margin lies in [-2, 2]): what is tested is the plumbing and
// what a refused recall answers, not the classifier (test/embedding/sentence/intent-floor.test.ts does that).
describe.each(backends)('query-level relevance floor on $name', ({ open }) => {
  let database: TestDatabase;
  let key: string;

  beforeAll(async () => {
    database = await open('intent');
    const h = await createHarness(database, { threshold: -1 });
    key = (await h.tenant('acme')).key;
    const writes: [string, Record<string, unknown>][] = [
      ['fact', { content: 'My daughter is called Maya' }],
      ['rule', { content: 'When I mention a flight, remind me to check in online', trigger: 'flight' }],
    ];
    for (const [kind, fields] of writes) {
      const res = await h.call('POST', '/v1/memories', { key, body: { subject: 'sam', kind, ...fields } });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => database.drop());

  interface Explained extends RecallBody {
    rules: { content: string }[];
    intent?: { margin: number; floor: number };
    dropped?: { reason: string }[];
  }
  const harnessWithIntentFloor = async (intent: number) => {
    const h = await createHarness(database, { threshold: -1 });
    await h.store.withOperator((op) =>
      op.setModelFloor(h.embedder.model, { similarity: null, lexical: null, intent }),
    );
    // A fresh service: the recall service caches the active model (and its floor) for 30 s.
    return createHarness(database, { threshold: -1 });
  };
  const recall = async (h: Harness, query: string): Promise<Explained> => {
    const res = await h.call('POST', '/v1/recall', { key, body: { subject: 'sam', query, explain: true } });
    expect(res.status).toBe(200);
    return (await res.json()) as Explained;
  };

  it('a query under the cut returns no memory, says so and why; a rule whose trigger it holds still fires', async () => {
    const h = await harnessWithIntentFloor(2);
    const out = await recall(h, 'is my flight with Maya on time');
    expect(out.items).toEqual([]);
    expect(out.nothing_relevant).toBe(true);
    expect(out.intent?.floor).toBeCloseTo(2, 5);
    expect(out.intent!.margin).toBeLessThan(2);
    expect(out.dropped?.length).toBeGreaterThan(0);
    expect(new Set(out.dropped?.map((d) => d.reason))).toEqual(new Set(['not_memory_seeking']));
    expect(out.rules.map((r) => r.content)).toEqual([
      'When I mention a flight, remind me to check in online',
    ]);
  });

  it('judges English queries only: the example questions are English, so another language is answered without it', async () => {
    const h = await harnessWithIntentFloor(2);
    // Detected as Spanish: no margin, the memory that shares its name comes back.
    const spanish = await recall(h, '¿Cómo se llama mi hija Maya? Necesito recordarlo');
    expect(spanish.intent).toBeUndefined();
    expect(spanish.nothing_relevant).toBeUndefined();
    expect(spanish.items.map((i) => i.content)).toContain('My daughter is called Maya');
    // The caller's language counts like a detected one; a regional English tag is English.
    const asked = async (language: string) => {
      const res = await h.call('POST', '/v1/recall', {
        key,
        body: { subject: 'sam', query: 'Maya', language, explain: true },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Explained;
    };
    expect((await asked('de')).intent).toBeUndefined();
    const british = await asked('en-GB');
    expect(british.intent?.floor).toBeCloseTo(2, 5);
    expect(british.items).toEqual([]);
  });

  it('a query over the cut is answered as without it', async () => {
    const h = await harnessWithIntentFloor(-2);
    const out = await recall(h, 'My daughter is called Maya');
    expect(out.items[0]?.content).toBe('My daughter is called Maya');
    expect(out.nothing_relevant).toBeUndefined();
    expect(out.intent!.margin).toBeGreaterThan(-2);
  });
});
