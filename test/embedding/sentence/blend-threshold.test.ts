// The blend's stored threshold separates the shipped labelled pairs exactly as the calibrated cut does: the
// highest cut that keeps 97% of the relevant ones (chooseThreshold's `recall` criterion; defaults.ts says why).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chooseThreshold, loadCalibrationPairs } from '../../../src/embedding/calibration.ts';
import { BLEND_MODEL_DEFAULTS, createBlendEmbedder } from '../../../src/embedding/sentence/index.ts';

describe('BLEND_MODEL_DEFAULTS.threshold', () => {
  it('keeps the same pairs as the highest cut keeping 97% of the relevant ones', async () => {
    const pairs = loadCalibrationPairs(
      await readFile(new URL('../../../data/calibration/local-pairs.jsonl', import.meta.url), 'utf8'),
    );
    const embedder = await createBlendEmbedder({ onProgress: () => {} });
    const queries = await embedder.embedDocuments(pairs.map((pair) => pair.query));
    const memories = await embedder.embedDocuments(pairs.map((pair) => pair.memory));
    const scored = pairs.map((pair, i) => ({
      score: queries[i]!.reduce((s, v, d) => s + v * memories[i]![d]!, 0),
      relevant: pair.relevant,
    }));
    const chosen = chooseThreshold(scored, { criterion: 'recall', minRecall: 0.97 });
    const stored = BLEND_MODEL_DEFAULTS.threshold!;
    // A model or data change that moves the cut past a pair must update the constant.
    expect(scored.filter((p) => p.relevant && p.score >= stored).length).toBe(chosen.counts.truePositives);
    expect(scored.filter((p) => !p.relevant && p.score >= stored).length).toBe(chosen.counts.falsePositives);
  });
});
