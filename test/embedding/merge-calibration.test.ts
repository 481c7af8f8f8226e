// The merge-threshold chooser (lowest cut at precision >= 0.98 and recall >= 0.2, or none) and the pair file.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CalibrationFileError, type ScoredPair } from '../../src/embedding/calibration.ts';
import { chooseMergeThreshold, loadMergePairs } from '../../src/embedding/merge-calibration.ts';

const pair = (score: number, relevant: boolean): ScoredPair => ({ score, relevant });
/** `count` pairs of one label spread evenly over [low, high]. */
const spread = (count: number, low: number, high: number, relevant: boolean): ScoredPair[] =>
  Array.from({ length: count }, (_, i) => pair(low + ((high - low) * i) / Math.max(1, count - 1), relevant));

describe('chooseMergeThreshold', () => {
  it('is the lowest cut whose pairs above merge with precision >= 0.98', () => {
    // 60 restatements in [0.80, 0.99]; one different pair at 0.90 among them; the rest of the different pairs lower.
    const pairs = [...spread(60, 0.8, 0.99, true), pair(0.905, false), ...spread(40, 0.3, 0.79, false)];
    const chosen = chooseMergeThreshold(pairs);
    // Down to 0.80 the pairs above are 60 restatements and 1 different pair: 60/61 = 0.984 >= 0.98.
    expect(chosen?.threshold).toBeCloseTo((0.8 + 0.79) / 2, 10);
    expect(chosen?.precision).toBeCloseTo(60 / 61, 10);
    expect(chosen?.recall).toBe(1);
    expect(chosen?.counts).toEqual({
      truePositives: 60,
      falsePositives: 1,
      trueNegatives: 40,
      falseNegatives: 0,
    });
  });

  it('stops above a band where precision falls below 0.98, where a floor at 0.9 would go on', () => {
    // 50 restatements in [0.90, 0.99], 2 different pairs at 0.85 and 0.84, 10 restatements below, then different.
    const pairs = [
      ...spread(50, 0.9, 0.99, true),
      pair(0.85, false),
      pair(0.84, false),
      ...spread(10, 0.6, 0.8, true),
      ...spread(30, 0.1, 0.5, false),
    ];
    const chosen = chooseMergeThreshold(pairs);
    // Down to 0.85: 50/51 = 0.980 passes; 0.84 makes it 50/52 and the 10 restatements below never lift it back.
    expect(chosen?.threshold).toBeCloseTo(0.845, 10);
    expect(chosen?.precision).toBeCloseTo(50 / 51, 10);
    expect(chosen?.recall).toBeCloseTo(50 / 60, 10);
    const loose = chooseMergeThreshold(pairs, { minPrecision: 0.9 });
    expect(loose!.threshold).toBeLessThan(0.6);
    expect(loose!.recall).toBe(1);
  });

  it('is null when different memories score as high as restatements (word overlap, negation)', () => {
    // A bag-of-words model: "Prefers tea over coffee" and "Prefers coffee over tea" score 1, like a restatement.
    const pairs = [...spread(30, 0.7, 1, true), ...spread(30, 0.7, 1, false), pair(1, false)];
    expect(chooseMergeThreshold(pairs)).toBeNull();
  });

  it('is null when only a sliver of the restatements clears the bar (recall < 0.2)', () => {
    // 5 of 40 restatements above every different pair (recall 0.125), the rest mixed with them.
    const pairs = [
      ...spread(5, 0.95, 0.99, true),
      ...spread(35, 0.5, 0.9, true),
      ...spread(35, 0.5, 0.9, false),
    ];
    expect(chooseMergeThreshold(pairs)).toBeNull();
    expect(chooseMergeThreshold(pairs, { minRecall: 0.1 })?.recall).toBe(5 / 40);
  });

  it('never splits equal scores: a different pair tied with restatements counts against them', () => {
    // 49 restatements at 1 and 1 different pair at 1: precision 0.98 exactly passes; 2 different pairs do not.
    const tied = (different: number) => [
      ...Array.from({ length: 49 }, () => pair(1, true)),
      ...Array.from({ length: different }, () => pair(1, false)),
      ...spread(10, 0.1, 0.5, false),
    ];
    expect(chooseMergeThreshold(tied(1))?.precision).toBeCloseTo(0.98, 10);
    expect(chooseMergeThreshold(tied(2))).toBeNull();
  });

  it('is null without restatements', () => {
    expect(chooseMergeThreshold(spread(10, 0.1, 0.9, false))).toBeNull();
  });
});

describe('loadMergePairs', () => {
  it('parses stored, incoming, merge and the optional kind and case', () => {
    const text = [
      '{"stored": "Lives in Berlin", "incoming": "Lives in Munich", "merge": false, "kind": "fact", "case": "value"}',
      '',
      '{"stored": "Is vegetarian", "incoming": "Follows a vegetarian diet", "merge": true}\r',
    ].join('\n');
    expect(loadMergePairs(text)).toEqual([
      { stored: 'Lives in Berlin', incoming: 'Lives in Munich', merge: false, kind: 'fact', case: 'value' },
      { stored: 'Is vegetarian', incoming: 'Follows a vegetarian diet', merge: true },
    ]);
  });

  it('reports every bad line: a recall pair, a misspelt label, a non-string kind, bad JSON', () => {
    const text = [
      '{"query": "a", "memory": "b", "relevant": true}',
      '{"stored": "a", "incoming": "b", "merged": true}',
      '{"stored": "a", "incoming": "b", "merge": "yes"}',
      '{"stored": "a", "incoming": "b", "merge": true, "kind": 3}',
      '{"stored": "", "incoming": "b", "merge": true}',
      '{nope',
    ].join('\n');
    let error: unknown;
    try {
      loadMergePairs(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CalibrationFileError);
    expect((error as CalibrationFileError).issues).toEqual([
      { line: 1, message: 'unknown key(s): query, memory, relevant' },
      { line: 2, message: 'unknown key(s): merged' },
      { line: 3, message: '"merge" must be true or false' },
      { line: 4, message: '"kind" must be a string' },
      { line: 5, message: '"stored" must be a non-empty string' },
      { line: 6, message: 'not valid JSON' },
    ]);
  });

  it('loads the shipped pair set: at least 150 pairs, both labels, English and Chinese, every durable kind', async () => {
    const pairs = loadMergePairs(await readFile('data/calibration/merge-pairs.jsonl', 'utf8'));
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    const merges = pairs.filter((p) => p.merge).length;
    expect(merges).toBeGreaterThan(pairs.length / 3);
    expect(pairs.length - merges).toBeGreaterThan(pairs.length / 3);
    expect(pairs.filter((p) => /\p{Script=Han}/u.test(p.stored)).length).toBeGreaterThanOrEqual(50);
    expect(new Set(pairs.map((p) => p.kind))).toEqual(
      new Set(['preference', 'constraint', 'fact', 'decision', 'rule']),
    );
    // A pair is labelled once: the same two texts never appear with both labels.
    const labels = new Map<string, boolean>();
    for (const p of pairs) {
      const key = [p.stored, p.incoming].sort().join('\u0000');
      expect(labels.get(key) ?? p.merge, key).toBe(p.merge);
      labels.set(key, p.merge);
    }
  });
});
