// recall_candidates' key lane (issue 13): the subject's live memories under the keys a slot question names are
// candidates whatever the lanes find, newest first, with their key rank on the row and weight in the one fusion;
// another subject's, a revoked, a superseded or a filtered-out memory never comes back, and without keys the rows
// are the ones recall_candidates gave before. On every backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecallQuery } from '../../src/ports/store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('the key lane of recall_candidates on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let t: { id: string; key: string };
  const scope = () => ({ tenantId: t.id, actor: 'test' });
  const ids: Record<string, string> = {};

  const remember = async (content: string, extra: Record<string, unknown> = {}, subject = 'dana') => {
    const res = await h.call('POST', '/v1/memories', {
      key: t.key,
      body: { subject, kind: 'fact', content, ...extra },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { memory: { id: string } }).memory.id;
  };

  const query = async (text: string, keys?: string[]): Promise<RecallQuery> => ({
    subject: 'dana',
    query: text,
    mode: 'hybrid',
    candidates: 5,
    vector: { model: h.embedder.model, vector: await h.embedder.embedQuery(text) },
    weights: { vector: 0.5, lexical: 1, durableVector: 1, durableLexical: 1, k: 5 },
    ...(keys ? { keys } : {}),
  });

  beforeAll(async () => {
    database = await open('keylane');
    h = await createHarness(database);
    t = await h.tenant('acme');
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8])
      await remember(`Dana: what is the title of chapter ${n}? I love that title`, { kind: 'episode' });
    // Distinct keys: a key is a slot, so a second memory under "job" would supersede the first.
    ids.old = await remember('Junior account executive at a print shop', { key: 'work' });
    ids.job = await remember('Regional sales manager for the Midwest', { key: 'job' });
    ids.employer = await remember('Employed by Medtronic', { key: 'employer:name' });
    ids.revoked = await remember('Night porter at a hotel', { key: 'title' });
    ids.lunch = await remember('Eats lunch at noon', { key: 'lunch' });
    ids.other = await remember('Chef at a bistro', { key: 'job' }, 'sam');
    const res = await h.call('POST', `/v1/memories/${ids.revoked}/revoke`, {
      key: t.key,
      body: { reason: 'left that job' },
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('adds the live memories under the keys, newest first, with their key rank and weight', async () => {
    const asked = await query('What is my title?', ['job', 'employer', 'work', 'title']);
    const rows = await h.store.withTenant(scope(), (tx) => tx.recallCandidates(asked));
    const keyed = rows.filter((r) => r.key_rank !== null).sort((a, b) => a.key_rank! - b.key_rank!);
    // "job" and "work" as written, "employer:name" by its family; not the revoked one, not lunch, not another
    // subject's.
    expect(keyed.map((r) => r.id)).toEqual([ids.employer, ids.job, ids.old].map((id) => id!));
    expect(keyed.map((r) => r.key_rank)).toEqual([1, 2, 3]);
    // The key lane's weight (2 / (k + rank)) puts its first two above the chat turns that share the words "what",
    // "is" and "title" in both lanes.
    expect(rows.slice(0, 2).map((r) => r.id)).toEqual([ids.employer, ids.job]);
    const turn = rows.find((r) => r.kind === 'episode')!;
    expect(turn.key_rank).toBeNull();
    expect(keyed[0]!.rrf).toBeGreaterThan(turn.rrf);
  });

  it('gives the rows of before without keys, and obeys the filters', async () => {
    const asked = await query('What is my title?');
    const plain = await h.store.withTenant(scope(), (tx) => tx.recallCandidates(asked));
    const empty = await h.store.withTenant(scope(), (tx) => tx.recallCandidates({ ...asked, keys: [] }));
    expect(plain.every((r) => r.key_rank === null)).toBe(true);
    expect(empty).toEqual(plain);
    const onlyEpisodes = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({ ...asked, keys: ['job'], kinds: ['episode'] }),
    );
    expect(onlyEpisodes.some((r) => r.key_rank !== null)).toBe(false);
    // A lexical recall (degraded, or asked for) has the key lane too: it needs no vector.
    const lexical = await h.store.withTenant(scope(), (tx) =>
      tx.recallCandidates({ ...asked, keys: ['job', 'work'], mode: 'lexical', vector: undefined }),
    );
    expect(lexical.filter((r) => r.key_rank !== null).map((r) => r.id)).toEqual([ids.job, ids.old]);
  });
});
