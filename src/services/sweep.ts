// The TTL sweep job: hard-deletes expired memories and purges revoked ones past their retention, batch after
// batch, bounded in batches and in time. The Worker cron and `engram sweep` call runSweep.
import type { MemoryStore } from '../ports/store.ts';

export interface SweepOptions {
  /** Rows per batch (one short operator transaction each). Default 500. */
  batchSize?: number;
  /** Upper bound on batches in this run. Default 1000. */
  maxBatches?: number;
  /** Revoked memories are kept this many days before they are purged. Default 30. */
  revokedRetentionDays?: number;
  /** No new batch starts after this many milliseconds (a Worker cron has about 30 s). Default 20000. */
  maxMillis?: number;
  /** Clock for the time bound (tests). */
  clock?: () => number;
}

export interface SweepReport {
  expired: number;
  revokedPurged: number;
  embeddings: number;
  batches: number;
  /** True when the last batch found nothing more to delete; false when a bound stopped the run. */
  done: boolean;
  /** Rows left for a later run because another transaction held a row next to them in a supersession chain. */
  skipped: number;
  elapsedMs: number;
}

export const SWEEP_DEFAULTS = {
  batchSize: 500,
  maxBatches: 1000,
  revokedRetentionDays: 30,
  maxMillis: 20_000,
} as const;

/** Runs batches until one deletes less than a full batch, or a bound is reached. */
export async function runSweep(store: MemoryStore, options: SweepOptions = {}): Promise<SweepReport> {
  const batchSize = options.batchSize ?? SWEEP_DEFAULTS.batchSize;
  const maxBatches = options.maxBatches ?? SWEEP_DEFAULTS.maxBatches;
  const retention = options.revokedRetentionDays ?? SWEEP_DEFAULTS.revokedRetentionDays;
  const maxMillis = options.maxMillis ?? SWEEP_DEFAULTS.maxMillis;
  const clock = options.clock ?? (() => Date.now());
  const started = clock();
  const report: SweepReport = {
    expired: 0,
    revokedPurged: 0,
    embeddings: 0,
    batches: 0,
    done: false,
    skipped: 0,
    elapsedMs: 0,
  };
  while (report.batches < maxBatches && clock() - started < maxMillis) {
    const batch = await store.withOperator((op) => op.sweepExpired(batchSize, retention));
    report.batches += 1;
    report.expired += batch.expired;
    report.revokedPurged += batch.revokedPurged;
    report.embeddings += batch.embeddings;
    // Skipped rows of one batch are candidates again in the next: only the last batch's count is still pending.
    report.skipped = batch.skipped;
    if (batch.expired + batch.revokedPurged < batchSize) {
      report.done = batch.skipped === 0;
      break;
    }
  }
  report.elapsedMs = clock() - started;
  return report;
}
