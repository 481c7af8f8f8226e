// `engram import`'s service on every backend: JSON Lines through the write pipeline (gate, batched embedding,
// set-based write), invalid lines named by line and field and skipped, a second run storing nothing twice,
// statistics refreshed after the load. Plus the command's flags and progress line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { formatImportProgress, parseImportFlags } from '../../src/cli/commands/import.ts';
import { silentLogger } from '../../src/core/logger.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import type { Embedder } from '../../src/ports/embedder.ts';
import type { MemoryStore } from '../../src/ports/store.ts';
import { importJsonl, parseImportLine } from '../../src/services/import-jsonl.ts';
import { createMemoryService } from '../../src/services/memories.ts';
import { PIPELINE_CHUNK } from '../../src/services/write-pipeline.ts';
import { backends } from '../support/databases.ts';
import { openStoreFixture, type StoreFixture, testEmbedder } from '../support/store-fixture.ts';

async function* linesOf(text: string) {
  for (const line of text.split('\n')) yield line;
}

const memory = (i: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ subject: `user-${i % 3}`, kind: 'fact', content: `Imported fact number ${i}`, ...extra });

describe('parseImportLine', () => {
  it('names the line and the field of what is wrong, and skips blank lines', () => {
    expect(parseImportLine('   ', 4)).toBeNull();
    expect(parseImportLine('{"subject": "a", "kind": "fact"', 7)).toEqual([
      { line: 7, field: null, code: 'invalid_json', message: 'not valid JSON' },
    ]);
    expect(parseImportLine('[1, 2]', 8)).toMatchObject([{ line: 8, field: null, code: 'invalid_type' }]);
    const problems = parseImportLine(
      '{"subject": "a", "kind": "opinion", "content": "x", "tags": ["ok", 3]}',
      9,
    );
    expect(Array.isArray(problems)).toBe(true);
    expect((problems as { field: string }[]).map((p) => p.field).sort()).toEqual(['kind', 'tags.1']);
    expect(parseImportLine(memory(1), 10)).toMatchObject({ subject: 'user-1', kind: 'fact' });
  });
});

describe('engram import flags and progress', () => {
  it('needs a tenant and a file; the batch is at most the batch route limit', () => {
    expect(parseImportFlags(['--tenant', 'acme', '--file', 'm.jsonl'])).toEqual({
      tenant: 'acme',
      file: 'm.jsonl',
      batchSize: 500,
      embedTimeoutMs: 60_000,
    });
    expect(() => parseImportFlags(['--file', 'm.jsonl'])).toThrow(UsageError);
    expect(() => parseImportFlags(['--tenant', 'a', '--file', 'm', '--batch-size', '501'])).toThrow(
      /batch-size/,
    );
  });

  it('draws a bar when the size is known and counts always', () => {
    const progress = { lines: 1000, created: 900, duplicates: 50, rejected: 10, invalid: 40, elapsedMs: 500 };
    expect(formatImportProgress(progress, 0.5)).toBe(
      '[############............] 50% 1000 lines: 900 new, 50 duplicates, 10 rejected, 40 invalid; 1900/s',
    );
    expect(formatImportProgress(progress, null)).toMatch(/^1000 lines: /);
  });
});

describe.each(backends)('importJsonl on $name', ({ open }) => {
  let f: StoreFixture;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'import');
  });
  afterAll(async () => {
    await f.database.drop();
  });

  it('imports valid lines in batches, reports the rest, and stores nothing twice on a second run', async () => {
    const memories = createMemoryService({
      store: f.store,
      gate: evaluateWrite,
      embedder: testEmbedder,
      logger: silentLogger,
    });
    const principal = {
      kind: 'api_key' as const,
      tenantId: f.tenantA,
      scopes: ['memories:write'],
      actor: 'cli:import',
    };
    const lines = [
      ...Array.from({ length: 120 }, (_, i) => memory(i)),
      '{"subject": "user-1", "kind": "fact"}',
      'not json',
      '',
      memory(5), // the same content as line 6
      memory(200, { content: 'my password is hunter2hunter2 and the AWS key AKIAIOSFODNN7EXAMPLE' }),
    ].join('\n');
    const progress: number[] = [];
    const first = await importJsonl({ memories, store: f.store }, principal, linesOf(lines), {
      batchSize: 50,
      onProgress: (p) => progress.push(p.lines),
    });
    expect(first).toMatchObject({ lines: 125, created: 120, duplicates: 1, rejected: 1, invalid: 2 });
    expect(progress).toEqual([50, 100, 125]);
    expect(first.problems.map((p) => [p.line, p.field, p.code])).toEqual([
      [121, 'content', 'invalid_type'],
      [122, null, 'invalid_json'],
      [125, null, 'rejected_by_gate'],
    ]);

    const { rows } = await f.db.query<{ rows: number; vectors: number; actors: string[] }>(
      `select (select count(*)::int from engram.memories where tenant_id = $1) as rows,
              (select count(*)::int from engram.memory_embeddings where tenant_id = $1) as vectors,
              (select array_agg(distinct actor) from engram.audit_events where tenant_id = $1) as actors`,
      [f.tenantA],
    );
    expect(rows[0]).toEqual({ rows: 120, vectors: 120, actors: ['cli:import'] });
    // The load refreshed the statistics the next recalls plan with.
    const stats = await f.db.query<{ n: number }>(
      "select reltuples::int as n from pg_class where oid = 'engram.memories'::regclass",
    );
    expect(stats.rows[0]!.n).toBeGreaterThanOrEqual(120);

    const again = await importJsonl({ memories, store: f.store }, principal, linesOf(lines), {
      batchSize: 50,
    });
    expect(again).toMatchObject({ created: 0, duplicates: 121, rejected: 1, invalid: 2 });
  });

  it('writes each batch chunk by chunk, staging the next chunk while the last is written, one batch at a time in order', async () => {
    const chunk = PIPELINE_CHUNK;
    const events: string[] = [];
    const embedded = new Map<number, () => void>();
    const embedding = (first: number) =>
      new Promise<void>((resolve) => {
        embedded.set(first, resolve);
      });
    const numberOf = (text: string) => Number(/(\d+)$/.exec(text)![1]);
    const embedder: Embedder = {
      ...testEmbedder,
      embedDocuments: async (texts, options) => {
        events.push(`embed ${numberOf(texts[0]!)}`);
        embedded.get(numberOf(texts[0]!))?.();
        return testEmbedder.embedDocuments(texts, options);
      },
    };
    // The first chunk's write of each two-chunk batch waits for its second chunk's embedding: a write that staged
    // the whole batch before it (the import's earlier code) would never see it, and would be cut short by the
    // timeout, recorded as "serial".
    const waits = new Map([0, 2 * chunk].map((first) => [first, embedding(first + chunk)]));
    const store: MemoryStore = {
      ...f.store,
      withTenant: (scope, work) =>
        f.store.withTenant(scope, (tx) =>
          work({
            ...tx,
            writeMemories: async (items) => {
              const first = numberOf(items[0]!.record.content);
              events.push(`write ${first}`);
              const wait = waits.get(first);
              if (wait)
                await Promise.race([
                  wait,
                  new Promise((resolve) => setTimeout(resolve, 3000)).then(() => events.push('serial')),
                ]);
              const out = await tx.writeMemories(items);
              events.push(`written ${first}`);
              return out;
            },
          }),
        ),
    };
    const memories = createMemoryService({ store, gate: evaluateWrite, embedder, logger: silentLogger });
    const principal = {
      kind: 'api_key' as const,
      tenantId: f.tenantB,
      scopes: ['memories:write'],
      actor: 'cli:import',
    };
    const lines = Array.from({ length: 5 * chunk }, (_, i) =>
      JSON.stringify({ subject: 'order', kind: 'fact', content: `Pipelined fact ${i}` }),
    );
    // The last line repeats the first: the earlier line makes the row, the later one is its duplicate.
    lines.push(lines[0]!);
    const result = await importJsonl({ memories, store }, principal, linesOf(lines.join('\n')), {
      batchSize: 2 * chunk,
    });
    expect(result).toMatchObject({ lines: 5 * chunk + 1, created: 5 * chunk, duplicates: 1 });
    const at = (event: string) => events.indexOf(event);
    expect(events).not.toContain('serial');
    // Inside a batch, the next chunk was embedded while the last was written...
    expect(at(`embed ${chunk}`)).toBeLessThan(at('written 0'));
    expect(at(`embed ${3 * chunk}`)).toBeLessThan(at(`written ${2 * chunk}`));
    // ...and each write began after the one before it was stored, in input order, batch after batch (the last
    // batch's second chunk is the repeated first line).
    const writes = events.filter((e) => !e.startsWith('embed'));
    expect(writes).toEqual(
      [0, chunk, 2 * chunk, 3 * chunk, 4 * chunk, 0].flatMap((first) => [
        `write ${first}`,
        `written ${first}`,
      ]),
    );
    const { rows } = await f.db.query<{ n: number }>(
      "select count(*)::int as n from engram.memories where tenant_id = $1 and subject = 'order'",
      [f.tenantB],
    );
    expect(rows[0]!.n).toBe(5 * chunk);
  });

  it('fails with the error of a failed write, after the batches before it were stored', async () => {
    const store: MemoryStore = {
      ...f.store,
      withTenant: (scope, work) =>
        f.store.withTenant(scope, (tx) =>
          work({
            ...tx,
            writeMemories: async (items) => {
              if (items[0]!.record.content.endsWith(' 10')) throw new Error('the database went away');
              return tx.writeMemories(items);
            },
          }),
        ),
    };
    const memories = createMemoryService({
      store,
      gate: evaluateWrite,
      embedder: testEmbedder,
      logger: silentLogger,
    });
    const principal = {
      kind: 'api_key' as const,
      tenantId: f.tenantB,
      scopes: ['memories:write'],
      actor: 'cli:import',
    };
    const lines = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({ subject: 'failing', kind: 'fact', content: `Failing fact ${i}` }),
    );
    await expect(
      importJsonl({ memories, store }, principal, linesOf(lines.join('\n')), { batchSize: 10 }),
    ).rejects.toThrow('the database went away');
    const { rows } = await f.db.query<{ n: number }>(
      "select count(*)::int as n from engram.memories where tenant_id = $1 and subject = 'failing'",
      [f.tenantB],
    );
    expect(rows[0]!.n).toBe(10);
  });

  it('ends on a batch it may not write only after the batch before it was stored', async () => {
    const memories = createMemoryService({
      store: f.store,
      gate: evaluateWrite,
      embedder: testEmbedder,
      logger: silentLogger,
    });
    // An end user limited to its own subject: the second batch names another one.
    const principal = {
      kind: 'api_key' as const,
      tenantId: f.tenantB,
      scopes: ['memories:write'],
      actor: 'cli:import',
      subject: 'own',
    };
    const lines = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({ subject: i < 10 ? 'own' : 'other', kind: 'fact', content: `Owned fact ${i}` }),
    );
    await expect(
      importJsonl({ memories, store: f.store }, principal, linesOf(lines.join('\n')), { batchSize: 10 }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const { rows } = await f.db.query<{ n: number }>(
      "select count(*)::int as n from engram.memories where tenant_id = $1 and subject = 'own'",
      [f.tenantB],
    );
    expect(rows[0]!.n).toBe(10);
  });
});
