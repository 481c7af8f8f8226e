// POST /v1/ingest with extraction, through the real app on every backend: the offline extractor (the embedded
// default) and the model extractor against a local OpenAI-compatible server (delays, 500s, malformed JSON), every
// proposal's outcome, consolidation of what chat teaches (duplicates, merges, Berlin -> Munich, vegetarian -> vegan),
// the pending extraction a timeout leaves and the job that retries it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResponse, Memory } from '../../src/contract/index.ts';
import { silentLogger } from '../../src/core/logger.ts';
import { createExtractor } from '../../src/extract/factory.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import { embeddingTextOf } from '../../src/ports/embedder.ts';
import type { Extractor } from '../../src/ports/extractor.ts';
import { runExtractPending } from '../../src/services/extract-pending.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../support/fake-openai-server.ts';
import { createHarness, type Harness } from '../support/harness.ts';

const offline = createExtractor({ provider: 'offline', timeoutMs: 8000 }, { logger: silentLogger });

/** One extracted item in the wire shape a chat model answers (every field, nulls where absent). */
function item(content: string, turns: number[], extra: Record<string, unknown> = {}) {
  return {
    kind: 'preference',
    content,
    key: null,
    facet: null,
    polarity: null,
    trigger: null,
    tags: [],
    confidence: 0.9,
    source_turns: turns,
    ...extra,
  };
}

describe.each(backends)('ingest with extraction on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let t: { id: string; key: string };
  let server: FakeOpenAIServer;
  let model: Extractor;
  let modelApp: Harness;
  let session = 0;

  const ingest = async (
    subject: string,
    texts: string[],
    options: { app?: Harness; extract?: 'auto' | 'off'; speaker?: string } = {},
  ): Promise<IngestResponse> => {
    session += 1;
    const res = await (options.app ?? h).call('POST', '/v1/ingest', {
      key: t.key,
      body: {
        subject,
        session: `s${session}`,
        messages: texts.map((text, i) => ({
          speaker: i % 2 === 0 ? (options.speaker ?? 'user') : 'assistant',
          text,
          id: `m${session}.${i}`,
        })),
        ...(options.extract ? { extract: options.extract } : {}),
      },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as IngestResponse;
  };
  const get = async (id: string) =>
    (await (await h.call('GET', `/v1/memories/${id}`, { key: t.key })).json()) as Memory & {
      chain: { older: string[]; newer: string[] };
    };
  const auditActions = async (id: string) =>
    (
      (await (await h.call('GET', `/v1/audit?memory_id=${id}`, { key: t.key })).json()) as {
        items: { action: string }[];
      }
    ).items.map((e) => e.action);
  const recall = async (subject: string, query: string) => {
    const res = await h.call('POST', '/v1/recall', { key: t.key, body: { subject, query } });
    expect(res.status).toBe(200);
    return (await res.json()) as { items: { id: string; content: string; kind: string }[]; context: string };
  };

  beforeAll(async () => {
    database = await open('ingest_extraction');
    h = await createHarness(database, { parts: { extractor: offline } });
    t = await h.tenant('acme');
    server = await startFakeOpenAIServer();
    model = createExtractor(
      {
        provider: 'openai',
        baseURL: server.url,
        apiKey: server.apiKey,
        model: 'chat-test',
        output: 'json_schema',
        timeoutMs: 400,
      },
      { logger: silentLogger },
    );
    modelApp = await createHarness(database, { parts: { extractor: model } });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('turns "Remember I don\'t eat cilantro" into a model-inference memory that cites its source turn', async () => {
    const answer = await ingest('ann', ["Remember I don't eat cilantro", 'Noted!']);
    expect(answer.items.map((i) => i.status)).toEqual(['created', 'created']);
    expect(answer.extraction).toMatchObject({ status: 'done', extractor: offline.model, reason: null });
    expect(answer.extraction.proposals).toHaveLength(1);
    const [proposal] = answer.extraction.proposals;
    expect(proposal).toMatchObject({ outcome: 'created', facet: 'cilantro', polarity: 'avoid', turns: [0] });
    const memory = await get(proposal!.id!);
    expect(memory).toMatchObject({
      kind: 'preference',
      trust: 1,
      source: { type: 'model', id: `m${session}.0` },
    });
    expect(memory.metadata.extraction).toMatchObject({ episode_ids: [answer.items[0]!.id] });
    expect(await auditActions(memory.id)).toContain('write');
  });

  it('brings the cilantro memory into the context of a later question in a subject full of chat', async () => {
    const filler = Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0
        ? `We talked about the weather and the trip number ${i} today`
        : `Sounds nice, tell me more ${i}`,
    );
    await ingest('jo', ["Remember I don't eat cilantro", 'Sure, noted.', ...filler]);
    await ingest('jo', ['My stomach has been upset, recommend something easy to digest']);
    const found = await recall('jo', 'My stomach has been upset, recommend something easy to digest');
    expect(found.context).toContain('Does not eat cilantro');
    // The turn just said is its own best match (both lanes); the durable memory comes before every weaker turn.
    expect(found.items.slice(0, 2).map((i) => i.content)).toContain('Does not eat cilantro');
  });

  it('makes "记住我不吃香菜" durable', async () => {
    const answer = await ingest('li', ['记住我不吃香菜']);
    const [proposal] = answer.extraction.proposals;
    expect(proposal).toMatchObject({ outcome: 'created', content: '不吃香菜', facet: '香菜' });
    expect((await get(proposal!.id!)).kind).toBe('preference');
  });

  it('stores turns only with extract: off, and reads only the user speaker it is told of', async () => {
    const off = await ingest('bo', ['I live in Oslo'], { extract: 'off' });
    expect(off.extraction).toEqual({
      status: 'off',
      extractor: null,
      proposals: [],
      dropped: {},
      reason: null,
    });
    const named = await ingest('bo', ['I live in Oslo'], { speaker: 'Bo' });
    expect(named.extraction.proposals).toEqual([]);
    session += 1;
    const res = await h.call('POST', '/v1/ingest', {
      key: t.key,
      body: {
        subject: 'bo',
        session: `s${session}`,
        user_speaker: 'Bo',
        messages: [{ speaker: 'Bo', text: 'I live in Oslo' }],
      },
    });
    const told = (await res.json()) as IngestResponse;
    expect(told.extraction.proposals.map((p) => p.content)).toEqual(['Lives in Oslo']);
  });

  it('supersedes Berlin with Munich, both ways and audited; recall returns only Munich', async () => {
    const first = await ingest('cy', ['I live in Berlin']);
    const berlin = first.extraction.proposals[0]!.id!;
    const second = await ingest('cy', ['I moved to Munich last month']);
    const [munich] = second.extraction.proposals;
    expect(munich).toMatchObject({ outcome: 'superseded', key: 'residence', superseded: [berlin] });
    const old = await get(berlin);
    expect(old.superseded_by).toBe(munich!.id);
    expect((await get(munich!.id!)).supersedes).toBe(berlin);
    expect(await auditActions(berlin)).toContain('supersede');
    const found = await recall('cy', 'where do I live?');
    expect(found.items.map((i) => i.content)).toContain('Lives in Munich');
    expect(found.items.map((i) => i.content)).not.toContain('Lives in Berlin');
  });

  it('supersedes vegetarian with vegan', async () => {
    const vegetarian = (await ingest('di', ["I'm vegetarian"])).extraction.proposals[0]!.id!;
    const [vegan] = (await ingest('di', ["I'm vegan now"])).extraction.proposals;
    expect(vegan).toMatchObject({ outcome: 'superseded', key: 'diet', superseded: [vegetarian] });
    const found = await recall('di', 'what is my diet');
    expect(found.items.map((i) => i.content)).not.toContain('Is vegetarian');
    expect((await get(vegetarian)).superseded_by).toBe(vegan!.id);
  });

  it('reports an exact duplicate, and merges a second stance on one facet into the first', async () => {
    const first = (await ingest('ed', ["I don't like cilantro"])).extraction.proposals[0]!;
    const again = (await ingest('ed', ["I don't like cilantro"])).extraction.proposals[0]!;
    expect(again).toMatchObject({ outcome: 'duplicate', id: first.id });
    const merged = (await ingest('ed', ['I hate cilantro'])).extraction.proposals[0]!;
    expect(merged).toMatchObject({ outcome: 'merged', id: first.id, superseded: [] });
    const memory = await get(first.id!);
    expect(memory.content).toBe('Does not like cilantro');
    expect(memory.superseded_by).toBeNull();
    expect(memory.metadata.merged).toEqual([
      expect.objectContaining({ kind: 'preference', source: expect.objectContaining({ type: 'model' }) }),
    ]);
    expect(await auditActions(first.id!)).toEqual(expect.arrayContaining(['write', 'duplicate', 'merge']));
    // The opposite stance is a change of mind: it supersedes.
    const flipped = (await ingest('ed', ['I love cilantro'])).extraction.proposals[0]!;
    expect(flipped).toMatchObject({ outcome: 'superseded', superseded: [first.id] });
  });

  it('keeps two children: a multi-valued slot is never superseded', async () => {
    const mia = (await ingest('fa', ['My daughter is called Mia'])).extraction.proposals[0]!;
    const leo = (await ingest('fa', ['My son is called Leo'])).extraction.proposals[0]!;
    expect(leo).toMatchObject({ outcome: 'created', key: 'child:name' });
    expect((await get(mia.id!)).superseded_by).toBeNull();
  });

  it('merges a direct write into a live memory above the model merge threshold, and only then', async () => {
    const write = async (content: string) => {
      const res = await h.call('POST', '/v1/memories', {
        key: t.key,
        body: { subject: 'gu', kind: 'fact', content },
      });
      return (await res.json()) as { memory: Memory; gate: { decision: string } };
    };
    const texts = [
      'Drinks green tea every single morning',
      'Drinks green tea every morning',
      'Owns a red bicycle',
    ];
    const vectors = texts.map((content) => h.embedder.vectorOf(embeddingTextOf({ kind: 'fact', content })));
    const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    const near = cos(vectors[0]!, vectors[1]!);
    const far = cos(vectors[0]!, vectors[2]!);
    expect(near).toBeGreaterThan(far);
    await database.db.query('update engram.embedding_models set merge_threshold = $1 where model = $2', [
      (near + far) / 2,
      h.embedder.model,
    ]);
    try {
      const first = await write(texts[0]!);
      const second = await write(texts[1]!);
      expect(second.gate.decision).toBe('merged');
      expect(second.memory.id).toBe(first.memory.id);
      expect((await write(texts[2]!)).gate.decision).toBe('accepted');
    } finally {
      await database.db.query('update engram.embedding_models set merge_threshold = null where model = $1', [
        h.embedder.model,
      ]);
    }
  });

  it('model extractor: proposals with the outcome of each, malformed items dropped and counted, secrets rejected', async () => {
    server.setFault(null);
    server.setChatReply({
      kind: 'json',
      answer: {
        proposals: [
          item('Is allergic to peanuts', [0], {
            kind: 'constraint',
            key: 'allergy:peanut',
            facet: 'peanuts',
            polarity: 'avoid',
          }),
          item('Stores the key AKIAIOSFODNN7EXAMPLE', [0], { kind: 'fact' }),
          { kind: 'preference', content: 42 },
          item('Said by the assistant', [1]),
        ],
      },
    });
    const answer = await ingest('hu', ["I'm allergic to peanuts", 'Got it'], { app: modelApp });
    expect(answer.extraction.status).toBe('done');
    expect(answer.extraction.extractor).toBe(model.model);
    expect(answer.extraction.dropped).toEqual({ invalid_content: 1, not_user_turn: 1 });
    const outcomes = answer.extraction.proposals.map((p) => p.outcome);
    expect(outcomes).toEqual(['created', 'rejected']);
    expect(answer.extraction.proposals[1]!.reasons?.map((r) => r.code)).toContain('secret.aws_access_key');
    server.setChatReply(null);
  });

  it('model extractor down (slow, 500, malformed JSON): turns stored, extraction pending, then done by the job', async () => {
    const faults: [string, () => void][] = [
      ['extraction_timeout', () => server.setFault({ delay: 1500 })],
      ['extraction_error', () => server.setFault({ status500: true })],
      ['extraction_invalid', () => server.setChatReply({ kind: 'content', content: '{"proposals": [' })],
    ];
    for (const [reason, fault] of faults) {
      fault();
      const answer = await ingest('ivy', [`I'm allergic to shellfish (${reason})`, `Noted (${reason})`], {
        app: modelApp,
      });
      // Same shape as a success; the turns are never lost.
      expect(Object.keys(answer.extraction).sort()).toEqual([
        'dropped',
        'extractor',
        'proposals',
        'reason',
        'status',
      ]);
      expect(answer.extraction).toMatchObject({ status: 'pending', reason, proposals: [] });
      expect(answer.items.map((i) => i.status)).toEqual(['created', 'created']);
      server.setFault(null);
      server.setChatReply(null);
    }
    const pending = await database.db.query<{ n: number | string }>(
      "select count(*) as n from engram.memories where subject = 'ivy' and extraction_status = 'pending'",
    );
    expect(Number(pending.rows[0]!.n)).toBe(6);

    // Still down: one attempt counted, nothing written.
    server.setFault({ status500: true });
    const deps = { store: h.store, gate: evaluateWrite, embedder: h.embedder, logger: silentLogger };
    const failedRun = await runExtractPending(deps, model);
    expect(failedRun).toMatchObject({
      stoppedBy: 'extraction_failed',
      failure: 'extraction_error',
      written: 0,
    });
    server.setFault(null);

    server.setChatReply({
      kind: 'json',
      answer: {
        proposals: [
          item('Is allergic to shellfish', [0], {
            kind: 'constraint',
            key: 'allergy:shellfish',
            facet: 'shellfish',
            polarity: 'avoid',
          }),
        ],
      },
    });
    const run = await runExtractPending(deps, model);
    server.setChatReply(null);
    expect(run).toMatchObject({ stoppedBy: 'done', turns: 6, rejected: 0 });
    // Three conversations said the same thing: one memory, the other two reported as duplicates.
    const memories = await h.call('GET', '/v1/memories?subject=ivy&kind=constraint', { key: t.key });
    const items = ((await memories.json()) as { items: Memory[] }).items;
    expect(items.map((m) => [m.content, m.trust, m.source.type])).toEqual([
      ['Is allergic to shellfish', 1, 'model'],
    ]);
    expect((items[0]!.metadata.extraction as { episode_ids: string[] }).episode_ids).toHaveLength(1);
    const left = await database.db.query<{ n: number | string }>(
      "select count(*) as n from engram.memories where subject = 'ivy' and extraction_status is not null",
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
  it('two extract jobs at once read each pending turn once: the claim is a lease that outlives its transaction', async () => {
    server.setFault({ status500: true });
    for (let i = 0; i < 4; i++)
      await ingest('jun', [`I'm allergic to peanuts (${i})`, `Noted (${i})`], { app: modelApp });
    // Slow enough that each job's model call overlaps the other's claim, well inside the extractor's 400 ms budget.
    server.setFault({ delay: 120 });
    const read: string[] = [];
    server.setChatReply((request) => {
      read.push(JSON.stringify(request.messages));
      return { kind: 'json', answer: { proposals: [] } };
    });
    const deps = { store: h.store, gate: evaluateWrite, embedder: h.embedder, logger: silentLogger };
    const runs = await Promise.all([
      runExtractPending(deps, model, { batchSize: 2 }),
      runExtractPending(deps, model, { batchSize: 2 }),
    ]);
    server.setFault(null);
    server.setChatReply(null);
    expect(runs.map((r) => r.stoppedBy)).toEqual(['done', 'done']);
    expect(runs[0]!.turns + runs[1]!.turns).toBe(8);
    // One model call per conversation of two turns, none read twice.
    expect(read).toHaveLength(4);
    expect(new Set(read).size).toBe(4);
    const left = await database.db.query<{ n: number | string }>(
      "select count(*) as n from engram.memories where subject = 'jun' and (extraction_status is not null or extraction_claimed_until is not null)",
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
