// Vectors for words the vocabulary lacks: hashed character n-grams, so a rare name still matches itself.

/** FNV-1a over UTF-16 code units: fast, deterministic across runs and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG; quality is ample for spreading a hash over 100 components. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The character n-grams of `<word>` for n = 3..5, and the whole marked word so every word has at least one. */
export function charNgrams(word: string): string[] {
  const marked = `<${word}>`;
  const grams = new Set<string>([marked]);
  for (let n = 3; n <= 5; n++) {
    for (let i = 0; i + n <= marked.length; i++) grams.add(marked.slice(i, i + n));
  }
  return [...grams];
}

/**
 * A deterministic pseudo-random vector of length `norm` for an out-of-vocabulary word: the sum of one random
 * direction per character n-gram. Random directions in 100 dimensions are nearly orthogonal to real word
 * vectors, so the word adds little noise to unrelated texts, while texts sharing the word (or most of its
 * n-grams, e.g. "Zorblax" and "Zorblax's") share a strong component.
 */
export function hashedWordVector(word: string, dims: number, norm: number): Float32Array {
  const sum = new Float64Array(dims);
  for (const gram of charNgrams(word)) {
    const next = mulberry32(fnv1a(gram));
    for (let d = 0; d < dims; d++) sum[d]! += next() * 2 - 1;
  }
  let length = 0;
  for (let d = 0; d < dims; d++) length += sum[d]! * sum[d]!;
  const scale = norm / Math.sqrt(length);
  const out = new Float32Array(dims);
  for (let d = 0; d < dims; d++) out[d] = sum[d]! * scale;
  return out;
}
