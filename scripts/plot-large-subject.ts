// Plots docs/benchmarks/large-subject.json (the `engram eval locomo --one-subject` runs) as
// docs/benchmarks/large-subject.svg: R@10 of each lane against the subject's size. `npx tsx scripts/plot-large-subject.ts`
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lineChartSvg } from '../src/bench/plot.ts';

interface Run {
  code: string;
  rows: number;
  lexical: [number, number];
  vector: [number, number];
  hybrid: [number, number];
}

const dir = join(import.meta.dirname, '..', 'docs', 'benchmarks');
const runs: Run[] = JSON.parse(readFileSync(join(dir, 'large-subject.json'), 'utf8')).runs;
const after = runs.filter((r) => r.code.startsWith('after'));
const lane = (name: 'lexical' | 'vector' | 'hybrid') => ({
  label: `${name} R@10`,
  points: after.map((r) => ({ x: r.rows, y: r[name][0] })),
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
