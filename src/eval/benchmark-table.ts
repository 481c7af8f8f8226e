// The one table every tuning step is recorded with: each benchmark's headline figures side by side, one row a run.
import type { MetricsReport } from './locomo/metrics.ts';
import type { SuiteHeadline } from './suite/report.ts';

export interface BenchmarkRow {
  /** What this run is (a commit, a tuning step). */
  label: string;
  /** LoCoMo, hybrid, categories 1-4. */
  locomo?: { recallAt10: number; mrr: number } | undefined;
  /** Lived-in, hybrid: among chat turns, and in a clean subject. */
  livedIn?: { chat?: SuiteHeadline | undefined; clean?: SuiteHeadline | undefined } | undefined;
  /** Chinese, clean subjects: hit@3 of the default request in each mode. */
  chinese?: { lexicalHit3?: number | undefined; hybridHit3?: number | undefined } | undefined;
}

export function locomoFigures(metrics: MetricsReport): NonNullable<BenchmarkRow['locomo']> {
  return { recallAt10: metrics.headline.recall[10], mrr: metrics.headline.mrr };
}

const COLUMNS: [string, (row: BenchmarkRow) => number | undefined][] = [
  ['LoCoMo R@10', (r) => r.locomo?.recallAt10],
  ['LoCoMo MRR', (r) => r.locomo?.mrr],
  ['lived-in hit@1', (r) => r.livedIn?.chat?.hit1],
  ['lived-in hit@3', (r) => r.livedIn?.chat?.hit3],
  ['lived-in MRR', (r) => r.livedIn?.chat?.mrr],
  ['lived-in no-answer empty', (r) => r.livedIn?.chat?.empty],
  ['clean hit@3', (r) => r.livedIn?.clean?.hit3],
  ['clean MRR', (r) => r.livedIn?.clean?.mrr],
  ['clean no-answer empty', (r) => r.livedIn?.clean?.empty],
  ['Chinese lexical hit@3', (r) => r.chinese?.lexicalHit3],
  ['Chinese hybrid hit@3', (r) => r.chinese?.hybridHit3],
];

/** The markdown table (a cell is empty when that benchmark was not run). */
export function renderBenchmarkTable(rows: readonly BenchmarkRow[]): string {
  const lines = [
    `| run | ${COLUMNS.map(([name]) => name).join(' | ')} |`,
    `|${' --- |'.repeat(COLUMNS.length + 1)}`,
  ];
  for (const row of rows) {
    const cells = COLUMNS.map(([, pick]) => {
      const value = pick(row);
      return value === undefined ? '' : value.toFixed(3);
    });
    lines.push(`| ${row.label} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** What the columns mean, printed under the table. */
export const BENCHMARK_TABLE_LEGEND = [
  'LoCoMo: hybrid recall, categories 1-4, R@10 and MRR over 50.',
  'Lived-in: hybrid recall of paraphrased questions; hit@1 / hit@3 on what `POST /v1/recall` returns by default (up to 3 items), MRR over the 50-deep ranking, "no-answer empty" the share of questions no memory answers that returned none (a style preference marked `applies_always` may come back). Main columns: each subject also holds 300+ LoCoMo chat turns; "clean": the memories alone.',
  'Chinese: hit@3 of the default request with `mode` lexical and hybrid, questions that share a word with their memory, clean subjects.',
].join('\n');
