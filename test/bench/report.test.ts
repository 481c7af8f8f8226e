// The LoCoMo-size comparison in `engram bench`'s Markdown: the interleaved latencies, when measured, are the same
// table `engram eval locomo --compare langgraph` writes (one renderer), and absent when not measured.
import { describe, expect, it } from 'vitest';
import { type LocomoComparison, markdownReport } from '../../src/bench/report.ts';
import { interleavedLines } from '../../src/eval/locomo/report.ts';

const latency = (p50: number) => ({ n: 10, p50, p95: p50 * 2, p99: p50 * 3, mean: p50 });

const comparison = (interleaved: LocomoComparison['interleaved']): LocomoComparison => ({
  conversations: 2,
  engram_hybrid: { recall_at_10: 0.75, mrr: 0.55, recall_ms: latency(22) },
  langgraph_postgres_store: { recall_at_10: 0.44, mrr: 0.27, search_ms: latency(12) },
  ratios: { recall_at_10: 1.7, mrr: 2.04, latency_p50: 1.83, latency_p95: 1.83 },
  interleaved,
});

describe('engram bench report, LoCoMo size', () => {
  it('shows the interleaved latencies with the eval report’s table', () => {
    const interleaved = {
      engram_ms: latency(21.5),
      store_ms: latency(13.4),
      latency_p50_ratio: 1.6,
      median_paired_ratio: 1.62,
    };
    const text = markdownReport([], 'PostgreSQL', comparison(interleaved));
    const table = interleavedLines(interleaved).join('\n');
    expect(table).toContain('| Engram hybrid recall | 21.5 | 43 |');
    expect(table).toContain("| median of each question's ratio | 1.62 | |");
    expect(text).toContain(table);
  });

  it('leaves the table out when the interleaved pass did not run', () => {
    const text = markdownReport([], 'PostgreSQL', comparison(null));
    expect(text).toContain('| Engram / store | 1.7 |');
    expect(text).not.toContain('median of each question');
  });
});
