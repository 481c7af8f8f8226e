// The default local model: the sentence model blended with the word-vector model (src/embedding/blend.ts).

import type { Embedder } from '../../ports/embedder.ts';
import { blendEmbedders } from '../blend.ts';
import { createLocalEmbedder, type LocalEmbedderOptions } from '../local/index.ts';
import { createSentenceEmbedder } from './sentence-embedder.ts';

/**
 * The sentence model's share of the blended cosine. Swept offline on the dev sets (vector lane alone,
 * docs/benchmarks/sentence-model.md): 0 (words only) LoCoMo R@10 0.438 / lived-in clean hit@3 0.691; 0.5: 0.500 /
 * 0.794; 0.7: 0.488 / 0.824; 1 (sentence only): 0.410 / 0.824.
 */
export const SENTENCE_SHARE = 0.7;
export const BLEND_MODEL_VERSION = '1';
export const BLEND_MODEL_ID = `local/use-lite+wink-sif@${BLEND_MODEL_VERSION}`;

export async function createBlendEmbedder(words: LocalEmbedderOptions = {}): Promise<Embedder> {
  const [sentence, wordVectors] = await Promise.all([createSentenceEmbedder(), createLocalEmbedder(words)]);
  return blendEmbedders(
    [
      { embedder: sentence, weight: SENTENCE_SHARE },
      { embedder: wordVectors, weight: 1 - SENTENCE_SHARE },
    ],
    { model: BLEND_MODEL_ID, version: BLEND_MODEL_VERSION },
  );
}
