// Operations through the real app on every backend: GET /metrics (recall latency, degradations, filter drops,
// gate rejections, the embedding backlog, feedback and the unused rate) and POST /v1/recalls/{id}/feedback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier } from '../../src/auth/jwt.ts';
import { METRIC_NAMES } from '../../src/metrics/prometheus-sink.ts';
import { runSweep } from '../../src/services/sweep.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';
import { signHs256, TEST_JWT_SECRET, userClaims } from '../support/jwt-tokens.ts';
import { samples } from '../support/prometheus-samples.ts';

interface RecallBody {
  items: { id: string }[];
  rules: { id: string }[];
  recall_id: string;
  degraded: { reason: string } | null;
}

describe.each(backends)('operations on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let a: { id: string; key: string };
  let b: { id: string; key: string };

  beforeAll(async () => {
    database = await open('ops');
    h = await createHarness(database, { parts: { jwt: createJwtVerifier({ secret: TEST_JWT_SECRET }) } });
    a = await h.tenant('acme');
    b = await h.tenant('globex');
    for (const content of [
      'sam drinks green tea every morning',
      'sam likes tea with honey',
      'sam owns a red bike',
    ]) {
      const res = await h.call('POST', '/v1/memories', {
        key: a.key,
        body: { kind: 'fact', subject: 'sam', content },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await database.drop();
  });

  const metrics = async () => {
    const res = await h.call('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const recall = async (query: string, key = a.key) => {
    const res = await h.call('POST', '/v1/recall', { key, body: { subject: 'sam', query } });
    expect(res.status).toBe(200);
    return (await res.json()) as RecallBody;
  };
  /** The recall event is written after the answer (deferred bookkeeping): retry briefly while it lands. */
  const feedback = async (recallId: string, used: unknown, key = a.key, wait = key === a.key) => {
    for (let attempt = 0; ; attempt++) {
      const res = await h.call('POST', `/v1/recalls/${recallId}/feedback`, { key, body: { used } });
      if (res.status !== 404 || attempt >= 40 || !wait) return res;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('records recall latency, degradations by reason and returned items', async () => {
    const before = samples(await metrics());
    await recall('what does sam drink');
    h.embedder.setFault({ failWith: 'timeout' });
    const degraded = await recall('what does sam drink');
    h.embedder.setFault(null);
    expect(degraded.degraded?.reason).toBe('embedding_timeout');
    const after = samples(await metrics());
    const count = (s: Map<string, number>, key: string) => s.get(key) ?? 0;
    expect(count(after, `${METRIC_NAMES.recallDuration}_count{mode="hybrid"}`)).toBe(
      count(before, `${METRIC_NAMES.recallDuration}_count{mode="hybrid"}`) + 1,
    );
    expect(count(after, `${METRIC_NAMES.recallDuration}_count{mode="lexical"}`)).toBe(
      count(before, `${METRIC_NAMES.recallDuration}_count{mode="lexical"}`) + 1,
    );
    expect(count(after, `${METRIC_NAMES.recallDegraded}{reason="embedding_timeout"}`)).toBe(
      count(before, `${METRIC_NAMES.recallDegraded}{reason="embedding_timeout"}`) + 1,
    );
    expect(count(after, METRIC_NAMES.recallReturned)).toBeGreaterThan(
      count(before, METRIC_NAMES.recallReturned),
    );
  });

  it('counts gate rejections by reason and the pending-embedding backlog', async () => {
    const rejected = await h.call('POST', '/v1/memories', {
      key: a.key,
      // Split so that this file itself does not look like a key to scanners.
      body: {
        kind: 'fact',
        subject: 'sam',
        content: `deploy key ${'-----BEGIN '}RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA`,
      },
    });
    expect(rejected.status).toBe(422);
    const reasons = ((await rejected.json()) as { error: { details: { reasons: { code: string }[] } } }).error
      .details.reasons;
    const backlogBefore = samples(await metrics()).get(METRIC_NAMES.embeddingBacklog) ?? 0;
    h.embedder.setFault({ failWith: 'error' });
    const pending = await h.call('POST', '/v1/memories', {
      key: b.key,
      body: { kind: 'fact', subject: 'kim', content: 'kim waits for a vector' },
    });
    h.embedder.setFault(null);
    expect(pending.status).toBe(201);
    const s = samples(await metrics());
    for (const { code } of reasons) expect(s.get(`${METRIC_NAMES.gateRejections}{reason="${code}"}`)).toBe(1);
    expect(s.get(METRIC_NAMES.embeddingBacklog)).toBe(backlogBefore + 1);
  });

  it('feedback keeps returned ids only, merges repeats, and drives the unused rate', async () => {
    const recalled = await recall('tea');
    const returned = [...recalled.items, ...recalled.rules].map((i) => i.id);
    expect(returned.length).toBeGreaterThan(1);
    const stranger = crypto.randomUUID();
    const first = await feedback(recalled.recall_id, [returned[0], stranger]);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ recall_id: recalled.recall_id, used: 1, ignored: 1 });
    const again = await feedback(recalled.recall_id, [returned[0]]);
    expect(await again.json()).toEqual({ recall_id: recalled.recall_id, used: 1, ignored: 0 });
    const s = samples(await metrics());
    expect(s.get(METRIC_NAMES.feedbackReturned)).toBe(returned.length);
    expect(s.get(METRIC_NAMES.feedbackUsed)).toBe(1);
    expect(s.get(METRIC_NAMES.unusedRatio)).toBeCloseTo(1 - 1 / returned.length);
    expect(s.get(`${METRIC_NAMES.feedback}{first="false"}`)).toBe(1);
  });

  it("feedback on another tenant's or another subject's recall is 404; bad ids and bodies are 400", async () => {
    const recalled = await recall('bike');
    expect((await feedback(recalled.recall_id, [])).status).toBe(200);
    const cross = await feedback(recalled.recall_id, [], b.key);
    expect(cross.status).toBe(404);
    expect(await cross.json()).toEqual({ error: { code: 'not_found', message: 'recall not found' } });
    const otherUser = await signHs256(userClaims('not-sam', a.id));
    expect((await feedback(recalled.recall_id, [], otherUser)).status).toBe(404);
    const sam = await signHs256(userClaims('sam', a.id));
    expect((await feedback(recalled.recall_id, [], sam)).status).toBe(200);
    expect((await feedback(crypto.randomUUID(), [], a.key, false)).status).toBe(404);
    expect(
      (await h.call('POST', '/v1/recalls/nope/feedback', { key: a.key, body: { used: [] } })).status,
    ).toBe(400);
    expect((await feedback(recalled.recall_id, ['not-a-uuid'])).status).toBe(400);
    const tooMany = Array.from({ length: 201 }, () => crypto.randomUUID());
    expect((await feedback(recalled.recall_id, tooMany)).status).toBe(400);
  });

  it('feedback finds a recall whose event another process writes just after the answer', async () => {
    // Another process (or Worker isolate) answered this recall; its bookkeeping lands 80 ms later.
    const recallId = crypto.randomUUID();
    const late = new Promise((resolve) => setTimeout(resolve, 80)).then(() =>
      h.store.withTenant({ tenantId: a.id, actor: 'api_key:other-process' }, (tx) =>
        tx.recordRecalls([{ recallId, subject: 'sam', returned: [] }]),
      ),
    );
    const res = await h.call('POST', `/v1/recalls/${recallId}/feedback`, { key: a.key, body: { used: [] } });
    await late;
    expect(res.status).toBe(200);
    // Past the grace it is a 404, as before.
    const unknown = await h.call('POST', `/v1/recalls/${crypto.randomUUID()}/feedback`, {
      key: a.key,
      body: { used: [] },
    });
    expect(unknown.status).toBe(404);
  });

  it('erasing a subject deletes its recall events; erasures and sweeps are counted', async () => {
    const stored = await h.call('POST', '/v1/memories', {
      key: a.key,
      body: { kind: 'fact', subject: 'zed', content: 'zed rides a tandem' },
    });
    expect(stored.status).toBe(201);
    const res = await h.call('POST', '/v1/recall', { key: a.key, body: { subject: 'zed', query: 'tandem' } });
    const { recall_id } = (await res.json()) as RecallBody;
    expect((await feedback(recall_id, [])).status).toBe(200);
    expect((await h.call('DELETE', '/v1/subjects/zed', { key: a.key })).status).toBe(200);
    expect((await feedback(recall_id, [], a.key, false)).status).toBe(404);
    const { rows } = await database.db.query<{ n: number }>(
      "select count(*)::integer as n from engram.recall_events where subject = 'zed'",
    );
    expect(rows[0]?.n).toBe(0);
    await runSweep(h.store, { metrics: h.engram.metrics });
    const s = samples(await metrics());
    expect(s.get(`${METRIC_NAMES.eraseRuns}{scope="subject"}`)).toBe(1);
    expect(s.get(`${METRIC_NAMES.eraseRows}{scope="subject",kind="memories"}`)).toBe(1);
    expect(s.get(`${METRIC_NAMES.eraseDuration}_count{scope="subject"}`)).toBe(1);
    expect(s.get(METRIC_NAMES.sweepRuns)).toBe(1);
  });

  it('the metrics text carries no content, subjects, tenant ids or keys', async () => {
    const text = await metrics();
    for (const secret of [
      'green tea',
      'honey',
      'sam',
      'kim',
      'zed',
      'tandem',
      'PRIVATE',
      'MIIE',
      a.id,
      b.id,
      a.key,
      b.key,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
