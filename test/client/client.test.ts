// The typed client against the real Node server over real HTTP: every implemented endpoint, the typed errors,
// retries (only where safe, never on a 4xx, one memory for a retried write) and abort signals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngramClient, EngramError, type FetchLike } from '../../src/client/index.ts';
import { startTestServer, type TestServer } from '../support/node-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('client');
});
afterAll(async () => {
  await t?.close();
});

/** A fetch that counts attempts and lets a test break chosen ones. */
function flakyFetch(
  breakAttempt: (n: number, init: RequestInit) => 'drop-response' | '503' | 'throw' | 'ok',
) {
  const seen: { method: string; headers: Record<string, string> }[] = [];
  const impl: FetchLike = async (input, init) => {
    seen.push({ method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) } });
    const what = breakAttempt(seen.length, init);
    if (what === 'throw') throw new TypeError('fetch failed');
    if (what === '503') return new Response('upstream down', { status: 503 });
    const response = await fetch(input, init);
    // The server did the work, but the answer is lost on the way back.
    if (what === 'drop-response') throw new TypeError('socket hang up');
    return response;
  };
  return { impl, seen };
}

const fast = { retries: 3, baseDelayMs: 1, maxDelayMs: 5 };

describe('client over HTTP', () => {
  it('remembers, gets, lists, recalls with the explanation, revokes; recall then never returns it', async () => {
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    const stored = await client.remember({
      subject: 'ada',
      kind: 'preference',
      content: 'Ada prefers green tea in the morning',
    });
    expect(stored.gate.decision).toBe('accepted');
    expect(stored.memory).toMatchObject({
      subject: 'ada',
      kind: 'preference',
      embedding: { status: 'ready' },
    });
    const other = await client.remember({ subject: 'ada', kind: 'fact', content: 'Ada lives in Lisbon' });

    const again = await client.remember({
      subject: 'ada',
      kind: 'preference',
      content: 'Ada prefers green tea in the morning',
    });
    expect(again.gate.decision).toBe('duplicate');
    expect(again.memory.id).toBe(stored.memory.id);

    const got = await client.get(stored.memory.id);
    expect(got.content).toBe('Ada prefers green tea in the morning');
    expect(got.chain).toEqual({ older: [], newer: [] });

    const page = await client.list({ subject: 'ada' });
    expect(page.items.map((m) => m.id).sort()).toEqual([stored.memory.id, other.memory.id].sort());

    const recalled = await client.recall({
      subject: 'ada',
      query: 'what tea does Ada drink?',
      explain: true,
    });
    const hit = recalled.items.find((i) => i.id === stored.memory.id);
    expect(hit?.why?.lanes).toContain('lexical');
    expect(hit?.why?.vector_similarity).toEqual(expect.any(Number));
    expect(recalled.context).toContain(stored.memory.id);

    const revoked = await client.revoke(stored.memory.id, 'user asked');
    expect(revoked.memory).toMatchObject({ revoked_reason: 'user asked', revoked_at: expect.any(String) });
    const after = await client.recall({ subject: 'ada', query: 'what tea does Ada drink?' });
    expect(after.items.map((i) => i.id)).not.toContain(stored.memory.id);
    expect((await client.list({ subject: 'ada' })).items.map((m) => m.id)).toEqual([other.memory.id]);
    const withRevoked = await client.list({ subject: 'ada', include: ['revoked'] });
    expect(withRevoked.items.map((m) => m.id)).toContain(stored.memory.id);
  });

  it('pages through everything with listAll', async () => {
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      ids.push(
        (await client.remember({ subject: 'pager', kind: 'fact', content: `page fact number ${n}` })).memory
          .id,
      );
    }
    const seen: string[] = [];
    for await (const memory of client.listAll({ subject: 'pager', limit: 2 })) seen.push(memory.id);
    expect(seen).toEqual([...ids].reverse());
  });

  it('raises EngramError with the API code, status and details', async () => {
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, retries: 0 });
    const rejected = await client
      .remember({
        subject: 'ada',
        kind: 'fact',
        content: 'my key is AKIAIOSFODNN7EXAMPLE with secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      })
      .catch((e: unknown) => e);
    expect(rejected).toBeInstanceOf(EngramError);
    expect(rejected).toMatchObject({ code: 'rejected_by_gate', status: 422 });
    const reasons = (rejected as EngramError).details?.reasons as { code: string }[];
    expect(reasons.map((r) => r.code).some((c) => c.startsWith('secret.'))).toBe(true);

    await expect(client.get(crypto.randomUUID())).rejects.toMatchObject({ code: 'not_found', status: 404 });
    const invalid = (await client
      .recall({ subject: 'ada', query: '' })
      .catch((e: unknown) => e)) as EngramError;
    expect(invalid).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(invalid.details?.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'query' })]),
    );
    expect(invalid.requestId).toEqual(expect.any(String));

    const stranger = createEngramClient({ baseUrl: t.url, apiKey: 'egm_not_a_real_key_000000000000' });
    await expect(stranger.list()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('replaces a memory: both versions linked, recall finds only the new one, the audit trail tells it', async () => {
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    const { memory: old } = await client.remember({
      subject: 'cy',
      kind: 'fact',
      content: 'Cy lives in Madrid',
    });
    const replaced = await client.replace(old.id, { content: 'Cy lives in Valencia', reason: 'moved' });
    expect(replaced.replaced.id).toBe(old.id);
    expect(replaced.memory).toMatchObject({
      content: 'Cy lives in Valencia',
      supersedes: old.id,
      kind: 'fact',
    });
    expect((await client.get(old.id)).superseded_by).toBe(replaced.memory.id);
    const recalled = await client.recall({ subject: 'cy', query: 'where does Cy live?' });
    expect(recalled.items.map((i) => i.id)).toEqual([replaced.memory.id]);
    // Replacing a superseded version again is a conflict, and never retried.
    await expect(client.replace(old.id, { content: 'Cy lives in Seville' })).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
    });

    const trail = await client.audit({ memory_id: old.id });
    expect(trail.items.map((e) => e.action)).toEqual(['write', 'replace']);
    expect(trail.items[1]).toMatchObject({ reason: 'moved', related_ids: [replaced.memory.id] });
    expect(trail.items.every((e) => e.memory_id === old.id)).toBe(true);
    expect(JSON.stringify(trail)).not.toContain('Madrid');
    const bySubject = await client.audit({ subject: 'cy', limit: 1 });
    expect(bySubject.items).toHaveLength(1);
    expect(bySubject.next_cursor).toEqual(expect.any(String));
  });

  it('erases a subject and says how much; a second erase finds nothing', async () => {
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    await client.remember({ subject: 'gone', kind: 'fact', content: 'Gone likes jazz' });
    await client.remember({ subject: 'gone', kind: 'fact', content: 'Gone plays the cello' });
    const erased = await client.eraseSubject('gone');
    expect(erased.erased).toMatchObject({ memories: 2, embeddings: 2 });
    expect(erased.receipt_id).toEqual(expect.any(String));
    expect(
      (await client.list({ subject: 'gone', include: ['revoked', 'superseded', 'expired'] })).items,
    ).toEqual([]);
    expect((await client.eraseSubject('gone')).erased.memories).toBe(0);
  });

  it("keeps tenants apart: another tenant's id is not_found", async () => {
    const mine = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    const theirs = createEngramClient({ baseUrl: t.url, apiKey: await t.newTenant('other-co') });
    const { memory } = await mine.remember({
      subject: 'ada',
      kind: 'fact',
      content: 'Ada owns a red bicycle',
    });
    await expect(theirs.get(memory.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(theirs.revoke(memory.id, 'x')).rejects.toMatchObject({ code: 'not_found' });
    expect((await theirs.list({ subject: 'ada' })).items).toEqual([]);
  });
});

describe('retries', () => {
  it('a write whose answer was lost is retried with the same idempotency key and stored once', async () => {
    const { impl, seen } = flakyFetch((n) => (n === 1 ? 'drop-response' : 'ok'));
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, fetch: impl, retries: fast });
    const result = await client.remember({
      subject: 'retry',
      kind: 'fact',
      content: 'Retried writes are stored once',
    });
    expect(seen).toHaveLength(2);
    const key = seen[0]?.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]?.headers['idempotency-key']).toBe(key);
    // The second attempt found the first one's row through the key.
    expect(result.gate.decision).toBe('duplicate');
    const direct = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    expect((await direct.list({ subject: 'retry' })).items.map((m) => m.id)).toEqual([result.memory.id]);
  });

  it('each logical call gets its own key; retries off sends none and does not retry', async () => {
    const { impl, seen } = flakyFetch(() => 'ok');
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, fetch: impl, retries: fast });
    await client.remember({ subject: 'keys', kind: 'fact', content: 'first keyed write' });
    await client.remember({ subject: 'keys', kind: 'fact', content: 'second keyed write' });
    expect(seen[0]?.headers['idempotency-key']).not.toBe(seen[1]?.headers['idempotency-key']);

    const broken = flakyFetch(() => 'throw');
    const noRetry = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, fetch: broken.impl, retries: 0 });
    await expect(
      noRetry.remember({ subject: 'keys', kind: 'fact', content: 'never sent' }),
    ).rejects.toMatchObject({
      code: 'network_error',
      status: 0,
    });
    expect(broken.seen).toHaveLength(1);
    expect(broken.seen[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('retries a GET after a 503 and a network error, with backoff, up to the limit', async () => {
    const { impl, seen } = flakyFetch((n) => (n === 1 ? '503' : n === 2 ? 'throw' : 'ok'));
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, fetch: impl, retries: fast });
    expect((await client.list({ subject: 'nobody' })).items).toEqual([]);
    expect(seen).toHaveLength(3);

    const down = flakyFetch(() => '503');
    const giveUp = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, fetch: down.impl, retries: fast });
    await expect(giveUp.list()).rejects.toMatchObject({ code: 'unavailable', status: 503 });
    expect(down.seen).toHaveLength(4);
  });

  it('never retries a 4xx', async () => {
    const { impl, seen } = flakyFetch(() => 'ok');
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, fetch: impl, retries: fast });
    await expect(client.get(crypto.randomUUID())).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      client.remember({ subject: 'ada', kind: 'rule', content: 'a rule without trigger' }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(seen).toHaveLength(2);
  });

  it('never retries a write that has no idempotency key (replace, ingest)', async () => {
    const { impl, seen } = flakyFetch(() => 'throw');
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, fetch: impl, retries: fast });
    await expect(client.replace(crypto.randomUUID(), { content: 'new text' })).rejects.toMatchObject({
      code: 'network_error',
    });
    await expect(client.ingest({ subject: 'a', session: 's', messages: [] })).rejects.toMatchObject({
      code: 'network_error',
    });
    expect(seen).toHaveLength(2);
  });
});

describe('abort signals', () => {
  it('an aborted signal rejects at once with its reason, and never reaches the server', async () => {
    const { impl, seen } = flakyFetch(() => 'ok');
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, fetch: impl });
    const reason = new DOMException('user left', 'AbortError');
    await expect(client.list({}, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(seen).toHaveLength(0);
  });

  it('aborting during the wait between retries stops at once, without another attempt', async () => {
    const { impl, seen } = flakyFetch(() => '503');
    const client = createEngramClient({
      baseUrl: t.url,
      apiKey: t.apiKey,
      fetch: impl,
      retries: { retries: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 },
      random: () => 1,
    });
    const controller = new AbortController();
    const started = Date.now();
    const pending = client.get(crypto.randomUUID(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(seen).toHaveLength(1);
  });

  it('aborting an in-flight request aborts the fetch itself', async () => {
    const client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
    const controller = new AbortController();
    const pending = client.recall(
      { subject: 'ada', query: 'anything at all' },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
