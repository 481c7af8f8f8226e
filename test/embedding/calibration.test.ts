import { describe, expect, it } from 'vitest';
import {
  CalibrationFileError,
  chooseFloor,
  chooseThreshold,
  loadCalibrationPairs,
  rocAuc,
  type ScoredPair,
} from '../../src/embedding/calibration.ts';

const pairs = (relevant: number[], irrelevant: number[]): ScoredPair[] => [
  ...relevant.map((score) => ({ score, relevant: true })),
  ...irrelevant.map((score) => ({ score, relevant: false })),
];

describe('chooseThreshold', () => {
  it('cuts midway between the classes when they separate', () => {
    expect(chooseThreshold(pairs([0.9, 0.8, 0.7], [0.4, 0.3]))).toEqual({
      threshold: 0.55,
      precision: 1,
      recall: 1,
      f1: 1,
      criterion: 'f1',
      counts: { truePositives: 3, falsePositives: 0, trueNegatives: 2, falseNegatives: 0 },
    });
  });

  it('with criterion recall, takes the highest cut that keeps minRecall of the relevant pairs', () => {
    // Relevant 0.9 0.8 0.6 0.3: 3 of 4 (0.75) are kept from the cut between 0.6 and 0.5 down.
    const scored = pairs([0.9, 0.8, 0.6, 0.3], [0.7, 0.5, 0.2]);
    const result = chooseThreshold(scored, { criterion: 'recall', minRecall: 0.75 });
    expect(result.threshold).toBeCloseTo(0.55, 12);
    expect(result.recall).toBe(0.75);
    expect(result.counts.falsePositives).toBe(1);
    // All four: the cut between 0.3 and 0.2.
    expect(chooseThreshold(scored, { criterion: 'recall', minRecall: 1 }).threshold).toBeCloseTo(0.25, 12);
    expect(() => chooseThreshold(scored, { criterion: 'recall', minRecall: 0 })).toThrow(RangeError);
  });

  it('maximises F1 when the classes overlap', () => {
    // Cuts give F1 0.5, 0.4, 0.667, 0.857 (below 0.3), 0.75, 0.667: the best keeps 0.3 and drops 0.2.
    const result = chooseThreshold(pairs([0.9, 0.6, 0.3], [0.7, 0.2, 0.1]));
    expect(result.threshold).toBeCloseTo(0.25, 12);
    expect(result.precision).toBe(0.75);
    expect(result.recall).toBe(1);
    expect(result.f1).toBeCloseTo(6 / 7, 12);
    expect(result.counts).toEqual({
      truePositives: 3,
      falsePositives: 1,
      trueNegatives: 2,
      falseNegatives: 0,
    });
  });

  it('differs from Youden when easy negatives abound, as the criterion note says', () => {
    const scored = pairs([0.9, 0.9, 0.5], [0.7, 0.6, 0.55, ...new Array(20).fill(0.1)]);
    const f1 = chooseThreshold(scored);
    expect(f1.threshold).toBeCloseTo(0.8, 12);
    expect(f1.f1).toBeCloseTo(0.8, 12);
    const youden = chooseThreshold(scored, { criterion: 'youden' });
    expect(youden.criterion).toBe('youden');
    expect(youden.threshold).toBeCloseTo(0.3, 12);
    expect(youden.recall).toBe(1);
    expect(youden.precision).toBe(0.5);
  });

  it('never splits equal scores, and prefers the higher cut on a tie', () => {
    const tied = chooseThreshold(pairs([0.5, 0.5], [0.5, 0.2]));
    expect(tied.threshold).toBeCloseTo(0.35, 12);
    expect(tied.counts.falsePositives).toBe(1);
    // F1 is 2/3 both keeping only 0.9 and keeping everything: the higher cut wins.
    expect(chooseThreshold(pairs([0.9, 0.3], [0.6, 0.5])).threshold).toBeCloseTo(0.75, 12);
  });

  it('uses the lowest score when every pair is kept', () => {
    expect(chooseThreshold(pairs([0.4, 0.2], [])).threshold).toBe(0.2);
  });

  it('rejects input it cannot calibrate on', () => {
    expect(() => chooseThreshold([])).toThrow(/at least one relevant pair/);
    expect(() => chooseThreshold(pairs([], [0.3]))).toThrow(/at least one relevant pair/);
    expect(() => chooseThreshold(pairs([0.3, Number.NaN], []))).toThrow(/finite/);
    expect(() => chooseThreshold(pairs([0.3], []), { criterion: 'youden' })).toThrow(/irrelevant pair/);
  });
});

describe('rocAuc', () => {
  it('counts how often a relevant pair outscores an irrelevant one, ties as half', () => {
    // 0.9 beats all three; 0.5 beats 0.1, ties 0.5 and loses to 0.7: (3 + 1.5) / 6.
    expect(rocAuc(pairs([0.9, 0.5], [0.7, 0.5, 0.1]))).toBe(0.75);
    expect(rocAuc(pairs([0.9, 0.8], [0.1]))).toBe(1);
    expect(rocAuc(pairs([0.1], [0.9, 0.8]))).toBe(0);
    expect(() => rocAuc(pairs([0.1], []))).toThrow(/relevant and irrelevant/);
  });
});

describe('loadCalibrationPairs', () => {
  it('parses JSON lines, skipping blank lines and accepting CRLF', () => {
    const text =
      '{"query":"When is Alpha due?","memory":"Alpha is due March 3","relevant":true}\r\n\n' +
      '  {"query":"Who won?","memory":"I like tea","relevant":false}  \n';
    expect(loadCalibrationPairs(text)).toEqual([
      { query: 'When is Alpha due?', memory: 'Alpha is due March 3', relevant: true },
      { query: 'Who won?', memory: 'I like tea', relevant: false },
    ]);
  });

  it('reports every bad line with its number and what is wrong', () => {
    const lines = [
      '{"query":"q","memory":"m","relevant":true}',
      '{"query":"q","memory":"m","relevant":true',
      '["q","m",true]',
      '{"query":"","memory":"m","relevant":true}',
      '{"query":"q","relevant":false}',
      '{"query":"q","memory":"m","relevant":"yes"}',
      '{"query":"q","memory":"m","relevent":true}',
    ];
    let caught: unknown;
    try {
      loadCalibrationPairs(lines.join('\n'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CalibrationFileError);
    expect((caught as CalibrationFileError).issues).toEqual([
      { line: 2, message: 'not valid JSON' },
      { line: 3, message: 'expected a JSON object' },
      { line: 4, message: '"query" must be a non-empty string' },
      { line: 5, message: '"memory" must be a non-empty string' },
      { line: 6, message: '"relevant" must be true or false' },
      { line: 7, message: 'unknown key(s): relevent' },
    ]);
    expect((caught as Error).message).toContain('line 6: "relevant" must be true or false');
  });

  it('lists at most ten issues in the message, all of them in `issues`', () => {
    const text = new Array(12).fill('nope').join('\n');
    expect(() => loadCalibrationPairs(text)).toThrow(/line 10: not valid JSON\n\.\.\. and 2 more$/);
  });

  it('rejects a file without pairs', () => {
    expect(() => loadCalibrationPairs('\n  \n')).toThrow(/holds no pairs/);
  });
});

describe('chooseFloor', () => {
  const pair = (score: number, relevant: boolean) => ({ score, relevant });

  it('is the lowest cut whose pairs above are relevant with precision >= 0.9', () => {
    const pairs = [
      ...[0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5].map((s) => pair(s, true)),
      pair(0.52, false),
      pair(0.3, true),
      pair(0.2, false),
      pair(0.1, false),
    ];
    const floor = chooseFloor(pairs);
    // Down to 0.3 the pairs above are 10 relevant and 1 irrelevant (0.909); below, 0.2 is irrelevant too (0.833).
    expect(floor?.similarity).toBeCloseTo(0.25, 10);
    expect(floor?.precision).toBeCloseTo(10 / 11, 10);
    expect(floor?.recall).toBe(1);
  });

  it('is null when the similarities do not separate the pairs', () => {
    // Every relevant pair has an irrelevant one just below it: precision 0.9 only for the top one (recall 1/8).
    const pairs = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2].flatMap((s) => [
      pair(s, true),
      pair(s - 0.01, false),
    ]);
    expect(chooseFloor(pairs)).toBeNull();
  });
});
