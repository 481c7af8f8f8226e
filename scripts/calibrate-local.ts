// Calibrates an offline model's similarity threshold on the shipped labelled pairs and writes the plot.
// Run: npx tsx scripts/calibrate-local.ts [words|sentence|blend]
//   words (default): the word-vector model, writes docs/benchmarks/calibration-local.{json,svg}
//   sentence: the sentence model, writes docs/benchmarks/calibration-sentence.{json,svg}
//   blend: the default local model (both blended), writes docs/benchmarks/calibration-blend.{json,svg}
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import {
  chooseThreshold,
  loadCalibrationPairs,
  rocAuc,
  type ScoredPair,
} from '../src/embedding/calibration.ts';
import { renderCalibrationSvg } from '../src/embedding/calibration-plot.ts';
import { createLocalEmbedder } from '../src/embedding/local/index.ts';
import { createBlendEmbedder, createSentenceEmbedder } from '../src/embedding/sentence/index.ts';

const PAIRS_FILE = 'data/calibration/local-pairs.jsonl';
const OUT_DIR = 'docs/benchmarks';

const pairs = loadCalibrationPairs(await readFile(PAIRS_FILE, 'utf8'));
const which = process.argv[2] ?? 'words';
const embedders = {
  words: () => createLocalEmbedder(),
  sentence: () => createSentenceEmbedder(),
  blend: () => createBlendEmbedder(),
};
if (!(which in embedders)) throw new Error('usage: calibrate-local.ts [words|sentence|blend]');
const embedder = await embedders[which as keyof typeof embedders]();
const name = which === 'words' ? 'calibration-local' : `calibration-${which}`;
const texts = [...new Set(pairs.flatMap((pair) => [pair.query, pair.memory]))];
const vectors = new Map<string, number[]>();
const embedded = await embedder.embedDocuments(texts);
for (const [i, text] of texts.entries()) vectors.set(text, embedded[i]!);
const dot = (a: readonly number[], b: readonly number[]): number =>
  a.reduce((sum, value, i) => sum + value * b[i]!, 0);
// The pairs are embedded as documents on both sides: both offline models embed queries the same way.
const scored: ScoredPair[] = pairs.map((pair) => ({
  score: dot(vectors.get(pair.query)!, vectors.get(pair.memory)!),
  relevant: pair.relevant,
}));

const f1 = chooseThreshold(scored);
const youden = chooseThreshold(scored, { criterion: 'youden' });
const report = {
  model: embedder.model,
  pairsFile: PAIRS_FILE,
  pairs: pairs.length,
  relevant: pairs.filter((pair) => pair.relevant).length,
  irrelevant: pairs.filter((pair) => !pair.relevant).length,
  rocAuc: round(rocAuc(scored)),
  chosen: roundAll(f1),
  youdenForComparison: roundAll(youden),
  scores: scored.map((pair) => ({ score: round(pair.score), relevant: pair.relevant })),
};
await mkdir(OUT_DIR, { recursive: true });
await writeFile(`${OUT_DIR}/${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
await writeFile(
  `${OUT_DIR}/${name}.svg`,
  `${renderCalibrationSvg(scored, f1, { title: `${embedder.model}: ${pairs.length} labelled pairs` })}\n`,
);
console.log(
  `pairs ${report.pairs} (relevant ${report.relevant}, irrelevant ${report.irrelevant}), ROC AUC ${report.rocAuc}`,
);
for (const result of [f1, youden]) {
  console.log(
    `${result.criterion.padEnd(6)} threshold ${result.threshold.toFixed(4)}  precision ${result.precision.toFixed(3)}  recall ${result.recall.toFixed(3)}  F1 ${result.f1.toFixed(3)}`,
  );
}
console.log(`wrote ${OUT_DIR}/${name}.json and .svg`);

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function roundAll<T extends { threshold: number; precision: number; recall: number; f1: number }>(
  result: T,
): T {
  return {
    ...result,
    threshold: round(result.threshold),
    precision: round(result.precision),
    recall: round(result.recall),
    f1: round(result.f1),
  };
}
