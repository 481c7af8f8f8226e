// The labelled corpus through the whole gate: the detection and false-positive thresholds, per-kind coverage,
// and the corpus's own guarantees (size, variety, determinism).
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRET_CODES } from '../../src/gate/reason-codes.ts';
import { buildCorpus, type Corpus } from './corpus/index.ts';
import { type CorpusFigures, measureCorpus } from './corpus/measure.ts';

let corpus: Corpus;
let figures: CorpusFigures;

beforeAll(async () => {
  corpus = buildCorpus();
  figures = await measureCorpus(corpus);
});

describe('labelled corpus', () => {
  it('has at least 200 secrets of at least 15 kinds and 500 benign memories', () => {
    expect(corpus.secrets.length).toBeGreaterThanOrEqual(200);
    expect(new Set(corpus.secrets.map((s) => s.expected)).size).toBeGreaterThanOrEqual(15);
    expect(corpus.benign.length).toBeGreaterThanOrEqual(500);
  });

  it('is deterministic and its cases are unique', () => {
    expect(buildCorpus()).toEqual(corpus);
    expect(new Set(corpus.secrets.map((s) => s.id)).size).toBe(corpus.secrets.length);
    expect(new Set(corpus.benign.map((s) => s.id)).size).toBe(corpus.benign.length);
  });

  it('rejects at least 95% of the secrets', () => {
    expect(figures.secrets.rate).toBeGreaterThanOrEqual(0.95);
  });

  it('rejects at most 1% of the benign memories', () => {
    expect(figures.benign.rate).toBeLessThanOrEqual(0.01);
  });

  it('detects at least 90% of every kind, under its own code', () => {
    for (const code of SECRET_CODES) {
      const kind = figures.perKind[code];
      expect(kind.total, code).toBeGreaterThan(0);
      expect(kind.exactCode / kind.total, code).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('flags at most 1% of the benign memories as suspected injection', () => {
    expect(figures.benign.injectionFlagged / figures.benign.total).toBeLessThanOrEqual(0.01);
  });
});
