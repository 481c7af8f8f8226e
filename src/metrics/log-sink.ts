// The Worker's metrics: no scrape endpoint there, so each event becomes one structured log line (counts,
// durations and reasons only) for the platform's log pipeline to aggregate.
import type { Logger } from '../core/logger.ts';
import type { MetricEvent, MetricsSink } from '../ports/metrics.ts';

function flatten(prefix: string, counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [`${prefix}_${k}`, v]));
}

export function createLogMetricsSink(logger: Logger): MetricsSink {
  return {
    record(event) {
      try {
        logger.info(`metric.${event.type}`, fieldsOf(event));
      } catch {
        // Metrics never fail a request.
      }
    },
  };
}

function fieldsOf(event: MetricEvent): Record<string, string | number | boolean | null> {
  switch (event.type) {
    case 'recall':
      return {
        duration_ms: Math.round(event.durationMs * 10) / 10,
        mode: event.mode,
        degraded_reason: event.degradedReason,
        returned: event.returned,
        ...flatten('dropped', event.dropped),
      };
    case 'gate_rejection':
      return { reasons: [...new Set(event.reasons)].join(',') };
    case 'feedback':
      return { returned: event.returned, used: event.used, first: event.first };
    case 'sweep':
      return { duration_ms: event.durationMs, ...flatten('removed', event.removed) };
    case 'erase':
      return { scope: event.scope, duration_ms: event.durationMs, ...flatten('removed', event.removed) };
  }
}
