// The named speaker end to end: the real app on PGlite (and PostgreSQL when DATABASE_URL is set) with the local
// embedder and its shipped threshold and fusion, a two-person conversation stored through POST /v1/ingest and
// recalled through POST /v1/recall. A question that names one participant is answered by that participant's own
// turns first: the other participant's turn that repeats the same words (and more of them) ranks below it, and the
// explanation says by how much. A question that names neither participant is ranked as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_SPEAKER_FACTOR } from '../../src/recall/named-speaker.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createLocalModelApp, type LocalModelApp } from '../support/local-model-app.ts';

interface Item {
  content: string;
  score: number;
  why: { rrf: number; speaker_weight?: number };
}

const TURNS = [
  ['Caroline', 'I spent the week reading up on adoption agencies.'],
  [
    'Melanie',
    'Caroline, you researched adoption agencies all week? Adoption agencies are a lot of research!',
  ],
  ['Caroline', 'Yes, and the support group helped me a lot.'],
  ['Melanie', 'I took the kids camping by the lake last weekend.'],
  ['Caroline', 'I have been painting sunsets lately.'],
  ['Melanie', 'Painting helps me unwind after work.'],
] as const;

describe.each(backends)('named speaker on $name', ({ open }) => {
  let database: TestDatabase;
  let app: LocalModelApp;
  const call = (path: string, body: unknown) => app.post(path, body);
  const recall = async (query: string): Promise<Item[]> => {
    const res = await call('/v1/recall', {
      subject: 'group',
      query,
      explain: true,
      limit: 6,
      budget: { max_items: 6 },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: Item[] }).items;
  };

  beforeAll(async () => {
    database = await open('named_speaker');
    app = await createLocalModelApp(database);
    await app.ingestTurns('group', TURNS);
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  it("puts the named participant's own turn before the other's turn that repeats its words", async () => {
    const items = await recall('What did Caroline research?');
    const own = items.findIndex((i) => i.content.startsWith('Caroline: I spent the week'));
    const echo = items.findIndex((i) => i.content.startsWith('Melanie: Caroline, you researched'));
    expect(own).toBeGreaterThanOrEqual(0);
    expect(echo).toBeGreaterThanOrEqual(0);
    // The lanes alone prefer the echo (it holds the question's words more often); the named speaker turns it round.
    expect(items[echo]!.why.rrf).toBeGreaterThan(items[own]!.why.rrf);
    expect(own).toBeLessThan(echo);
    expect(items[own]!.why.speaker_weight).toBe(1);
    expect(items[echo]!.why.speaker_weight).toBe(OTHER_SPEAKER_FACTOR);
  });

  it('weighs nothing when the question names neither participant', async () => {
    const items = await recall('Who researched adoption agencies?');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.why.speaker_weight).toBeUndefined();
  });
});
