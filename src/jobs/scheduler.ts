// Runs the background job a cron expression names, inside a time budget, and logs one structured event for it.
import type { Logger } from '../core/logger.ts';

export type JobName = 'sweep' | 'backfill' | 'reembed' | 'extract' | 'vector_indexes';

/** The bounds every job gets: stop taking new batches once `signal` fires or `deadline` passes. */
export interface JobBounds {
  /** Epoch milliseconds after which the job must not start another batch. */
  deadline: number;
  batchSize: number;
  /** Fires at the deadline. */
  signal: AbortSignal;
}

/** What a job did: counts (rows swept, memories embedded...) and short codes (why it stopped); never content. */
export type JobCounts = Readonly<Record<string, number | string>>;

export type ScheduledJob = (bounds: JobBounds) => Promise<JobCounts>;

/** The jobs this build can run; a job still missing from the build is reported as `unavailable`. */
export type ScheduledJobs = Partial<Record<JobName, ScheduledJob>>;

export type JobStatus = 'ok' | 'failed' | 'timeout' | 'unavailable' | 'unknown_cron';

export interface JobReport {
  job: JobName | null;
  status: JobStatus;
  duration_ms: number;
  counts: JobCounts;
}

export interface RunScheduledOptions {
  /** Which job each cron expression of wrangler.toml triggers. */
  schedule: Readonly<Record<string, JobName>>;
  budgetMs: number;
  batchSize: number;
  logger: Logger;
  /**
   * Extra time a job gets past its deadline to finish the batch in hand before it is reported as `timeout`; the
   * job is not killed (the runtime ends it with the invocation), its result is no longer waited for.
   */
  graceMs?: number;
}

/**
 * Runs the job `cron` names and logs one `job` event with its name, status, duration and counts. Never throws:
 * a failed job is logged by its error code or name only, since messages can quote data.
 */
export async function runScheduled(
  cron: string,
  jobs: ScheduledJobs,
  options: RunScheduledOptions,
): Promise<JobReport> {
  const started = Date.now();
  const name = options.schedule[cron] ?? null;
  const job = name ? jobs[name] : undefined;
  const report = (status: JobStatus, counts: JobCounts = {}, error?: string): JobReport => {
    const result: JobReport = { job: name, status, duration_ms: Date.now() - started, counts };
    // Counts first: a job cannot overwrite the fields every event carries.
    const fields = { ...counts, job: name ?? 'none', cron, status, duration_ms: result.duration_ms };
    if (status === 'ok') options.logger.info('job', fields);
    else if (status === 'failed') options.logger.error('job', { ...fields, error: error ?? 'Error' });
    else options.logger.warn('job', fields);
    return result;
  };
  if (!name) return report('unknown_cron');
  if (!job) return report('unavailable');

  const deadline = started + options.budgetMs;
  const controller = new AbortController();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const after = (ms: number, then: () => void) => timers.push(setTimeout(then, ms));
  after(options.budgetMs, () => controller.abort());
  const overrun = new Promise<'timeout'>((resolve) =>
    after(options.budgetMs + (options.graceMs ?? 1_000), () => resolve('timeout')),
  );
  try {
    const outcome = await Promise.race([
      job({ deadline, batchSize: options.batchSize, signal: controller.signal }),
      overrun,
    ]);
    return outcome === 'timeout' ? report('timeout') : report('ok', outcome);
  } catch (error) {
    return report('failed', {}, errorLabel(error));
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

/** An error's machine-readable code (AppError code, SQLSTATE) or else its class name. */
function errorLabel(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code)) return code;
  return error instanceof Error ? error.name : typeof error;
}
