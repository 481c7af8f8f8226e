// Metric events of the jobs (sweep, erasure), built from their reports: the hooks the forget and jobs code call.
import type { MetricEvent } from '../ports/metrics.ts';

/** An erasure's counts (memories, embeddings, audit events...) and how long it took. */
export function eraseEvent(
  scope: 'subject' | 'tenant',
  erased: Record<string, number>,
  durationMs: number,
): MetricEvent {
  return { type: 'erase', scope, durationMs, removed: { ...erased } };
}

/** A sweep run's removals by action and its duration. */
export function sweepEvent(report: {
  expired: number;
  revokedPurged: number;
  embeddings: number;
  elapsedMs: number;
}): MetricEvent {
  return {
    type: 'sweep',
    durationMs: report.elapsedMs,
    removed: { expired: report.expired, revoked_purged: report.revokedPurged, embeddings: report.embeddings },
  };
}
