// The batch route's write (rememberMany) on every backend: a batch larger than a chunk is screened, staged and
// written chunk by chunk in one transaction, with the same results as one statement would give (dedupe across
// chunks included), nothing written when a later chunk fails, and a hosted embedder called once, before the
// transaction.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemoryInput } from '../../src/contract/index.ts';
import { silentLogger } from '../../src/core/logger.ts';
import type { Principal } from '../../src/core/principal.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import type { Embedder } from '../../src/ports/embedder.ts';
import type { WriteGate } from '../../src/ports/gate.ts';
import type { MemoryStore, TenantStore } from '../../src/ports/store.ts';
import { createMemoryService, type MemoryServiceDeps } from '../../src/services/memories.ts';
import {
  createWritePipeline,
  PIPELINE_CHUNK,
  type RememberResult,
} from '../../src/services/write-pipeline.ts';
import { backends } from '../support/databases.ts';
import { openStoreFixture, type StoreFixture, testEmbedder } from '../support/store-fixture.ts';

/** 2.5 chunks of facts; item 1.8 chunks in repeats item 10, and item 20 repeats item 19 (the same chunk). */
function batchOf(subject: string): MemoryInput[] {
  const size = Math.round(PIPELINE_CHUNK * 2.5);
  const repeatAt = Math.round(PIPELINE_CHUNK * 1.8);
  return Array.from({ length: size }, (_, i) => ({
    subject,
    kind: 'fact' as const,
    content:
      i === repeatAt
        ? 'Batch fact number 10'
        : i === 20
          ? 'Batch fact number 19'
          : i === 40
            ? 'my password is hunter2hunter2 and the AWS key AKIAIOSFODNN7EXAMPLE'
            : `Batch fact number ${i}`,
  }));
}

/** Each result as its decision and, for a stored one, the index of the item whose memory it is. */
function shapeOf(results: readonly RememberResult[]): string[] {
  const firstIndexOf = new Map<string, number>();
  return results.map((r, i) => {
    if (r.decision === 'rejected') return 'rejected';
    if (!firstIndexOf.has(r.memory.id)) firstIndexOf.set(r.memory.id, i);
    return `${r.decision}:${firstIndexOf.get(r.memory.id)}`;
  });
}

/** The store, counting transactions and writeMemories calls. */
function counting(store: MemoryStore) {
  const counts = { transactions: 0, writes: 0 };
  const wrapped: MemoryStore = {
    ...store,
    withTenant: (scope, work) =>
      store.withTenant(scope, (tx) => {
        counts.transactions++;
        const counted: TenantStore = {
          ...tx,
          writeMemories: (items) => {
            counts.writes++;
            return tx.writeMemories(items);
          },
        };
        return work(counted);
      }),
  };
  return { store: wrapped, counts };
}

describe.each(backends)('batch writes in chunks on $name', ({ open }) => {
  let f: StoreFixture;
  let principal: Principal;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'batch-pipeline');
    principal = { kind: 'api_key', tenantId: f.tenantA, scopes: ['memories:write'], actor: 'test' };
  });
  afterAll(async () => {
    await f.database.drop();
  });

  const rowsOf = async (subject: string) =>
    (
      await f.db.query<{ n: number }>(
        'select count(*)::int as n from engram.memories where tenant_id = $1 and subject = $2',
        [f.tenantA, subject],
      )
    ).rows[0]!.n;

  /** The memory service over the fixture's store, the real gate and the test embedder, unless `deps` say otherwise. */
  const memoriesWith = (deps: Partial<MemoryServiceDeps> = {}) =>
    createMemoryService({
      store: f.store,
      gate: evaluateWrite,
      embedder: testEmbedder,
      logger: silentLogger,
      ...deps,
    });

  it('writes chunk by chunk in one transaction with the results of one statement', async () => {
    const { store, counts } = counting(f.store);
    const memories = memoriesWith({ store });
    const piped = await memories.rememberMany(principal, batchOf('piped'));
    // The piiPolicy read is a transaction of its own; the writes share one.
    expect(counts.writes).toBe(3);
    expect(counts.transactions).toBeLessThanOrEqual(2);

    // The same batch as one staged statement (what the batch route did before).
    const pipeline = createWritePipeline({
      store: f.store,
      gate: evaluateWrite,
      embedder: testEmbedder,
      logger: silentLogger,
    });
    const inputs = batchOf('whole');
    const whole = await pipeline.store(
      principal,
      await pipeline.stage(principal, await pipeline.screen(principal, inputs)),
    );

    expect(shapeOf(piped)).toEqual(shapeOf(whole));
    const repeatAt = Math.round(PIPELINE_CHUNK * 1.8);
    expect(shapeOf(piped)[repeatAt]).toBe('duplicate:10');
    expect(shapeOf(piped)[20]).toBe('duplicate:19');
    expect(shapeOf(piped)[40]).toBe('rejected');
    expect(await rowsOf('piped')).toBe(inputs.length - 3);
  });

  it("reads the tenant's PII policy once, before the batch's transaction, even when its cache runs out", async () => {
    const events: string[] = [];
    const tracked: MemoryStore = {
      ...f.store,
      withTenant: (scope, work) =>
        f.store.withTenant(scope, (tx) =>
          work({
            ...tx,
            piiPolicy: () => {
              events.push('policy');
              return tx.piiPolicy();
            },
            writeMemories: (items) => {
              events.push('write');
              return tx.writeMemories(items);
            },
          }),
        ),
    };
    // Every reading of the clock is 10 s after the last: the 5 s policy cache is always stale. Read inside the
    // batch's transaction, the policy would wait for a second connection, which PGlite does not have.
    const real = Date.now();
    let calls = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => real + 10_000 * ++calls);
    try {
      await memoriesWith({ store: tracked }).rememberMany(principal, batchOf('policy-once'));
    } finally {
      clock.mockRestore();
    }
    expect(events).toEqual(['policy', 'write', 'write', 'write']);
  });

  it('writes nothing when a later chunk fails', async () => {
    const failing: WriteGate = async (input, caller, context) => {
      if (input.content === `Batch fact number ${PIPELINE_CHUNK * 2 + 5}`) throw new Error('gate failed');
      return evaluateWrite(input, caller, context);
    };
    const memories = memoriesWith({ gate: failing });
    await expect(memories.rememberMany(principal, batchOf('failed'))).rejects.toThrow('gate failed');
    expect(await rowsOf('failed')).toBe(0);
  });

  it('calls a hosted embedder once for the batch, before one write', async () => {
    const { store, counts } = counting(f.store);
    const calls: number[] = [];
    const hosted: Embedder = {
      ...testEmbedder,
      provider: 'openai',
      embedDocuments: async (texts, options) => {
        calls.push(texts.length);
        return testEmbedder.embedDocuments(texts, options);
      },
    };
    const memories = memoriesWith({ store, embedder: hosted });
    const results = await memories.rememberMany(principal, batchOf('hosted'));
    expect(calls).toEqual([results.filter((r) => r.decision !== 'rejected').length]);
    expect(counts.writes).toBe(1);
  });
});
