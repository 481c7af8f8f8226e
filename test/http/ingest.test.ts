// POST /v1/ingest through the real app on every backend: turns become episodes, their neighbours and their day
// are searchable but never returned, a rejected turn leaks into no neighbour, and bad input stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateWrite } from '../../src/gate/index.ts';
import type { WriteGate } from '../../src/ports/gate.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface RecallBody {
  items: { id: string; content: string; kind: string }[];
}

describe.each(backends)('ingest on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let t: { id: string; key: string };
  let items: { id: string | null; status: string; reasons?: { code: string }[] }[];

  const lexical = async (query: string) => {
    const res = await h.call('POST', '/v1/recall', {
      key: t.key,
      body: { subject: 'ann', query, mode: 'lexical', limit: 10, budget: { max_items: 10 } },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as RecallBody).items;
  };

  beforeAll(async () => {
    database = await open('ingest');
    h = await createHarness(database);
    t = await h.tenant('acme');
    const res = await h.call('POST', '/v1/ingest', {
      key: t.key,
      body: {
        subject: 'ann',
        session: 'session_1',
        messages: [
          { speaker: 'Ann', text: 'I finally adopted a greyhound', at: '2023-05-08T13:56:00Z', id: 'D1:1' },
          {
            speaker: 'Bo',
            text: 'Congratulations, what is her name?',
            at: '2023-05-08T13:57:00Z',
            id: 'D1:2',
          },
          { speaker: 'Ann', text: 'Her name is Pepper', at: '2023-05-08T13:58:00Z', id: 'D1:3' },
          {
            speaker: 'Ann',
            text: 'my key is AKIAIOSFODNN7EXAMPLE with secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
            id: 'D1:4',
          },
          { speaker: 'Bo', text: 'Lovely walk by the marina today', at: '2023-05-08T14:00:00Z', id: 'D1:5' },
        ],
      },
    });
    expect(res.status).toBe(200);
    items = ((await res.json()) as { items: typeof items }).items;
  });
  afterAll(async () => {
    await database.drop();
  });

  it('answers one item per message, in order, and rejects the turn holding a credential', () => {
    expect(items.map((i) => i.status)).toEqual(['created', 'created', 'created', 'rejected', 'created']);
    expect(items[3]!.id).toBeNull();
    expect(items[3]!.reasons?.[0]?.code).toMatch(/^secret\./);
  });

  it('stores each turn as an episode with the speaker, and returns only the turn, never its context', async () => {
    const found = await lexical('Pepper');
    expect(found[0]).toMatchObject({ id: items[2]!.id, kind: 'episode', content: 'Ann: Her name is Pepper' });
  });

  it('finds a turn by words of its neighbours, ranked below the turn that says them', async () => {
    const found = (await lexical('greyhound')).map((i) => i.id);
    expect(found[0]).toBe(items[0]!.id);
    // "What is her name?" is next to the greyhound turn: a question about the dog's name can reach it.
    expect(found).toContain(items[1]!.id);
  });

  it("indexes the neighbours' words, not their speakers: a name finds only that speaker's turns", async () => {
    const found = (await lexical('Bo')).map((i) => i.id);
    expect(found.sort()).toEqual([items[1]!.id, items[4]!.id].sort());
  });

  it('finds the turns of a day by the date in words', async () => {
    const found = (await lexical('what happened on May 8, 2023')).map((i) => i.id);
    expect(found).toEqual(expect.arrayContaining([items[0]!.id, items[1]!.id, items[2]!.id, items[4]!.id]));
  });

  it('keeps a rejected turn out of its neighbours: its words find nothing', async () => {
    expect(await lexical('AKIAIOSFODNN7EXAMPLE')).toEqual([]);
  });

  it('answers 400 for a bad message and stores none of the batch', async () => {
    const before = await lexical('zeppelin');
    const res = await h.call('POST', '/v1/ingest', {
      key: t.key,
      body: {
        subject: 'ann',
        session: 's2',
        messages: [
          { speaker: 'Ann', text: 'a zeppelin flew over' },
          { speaker: 'Bo', text: 'wow', at: 'not a date' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
    expect(await lexical('zeppelin')).toEqual(before);
    expect(before).toEqual([]);
  });

  it('runs the write gate once per turn', async () => {
    let calls = 0;
    const counting: WriteGate = (input, caller, options) => {
      calls += 1;
      return evaluateWrite(input, caller, options);
    };
    const counted = await createHarness(database, { parts: { gate: counting } });
    const res = await counted.call('POST', '/v1/ingest', {
      key: t.key,
      body: {
        subject: 'cal',
        session: 's3',
        messages: [
          { speaker: 'Cal', text: 'I moved to Lisbon last spring' },
          { speaker: 'Di', text: 'How do you like the trams?' },
          { speaker: 'Cal', text: 'They are loud but lovely' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(calls).toBe(3);
  });
});
