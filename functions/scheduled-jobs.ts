// The Worker's background jobs: which job each Cron Trigger of wrangler.toml runs, and the jobs this build has.
import type { JobName, ScheduledJobs } from '../src/jobs/scheduler.ts';
import type { EdgeScope } from '../src/server/edge.ts';
import type { WorkerSettings } from '../src/server/worker-config.ts';
import { runSweep } from '../src/services/sweep.ts';

/** Cron expression of wrangler.toml `[triggers] crons` -> job; test/functions checks the two stay in step. */
export const CRON_SCHEDULE: Readonly<Record<string, JobName>> = {
  '*/15 * * * *': 'sweep',
  '*/5 * * * *': 'backfill',
  '0 * * * *': 'reembed',
};

/**
 * The jobs over one invocation's database and embedder, each given the run's batch size and what is left of its
 * time budget. The pending-embedding backfill (`runBackfill`) and the model re-embed (`runReembed`) join this map
 * when their module is in main; until then the scheduler logs those triggers as `unavailable`.
 */
export function scheduledJobs(scope: EdgeScope, settings: WorkerSettings): ScheduledJobs {
  return {
    sweep: async ({ deadline, batchSize }) => {
      const report = await runSweep(scope.store, {
        batchSize,
        revokedRetentionDays: settings.ENGRAM_REVOKED_RETENTION_DAYS,
        maxMillis: Math.max(0, deadline - Date.now()),
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
}
