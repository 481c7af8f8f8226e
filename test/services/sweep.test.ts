// The sweep loop: batches until a batch is not full, bounded in batches and in time (a stub store).
import { describe, expect, it } from 'vitest';
import type { MemoryStore, OperatorStore, SweepBatch } from '../../src/ports/store.ts';
import { runSweep } from '../../src/services/sweep.ts';

/** A store whose sweep returns the given batches in order (then empty ones), recording its arguments. */
function stubStore(batches: SweepBatch[], calls: [number, number][] = []): MemoryStore {
  const queue = [...batches];
  const op = {
    sweepExpired: async (size: number, days: number) => {
      calls.push([size, days]);
      return queue.shift() ?? { expired: 0, revokedPurged: 0, embeddings: 0, skipped: 0 };
    },
  } as Partial<OperatorStore> as OperatorStore;
  return { withOperator: (work) => work(op) } as Partial<MemoryStore> as MemoryStore;
}

const batch = (expired: number, revokedPurged = 0, skipped = 0): SweepBatch => ({
  expired,
  revokedPurged,
  embeddings: expired,
  skipped,
});

describe('runSweep', () => {
  it('runs batches until one is not full, and adds them up', async () => {
    const calls: [number, number][] = [];
    const report = await runSweep(stubStore([batch(10), batch(6, 4), batch(3)], calls), {
      batchSize: 10,
      revokedRetentionDays: 7,
    });
    expect(report).toMatchObject({
      expired: 19,
      revokedPurged: 4,
      embeddings: 19,
      batches: 3,
      done: true,
      skipped: 0,
    });
    expect(calls).toEqual([
      [10, 7],
      [10, 7],
      [10, 7],
    ]);
  });

  it('stops at maxBatches and says it is not done', async () => {
    const report = await runSweep(stubStore([batch(5), batch(5), batch(5)]), { batchSize: 5, maxBatches: 2 });
    expect(report).toMatchObject({ expired: 10, batches: 2, done: false });
  });

  it('starts no batch after maxMillis', async () => {
    let t = 0;
    const clock = () => t;
    const store = stubStore([batch(5), batch(5), batch(5), batch(5)]);
    const slow: MemoryStore = {
      ...store,
      withOperator: async (work) => {
        t += 400;
        return store.withOperator(work);
      },
    };
    const report = await runSweep(slow, { batchSize: 5, maxMillis: 1000, clock });
    expect(report).toMatchObject({ batches: 3, done: false, elapsedMs: 1200 });
  });

  it('is not done when the last batch left rows busy elsewhere', async () => {
    const report = await runSweep(stubStore([batch(2, 0, 3)]), { batchSize: 5 });
    expect(report).toMatchObject({ batches: 1, done: false, skipped: 3 });
  });
});
