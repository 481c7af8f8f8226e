// Plots docs/benchmarks/large-subject.json (the `engram eval locomo --one-subject` runs) as
// docs/benchmarks/large-subject.svg: R@10 of each lane against the subject's size. `npx tsx scripts/plot-large-subject.ts`
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lineChartSvg } from '../src/bench/plot.ts';

interface Run {
  code: string;
  /** Runs of one recall SQL across sizes, plotted together in large-subject-rare-bound.svg. */
  group?: string;
  rows: number;
  lexical: [number, number] | null;
  vector: [number, number] | null;
  hybrid: [number, number];
}

const dir = join(import.meta.dirname, '..', 'docs', 'benchmarks');
const runs: Run[] = JSON.parse(readFileSync(join(dir, 'large-subject.json'), 'utf8')).runs;
const after = runs.filter((r) => r.code.startsWith('after'));
const lane = (name: 'lexical' | 'vector' | 'hybrid', of: Run[] = after, label = `${name} R@10`) => ({
  label,
  points: of.flatMap((r) => (r[name] ? [{ x: r.rows, y: r[name][0] }] : [])),
});
writeFileSync(
  join(dir, 'large-subject.svg'),
  lineChartSvg({
    title: 'LoCoMo R@10 as one subject grows',
    xLabel: 'rows in the subject (2 conversations + newer filler; log scale)',
    yLabel: 'R@10, categories 1-4',
    series: [lane('hybrid'), lane('lexical'), lane('vector')],
  }),
);
// The rare-term bound (migration 20261202100000): the same sizes at 200 and at 500 matches a term.
const group = (name: string) => runs.filter((r) => r.group === name);
writeFileSync(
  join(dir, 'large-subject-rare-bound.svg'),
  lineChartSvg({
    title: 'R@10 as one subject grows: rare terms up to 200 or 500 matches',
    xLabel: 'rows in the subject (2 conversations + newer filler; log scale)',
    yLabel: 'R@10, categories 1-4',
    series: [
      lane('hybrid', group('rare-500'), 'hybrid, 500'),
      lane('hybrid', group('rare-200'), 'hybrid, 200'),
      lane('lexical', group('rare-500'), 'lexical, 500'),
      lane('lexical', group('rare-200'), 'lexical, 200'),
    ],
  }),
);
