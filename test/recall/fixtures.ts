// Hand-made recall candidates for the ranking tests: every field explicit, lane fields set per test.
import type { Candidate } from '../../src/recall/types.ts';

/** A candidate with neutral defaults; override what the test is about. */
export function cand(id: string, overrides: Partial<Candidate> = {}): Candidate {
  return {
    id,
    subject: 'user-1',
    kind: 'fact',
    content: `content of ${id}`,
    tags: [],
    trust: 2,
    importance: 0.5,
    confidence: 0.9,
    created_at: '2026-11-01T00:00:00.000Z',
    source: { type: 'user' },
    ...overrides,
  };
}

/** Wraps candidates as scored entries (dedupe, conflict and budget only read `candidate` and `score`). */
export function entry(candidate: Candidate, score = 0.5): { candidate: Candidate; score: number } {
  return { candidate, score };
}
