// Retrieval metrics of rankings against gold dialog ids: recall@k, hit@10, MRR, nDCG@10, per category.

/** The cut-offs recall is reported at. */
export const RECALL_KS = [1, 5, 10, 25] as const;

/** The categories of the headline figure; 5 (adversarial: the question's premise is false) is reported apart. */
export const HEADLINE_CATEGORIES = [1, 2, 3, 4] as const;

export interface QuestionScores {
  /** Share of the gold ids found in the first k, per k of {@link RECALL_KS}. */
  recall: Record<(typeof RECALL_KS)[number], number>;
  /** 1 when any gold id is in the first 10. */
  hit10: number;
  /** 1 / rank of the first gold id; 0 when none is in the ranking. */
  rr: number;
  /** Binary-relevance nDCG over the first 10. */
  ndcg10: number;
}

export interface AggregateScores {
  questions: number;
  recall: Record<(typeof RECALL_KS)[number], number>;
  hit10: number;
  mrr: number;
  ndcg10: number;
}

/** The first occurrence of each id: a ranking that lists an id twice gets credit once, at its best rank. */
function dedupe(ranking: readonly string[]): string[] {
  return [...new Set(ranking)];
}

/**
 * Scores one ranking. `gold` must be non-empty (a question without gold cannot be scored: the caller skips it).
 * @throws RangeError on empty gold.
 */
export function scoreRanking(ranking: readonly string[], gold: readonly string[]): QuestionScores {
  const relevant = new Set(gold);
  if (relevant.size === 0) throw new RangeError('a question needs at least one gold id to be scored');
  const ranked = dedupe(ranking);
  const found = (k: number) => ranked.slice(0, k).filter((id) => relevant.has(id)).length;
  const recall = Object.fromEntries(
    RECALL_KS.map((k) => [k, found(k) / relevant.size]),
  ) as QuestionScores['recall'];
  const first = ranked.findIndex((id) => relevant.has(id));
  let dcg = 0;
  for (const [i, id] of ranked.slice(0, 10).entries()) if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.size, 10); i++) ideal += 1 / Math.log2(i + 2);
  return {
    recall,
    hit10: found(10) > 0 ? 1 : 0,
    rr: first < 0 ? 0 : 1 / (first + 1),
    ndcg10: dcg / ideal,
  };
}

/** Mean of each metric over the scored questions (a micro-average: every question weighs the same). */
export function aggregate(scores: readonly QuestionScores[]): AggregateScores {
  const n = scores.length;
  const mean = (pick: (s: QuestionScores) => number) =>
    n === 0 ? 0 : scores.reduce((sum, s) => sum + pick(s), 0) / n;
  return {
    questions: n,
    recall: Object.fromEntries(
      RECALL_KS.map((k) => [k, mean((s) => s.recall[k])]),
    ) as AggregateScores['recall'],
    hit10: mean((s) => s.hit10),
    mrr: mean((s) => s.rr),
    ndcg10: mean((s) => s.ndcg10),
  };
}

export interface ScoredQuestion {
  category: number;
  scores: QuestionScores;
}

export interface MetricsReport {
  /** Categories 1-4 together: the figure to compare runs by. */
  headline: AggregateScores;
  /** Category 5 alone. */
  adversarial: AggregateScores;
  /** Every scored question. */
  all: AggregateScores;
  byCategory: Record<string, AggregateScores>;
}

/** Aggregates scored questions into the headline, the adversarial share, the total and each category. */
export function summarize(scored: readonly ScoredQuestion[]): MetricsReport {
  const headline = new Set<number>(HEADLINE_CATEGORIES);
  const categories = [...new Set(scored.map((q) => q.category))].sort((a, b) => a - b);
  const of = (keep: (q: ScoredQuestion) => boolean) => aggregate(scored.filter(keep).map((q) => q.scores));
  return {
    headline: of((q) => headline.has(q.category)),
    adversarial: of((q) => q.category === 5),
    all: of(() => true),
    byCategory: Object.fromEntries(categories.map((c) => [String(c), of((q) => q.category === c)])),
  };
}
