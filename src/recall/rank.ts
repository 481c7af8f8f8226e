// Orchestrates recall's post-ranking: from the fused candidates of recall_candidates and the query to items, rules
// and context. The lanes were fused once, in SQL (per memory: lane weights, lexical share, similarity); this weighs
// what SQL cannot (recency, importance, trust), filters and budgets.
import type { DroppedItem, RecallBudgetInput, RecallItem, RecallMode, RuleHit } from '../contract/index.ts';
import { applyBudget, DEFAULT_CONFIDENCE_FLOOR, resolveBudget } from './budget.ts';
import { filterConflicts } from './conflict.ts';
import { buildContext } from './context.ts';
import { dedupeByKey } from './dedupe.ts';
import { durableFirst } from './durable-first.ts';
import { readEvidence } from './evidence.ts';
import { weighNamedSpeaker } from './named-speaker.ts';
import { normalizeQuery } from './normalize-query.ts';
import { applyRelevanceFloor, type FloorSettings } from './relevance-floor.ts';
import { matchRules } from './rules.ts';
import { explain, type ScoredCandidate, scoreCandidates } from './score.ts';
import type { Candidate, Lane } from './types.ts';
import { type RankWeightsInput, resolveRankWeights } from './weights.ts';

export interface RankRecallInput {
  /** recall_candidates' rows: one per memory, with its lane evidence and rrf (any order). */
  candidates: readonly Candidate[];
  /** Rule memories to test against the query (their trigger), independent of both lanes. */
  ruleCandidates?: readonly Candidate[];
  /** The raw query; normalised here (normalizeQuery is idempotent, so an already normalised one is fine). */
  query: string;
  /** The lanes the database ran (hybrid by default): what rrf is normalised against. */
  mode?: RecallMode;
  /** The model's calibrated similarity threshold SQL applied; null or absent when the model is not calibrated. */
  threshold?: number | null;
  now: Date;
  /** Overrides of the default weights; a resolved RankWeights passes through unchanged. */
  weights?: RankWeightsInput;
  budget?: RecallBudgetInput;
  /** Attach `why` to every item. */
  explain?: boolean;
  /**
   * A reranker's relevance in [0, 1] per candidate id; it replaces the fused rank as the base of the score for the
   * candidates it names (src/ports/reranker.ts). Absent or null: the lanes' fusion decides.
   */
  relevance?: ReadonlyMap<string, number> | null;
  /** The model's relevance floor (src/recall/relevance-floor.ts); null or absent: none. */
  floor?: FloorSettings | null;
  /**
   * The query's memory-seeking margin and the model's cut (src/recall/query-intent.ts); under the cut no candidate
   * becomes an item (only rules whose trigger the query holds still fire). Null or absent: not judged.
   */
  intent?: { margin: number; floor: number } | null;
  confidenceFloor?: number;
}

/** Ids that did not make it into `items`, by the first reason that removed them. */
export interface RecallDropped {
  below_threshold: string[];
  invalid_score: string[];
  conflict: string[];
  /** Lost to a better memory with the same key, or already returned in `rules`. */
  duplicate: string[];
  over_budget: string[];
  /** No lane gave good enough evidence (the model's relevance floor). */
  below_floor: string[];
  /** The query does not ask about the person (under the model's memory-seeking cut): every candidate. */
  not_memory_seeking: string[];
}

export interface RankRecallResult {
  items: RecallItem[];
  rules: RuleHit[];
  context: string;
  dropped: RecallDropped;
  /** Every dropped id with its reason and the similarity the vector lane saw: what `explain` lists. */
  dropped_items: DroppedItem[];
  /**
   * Memories still in play through the lexical lane whose vector evidence was removed. A non-empty
   * `invalid_score` here or in `dropped` means the vector lane returned broken scores: worth a `degraded` flag.
   */
  vector_evidence_removed: { below_threshold: string[]; invalid_score: string[] };
  /** True when the lanes found candidates but none had evidence at the relevance floor, or the query was refused. */
  nothing_relevant: boolean;
}

const LANES_BY_MODE: Record<RecallMode, readonly Lane[]> = {
  hybrid: ['vector', 'lexical'],
  vector: ['vector'],
  lexical: ['lexical'],
};

function toItem(entry: ScoredCandidate, content: string, truncated: boolean, inContext: boolean): RecallItem {
  const c = entry.candidate;
  return {
    id: c.id,
    content,
    kind: c.kind,
    tags: [...c.tags],
    trust: c.trust,
    importance: c.importance,
    confidence: c.confidence,
    created_at: c.created_at,
    source: { ...c.source },
    score: entry.score,
    truncated,
    in_context: inContext,
  };
}

/**
 * Rule memories that a lane found with evidence worth proposing: lexical (shared words), or vector when the model
 * is calibrated. An uncalibrated model's vector lane returns the nearest memories however far they are, so it
 * would propose every rule of the subject on every recall.
 */
function laneReachedRules(scored: readonly ScoredCandidate[], threshold: number | null): ScoredCandidate[] {
  return scored.filter(
    (e) =>
      e.candidate.kind === 'rule' &&
      (e.lanes.includes('lexical') || (threshold !== null && e.lanes.includes('vector'))),
  );
}

/**
 * The whole post-ranking, pure and deterministic, in this order:
 *  1. normalise the query;
 *  2. read the lane evidence SQL fused: a memory whose only vector evidence is under the threshold (or not a
 *     finite number) drops, one the lexical lane also found stays on lexical evidence (rrf already says so);
 *  3. score (SQL's fusion x recency x importance x trust), best first, a chat turn of another speaker than the
 *     one the query names weighed down (named-speaker.ts);
 *     then the relevance floor: a query under the model's memory-seeking cut keeps no candidate (query-intent.ts),
 *     otherwise each candidate needs evidence at the floor (relevance-floor.ts);
 *  4. drop preferences the query contradicts (before dedupe, so a same-key memory that agrees with the input
 *     can take the slot);  5. dedupe by key;
 *  6. match rules on the query (their triggers; rules the lanes reached come back as at most `confirm`), and keep
 *     a returned rule out of `items` (it is already in `rules`);
 *  7. durable memories before chat turns that only one lane found, or found far down (durable-first.ts);
 *  8. fit the budget (confident memories first);  9. render the context from the in-context items.
 * @throws RangeError on an invalid threshold, weights, budget or `now` (configuration or caller bugs).
 */
export function rankRecall(input: RankRecallInput): RankRecallResult {
  const query = normalizeQuery(input.query);
  const activeLanes = LANES_BY_MODE[input.mode ?? 'hybrid'];
  const threshold = input.threshold ?? null;
  // A corrupt calibration must fail loudly rather than explain every item with a meaningless threshold.
  if (threshold !== null && !Number.isFinite(threshold)) {
    throw new RangeError('similarity threshold must be a finite number or null');
  }
  const weights = resolveRankWeights(input.weights);
  const budget = resolveBudget(input.budget);

  const evidence = readEvidence(input.candidates);
  const { ranked: scored } = weighNamedSpeaker(
    scoreCandidates(evidence.fused, {
      now: input.now,
      weights,
      activeLanes,
      relevance: input.relevance ?? null,
    }),
    query,
  );

  const intent = input.intent ?? null;
  if (intent !== null && !(Number.isFinite(intent.margin) && Number.isFinite(intent.floor)))
    throw new RangeError('intent margin and floor must be finite');
  const refused = intent !== null && intent.margin < intent.floor;
  const floored = applyRelevanceFloor(refused ? [] : scored, input.floor ?? null, (e) => ({
    vector_similarity: e.vector_similarity,
    lexical_score: e.lexical_score,
    key_rank: e.key_rank,
  }));
  const conflicts = filterConflicts(floored.kept, query);
  const deduped = dedupeByKey(conflicts.kept);
  // A refused query still fires a rule whose trigger it holds: the trigger is the user's own condition.
  const rules = matchRules(
    input.ruleCandidates ?? [],
    query,
    refused ? [] : laneReachedRules(scored, threshold),
  );
  const firedRules = new Set(rules.map((r) => r.id));
  const ranked = durableFirst(
    deduped.kept.filter((e) => !firedRules.has(e.candidate.id)),
    activeLanes,
  );
  const budgeted = applyBudget(ranked, budget, input.confidenceFloor ?? DEFAULT_CONFIDENCE_FLOOR);

  const items = budgeted.selected.map((b) => {
    const item = toItem(b.entry, b.content, b.truncated, b.in_context);
    if (input.explain) item.why = explain(b.entry, threshold);
    return item;
  });
  const context = buildContext(items.filter((i) => i.in_context));

  const idsWhere = (reason: 'below_threshold' | 'invalid_score', keptLexical: boolean): string[] =>
    evidence.removed.filter((r) => r.reason === reason && r.kept_lexical === keptLexical).map((r) => r.id);
  const dropped: RecallDropped = {
    below_threshold: idsWhere('below_threshold', false),
    invalid_score: idsWhere('invalid_score', false),
    conflict: conflicts.dropped.map((d) => d.id),
    duplicate: [
      ...deduped.duplicates,
      ...deduped.kept.filter((e) => firedRules.has(e.candidate.id)).map((e) => e.candidate.id),
    ],
    over_budget: budgeted.over_budget,
    below_floor: floored.below_floor,
    not_memory_seeking: refused ? scored.map((e) => e.candidate.id) : [],
  };
  const similarity = new Map(input.candidates.map((c) => [c.id, c.vector_similarity ?? null]));
  return {
    items,
    rules,
    context,
    dropped,
    dropped_items: (Object.keys(dropped) as (keyof RecallDropped)[]).flatMap((reason) =>
      dropped[reason].map((id) => {
        const s = similarity.get(id);
        return { id, reason, vector_similarity: typeof s === 'number' && Number.isFinite(s) ? s : null };
      }),
    ),
    vector_evidence_removed: {
      below_threshold: idsWhere('below_threshold', true),
      invalid_score: idsWhere('invalid_score', true),
    },
    nothing_relevant: refused || (scored.length > 0 && floored.kept.length === 0),
  };
}
