// The blend's stored threshold is the cut that keeps 97% of the shipped relevant pairs (defaults.ts says why).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadCalibrationPairs } from '../../../src/embedding/calibration.ts';
import { BLEND_MODEL_DEFAULTS, createBlendEmbedder } from '../../../src/embedding/sentence/index.ts';

describe('BLEND_MODEL_DEFAULTS.threshold', () => {
  it('keeps 97% of the relevant labelled pairs and is the highest cut that does', async () => {
    const pairs = loadCalibrationPairs(
      await readFile(new URL('../../../data/calibration/local-pairs.jsonl', import.meta.url), 'utf8'),
    );
    const embedder = await createBlendEmbedder({ onProgress: () => {} });
    const queries = await embedder.embedDocuments(pairs.map((pair) => pair.query));
    const memories = await embedder.embedDocuments(pairs.map((pair) => pair.memory));
    const relevant = pairs
      .map((pair, i) => ({ pair, score: queries[i]!.reduce((s, v, d) => s + v * memories[i]![d]!, 0) }))
      .filter((p) => p.pair.relevant)
      .map((p) => p.score)
      .sort((a, b) => a - b);
    const cut = relevant[Math.floor(0.03 * relevant.length)]!;
    // Rounded to three places; a model or data change that moves the cut must update the constant.
    expect(BLEND_MODEL_DEFAULTS.threshold).toBeCloseTo(cut, 3);
  });
});
