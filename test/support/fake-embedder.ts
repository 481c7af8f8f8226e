// TEST DOUBLE of the embedder port: a deterministic 3-dimensional vector per text (no model, no network).
import type { Embedder } from '../../src/ports/embedder.ts';

function vectorOf(text: string): number[] {
  let a = 1;
  let b = 2;
  let c = 3;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    a = (a * 31 + code) % 997;
    b = (b * 17 + code) % 991;
    c = (c * 13 + code) % 983;
  }
  return [a / 997 + 0.01, b / 991 + 0.01, c / 983 + 0.01];
}

export const fakeEmbedder: Embedder = {
  model: 'fake/test@3',
  provider: 'fake',
  dimensions: 3,
  version: '1',
  embedDocuments: async (texts) => texts.map(vectorOf),
  embedQuery: async (text) => vectorOf(text),
};
