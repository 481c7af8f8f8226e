// Query intent, the query-level part of the relevance floor (issue 13: "nothing is returned when nothing is
// relevant"). A memory service is asked general questions too ("What's the capital of Australia?", "Tell me a
// joke"): no memory answers them, but both lanes always find a least bad memory, and the local model's similarity to
// it does not tell them from paraphrased questions about the user (ROC AUC 0.73 on lived-in dev, median best
// similarity 0.39 against 0.30; docs/benchmarks/query-intent.md). Where the query sits in the model's space does:
// its mean similarity to its nearest memory-seeking example questions minus that to its nearest general ones
// (intent-exemplars.ts), the memory-seeking margin, separates them (AUC 0.95 with the local blend). A recall whose
// margin is under the model's cut returns no memory. The cut is calibrated on the example questions alone (leave one
// out), never on a benchmark. A query that speaks of the person (I, my, we, you...) adds a little to its margin
// (PERSONAL_REFERENCE_WEIGHT). Pure.

/** How many nearest examples of each class a margin averages (k 5-20 measured; 10 kept, docs/benchmarks/query-intent.md). */
export const INTENT_NEIGHBOURS = 10;

/** Share of the memory-seeking examples a calibrated cut keeps when each is judged against the others. */
export const INTENT_KEEP = 0.97;

/**
 * What a query that speaks of the person adds to its margin (first- or second-person words: "my", "I", "we",
 * "you"). Questions a memory answers are about the user; general ones mostly are not: 72% of the memory-seeking
 * example questions have such a word against 26% of the general ones (and 92% of lived-in
 * dev's answerable questions against 35% of its unanswerable ones). Judged on the examples alone, leave one out,
 * the weight that keeps 97% of the memory-seeking examples refuses more of the general ones as it grows: 74.5% at
 * 0, 77.0% at 0.01, 80.1% at 0.02-0.03 (local blend). 0.01 ships, not 0.02: the cut rises with the weight, and
 * LoCoMo's questions name people in the third person ("What did Caroline research?"): at 0.02 the floor would refuse
 * 1.7% of LoCoMo dev's questions, at 0.01 1.0%, without it 0.7% (docs/benchmarks/query-intent.md).
 */
export const PERSONAL_REFERENCE_WEIGHT = 0.01;

/** English first- and second-person words: the example questions, and so the margin's queries, are English. */
const PERSONAL_WORDS: ReadonlySet<string> = new Set([
  'i',
  'me',
  'my',
  'mine',
  'myself',
  'we',
  'us',
  'our',
  'ours',
  'ourselves',
  'you',
  'your',
  'yours',
  'yourself',
]);

/** Whether the text speaks of the person asking or the one asked (a first- or second-person word). */
export function refersToThePerson(text: string): boolean {
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    // "US" in capitals is the country, not "us".
    if (word === 'US') continue;
    if (PERSONAL_WORDS.has(word.toLowerCase())) return true;
  }
  return false;
}

/** What `text` adds to its margin for speaking of the person. */
function personalReference(text: string | undefined): number {
  return text !== undefined && refersToThePerson(text) ? PERSONAL_REFERENCE_WEIGHT : 0;
}

/** The example questions' vectors in one model's space, and their texts when known (for their personal reference). */
export interface IntentExemplars {
  memory: readonly (readonly number[])[];
  general: readonly (readonly number[])[];
  texts?: { memory: readonly string[]; general: readonly string[] };
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

/**
 * A query's margin: where its vector sits between the two classes of examples, plus what it adds for speaking of
 * the person. What a recall compares with the model's cut.
 */
export function queryIntentMargin(
  query: string,
  vector: readonly number[],
  exemplars: IntentExemplars,
  k: number = INTENT_NEIGHBOURS,
): number {
  return memorySeekingMargin(vector, exemplars, k) + personalReference(query);
}

/**
 * Each example's margin against all the others (itself left out), its personal reference included when the texts
 * are known: what a cut is calibrated on.
 */
export function leaveOneOutMargins(
  exemplars: IntentExemplars,
  k: number = INTENT_NEIGHBOURS,
): { memory: number[]; general: number[] } {
  const without = <T>(list: readonly T[], i: number) => [...list.slice(0, i), ...list.slice(i + 1)];
  return {
    memory: exemplars.memory.map(
      (v, i) =>
        memorySeekingMargin(v, { memory: without(exemplars.memory, i), general: exemplars.general }, k) +
        personalReference(exemplars.texts?.memory[i]),
    ),
    general: exemplars.general.map(
      (v, i) =>
        memorySeekingMargin(v, { memory: exemplars.memory, general: without(exemplars.general, i) }, k) +
        personalReference(exemplars.texts?.general[i]),
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
