// A deterministic fake embedder for tests: bag-of-tokens vectors with exact, repeatable geometry, and switchable
// faults so services can be tested against an outage without any network.
import { type Embedder, EmbeddingError, type EmbedOptions } from '../ports/embedder.ts';

export interface DeterministicEmbedderOptions {
  /** Vector length; defaults to the vocabulary's vector length, else 64. */
  dimensions?: number;
  /**
   * Fixed vectors per lowercase token, for tests that need exact cosine orders. When given, only these tokens
   * count and every other token is ignored; without it, every token gets a hashed pseudo-random unit vector.
   */
  vocabulary?: Readonly<Record<string, readonly number[]>>;
}

/** A simulated failure: wait `delayMs` (honouring the abort signal), then fail as asked, or succeed. */
export interface EmbedFault {
  failWith?: 'timeout' | 'error' | 'invalid';
  delayMs?: number;
}

export interface DeterministicEmbedder extends Embedder {
  /** The vector for `text`, synchronously and without faults (for fakes built on top, e.g. an HTTP server). */
  vectorOf(text: string): number[];
  /** Switches a fault on for every later call; `null` switches it off. */
  setFault(fault: EmbedFault | null): void;
  /** How many embedQuery/embedDocuments calls were made (lets a test assert that no call happened). */
  readonly calls: number;
}

/**
 * Text -> sum of its tokens' vectors, L2-normalised: the same text always gives the same vector, and texts that
 * share tokens have a higher cosine. A text with no counted token (or whose token vectors cancel out) gets a fixed
 * fallback vector, never a zero vector, whose cosine would be NaN. Provider `fake`, model `fake/deterministic-<d>@1`.
 */
export function createDeterministicEmbedder(
  options: DeterministicEmbedderOptions = {},
): DeterministicEmbedder {
  const vocabulary = options.vocabulary ? new Map(Object.entries(options.vocabulary)) : undefined;
  const firstVector = vocabulary?.values().next().value;
  const dimensions = options.dimensions ?? firstVector?.length ?? 64;
  if (!Number.isInteger(dimensions) || dimensions < 1) {
    throw new Error('dimensions must be a positive integer');
  }
  for (const [token, vector] of vocabulary ?? []) {
    if (vector.length !== dimensions || !vector.every(Number.isFinite)) {
      throw new Error(`vocabulary vector for "${token}" must hold ${dimensions} finite numbers`);
    }
  }

  const hashed = new Map<string, number[]>();
  const hashedVector = (token: string): number[] => {
    let vector = hashed.get(token);
    if (!vector) {
      vector = normalise(randomVector(fnv1a(token), dimensions)) ?? new Array<number>(dimensions).fill(0);
      // Bounded so a long-lived fake server cannot grow without limit.
      if (hashed.size > 50_000) hashed.clear();
      hashed.set(token, vector);
    }
    return vector;
  };

  const vectorOf = (text: string): number[] => {
    const sum = new Array<number>(dimensions).fill(0);
    for (const token of tokenize(text)) {
      const vector = vocabulary ? vocabulary.get(token) : hashedVector(token);
      if (vector) for (let i = 0; i < dimensions; i++) sum[i]! += vector[i]!;
    }
    // "\u0000" cannot be a token (tokens are letters and digits), so the fallback never collides with a word.
    // A copy: callers may mutate what they get, and the cached vector must stay intact.
    return normalise(sum) ?? [...hashedVector('\u0000')];
  };

  let fault: EmbedFault | null = null;
  let calls = 0;
  const withFault = async <T>(signal: AbortSignal | undefined, produce: () => T): Promise<T> => {
    calls++;
    const active = fault;
    if (active?.delayMs) await sleep(active.delayMs, signal);
    if (signal?.aborted) throw new EmbeddingError('embedding_timeout', 'fake: aborted');
    if (active?.failWith) throw new EmbeddingError(`embedding_${active.failWith}`, 'fake: simulated failure');
    return produce();
  };

  return {
    provider: 'fake',
    model: `fake/deterministic-${dimensions}@1`,
    dimensions,
    version: '1',
    vectorOf,
    setFault: (next) => {
      fault = next;
    },
    get calls() {
      return calls;
    },
    embedQuery: (text: string, opts?: EmbedOptions) => withFault(opts?.signal, () => vectorOf(text)),
    embedDocuments: (texts: readonly string[], opts?: EmbedOptions) =>
      withFault(opts?.signal, () => texts.map(vectorOf)),
  };
}

/** Lowercase runs of letters and digits. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** 32-bit FNV-1a over the UTF-8 bytes: a stable seed per token on every platform. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG; components uniform in [-1, 1). */
function randomVector(seed: number, dimensions: number): number[] {
  let state = seed;
  const out = new Array<number>(dimensions);
  for (let i = 0; i < dimensions; i++) {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  }
  return out;
}

/** Unit-length copy, or undefined for a (near-)zero vector. */
function normalise(vector: number[]): number[] | undefined {
  let squares = 0;
  for (const x of vector) squares += x * x;
  const norm = Math.sqrt(squares);
  if (!(norm > 1e-12)) return undefined;
  return vector.map((x) => x / norm);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
