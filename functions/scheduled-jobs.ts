// The Worker's background jobs: which job each Cron Trigger of wrangler.toml runs, and the jobs this build has.
import type { JobName, ScheduledJobs } from '../src/jobs/scheduler.ts';
import type { EdgeScope } from '../src/server/edge.ts';

/** Cron expression of wrangler.toml `[triggers] crons` -> job; test/functions checks the two stay in step. */
export const CRON_SCHEDULE: Readonly<Record<string, JobName>> = {
  '*/15 * * * *': 'sweep',
  '*/5 * * * *': 'backfill',
  '0 * * * *': 'reembed',
};

/**
 * The jobs over one invocation's database and embedder. The TTL sweep (`runSweep`), the pending-embedding
 * backfill (`runBackfill`) and the model re-embed (`runReembed`) join this map when their modules are in main;
 * until then the scheduler logs each trigger as `unavailable`.
 */
export function scheduledJobs(_scope: EdgeScope): ScheduledJobs {
  return {};
}
