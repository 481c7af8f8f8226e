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
