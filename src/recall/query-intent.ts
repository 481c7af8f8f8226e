// Query intent, the query-level part of the relevance floor (issue 13: "nothing is returned when nothing is
// relevant"). A memory service is asked general questions too ("What's the capital of Australia?", "Tell me a
// joke"): no memory answers them, but both lanes always find a least bad memory, and the local model's similarity to
// it does not tell them from paraphrased questions about the user (ROC AUC 0.73 on lived-in dev, median best
// similarity 0.39 against 0.30; docs/benchmarks/query-intent.md). Where the query sits in the model's space does:
// its mean similarity to its nearest memory-seeking example questions minus that to its nearest general ones
// (intent-exemplars.ts), the memory-seeking margin, separates them (AUC 0.95 with the local blend). A recall whose
// margin is under the model's cut returns no memory. The cut is calibrated on the example questions alone (leave one
// out), never on a benchmark. Pure.

/** How many nearest examples of each class a margin averages (k 5-20 measured; 10 kept, docs/benchmarks/query-intent.md). */
export const INTENT_NEIGHBOURS = 10;

/** Share of the memory-seeking examples a calibrated cut keeps when each is judged against the others. */
export const INTENT_KEEP = 0.97;

/** The example questions' vectors in one model's space. */
export interface IntentExemplars {
  memory: readonly (readonly number[])[];
  general: readonly (readonly number[])[];
}

/** Mean of the k largest cosines of `query` to `examples` (all of them when there are fewer). */
function meanOfNearest(
  query: readonly number[],
  examples: readonly (readonly number[])[],
  k: number,
): number {
  let qq = 0;
  for (const x of query) qq += x * x;
  const sims = examples.map((e) => {
    let dot = 0;
    let ee = 0;
    for (let i = 0; i < query.length; i++) {
      const y = e[i]!;
      dot += query[i]! * y;
      ee += y * y;
    }
    return qq > 0 && ee > 0 ? dot / Math.sqrt(qq * ee) : 0;
  });
  sims.sort((a, b) => b - a);
  const nearest = sims.slice(0, Math.max(1, k));
  return nearest.length === 0 ? 0 : nearest.reduce((s, v) => s + v, 0) / nearest.length;
}

/**
 * How much nearer the query is to questions about a person's own life than to general ones: positive leans
 * memory-seeking. Vectors of any length (cosine); the query and the examples must come from the same model.
 * @throws RangeError when either class has no example (a margin against nothing means nothing).
 */
export function memorySeekingMargin(
  query: readonly number[],
  exemplars: IntentExemplars,
  k: number = INTENT_NEIGHBOURS,
): number {
  if (exemplars.memory.length === 0 || exemplars.general.length === 0)
    throw new RangeError('query intent needs examples of both classes');
  return meanOfNearest(query, exemplars.memory, k) - meanOfNearest(query, exemplars.general, k);
}

/** Each example's margin against all the others (itself left out): what a cut is calibrated on. */
export function leaveOneOutMargins(
  exemplars: IntentExemplars,
  k: number = INTENT_NEIGHBOURS,
): { memory: number[]; general: number[] } {
  const without = <T>(list: readonly T[], i: number) => [...list.slice(0, i), ...list.slice(i + 1)];
  return {
    memory: exemplars.memory.map((v, i) =>
      memorySeekingMargin(v, { memory: without(exemplars.memory, i), general: exemplars.general }, k),
    ),
    general: exemplars.general.map((v, i) =>
      memorySeekingMargin(v, { memory: exemplars.memory, general: without(exemplars.general, i) }, k),
    ),
  };
}

/** A calibrated cut and what it does to the examples themselves (leave one out). */
export interface IntentCalibration {
  floor: number;
  /** Share of memory-seeking examples at or above the cut. */
  keptMemory: number;
  /** Share of general examples under it (recalls that would return nothing). */
  refusedGeneral: number;
}

/**
 * The highest cut that keeps `keep` of the memory-seeking examples, each judged against the others: a recall is
 * refused only when its query sits further from questions about a person's life than nearly all of them do.
 */
export function chooseIntentFloor(
  exemplars: IntentExemplars,
  keep: number = INTENT_KEEP,
  k: number = INTENT_NEIGHBOURS,
): IntentCalibration {
  if (!(keep > 0 && keep <= 1)) throw new RangeError('keep must be in (0, 1]');
  const margins = leaveOneOutMargins(exemplars, k);
  const sorted = [...margins.memory].sort((a, b) => a - b);
  const floor = sorted[Math.floor((1 - keep) * sorted.length)]!;
  return {
    floor,
    keptMemory: margins.memory.filter((m) => m >= floor).length / margins.memory.length,
    refusedGeneral: margins.general.filter((m) => m < floor).length / margins.general.length,
  };
}
