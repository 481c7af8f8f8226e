// A query the embedder cannot place in its space (the local model and CJK words it lacks) gets no vector-lane
// evidence: recall answers from the lexical lane and says why, instead of ranking chance similarities.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.ts';
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import { withTimeout } from '../../src/embedding/with-timeout.ts';
import { hasCjk } from '../../src/language/scripts.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('out-of-vocabulary queries on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let key: string;

  beforeAll(async () => {
    database = await open('oov');
    // The harness's model, told (as the local model is) that it knows no CJK word; English only.
    const embedder = {
      ...withTimeout(createDeterministicEmbedder({ dimensions: 64 }), {
        timeoutMs: 1000,
        logger: silentLogger,
      }),
      languages: ['en'],
      knows: (text: string) => !hasCjk(text) || /[a-z]/i.test(text),
    };
    h = await createHarness(database, { threshold: -1, parts: { embedder } });
    key = (await h.tenant('acme')).key;
    for (const content of ['我对花生过敏，吃了会起疹子', '我不吃香菜', 'I run on Sundays']) {
      const res = await h.call('POST', '/v1/memories', {
        key,
        body: { subject: 'sam', kind: 'fact', content },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => database.drop());

  const recall = async (query: string) => {
    const res = await h.call('POST', '/v1/recall', { key, body: { subject: 'sam', query, explain: true } });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      items: { content: string; why: { lanes: string[] } }[];
      degraded: { reason: string; lanes: string[] } | null;
    };
  };

  it('a CJK query the model cannot read uses no vector evidence, and says so', async () => {
    const out = await recall('今天天气怎么样');
    expect(out.degraded).toEqual({ reason: 'query_out_of_vocabulary', lanes: ['lexical'] });
    // With a threshold of -1 every memory would have come back through the vector lane.
    expect(out.items.every((i) => !i.why.lanes.includes('vector'))).toBe(true);
  });

  it('an English query keeps the vector lane', async () => {
    const out = await recall('when do I go running');
    expect(out.degraded).toBeNull();
    expect(out.items.some((i) => i.why.lanes.includes('vector'))).toBe(true);
  });

  it('/readyz names the embedder and says it is English only', async () => {
    const res = await h.call('GET', '/readyz');
    const body = (await res.json()) as { checks: Record<string, string> };
    expect(body.checks.embedder).toMatch(/^fake\//);
    expect(body.checks.embedder_languages).toBe('en');
  });
});
