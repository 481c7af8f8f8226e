// Splits a list of texts into provider-sized requests, runs a few at a time and reassembles results in order.

/** One provider request: embed `texts` (already at most one batch) and return one vector per text, in order. */
export type BatchCall = (texts: string[], signal: AbortSignal | undefined) => Promise<number[][]>;

export interface BatchOptions {
  /** Most inputs per request (the provider's limit, or smaller to keep each request quick). */
  batchSize: number;
  /** Most requests in flight at once: parallel enough to fit a time budget, few enough not to trip rate limits. */
  concurrency: number;
  signal?: AbortSignal | undefined;
}

/**
 * Embeds `texts` in batches and returns the vectors in input order. The first failure aborts the batches still
 * in flight (no point paying for the rest of a call that has already failed) and is rethrown.
 */
export async function embedInBatches(
  texts: readonly string[],
  call: BatchCall,
  { batchSize, concurrency, signal }: BatchOptions,
): Promise<number[][]> {
  const batches: string[][] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    batches.push(texts.slice(start, start + batchSize));
  }
  if (batches.length <= 1) return batches[0] ? call(batches[0], signal) : [];

  const siblings = new AbortController();
  const batchSignal = signal ? AbortSignal.any([signal, siblings.signal]) : siblings.signal;
  const results: number[][][] = new Array(batches.length);
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const index = next++;
      results[index] = await call(batches[index]!, batchSignal);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  } catch (error) {
    siblings.abort();
    throw error;
  }
  return results.flat();
}
