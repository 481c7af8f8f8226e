// A tiny deterministic embedder for the job tests (until src/embedding/deterministic.ts is merged): every
// distinct text gets its own pseudo-random unit vector, so a memory's own text is always its nearest vector.
// It records every text it embeds, so tests can prove that no memory was embedded twice.
import { type Embedder, EmbeddingError } from '../../src/ports/embedder.ts';

export interface TestEmbedder extends Embedder {
  vectorOf(text: string): number[];
  /** Every text passed to embedDocuments, in call order. */
  readonly embedded: string[];
  /** Number of embedDocuments/embedQuery calls. */
  readonly calls: number;
  /** Makes every later call fail (or succeed again with null); `delayMs` slows each call down. */
  setFault(fault: { failWith?: 'error' | 'timeout' | 'invalid'; delayMs?: number } | null): void;
}

/** 32-bit FNV-1a: a stable seed per text. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function unitVector(seed: number, dimensions: number): number[] {
  let state = seed;
  const out: number[] = [];
  for (let i = 0; i < dimensions; i++) {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out.push((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1);
  }
  const norm = Math.hypot(...out) || 1;
  return out.map((x) => x / norm);
}

export function createTestEmbedder(dimensions: number, name = 'test'): TestEmbedder {
  const embedded: string[] = [];
  let calls = 0;
  let fault: { failWith?: 'error' | 'timeout' | 'invalid'; delayMs?: number } | null = null;
  const vectorOf = (text: string) => unitVector(seedOf(text), dimensions);
  const withFault = async <T>(produce: () => T): Promise<T> => {
    calls++;
    const active = fault;
    if (active?.delayMs) await new Promise((resolve) => setTimeout(resolve, active.delayMs));
    if (active?.failWith) throw new EmbeddingError(`embedding_${active.failWith}`, 'test: simulated failure');
    return produce();
  };
  return {
    model: `fake/${name}-${dimensions}@1`,
    provider: 'fake',
    dimensions,
    version: '1',
    vectorOf,
    embedded,
    get calls() {
      return calls;
    },
    setFault(next) {
      fault = next;
    },
    embedDocuments: (texts) =>
      withFault(() => {
        embedded.push(...texts);
        return texts.map(vectorOf);
      }),
    embedQuery: (text) => withFault(() => vectorOf(text)),
  };
}
