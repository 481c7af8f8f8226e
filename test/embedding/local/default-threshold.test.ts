import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chooseThreshold, loadCalibrationPairs } from '../../../src/embedding/calibration.ts';
import { createLocalEmbedder, LOCAL_MODEL_DEFAULT_THRESHOLD } from '../../../src/embedding/local/index.ts';

describe('LOCAL_MODEL_DEFAULT_THRESHOLD', () => {
  it('is what calibrating the current model on the shipped pairs gives', async () => {
    const pairs = loadCalibrationPairs(
      await readFile(new URL('../../../data/calibration/local-pairs.jsonl', import.meta.url), 'utf8'),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    const embedder = await createLocalEmbedder({ onProgress: () => {} });
    const queries = await embedder.embedDocuments(pairs.map((pair) => pair.query));
    const memories = await embedder.embedDocuments(pairs.map((pair) => pair.memory));
    const scored = pairs.map((pair, i) => ({
      score: queries[i]!.reduce((sum, value, d) => sum + value * memories[i]![d]!, 0),
      relevant: pair.relevant,
    }));
    // The constant is rounded to four places; a model or data change that moves the cut must update it.
    expect(chooseThreshold(scored).threshold).toBeCloseTo(LOCAL_MODEL_DEFAULT_THRESHOLD, 4);
  });
});
