import { describe, expect, it } from 'vitest';
import { readEvidence } from '../../src/recall/evidence.ts';
import { rankRecall } from '../../src/recall/rank.ts';
import type { Candidate } from '../../src/recall/types.ts';
import { bestWeighted, lexicalFactor, relativeSimilarity, weighLanes } from '../../src/recall/weigh-lanes.ts';
import { resolveRankWeights } from '../../src/recall/weights.ts';
import { cand } from './fixtures.ts';

const now = new Date('2026-12-01T00:00:00.000Z');
const both = ['vector', 'lexical'] as const;
// The local model's measured fusion (LOCAL_MODEL_DEFAULT_FUSION): vector lane 0.2, lexical 1, k 5.
const local = resolveRankWeights({ lanes: { vector: 0.2, lexical: 1 }, k: 5 });

/** A recall_candidates row fused as SQL fuses it with the local model's weights. */
function row(
  c: Candidate,
  vectorRank: number | null,
  lexicalRank: number | null,
  similarity = 0.4,
): Candidate {
  return {
    ...c,
    vector_rank: vectorRank,
    vector_similarity: vectorRank === null ? null : similarity,
    lexical_rank: lexicalRank,
    lexical_score: lexicalRank === null ? null : 1 / lexicalRank,
    rrf:
      (vectorRank === null ? 0 : 0.2 / (5 + vectorRank)) + (lexicalRank === null ? 0 : 1 / (5 + lexicalRank)),
  };
}

const maya = cand('maya', { content: 'My daughter is called Maya and my son is Leo.' });
const biscuit = cand('biscuit', { content: 'We have a golden retriever named Biscuit.' });
const fund = cand('fund', {
  kind: 'decision',
  content: "We put 500 euros a month into the children's fund.",
});

describe('weighLanes', () => {
  it("does not let one shared stem outrank the best meaning match (issue 13's children's names)", () => {
    // The local model's lanes on the lived-in dev user u01 (clean subject): Biscuit is lexical rank 1 (it shares
    // "name") and vector rank 8, the fund lexical rank 2 ("children") and vector rank 7; Maya vector rank 1 only.
    // Similarities as the local model saw them.
    const others = [0.353, 0.3, 0.25, 0.2, 0.18].map((sim, i) => row(cand(`other-${i}`), i + 2, null, sim));
    const rows = [row(maya, 1, null, 0.393), ...others, row(fund, 7, 2, 0.157), row(biscuit, 8, 1, 0.153)];
    // SQL's fusion with the local model's weights puts the stray word first...
    expect(
      readEvidence(rows)
        .fused.map((f) => f.candidate.id)
        .slice(0, 3),
    ).toEqual(['biscuit', 'fund', 'maya']);
    // ...the recall answers with the meaning match.
    const out = rankRecall({
      candidates: rows,
      query: "What are my children's names?",
      now,
      weights: local,
      budget: { max_items: 10 },
    });
    const place = (id: string) => out.items.findIndex((i) => i.id === id);
    expect(place('maya')).toBe(0);
    expect(place('biscuit')).toBeGreaterThan(0);
    expect(place('fund')).toBeGreaterThan(0);
    // Half the query's words: Biscuit keeps half the lexical weight.
    const weighed = weighLanes(readEvidence(rows).fused, "What are my children's names?", local, both);
    expect(weighed.find((w) => w.candidate.id === 'biscuit')!.lexical_share).toBe(0.5);
  });

  it('keeps the full lexical weight for a memory that holds every word of the query', () => {
    const alpha = cand('alpha', { content: 'Project Alpha deadline is March 3' });
    const other = cand('other', { content: 'Sprint review every second Friday' });
    const [a, o] = weighLanes(
      readEvidence([row(alpha, 3, 1), row(other, 1, null)]).fused,
      'When is the Alpha project deadline?',
      local,
      both,
    ).sort((x, y) => x.candidate.id.localeCompare(y.candidate.id));
    expect(a!.lexical_share).toBe(1);
    expect(a!.weighted).toBeCloseTo(1 / (5 + 2) + 1 / (5 + 1), 12);
    expect(o!.weighted).toBeCloseTo(1 / (5 + 1), 12);
    expect(a!.weighted).toBeGreaterThan(o!.weighted);
  });

  it('weighs a chat turn with the model fusion and keeps at least half its lexical weight (its context)', () => {
    const turn = cand('turn', { kind: 'episode', content: 'Caroline: see you at the support group' });
    const [t] = weighLanes(
      readEvidence([row(turn, 2, 1)]).fused,
      'When did Mel paint a sunrise?',
      local,
      both,
    );
    expect(t!.lexical_share).toBe(0);
    expect(lexicalFactor('episode', 0)).toBe(0.5);
    expect(t!.weighted).toBeCloseTo(0.2 / (5 + 1) + 0.5 / (5 + 1), 12);
  });

  it('ranks durable memories among durable ones: 24 chat turns ahead in the vector lane do not bury a preference', () => {
    const turns = Array.from({ length: 24 }, (_, i) => row(cand(`t${i}`, { kind: 'episode' }), i + 1, null));
    const pref = row(cand('pref', { kind: 'preference', content: 'Drinks her coffee black' }), 25, null);
    const weighed = weighLanes(
      readEvidence([...turns, pref]).fused,
      'How do I take my espresso?',
      local,
      both,
    );
    const p = weighed.find((w) => w.candidate.id === 'pref')!;
    const first = weighed.find((w) => w.candidate.id === 't0')!;
    // Vector rank 1 among durable memories, at the durable lanes' weight 1; the first turn at the model's 0.2.
    expect(p.weighted).toBeCloseTo(1 / (5 + 1), 12);
    expect(first.weighted).toBeCloseTo(0.2 / (5 + 1), 12);
    // The explanation keeps the lane's real rank.
    expect(p.vector_rank).toBe(25);
  });

  it("counts a vector hit by its similarity over the query's best, beside its rank", () => {
    const [near, far] = weighLanes(
      readEvidence([
        row(cand('near', { content: 'a' }), 1, null, 0.6),
        row(cand('far', { content: 'b' }), 2, null, 0.2),
      ]).fused,
      'anything at all',
      local,
      both,
    );
    expect(near!.weighted).toBeCloseTo(1 / 6, 12);
    expect(far!.weighted).toBeCloseTo(0.2 / 0.6 / 7, 12);
    expect(relativeSimilarity(0.3, 0)).toBe(1);
    expect(relativeSimilarity(-0.1, 0.5)).toBe(0);
  });

  it("keeps SQL's fused value in a single-lane recall", () => {
    const fused = readEvidence([row(biscuit, null, 1), row(maya, null, 2)]).fused;
    const weighed = weighLanes(fused, "What are my children's names?", local, ['lexical']);
    expect(weighed.map((w) => [w.weighted, w.lexical_share])).toEqual([
      [1 / 6, null],
      [1 / 7, null],
    ]);
  });

  it('normalises by the best of both weight sets, so a durable memory at rank 1 in both lanes scores 1', () => {
    expect(bestWeighted(local, both)).toBeCloseTo(2 / 6, 12);
    expect(bestWeighted(local, ['vector'])).toBeCloseTo(0.2 / 6, 12);
    const rows = [row(cand('top', { content: 'The names of my children' }), 1, 1)];
    const out = rankRecall({
      candidates: rows,
      query: "What are my children's names?",
      now,
      weights: local,
      explain: true,
    });
    expect(out.items[0]!.why).toMatchObject({ rrf_normalised: 1, lexical_share: 1 });
  });
});
