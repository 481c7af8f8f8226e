// Calibrates the local embedder's merge threshold on the shipped near-duplicate pairs, as
// `engram calibrate --merge-pairs` does, and writes the figures with every scored pair.
// Run: npx tsx scripts/calibrate-merge-local.ts   (writes docs/benchmarks/merge-threshold.json)
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { lowestCutAtPrecision, rocAuc } from '../src/embedding/calibration.ts';
import { createLocalEmbedder } from '../src/embedding/local/index.ts';
import {
  loadMergePairs,
  MERGE_MIN_PRECISION,
  MERGE_MIN_RECALL,
  type MergePair,
} from '../src/embedding/merge-calibration.ts';
import { calibrateMerge } from '../src/services/calibrate.ts';

const language = (pair: MergePair) => (/\p{Script=Han}/u.test(pair.stored) ? 'zh' : 'en');
const PAIRS_FILE = 'data/calibration/merge-pairs.jsonl';
const OUT = 'docs/benchmarks/merge-threshold.json';

const pairs = loadMergePairs(await readFile(PAIRS_FILE, 'utf8'));
const embedder = await createLocalEmbedder();
const merge = await calibrateMerge(embedder, pairs);
// What lower precision targets would buy, and the best precision at any recall: how far the model is from the bar.
const targets = [0.98, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5].map((minPrecision) => ({
  minPrecision,
  cut: roundCut(lowestCutAtPrecision(merge.scored, minPrecision, MERGE_MIN_RECALL)),
}));
const ranked = pairs
  .map((pair, i) => ({ ...pair, score: round(merge.scored[i]!.score) }))
  .sort((a, b) => b.score - a.score);
const firstWrong = ranked.findIndex((pair) => !pair.merge);
// Per language and per case: how the scores of restatements and different memories compare.
const groups = new Map<string, number[]>();
for (const pair of ranked) {
  const name = `${language(pair)} ${pair.merge ? 'restatement' : `different:${pair.case ?? '?'}`}`;
  groups.set(name, [...(groups.get(name) ?? []), pair.score]);
}
const byGroup = Object.fromEntries(
  [...groups].sort().map(([name, scores]) => [
    name,
    {
      pairs: scores.length,
      median: round(median(scores)),
      min: round(Math.min(...scores)),
      atLeast0999: scores.filter((score) => score >= 0.999).length,
    },
  ]),
);
const report = {
  model: embedder.model,
  pairsFile: PAIRS_FILE,
  pairs: merge.pairs,
  restatements: merge.merges,
  different: merge.pairs - merge.merges,
  rocAuc: round(merge.rocAuc),
  rocAucByLanguage: Object.fromEntries(
    (['en', 'zh'] as const).map((lang) => [
      lang,
      round(rocAuc(merge.scored.filter((_, i) => language(pairs[i]!) === lang))),
    ]),
  ),
  minPrecision: MERGE_MIN_PRECISION,
  minRecall: MERGE_MIN_RECALL,
  chosen: roundCut(merge.result),
  otherTargets: targets,
  restatementsAboveFirstDifferentPair: firstWrong,
  byGroup,
  topScored: ranked.slice(0, 15),
  scores: ranked,
};
await mkdir('docs/benchmarks', { recursive: true });
await writeFile(OUT, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `${report.model}: ${report.pairs} pairs (${report.restatements} restatements), ROC AUC ${report.rocAuc} (en ${report.rocAucByLanguage.en}, zh ${report.rocAucByLanguage.zh})`,
);
console.log(
  merge.result
    ? `merge threshold ${merge.result.threshold.toFixed(4)}: precision ${merge.result.precision.toFixed(3)}, recall ${merge.result.recall.toFixed(3)}`
    : `merge threshold: none at precision >= ${MERGE_MIN_PRECISION} and recall >= ${MERGE_MIN_RECALL}`,
);
for (const { minPrecision, cut } of targets)
  console.log(
    `  precision >= ${minPrecision}: ${cut ? `cut ${cut.threshold} precision ${cut.precision} recall ${cut.recall}` : 'none'}`,
  );
console.log(`restatements ranked above the first different pair: ${firstWrong}`);
for (const [name, group] of Object.entries(byGroup))
  console.log(
    `  ${name.padEnd(22)} ${String(group.pairs).padStart(3)} pairs, median ${group.median}, min ${group.min}, >= 0.999: ${group.atLeast0999}`,
  );
console.log(`wrote ${OUT}`);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function roundCut<T extends { threshold: number; precision: number; recall: number }>(
  cut: T | null,
): T | null {
  return (
    cut && {
      ...cut,
      threshold: round(cut.threshold),
      precision: round(cut.precision),
      recall: round(cut.recall),
    }
  );
}
