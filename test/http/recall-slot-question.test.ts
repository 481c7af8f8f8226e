// A direct question about one of the user's slots through POST /v1/recall (issue 13): "What's my title?" finds the
// memory under the job key among chat turns that share the question's words, ahead of them, with its key rank in
// the explanation, and past a relevance floor its words and vector would not reach; a question about someone else's
// job names no key. Real app, real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface RecallBody {
  items: { content: string; why: { key_rank?: number } }[];
  nothing_relevant?: boolean;
}

describe.each(backends)('slot questions through /v1/recall on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let key: string;

  beforeAll(async () => {
    database = await open('slotq');
    h = await createHarness(database, { threshold: -1 });
    key = (await h.tenant('acme')).key;
    const writes: Record<string, unknown>[] = [
      {
        kind: 'fact',
        content: 'Regional sales manager for the Midwest at a medical devices company',
        key: 'job',
      },
      { kind: 'fact', content: 'My wife Ana teaches chemistry', key: 'spouse' },
      ...[1, 2, 3, 4, 5, 6].map((n) => ({
        kind: 'episode',
        content: `Sam: what's the title of episode ${n}? my favourite title so far`,
      })),
    ];
    for (const body of writes) {
      const res = await h.call('POST', '/v1/memories', { key, body: { subject: 'sam', ...body } });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => database.drop());

  const recall = async (harness: Harness, query: string): Promise<RecallBody> => {
    const res = await harness.call('POST', '/v1/recall', {
      key,
      body: { subject: 'sam', query, explain: true },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as RecallBody;
  };

  it('puts the keyed memory first, with its key rank, ahead of turns that share the words', async () => {
    const out = await recall(h, "What's my title?");
    expect(out.items[0]?.content).toBe('Regional sales manager for the Midwest at a medical devices company');
    expect(out.items[0]?.why.key_rank).toBe(1);
    expect(out.items.slice(1).every((i) => i.why.key_rank === undefined)).toBe(true);
  });

  it("answers a question about someone else's job with that person's memory, not the user's job", async () => {
    const out = await recall(h, "What's my wife's job?");
    expect(out.items[0]?.content).toBe('My wife Ana teaches chemistry');
    expect(out.items[0]?.why.key_rank).toBe(1);
    const job = out.items.find((i) => i.content.startsWith('Regional sales manager'));
    expect(job?.why.key_rank).toBeUndefined();
  });

  it('passes the relevance floor on its key alone', async () => {
    await h.store.withOperator((op) => op.setModelFloor(h.embedder.model, { similarity: 0.99, lexical: 99 }));
    // A fresh service: the recall service caches the active model (and its floor) for 30 s.
    const floored = await createHarness(database, { threshold: -1 });
    const out = await recall(floored, "What's my title?");
    expect(out.items.map((i) => i.content)).toEqual([
      'Regional sales manager for the Midwest at a medical devices company',
    ]);
    expect(out.nothing_relevant).toBeUndefined();
    const none = await recall(floored, "What's the title of episode 3?");
    expect(none.items).toEqual([]);
  });
});
