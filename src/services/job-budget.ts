// Bookkeeping shared by the batch jobs: how much one run may do (batches, wall-clock deadline), its rate, and
// the progress record and line it reports. Pure: the clock is injected.
import type { EmbeddingCoverage } from '../ports/store.ts';

export interface RunLimits {
  /** Most batches this run may start; unbounded when absent. */
  maxBatches?: number | undefined;
  /** Wall-clock budget of the run (a Worker cron has a hard limit); no batch starts after it. */
  deadlineMs?: number | undefined;
  /** Milliseconds since some origin; injected by tests. */
  now?: (() => number) | undefined;
}

/** Why a run ended. */
export type StopReason = 'done' | 'max_batches' | 'deadline' | 'embedding_failed' | 'busy';

export interface RunBudget {
  /** Null while another batch may start, else why not. */
  exhausted(): 'max_batches' | 'deadline' | null;
  /** Counts one started batch. */
  spend(): void;
  readonly batches: number;
  elapsedMs(): number;
  /** Time left before the deadline (Infinity without one), for the embed call's abort signal. */
  remainingMs(): number;
}

export function createRunBudget(limits: RunLimits = {}): RunBudget {
  const now = limits.now ?? (() => performance.now());
  const started = now();
  let batches = 0;
  return {
    exhausted() {
      if (limits.maxBatches !== undefined && batches >= limits.maxBatches) return 'max_batches';
      if (limits.deadlineMs !== undefined && now() - started >= limits.deadlineMs) return 'deadline';
      return null;
    },
    spend() {
      batches++;
    },
    get batches() {
      return batches;
    },
    elapsedMs: () => now() - started,
    remainingMs: () =>
      limits.deadlineMs === undefined ? Number.POSITIVE_INFINITY : limits.deadlineMs - (now() - started),
  };
}

/** Rows per second, rounded; 0 before any time has passed. */
export function rowsPerSecond(rows: number, elapsedMs: number): number {
  return elapsedMs > 0 ? Math.round((rows * 1000) / elapsedMs) : 0;
}

/** One progress report: counts and rates only, never content. */
export interface JobProgress {
  job: 'backfill' | 'reembed';
  /** backfill: embed; reembed: fill (vectors for the target model), switch (reads move), drop (old vectors). */
  phase: 'embed' | 'fill' | 'switch' | 'drop';
  model: string;
  /** Batches started in this run so far. */
  batch: number;
  /** Rows in this batch (embedded, or vectors dropped). */
  rows: number;
  /** Rows done in this phase of the run so far. */
  done: number;
  /** Rows whose batch failed to embed in this run so far. */
  failed: number;
  elapsedMs: number;
  rowsPerSecond: number;
  coverage?: EmbeddingCoverage | undefined;
}

/** The progress line the CLI prints, e.g. `reembed fill openai/x@1536: batch 3, 500 rows, 1500 in 2.1 s (714/s)`. */
export function formatProgress(p: JobProgress): string {
  const seconds = (p.elapsedMs / 1000).toFixed(1);
  const parts = [`${p.job} ${p.phase} ${p.model}: batch ${p.batch}, ${p.rows} rows`];
  parts.push(`${p.done} in ${seconds} s (${p.rowsPerSecond}/s)`);
  if (p.failed > 0) parts.push(`${p.failed} failed`);
  if (p.coverage) {
    const c = p.coverage;
    parts.push(`coverage ${c.covered}/${c.live}${c.failed > 0 ? ` (${c.failed} failed)` : ''}`);
  }
  return parts.join(', ');
}
