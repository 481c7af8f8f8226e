// Renders a LoCoMo run as metrics.json (figures and run facts) and summary.md (the same, for a person).

import type { BaselineResult } from './langgraph-baseline.ts';
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
      recall: result.timing.recallMs,
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

/** One table comparing the modes of a run on the headline categories (and category 5 apart). */
export function renderModeComparison(
  results: ReadonlyMap<string, LocomoRunResult>,
  run: Omit<RunDescription, 'mode'>,
) {
  const lines = [
    '# LoCoMo retrieval: lanes compared',
    '',
    `Data \`${run.dataFile}\`, embedder \`${run.embedder}\`, ${run.database}, started ${run.startedAt}; every mode asks the same questions of the same stored memories.`,
    '',
    `| mode | questions (cat. 1-4) | ${RECALL_KS.map((k) => `R@${k}`).join(' | ')} | hit@10 | MRR | nDCG@10 | cat. 5 R@10 | ms / recall |`,
    `|${' --- |'.repeat(RECALL_KS.length + 7)}`,
  ];
  for (const [mode, result] of results) {
    const h = result.metrics.headline;
    lines.push(
      `| ${mode} | ${h.questions} | ${RECALL_KS.map((k) => fmt(h.recall[k])).join(' | ')} | ${fmt(h.hit10)} | ${fmt(h.mrr)} | ${fmt(h.ndcg10)} | ${fmt(result.metrics.adversarial.recall[10])} | ${result.timing.meanRecallMs.toFixed(1)} |`,
    );
  }
  lines.push(
    '',
    "Each mode's own `summary.md`, `metrics.json` and `rankings.json` are in the folder of that name.",
    '',
  );
  return lines.join('\n');
}

/** Engram's hybrid recall beside LangGraph's PostgresStore on the same data: figures and ratios (Engram / store). */
export function baselineComparison(engram: LocomoRunResult, baseline: BaselineResult) {
  const e = engram.metrics.headline;
  const b = baseline.metrics.headline;
  const ratio = (x: number, y: number) => (y > 0 ? Math.round((x / y) * 100) / 100 : null);
  return {
    engram_hybrid: { recall_at_10: e.recall[10], mrr: e.mrr, recall_ms: engram.timing.recallMs },
    langgraph_postgres_store: { recall_at_10: b.recall[10], mrr: b.mrr, search_ms: baseline.searchMs },
    ratios: {
      recall_at_10: ratio(e.recall[10], b.recall[10]),
      mrr: ratio(e.mrr, b.mrr),
      latency_p50: ratio(engram.timing.recallMs.p50, baseline.searchMs.p50),
      latency_p95: ratio(engram.timing.recallMs.p95, baseline.searchMs.p95),
    },
    /**
     * Each question asked of both back to back, alternating which goes first (src/eval/locomo/interleaved.ts): the
     * latency figures to compare, since the passes above ran minutes apart on a shared machine. Null when not run.
     */
    interleaved: baseline.interleaved
      ? {
          engram_ms: baseline.interleaved.first,
          store_ms: baseline.interleaved.second,
          latency_p50_ratio: ratio(baseline.interleaved.first.p50, baseline.interleaved.second.p50),
          median_paired_ratio: baseline.interleaved.medianRatio,
        }
      : null,
  };
}

/** What baselineComparison returns (also `engram bench --locomo`'s figures). */
export type BaselineComparison = ReturnType<typeof baselineComparison>;

export function renderBaselineComparison(engram: LocomoRunResult, baseline: BaselineResult): string {
  const c = baselineComparison(engram, baseline);
  const b = baseline.metrics.headline;
  const e = engram.metrics.headline;
  return [
    '## Beside LangGraph.js PostgresStore',
    '',
    "Same PostgreSQL server, same turns (speaker and text), same embedder; PostgresStore searches each conversation's namespace by vector similarity (its only ranking). Categories 1-4.",
    '',
    '| | R@10 | MRR | nDCG@10 | latency p50 ms | latency p95 ms |',
    '| --- | --- | --- | --- | --- | --- |',
    `| Engram hybrid recall | ${fmt(e.recall[10])} | ${fmt(e.mrr)} | ${fmt(e.ndcg10)} | ${engram.timing.recallMs.p50} | ${engram.timing.recallMs.p95} |`,
    `| PostgresStore.search | ${fmt(b.recall[10])} | ${fmt(b.mrr)} | ${fmt(b.ndcg10)} | ${baseline.searchMs.p50} | ${baseline.searchMs.p95} |`,
    `| ratio (Engram / store) | ${c.ratios.recall_at_10} | ${c.ratios.mrr} | | ${c.ratios.latency_p50} | ${c.ratios.latency_p95} |`,
    '',
    "Latency is per call as the application sees it: Engram's includes embedding the query, both lanes, fusion, post-ranking and the context block; the store's includes embedding the query and its search.",
    '',
    ...interleavedLines(c.interleaved),
  ].join('\n');
}

/**
 * The interleaved latencies as Markdown lines (empty when not run): one table for `engram eval locomo --compare
 * langgraph` and `engram bench --locomo` alike.
 */
export function interleavedLines(i: BaselineComparison['interleaved']): string[] {
  if (!i) return [];
  return [
    "Interleaved: every question asked of both back to back, alternating which goes first, so that the machine's drift between the two passes above cannot tilt the comparison.",
    '',
    '| | p50 ms | p95 ms |',
    '| --- | --- | --- |',
    `| Engram hybrid recall | ${i.engram_ms.p50} | ${i.engram_ms.p95} |`,
    `| PostgresStore.search | ${i.store_ms.p50} | ${i.store_ms.p95} |`,
    `| ratio of the p50s (Engram / store) | ${i.latency_p50_ratio} | |`,
    `| median of each question's ratio | ${i.median_paired_ratio} | |`,
    '',
  ];
}
