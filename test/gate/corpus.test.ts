// The labelled corpus through the whole gate: the detection and false-positive thresholds, per-kind coverage,
// and the corpus's own guarantees (size, variety, determinism).
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateWrite } from '../../src/gate/evaluate-write.ts';
import { detectPii } from '../../src/gate/pii/index.ts';
import { DETECTION_CODES } from '../../src/gate/reason-codes.ts';
import { detectSecrets } from '../../src/gate/secrets/index.ts';
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

  it('catches at least 99% of the generated and hand-written secrets and identifiers', () => {
    for (const origin of ['generated', 'hand-written'] as const) {
      expect(figures.byOrigin[origin].secrets.rate, origin).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('rejects none of the hand-written benign memories, in any language', () => {
    expect(figures.byOrigin['hand-written'].benign.rejected).toBe(0);
    expect(figures.falsePositives.filter((fp) => fp.id.startsWith('hand'))).toEqual([]);
  });

  it('never puts the matched value in a rejection reason', async () => {
    const NOW = new Date('2026-01-01T00:00:00Z');
    for (const item of corpus.secrets) {
      const result = await evaluateWrite(
        { subject: 'corpus', kind: 'fact', content: item.text },
        { auth: 'jwt', scopes: [] },
        { now: NOW },
      );
      if (result.decision !== 'rejected') continue;
      const values = [...detectSecrets(item.text), ...detectPii(item.text)]
        .map((f) => item.text.slice(f.start, f.end))
        .filter((v) => v.length >= 4);
      const said = JSON.stringify(result.reasons);
      for (const value of values) expect(said.includes(value), `${item.id}: ${value}`).toBe(false);
    }
  });

  it('rejects at most 1% of the benign memories', () => {
    expect(figures.benign.rate).toBeLessThanOrEqual(0.01);
  });

  it('detects at least 90% of every kind, under its own code', () => {
    // A lone e-mail address or phone number is allowed by the default policy: those two have no cases here.
    for (const code of DETECTION_CODES.filter((c) => c !== 'pii.email' && c !== 'pii.phone')) {
      const kind = figures.perKind[code];
      expect(kind.total, code).toBeGreaterThan(0);
      expect(kind.exactCode / kind.total, code).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('flags at most 1% of the benign memories as suspected injection', () => {
    expect(figures.benign.injectionFlagged / figures.benign.total).toBeLessThanOrEqual(0.01);
  });
});
