// The recall ranking layer's public surface: pure functions from the fused candidates and a query to the answer.
export {
  applyBudget,
  type Budgeted,
  DEFAULT_BUDGET,
  DEFAULT_CONFIDENCE_FLOOR,
  ELLIPSIS,
  type RecallBudget,
  resolveBudget,
  truncateAtWord,
} from './budget.ts';
export { type ConflictDrop, filterConflicts, type Stance, stanceTowards, tokenize } from './conflict.ts';
export { buildContext, CONTEXT_HEADER, type ContextEntry, sanitizeForContext } from './context.ts';
export { type DedupeResult, dedupeByKey } from './dedupe.ts';
export { DURABLE_KINDS, durableFirst, isWeakEpisode } from './durable-first.ts';
export {
  compareFused,
  DEFAULT_LANE_WEIGHTS,
  type Evidence,
  type FusedCandidate,
  type LaneWeights,
  RRF_K,
  readEvidence,
  type VectorRemoval,
  type VectorRemovalReason,
} from './evidence.ts';
export { MAX_QUERY_CHARS, normalizeQuery } from './normalize-query.ts';
export { type RankRecallInput, type RankRecallResult, type RecallDropped, rankRecall } from './rank.ts';
export { DEFAULT_HALF_LIFE_DAYS, type HalfLifeDays, recency } from './recency.ts';
export { matchRules, ruleAction, triggerPattern } from './rules.ts';
export { explain, maxRrf, type ScoredCandidate, scoreCandidates } from './score.ts';
export type { Candidate, CandidateSource, Lane } from './types.ts';
export {
  DEFAULT_RANK_WEIGHTS,
  DEFAULT_TRUST_FACTORS,
  type RankWeights,
  type RankWeightsInput,
  resolveRankWeights,
} from './weights.ts';
