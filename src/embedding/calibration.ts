// Threshold calibration (pure): picks the similarity cut that best separates relevant from irrelevant pairs.

/** A labelled pair as shipped in a calibration file. */
export interface CalibrationPair {
  query: string;
  memory: string;
  relevant: boolean;
}

/** A labelled pair once its similarity has been measured. */
export interface ScoredPair {
  score: number;
  relevant: boolean;
}

/**
 * `f1` (default) maximises F1 of the relevant class. F1 ignores true negatives, and that is the point: a
 * calibration file can hold any number of easy negatives, which inflate specificity and drag Youden's J
 * (recall + specificity - 1) towards lower thresholds, whereas recall cares about what it returns (precision)
 * and what it misses (recall). `youden` is offered for comparison. `recall` takes the highest cut that keeps at
 * least `minRecall` of the relevant pairs: for a model whose threshold must only drop what is clearly unrelated,
 * leaving "nothing relevant" to the relevance floor (the local blend, src/embedding/sentence/defaults.ts).
 */
export type ThresholdCriterion = 'f1' | 'youden' | 'recall';

export interface ThresholdCounts {
  truePositives: number;
  falsePositives: number;
  trueNegatives: number;
  falseNegatives: number;
}

/** The chosen cut: a pair is predicted relevant when score >= threshold. */
export interface ThresholdResult {
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  criterion: ThresholdCriterion;
  counts: ThresholdCounts;
}

/**
 * Every cut between two adjacent distinct scores, highest first, with the pairs at or above it that are relevant
 * (tp) and irrelevant (fp). The cut is the midpoint between the lowest score kept and the highest score dropped, so
 * it does not sit on a training point; the last one (every pair kept) is the lowest score. Equal scores are on the
 * same side of any cut.
 */
function* cuts(pairs: readonly ScoredPair[]): Generator<{ threshold: number; tp: number; fp: number }> {
  const sorted = [...pairs].sort((a, b) => b.score - a.score);
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < sorted.length; i++) {
    const pair = sorted[i]!;
    if (pair.relevant) tp++;
    else fp++;
    const next = sorted[i + 1];
    if (next !== undefined && next.score === pair.score) continue;
    yield { threshold: next === undefined ? pair.score : (pair.score + next.score) / 2, tp, fp };
  }
}

/**
 * Tries every cut between two adjacent distinct scores and keeps the best by `criterion`; on a tie the
 * higher cut wins (fewer false positives for the same score). The threshold returned is the midpoint
 * between the lowest score kept and the highest score dropped, so it does not sit on a training point; when
 * every pair is kept it is the lowest score.
 */
export function chooseThreshold(
  pairs: readonly ScoredPair[],
  options: { criterion?: ThresholdCriterion; minRecall?: number } = {},
): ThresholdResult {
  const criterion = options.criterion ?? 'f1';
  const minRecall = options.minRecall ?? 0.97;
  if (criterion === 'recall' && !(minRecall > 0 && minRecall <= 1))
    throw new RangeError('calibration: minRecall must be in (0, 1]');
  for (const pair of pairs) {
    if (!Number.isFinite(pair.score))
      throw new RangeError('calibration: every score must be a finite number');
  }
  const positives = pairs.filter((pair) => pair.relevant).length;
  const negatives = pairs.length - positives;
  if (positives === 0) throw new RangeError('calibration: need at least one relevant pair');
  if (criterion === 'youden' && negatives === 0) {
    throw new RangeError('calibration: Youden needs at least one irrelevant pair');
  }
  let best: { value: number; threshold: number; tp: number; fp: number } | undefined;
  for (const { threshold, tp, fp } of cuts(pairs)) {
    const value =
      criterion === 'f1'
        ? (2 * tp) / (2 * tp + fp + (positives - tp))
        : criterion === 'youden'
          ? tp / positives - fp / negatives
          : // Cuts come highest first and a tie keeps the earlier one: the first cut that reaches minRecall.
            Number(tp / positives >= minRecall);
    if (best === undefined || value > best.value) best = { value, threshold, tp, fp };
  }
  const chosen = best!;
  const precision = chosen.tp / (chosen.tp + chosen.fp);
  const recall = chosen.tp / positives;
  return {
    threshold: chosen.threshold,
    precision,
    recall,
    f1: (2 * precision * recall) / (precision + recall || 1),
    criterion,
    counts: {
      truePositives: chosen.tp,
      falsePositives: chosen.fp,
      trueNegatives: negatives - chosen.fp,
      falseNegatives: positives - chosen.tp,
    },
  };
}

/** A relevance-floor candidate: the similarity from which the pairs are mostly relevant. */
export interface FloorResult {
  similarity: number;
  precision: number;
  recall: number;
}

/**
 * The relevance floor a model's pairs support: the lowest cut at which the pairs scoring at least it are relevant
 * with precision >= `minPrecision` (default 0.9), keeping at least `minRecall` (default 0.2) of the relevant
 * ones. Null when no cut does: the model's similarities do not tell relevant from irrelevant well enough for a
 * floor, and a recall should not be emptied on them. Unlike the threshold (F1: keep most relevant memories), the
 * floor is a point of high precision: evidence at it is good evidence.
 */
export function chooseFloor(
  pairs: readonly ScoredPair[],
  options: { minPrecision?: number; minRecall?: number } = {},
): FloorResult | null {
  const cut = lowestCutAtPrecision(pairs, options.minPrecision ?? 0.9, options.minRecall ?? 0.2);
  return cut && { similarity: cut.threshold, precision: cut.precision, recall: cut.recall };
}

/** A cut of high precision: the pairs scoring at least `threshold` are predicted relevant. */
export interface PrecisionCut {
  threshold: number;
  precision: number;
  recall: number;
  counts: ThresholdCounts;
}

/**
 * The lowest cut (so the most relevant pairs kept) at which the pairs scoring at least it are relevant with
 * precision >= `minPrecision`, keeping at least `minRecall` of the relevant ones; null when no cut does. Precision
 * is not monotone in the cut, so every cut is tried and the lowest passing one wins: a cut is judged on all the
 * pairs above it, never on the band between two cuts. Shared by the relevance floor and the merge threshold.
 */
export function lowestCutAtPrecision(
  pairs: readonly ScoredPair[],
  minPrecision: number,
  minRecall: number,
): PrecisionCut | null {
  const positives = pairs.filter((pair) => pair.relevant).length;
  if (positives === 0) return null;
  let best: PrecisionCut | null = null;
  for (const { threshold, tp, fp } of cuts(pairs)) {
    const precision = tp / (tp + fp);
    if (precision >= minPrecision && tp / positives >= minRecall)
      best = {
        threshold,
        precision,
        recall: tp / positives,
        counts: {
          truePositives: tp,
          falsePositives: fp,
          trueNegatives: pairs.length - positives - fp,
          falseNegatives: positives - tp,
        },
      };
  }
  return best;
}

/**
 * Area under the ROC curve: the chance that a random relevant pair outscores a random irrelevant one (ties
 * count half). A threshold-free summary, used to compare embedders and their settings.
 */
export function rocAuc(pairs: readonly ScoredPair[]): number {
  const positives = pairs.filter((pair) => pair.relevant);
  const negatives = pairs.filter((pair) => !pair.relevant);
  if (positives.length === 0 || negatives.length === 0) {
    throw new RangeError('calibration: AUC needs relevant and irrelevant pairs');
  }
  const negativeScores = negatives.map((pair) => pair.score).sort((a, b) => a - b);
  let wins = 0;
  for (const { score } of positives) {
    wins +=
      countBelow(negativeScores, score) +
      (countBelow(negativeScores, score, true) - countBelow(negativeScores, score)) / 2;
  }
  return wins / (positives.length * negatives.length);
}

/** Values in ascending `sorted` below `value` (or at most `value` when `inclusive`), by binary search. */
function countBelow(sorted: readonly number[], value: number, inclusive = false): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const item = sorted[middle]!;
    if (item < value || (inclusive && item === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One problem found in a calibration file. */
export interface CalibrationIssue {
  line: number;
  message: string;
}

/** Thrown by {@link loadCalibrationPairs}; `issues` lists every bad line, the message the first ten. */
export class CalibrationFileError extends Error {
  readonly issues: readonly CalibrationIssue[];
  constructor(issues: readonly CalibrationIssue[]) {
    const shown = issues.slice(0, 10).map((issue) => `line ${issue.line}: ${issue.message}`);
    const more = issues.length > 10 ? [`... and ${issues.length - 10} more`] : [];
    super(`calibration file is invalid:\n${[...shown, ...more].join('\n')}`);
    this.name = 'CalibrationFileError';
    this.issues = issues;
  }
}

const PAIR_KEYS = new Set(['query', 'memory', 'relevant']);

/**
 * Parses JSON Lines of `{ "query": string, "memory": string, "relevant": boolean }`. Blank lines are
 * skipped; unknown keys are errors (a misspelt "relevant" must not silently become a negative). All bad lines
 * are reported at once, by line number, so a hand-edited file can be fixed in one pass.
 */
export function loadCalibrationPairs(text: string): CalibrationPair[] {
  return parseLabelledLines(text, (record) => {
    const problem = checkRecord(record, { texts: ['query', 'memory'], label: 'relevant', keys: PAIR_KEYS });
    return (
      problem ?? {
        query: record.query as string,
        memory: record.memory as string,
        relevant: record.relevant as boolean,
      }
    );
  });
}

/**
 * The records of a JSON Lines calibration file, each turned into a pair by `parse` (which returns what is wrong
 * with a record as a string). Blank lines are skipped; every bad line is reported at once, by line number.
 */
export function parseLabelledLines<T>(
  text: string,
  parse: (record: Record<string, unknown>) => T | string,
): T[] {
  const pairs: T[] = [];
  const issues: CalibrationIssue[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    const record = parseRecord(line);
    const problem = typeof record === 'string' ? record : parse(record);
    if (typeof problem === 'string') issues.push({ line: index + 1, message: problem });
    else pairs.push(problem);
  }
  if (issues.length > 0) throw new CalibrationFileError(issues);
  if (pairs.length === 0) throw new CalibrationFileError([{ line: 0, message: 'the file holds no pairs' }]);
  return pairs;
}

/**
 * What is wrong with a record, or null: a key outside `keys`, a text field that is not a non-empty string, a
 * label that is not a boolean.
 */
export function checkRecord(
  record: Record<string, unknown>,
  shape: { texts: readonly string[]; label: string; keys: ReadonlySet<string> },
): string | null {
  const unknown = Object.keys(record).filter((key) => !shape.keys.has(key));
  if (unknown.length > 0) return `unknown key(s): ${unknown.join(', ')}`;
  for (const key of shape.texts) {
    const field = record[key];
    if (typeof field !== 'string' || field.trim() === '') return `"${key}" must be a non-empty string`;
  }
  if (typeof record[shape.label] !== 'boolean') return `"${shape.label}" must be true or false`;
  return null;
}

/** The JSON object on one line, or what is wrong with it. */
function parseRecord(line: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not valid JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object';
  return value as Record<string, unknown>;
}
