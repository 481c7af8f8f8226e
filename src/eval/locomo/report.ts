// Renders a LoCoMo run as metrics.json (figures and run facts) and summary.md (the same, for a person).
import { type AggregateScores, RECALL_KS } from './metrics.ts';
import type { LocomoRunResult } from './run.ts';

/** Facts about the run that the figures depend on. */
export interface RunDescription {
  dataFile: string;
  mode: string;
  embedder: string;
  database: string;
  startedAt: string;
  totalMs: number;
}

/** The content of metrics.json. */
export function metricsDocument(result: LocomoRunResult, run: RunDescription) {
  return {
    protocol: 'locomo-retrieval@1',
    run,
    counts: result.counts,
    timing_ms: {
      ingest: Math.round(result.timing.ingestMs),
      query: Math.round(result.timing.queryMs),
      mean_recall: Math.round(result.timing.meanRecallMs * 10) / 10,
      total: Math.round(run.totalMs),
    },
    metrics: result.metrics,
  };
}

const fmt = (x: number) => x.toFixed(3);

function row(name: string, a: AggregateScores): string {
  const recall = RECALL_KS.map((k) => fmt(a.recall[k]));
  return `| ${name} | ${a.questions} | ${recall.join(' | ')} | ${fmt(a.hit10)} | ${fmt(a.mrr)} | ${fmt(a.ndcg10)} |`;
}

/** The content of summary.md. */
export function renderSummary(result: LocomoRunResult, run: RunDescription): string {
  const m = result.metrics;
  const c = result.counts;
  const header = `| | questions | ${RECALL_KS.map((k) => `R@${k}`).join(' | ')} | hit@10 | MRR | nDCG@10 |`;
  const rule = `|${' --- |'.repeat(RECALL_KS.length + 5)}`;
  const categories = Object.entries(m.byCategory).map(([cat, a]) => row(`category ${cat}`, a));
  return [
    '# LoCoMo retrieval',
    '',
    `Data \`${run.dataFile}\`, mode \`${run.mode}\`, embedder \`${run.embedder}\`, ${run.database}, started ${run.startedAt}.`,
    '',
    header,
    rule,
    row('**categories 1-4**', m.headline),
    row('category 5 (adversarial)', m.adversarial),
    row('all', m.all),
    ...categories,
    '',
    `${c.samples} conversations, ${c.turns} turns (${c.created} stored, ${c.duplicate} duplicates, ${c.rejected} rejected by the gate); ` +
      `${c.questions} questions, ${c.scored} scored, ${c.skippedNoGold} skipped (no usable gold id); ` +
      `${c.degradedRecalls} recalls degraded to lexical.`,
    '',
    `Time: ingest ${(result.timing.ingestMs / 1000).toFixed(1)} s, queries ${(result.timing.queryMs / 1000).toFixed(1)} s ` +
      `(${result.timing.meanRecallMs.toFixed(1)} ms each), total ${(run.totalMs / 1000).toFixed(1)} s.`,
    '',
    "Recall@k is the share of a question's gold dialog ids found in the first k; MRR and nDCG@10 use binary relevance.",
    '',
  ].join('\n');
}
