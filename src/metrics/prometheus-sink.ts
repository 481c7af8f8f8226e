// The Node server's metrics: service events become Prometheus counters and histograms, rendered at GET /metrics
// with the gauges read at scrape time (the pending-embedding backlog). Counts, durations and reasons only.
import type { MetricEvent, MetricsSink } from '../ports/metrics.ts';
import { createRegistry } from './prometheus.ts';

export interface PrometheusSink extends MetricsSink {
  /** The exposition text; `backlog` is the pending-embedding count read for this scrape (null: unknown). */
  render(gauges?: { embeddingBacklog?: number | null }): string;
}

/** Metric names, exported so docs and tests cite one list. */
export const METRIC_NAMES = {
  recallDuration: 'engram_recall_duration_seconds',
  recallDegraded: 'engram_recall_degraded_total',
  recallDropped: 'engram_recall_dropped_total',
  recallReturned: 'engram_recall_returned_items_total',
  gateRejections: 'engram_gate_rejections_total',
  embeddingBacklog: 'engram_embedding_backlog',
  sweepRuns: 'engram_sweep_runs_total',
  sweepRows: 'engram_sweep_rows_total',
  sweepDuration: 'engram_sweep_duration_seconds',
  eraseRuns: 'engram_erase_total',
  eraseRows: 'engram_erase_rows_total',
  eraseDuration: 'engram_erase_duration_seconds',
  feedback: 'engram_feedback_total',
  feedbackReturned: 'engram_feedback_returned_items_total',
  feedbackUsed: 'engram_feedback_used_items_total',
  unusedRatio: 'engram_recall_unused_ratio',
} as const;

export function createPrometheusSink(): PrometheusSink {
  const registry = createRegistry();
  const n = METRIC_NAMES;
  const recallDuration = registry.histogram(
    n.recallDuration,
    'Recall latency, from request to ranked answer.',
  );
  const recallDegraded = registry.counter(
    n.recallDegraded,
    'Recalls answered without the vector lane, by reason.',
  );
  const recallDropped = registry.counter(
    n.recallDropped,
    'Candidates removed by post-ranking filters, by reason.',
  );
  const recallReturned = registry.counter(n.recallReturned, 'Items returned by recalls (items and rules).');
  const gateRejections = registry.counter(
    n.gateRejections,
    'Writes refused by the write gate, by reason code.',
  );
  const backlog = registry.gauge(n.embeddingBacklog, 'Memories waiting for an embedding (read at scrape).');
  const sweepRuns = registry.counter(n.sweepRuns, 'Sweep runs.');
  const sweepRows = registry.counter(n.sweepRows, 'Rows removed or expired by sweeps, by action.');
  const sweepDuration = registry.histogram(
    n.sweepDuration,
    'Sweep run duration.',
    [0.1, 0.5, 1, 5, 15, 60, 300],
  );
  const eraseRuns = registry.counter(n.eraseRuns, 'Erasures, by scope (subject or tenant).');
  const eraseRows = registry.counter(n.eraseRows, 'Rows erased, by scope and kind.');
  const eraseDuration = registry.histogram(
    n.eraseDuration,
    'Erasure duration, by scope.',
    [0.05, 0.25, 1, 5, 30, 120],
  );
  const feedback = registry.counter(n.feedback, 'Feedback reports on recalls.');
  const feedbackReturned = registry.counter(
    n.feedbackReturned,
    'Items returned by recalls that got feedback.',
  );
  const feedbackUsed = registry.counter(n.feedbackUsed, 'Items reported as used by the app.');
  const unusedRatio = registry.gauge(
    n.unusedRatio,
    'Share of returned items the app did not use, over recalls with feedback since start.',
  );

  function record(event: MetricEvent): void {
    switch (event.type) {
      case 'recall':
        recallDuration(event.durationMs / 1000, { mode: event.mode });
        if (event.degradedReason) recallDegraded({ reason: event.degradedReason });
        for (const [reason, count] of Object.entries(event.dropped))
          if (count > 0) recallDropped({ reason }, count);
        recallReturned({}, event.returned);
        return;
      case 'gate_rejection':
        for (const reason of new Set(event.reasons)) gateRejections({ reason });
        return;
      case 'feedback': {
        feedback({ first: event.first ? 'true' : 'false' });
        if (event.first) feedbackReturned({}, event.returned);
        feedbackUsed({}, event.used);
        const returned = registry.value(n.feedbackReturned);
        if (returned > 0) unusedRatio(Math.max(0, 1 - registry.value(n.feedbackUsed) / returned));
        return;
      }
      case 'sweep':
        sweepRuns();
        sweepDuration(event.durationMs / 1000);
        for (const [action, count] of Object.entries(event.removed)) sweepRows({ action }, count);
        return;
      case 'erase':
        eraseRuns({ scope: event.scope });
        eraseDuration(event.durationMs / 1000, { scope: event.scope });
        for (const [kind, count] of Object.entries(event.removed))
          eraseRows({ scope: event.scope, kind }, count);
        return;
    }
  }

  return {
    record(event) {
      try {
        record(event);
      } catch {
        // A metrics bug must never fail the request that reported it.
      }
    },
    render(gauges = {}) {
      if (gauges.embeddingBacklog !== undefined && gauges.embeddingBacklog !== null)
        backlog(gauges.embeddingBacklog);
      return registry.render();
    },
  };
}

/** Whether a sink can render Prometheus text (the Node server's); a log sink cannot. */
export function isPrometheusSink(sink: MetricsSink): sink is PrometheusSink {
  return typeof (sink as Partial<PrometheusSink>).render === 'function';
}
