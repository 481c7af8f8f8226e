// EngramStore through LangGraph's own store interface (put, get, search, delete, listNamespaces, batch) against
// the real Node server, and side by side with LangGraph's InMemoryStore to show that an app can switch stores.
import {
  type BaseStore,
  type GetOperation,
  InMemoryStore,
  InvalidNamespaceError,
  type PutOperation,
  type SearchOperation,
} from '@langchain/langgraph-checkpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngramClient, type EngramClient, EngramError } from '../../../src/client/index.ts';
import { EngramStore } from '../../../src/integrations/langgraph/index.ts';
import { startTestServer, type TestServer } from '../../support/node-server.ts';

let t: TestServer;
let store: EngramStore;
let client: EngramClient;

beforeAll(async () => {
  t = await startTestServer('langgraph');
  store = new EngramStore({ baseUrl: t.url, apiKey: t.apiKey });
  client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
});
afterAll(async () => {
  await t?.close();
});

describe('EngramStore', () => {
  it('puts and gets an item: namespace, key and value round-trip, dates are Dates', async () => {
    await store.put(['ada', 'preference', 'food'], 'lunch', { likes: 'sushi', spicy: false, level: 3 });
    const item = await store.get(['ada', 'preference', 'food'], 'lunch');
    expect(item).toMatchObject({
      namespace: ['ada', 'preference', 'food'],
      key: 'lunch',
      value: { likes: 'sushi', spicy: false, level: 3 },
    });
    expect(item?.createdAt).toBeInstanceOf(Date);
    expect(await store.get(['ada', 'preference', 'food'], 'dinner')).toBeNull();
    expect(await store.get(['ada', 'preference'], 'lunch')).toBeNull();

    // The mapping, seen from Engram: subject, kind from the second label, tags from the rest.
    const [memory] = (
      await client.list({ subject: 'ada', source_uri: 'langgraph:ada/preference/food#lunch' })
    ).items;
    expect(memory).toMatchObject({ subject: 'ada', kind: 'preference', tags: ['langgraph', 'food'] });
  });

  it('a put on an existing key supersedes it: one live version, creation date kept', async () => {
    await store.put(['ada', 'profile'], 'city', { name: 'Lisbon' });
    const first = await store.get(['ada', 'profile'], 'city');
    await store.put(['ada', 'profile'], 'city', { name: 'Porto' });
    const second = await store.get(['ada', 'profile'], 'city');
    expect(second?.value).toEqual({ name: 'Porto' });
    expect(second?.createdAt.toISOString()).toBe(first?.createdAt.toISOString());
    expect(second!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
    const versions = await client.list({
      subject: 'ada',
      source_uri: 'langgraph:ada/profile#city',
      include: ['superseded'],
    });
    expect(versions.items).toHaveLength(2);
    expect(versions.items.filter((m) => !m.superseded_by)).toHaveLength(1);
    // The same value again changes nothing.
    await store.put(['ada', 'profile'], 'city', { name: 'Porto' });
    expect(
      (
        await client.list({
          subject: 'ada',
          source_uri: 'langgraph:ada/profile#city',
          include: ['superseded'],
        })
      ).items,
    ).toHaveLength(2);
  });

  it('keeps two keys holding the same value apart (Engram dedupes by content)', async () => {
    await store.put(['ada', 'flags'], 'a', { on: true });
    await store.put(['ada', 'flags'], 'b', { on: true });
    expect((await store.get(['ada', 'flags'], 'a'))?.value).toEqual({ on: true });
    expect((await store.get(['ada', 'flags'], 'b'))?.value).toEqual({ on: true });
  });

  it('updates a field outside the indexed ones', async () => {
    const indexed = new EngramStore({ baseUrl: t.url, apiKey: t.apiKey, index: { fields: ['title'] } });
    await indexed.put(['ada', 'docs'], 'spec', { title: 'Engram spec', rev: 1 });
    await indexed.put(['ada', 'docs'], 'spec', { title: 'Engram spec', rev: 2 });
    expect((await indexed.get(['ada', 'docs'], 'spec'))?.value).toEqual({ title: 'Engram spec', rev: 2 });
  });

  it('deletes: get is null, search and recall no longer find it; deleting again is a no-op', async () => {
    await store.put(['ada', 'tmp'], 'gone', { note: 'temporary parking spot B12' });
    await store.delete(['ada', 'tmp'], 'gone');
    expect(await store.get(['ada', 'tmp'], 'gone')).toBeNull();
    expect(await store.search(['ada', 'tmp'])).toEqual([]);
    expect(await store.search(['ada'], { query: 'parking spot' })).not.toContainEqual(
      expect.objectContaining({ key: 'gone' }),
    );
    const recalled = await client.recall({ subject: 'ada', query: 'temporary parking spot' });
    expect(recalled.items.some((i) => i.content.includes('parking'))).toBe(false);
    await store.delete(['ada', 'tmp'], 'gone');
  });

  it('searches a prefix (label-exact) with filters, limit and offset', async () => {
    for (const [key, score] of [
      ['a', 1],
      ['b', 5],
      ['c', 9],
    ] as const) {
      await store.put(['bo', 'scores'], key, { score, kind: 'game' });
    }
    await store.put(['bo', 'scoresX'], 'z', { score: 7, kind: 'game' });
    const all = await store.search(['bo', 'scores']);
    expect(all.map((i) => i.key).sort()).toEqual(['a', 'b', 'c']);
    const high = await store.search(['bo', 'scores'], { filter: { score: { $gte: 5 }, kind: 'game' } });
    expect(high.map((i) => i.key).sort()).toEqual(['b', 'c']);
    const page = await store.search(['bo', 'scores'], { limit: 1, offset: 1 });
    expect(page).toHaveLength(1);
    expect(all.map((i) => i.key)).toContain(page[0]?.key);
    expect(page[0]?.key).toBe(all[1]?.key);
    expect((await store.search(['bo'])).map((i) => i.key).sort()).toEqual(['a', 'b', 'c', 'z']);
  });

  it('searches by meaning with a query: ranked by Engram recall, scores, filter applied', async () => {
    await store.put(['cy', 'notes'], 'tea', { text: 'Cy drinks jasmine tea every afternoon' });
    await store.put(['cy', 'notes'], 'bike', { text: 'Cy commutes by bicycle along the river' });
    await store.put(['cy', 'notes'], 'tea2', { text: 'Cy dislikes black tea with milk', mood: 'no' });
    const hits = await store.search(['cy', 'notes'], { query: 'jasmine tea afternoon' });
    expect(hits[0]?.key).toBe('tea');
    expect(hits[0]?.score).toEqual(expect.any(Number));
    expect(hits[0]?.value).toEqual({ text: 'Cy drinks jasmine tea every afternoon' });
    const filtered = await store.search(['cy', 'notes'], { query: 'tea', filter: { mood: 'no' } });
    expect(filtered.map((i) => i.key)).toEqual(['tea2']);
    // No subject in the prefix: every subject the store wrote to is recalled, the scores merged.
    const everywhere = await store.search([], { query: 'jasmine tea afternoon' });
    expect(everywhere[0]).toMatchObject({ namespace: ['cy', 'notes'], key: 'tea' });
  });

  it('keeps an item put with index: false, lists it, and never returns it for a query', async () => {
    await store.put(['eli', 'notes'], 'secret-recipe', { text: 'Eli bakes rye bread with caraway' }, false);
    await store.put(['eli', 'notes'], 'bread', { text: 'Eli buys rye bread on Mondays' });
    expect((await store.get(['eli', 'notes'], 'secret-recipe'))?.value).toEqual({
      text: 'Eli bakes rye bread with caraway',
    });
    expect((await store.search(['eli'])).map((i) => i.key).sort()).toEqual(['bread', 'secret-recipe']);
    const hits = await store.search(['eli'], { query: 'rye bread caraway' });
    expect(hits.map((i) => i.key)).toEqual(['bread']);
  });

  it('gives every put the ttl of its options, in minutes', async () => {
    const expiring = new EngramStore({ baseUrl: t.url, apiKey: t.apiKey, ttl: { defaultTtl: 30 } });
    const before = Date.now();
    await expiring.put(['fen'], 'note', { text: 'Fen parks on level 3 today' });
    const memory = (await client.list({ subject: 'fen' })).items[0];
    const expires = Date.parse(memory?.expires_at ?? '');
    expect(expires - before).toBeGreaterThanOrEqual(30 * 60_000 - 5_000);
    expect(expires - before).toBeLessThanOrEqual(30 * 60_000 + 60_000);
    expect(() => new EngramStore({ baseUrl: t.url, apiKey: t.apiKey, ttl: { defaultTtl: 0 } })).toThrow(
      RangeError,
    );
  });

  it('maps a per-user namespace to a subject: two users never share one', async () => {
    const perUser = new EngramStore({ baseUrl: t.url, apiKey: t.apiKey, subjectLabel: 1 });
    await perUser.put(['memories', 'user-gus'], 'diet', { text: 'vegetarian, no mushrooms' });
    await perUser.put(['memories', 'user-hal'], 'diet', { text: 'vegan, loves mushrooms' });
    expect((await client.list({ subject: 'user-gus' })).items.map((m) => m.source.uri)).toEqual([
      'langgraph:memories/user-gus#diet',
    ]);
    expect((await client.list({ subject: 'memories' })).items).toEqual([]);
    const gus = await perUser.search(['memories', 'user-gus'], { query: 'mushrooms' });
    expect(gus.map((i) => i.value)).toEqual([{ text: 'vegetarian, no mushrooms' }]);
    expect((await perUser.get(['memories', 'user-hal'], 'diet'))?.value).toEqual({
      text: 'vegan, loves mushrooms',
    });
  });

  it('lists namespaces with prefix, suffix, depth and paging', async () => {
    await store.put(['dee', 'prefs', 'food'], 'k', { v: 1 });
    await store.put(['dee', 'prefs', 'music'], 'k', { v: 2 });
    await store.put(['dee', 'notes'], 'k', { v: 3 });
    expect(await store.listNamespaces({ prefix: ['dee'] })).toEqual([
      ['dee', 'notes'],
      ['dee', 'prefs', 'food'],
      ['dee', 'prefs', 'music'],
    ]);
    expect(await store.listNamespaces({ prefix: ['dee'], maxDepth: 2 })).toEqual([
      ['dee', 'notes'],
      ['dee', 'prefs'],
    ]);
    expect(await store.listNamespaces({ prefix: ['*', 'prefs'], suffix: ['music'] })).toEqual([
      ['dee', 'prefs', 'music'],
    ]);
    expect(await store.listNamespaces({ prefix: ['dee'], limit: 1, offset: 1 })).toEqual([
      ['dee', 'prefs', 'food'],
    ]);
  });

  it('runs a batch in order: a get after a put sees it', async () => {
    const put: PutOperation = { namespace: ['eve'], key: 'k', value: { n: 1 } };
    const get: GetOperation = { namespace: ['eve'], key: 'k' };
    const search: SearchOperation = { namespacePrefix: ['eve'], limit: 10, offset: 0 };
    const [done, got, found] = await store.batch<[PutOperation, GetOperation, SearchOperation]>([
      put,
      get,
      search,
    ]);
    expect(done).toBeUndefined();
    expect(got?.value).toEqual({ n: 1 });
    expect(found.map((i) => i.key)).toEqual(['k']);
  });

  it('refuses invalid namespaces and lets the write gate refuse secrets', async () => {
    await expect(store.put([], 'k', { v: 1 })).rejects.toBeInstanceOf(InvalidNamespaceError);
    await expect(store.put(['langgraph'], 'k', { v: 1 })).rejects.toBeInstanceOf(InvalidNamespaceError);
    await expect(store.put(['x'.repeat(201)], 'k', { v: 1 })).rejects.toBeInstanceOf(InvalidNamespaceError);
    const refused = await store
      .put(['ada', 'secrets'], 'aws', {
        key: 'AKIAIOSFODNN7EXAMPLE',
        secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EngramError);
    expect((refused as EngramError).code).toBe('rejected_by_gate');
  });

  it("another tenant's store sees none of it", async () => {
    const other = new EngramStore({ baseUrl: t.url, apiKey: await t.newTenant('lg-other') });
    expect(await other.get(['ada', 'preference', 'food'], 'lunch')).toBeNull();
    expect(await other.search(['ada'])).toEqual([]);
    expect(await other.listNamespaces()).toEqual([]);
  });
});

describe('switching from LangGraph InMemoryStore to EngramStore', () => {
  /** One app's use of a store; only the constructor differs between the two runs. */
  async function scenario(s: BaseStore) {
    await s.put(['fay', 'prefs'], 'drink', { value: 'coffee', strength: 2 });
    await s.put(['fay', 'prefs'], 'food', { value: 'ramen', strength: 5 });
    await s.put(['fay', 'prefs'], 'drink', { value: 'tea', strength: 3 });
    await s.put(['fay', 'todo'], 'today', { value: 'call the bank', strength: 1 });
    await s.delete(['fay', 'todo'], 'today');
    const get = (await s.get(['fay', 'prefs'], 'drink'))?.value;
    const strong = (await s.search(['fay'], { filter: { strength: { $gte: 3 } } })).map((i) => i.key).sort();
    const namespaces = await s.listNamespaces({ prefix: ['fay'] });
    return { get, strong, namespaces };
  }

  it('gives the same answers', async () => {
    const expected = await scenario(new InMemoryStore());
    expect(expected.strong).toEqual(['drink', 'food']);
    expect(await scenario(new EngramStore({ baseUrl: t.url, apiKey: t.apiKey }))).toEqual({
      ...expected,
      // InMemoryStore keeps a namespace whose last item was deleted; Engram lists namespaces of live items only.
      namespaces: expected.namespaces.filter((ns) => ns.join('/') !== 'fay/todo'),
    });
  });
});
