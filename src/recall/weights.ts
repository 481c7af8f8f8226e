// The ranking configuration: defaults for every weight, and validation of overrides (fail at start, not per row).
import { DEFAULT_LANE_WEIGHTS, type LaneWeights, RRF_K } from './evidence.ts';
import { DEFAULT_HALF_LIFE_DAYS, type HalfLifeDays } from './recency.ts';

/** Every number the final score depends on. See score.ts for the formula. */
export interface RankWeights {
  /** Lane weights of episodes (chat turns): the model's measured fusion when it has one. */
  lanes: LaneWeights;
  /** Lane weights of durable memories (every kind but episode) in a hybrid recall (sent to recall_candidates). */
  durableLanes: LaneWeights;
  /** RRF constant. */
  k: number;
  /** Share of the score (0..1) that recency can take away: a very old memory keeps 1 - recency. */
  recency: number;
  /** Share of the score (0..1) that importance can take away: importance 0 keeps 1 - importance. */
  importance: number;
  /** Multiplier per trust level 0..3, each in 0..1. */
  trust: readonly [number, number, number, number];
  halfLifeDays: HalfLifeDays;
}

/** Overrides; anything left out takes its default. */
export interface RankWeightsInput {
  lanes?: Partial<LaneWeights>;
  durableLanes?: Partial<LaneWeights>;
  k?: number;
  recency?: number;
  importance?: number;
  trust?: readonly [number, number, number, number];
  halfLifeDays?: Partial<HalfLifeDays>;
}

/**
 * Trust 0 (external content) and 1 (model inference) are discounted rather than excluded: the caller filters
 * hard with `min_trust`; here they only lose ties against what the user said or a system of record holds.
 */
export const DEFAULT_TRUST_FACTORS = Object.freeze([0.6, 0.85, 1, 1] as const);

export const DEFAULT_RANK_WEIGHTS: Readonly<RankWeights> = Object.freeze({
  lanes: DEFAULT_LANE_WEIGHTS,
  durableLanes: DEFAULT_LANE_WEIGHTS,
  k: RRF_K,
  recency: 0.4,
  importance: 0.25,
  trust: DEFAULT_TRUST_FACTORS,
  halfLifeDays: DEFAULT_HALF_LIFE_DAYS,
});

function check(name: string, value: number, min: number, max: number): number {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`ranking weight ${name} must be a number in [${min}, ${max}]`);
  }
  return value;
}

/**
 * Merges overrides into the defaults and validates them.
 * @throws RangeError naming the first invalid weight (never its neighbours' values).
 */
export function resolveRankWeights(input: RankWeightsInput = {}): RankWeights {
  const lanes = { ...DEFAULT_RANK_WEIGHTS.lanes, ...input.lanes };
  check('lanes.vector', lanes.vector, 0, 1000);
  check('lanes.lexical', lanes.lexical, 0, 1000);
  if (lanes.vector + lanes.lexical === 0) throw new RangeError('at least one lane weight must be positive');
  const durableLanes = { ...DEFAULT_RANK_WEIGHTS.durableLanes, ...input.durableLanes };
  check('durableLanes.vector', durableLanes.vector, 0, 1000);
  check('durableLanes.lexical', durableLanes.lexical, 0, 1000);
  if (durableLanes.vector + durableLanes.lexical === 0)
    throw new RangeError('at least one durable lane weight must be positive');
  const halfLifeDays = { ...DEFAULT_RANK_WEIGHTS.halfLifeDays, ...input.halfLifeDays };
  for (const [kind, days] of Object.entries(halfLifeDays)) check(`halfLifeDays.${kind}`, days, 1e-6, 1e6);
  const trust = input.trust ?? DEFAULT_RANK_WEIGHTS.trust;
  if (trust.length !== 4) throw new RangeError('ranking weight trust must have 4 factors (trust 0..3)');
  for (const [level, t] of trust.entries()) check(`trust[${level}]`, t, 0, 1);
  return {
    lanes,
    durableLanes,
    k: check('k', input.k ?? DEFAULT_RANK_WEIGHTS.k, 0, 1e6),
    recency: check('recency', input.recency ?? DEFAULT_RANK_WEIGHTS.recency, 0, 1),
    importance: check('importance', input.importance ?? DEFAULT_RANK_WEIGHTS.importance, 0, 1),
    trust: [trust[0], trust[1], trust[2], trust[3]],
    halfLifeDays,
  };
}
