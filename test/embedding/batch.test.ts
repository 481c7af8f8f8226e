// Batching: order preserved under concurrency, the concurrency cap, and cancelling siblings on failure.
import { describe, expect, it } from 'vitest';
import { embedInBatches } from '../../src/embedding/batch.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('embedInBatches', () => {
  it('returns vectors in input order even when later batches finish first', async () => {
    const texts = Array.from({ length: 23 }, (_, i) => String(i));
    const sizes: number[] = [];
    const out = await embedInBatches(
      texts,
      async (batch) => {
        sizes.push(batch.length);
        await sleep(30 - Number(batch[0])); // later batches answer sooner
        return batch.map((t) => [Number(t)]);
      },
      { batchSize: 5, concurrency: 3 },
    );
    expect(out).toEqual(texts.map((t) => [Number(t)]));
    expect(sizes.sort()).toEqual([3, 5, 5, 5, 5]);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    await embedInBatches(
      Array.from({ length: 40 }, () => 'x'),
      async (batch) => {
        peak = Math.max(peak, ++inFlight);
        await sleep(5);
        inFlight--;
        return batch.map(() => [0]);
      },
      { batchSize: 4, concurrency: 3 },
    );
    expect(peak).toBe(3);
  });

  it('aborts the batches still in flight when one fails', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const failure = embedInBatches(
      ['a', 'b', 'c'],
      async (batch, signal) => {
        signals.push(signal);
        if (batch[0] === 'a') throw new Error('boom');
        await sleep(50);
        return [[0]];
      },
      { batchSize: 1, concurrency: 3 },
    );
    await expect(failure).rejects.toThrow('boom');
    expect(signals).toHaveLength(3);
    expect(signals.every((s) => s?.aborted)).toBe(true);
  });

  it('passes the caller signal straight through for a single batch', async () => {
    const caller = new AbortController();
    let got: AbortSignal | undefined;
    await embedInBatches(
      ['a'],
      async (batch, signal) => {
        got = signal;
        return batch.map(() => [0]);
      },
      { batchSize: 10, concurrency: 2, signal: caller.signal },
    );
    expect(got).toBe(caller.signal);
  });
});
