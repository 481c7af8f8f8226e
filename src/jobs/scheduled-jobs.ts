// The background jobs a deployment runs on a schedule (the Worker's Cron Triggers): which job each cron expression
// runs, and each job over a store and an embedder, bounded by the run's batch size and time budget.
import type { Logger } from '../core/logger.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { Extractor } from '../ports/extractor.ts';
import type { WriteGate } from '../ports/gate.ts';
import type { MemoryStore } from '../ports/store.ts';
import { runBackfill } from '../services/backfill.ts';
import { runExtractPending } from '../services/extract-pending.ts';
import { runReembed } from '../services/reembed.ts';
import { runSweep } from '../services/sweep.ts';
import type { JobCounts, JobName, ScheduledJobs } from './scheduler.ts';

/** Cron expression of wrangler.toml `[triggers] crons` -> job; test/functions checks the two stay in step. */
export const CRON_SCHEDULE: Readonly<Record<string, JobName>> = {
  '*/15 * * * *': 'sweep',
  '*/5 * * * *': 'backfill',
  '0 * * * *': 'reembed',
  '*/10 * * * *': 'extract',
};

/**
 * The Node server's schedule: the Worker's, plus the job that builds each large subject's HNSW index. That job
 * creates indexes, which only the tables' owner may do: the Node server connects as the login that migrated
 * (PGlite's superuser embedded), a Worker as a pooled role that need not own anything, so it stays off the crons
 * of wrangler.toml (there, run `engram vector-indexes` from the owner's cron).
 */
export const NODE_CRON_SCHEDULE: Readonly<Record<string, JobName>> = {
  ...CRON_SCHEDULE,
  '30 * * * *': 'vector_indexes',
};

/** Subject indexes one run of the job builds at most: each is a CONCURRENTLY build of thousands of vectors. */
const VECTOR_INDEXES_PER_RUN = 5;

/** What the jobs run on: the deployment's store and embedder (null for ENGRAM_EMBEDDER=none). */
export interface JobDeps {
  store: MemoryStore;
  embedder: Embedder | null;
  /** Days a revoked memory is kept before the sweep purges it (ENGRAM_REVOKED_RETENTION_DAYS). */
  revokedRetentionDays: number;
  /** The extract job retries pending extractions with these; without them it is left out. */
  extraction?: { extractor: Extractor; gate: WriteGate; logger: Logger } | undefined;
  /** The store connects as the tables' owner (Node): the vector_indexes job may run. */
  ownsTables?: boolean | undefined;
  /** Vectors above which a subject gets its own index; default recall_candidates' exact bound (5,000). */
  vectorIndexMinRows?: number | undefined;
}

/**
 * The jobs over a store and an embedder, each given the run's batch size and what is left of its time budget.
 * Without an embedder there is nothing to embed with: backfill and re-embed are left out, and the scheduler logs
 * them as unavailable.
 */
export function scheduledJobs(deps: JobDeps): ScheduledJobs {
  const left = (deadline: number) => Math.max(0, deadline - Date.now());
  const jobs: ScheduledJobs = {
    sweep: async ({ deadline, batchSize }) => {
      const report = await runSweep(deps.store, {
        batchSize,
        revokedRetentionDays: deps.revokedRetentionDays,
        maxMillis: left(deadline),
      });
      return {
        expired: report.expired,
        revoked_purged: report.revokedPurged,
        embeddings: report.embeddings,
        skipped: report.skipped,
        batches: report.batches,
        done: report.done ? 1 : 0,
      };
    },
  };
  const { store, embedder } = deps;
  if (deps.ownsTables) {
    // Subjects that outgrew exact search get their own HNSW index, which recall's HNSW path uses (the global
    // index alone walks other subjects' vectors: recall@10 0.936 against 0.992 at 100k, recall-sql.md).
    jobs.vector_indexes = async ({ deadline }) => ({
      built: await store.buildSubjectVectorIndexes({
        limit: VECTOR_INDEXES_PER_RUN,
        deadline,
        ...(deps.vectorIndexMinRows !== undefined ? { minRows: deps.vectorIndexMinRows } : {}),
      }),
    });
  }
  if (deps.extraction) {
    const { extractor, gate, logger } = deps.extraction;
    // Turns whose extraction timed out or failed at ingest; what it writes gets vectors when an embedder exists.
    jobs.extract = async ({ deadline, batchSize }) => {
      const result = await runExtractPending({ store, gate, embedder, logger }, extractor, {
        batchSize,
        deadlineMs: left(deadline),
      });
      return {
        turns: result.turns,
        written: result.written,
        rejected: result.rejected,
        attempted: result.attempted,
        marked_failed: result.markedFailed,
        batches: result.batches,
        stopped_by: result.stoppedBy,
      };
    };
  }
  if (!embedder) return jobs;

  jobs.backfill = async ({ deadline, batchSize }): Promise<JobCounts> => {
    const active = await store.withOperator((op) => op.activeModel());
    // During a model change reads stay on the old model, whose pending memories this Worker's embedder (the new
    // model) cannot fill; the re-embed job covers them when it switches reads. Not a failure: nothing to do yet.
    if (active?.model !== embedder.model) return { waiting_for_model_switch: 1 };
    const result = await runBackfill(store, embedder, { batchSize, deadlineMs: left(deadline) });
    return {
      embedded: result.embedded,
      attempted: result.attempted,
      marked_failed: result.markedFailed,
      batches: result.batches,
      stopped_by: result.stoppedBy,
    };
  };
  // Moves reads to the configured model when it is not the active one yet (fill, switch, drop old vectors);
  // once it is, a run only fills stragglers and drops what is left of retired models.
  jobs.reembed = async ({ deadline, batchSize }) => {
    const result = await runReembed(store, embedder, { batchSize, deadlineMs: left(deadline) });
    return {
      model_status: result.status,
      embedded: result.embedded,
      dropped: result.dropped,
      switched: result.switched ? 1 : 0,
      covered: result.coverage.covered,
      missing: result.coverage.missing,
      batches: result.batches,
      stopped_by: result.stoppedBy,
    };
  };
  return jobs;
}
