// The cron dispatcher: the job a cron names runs within its budget and logs exactly one event with its counts;
// missing jobs, unknown crons, failures and overruns are reported, never thrown.
import { describe, expect, it } from 'vitest';
import type { LogFields } from '../../src/core/logger.ts';
import { type JobBounds, runScheduled, type ScheduledJobs } from '../../src/jobs/scheduler.ts';

const SCHEDULE = { '*/15 * * * *': 'sweep', '*/5 * * * *': 'backfill', '0 * * * *': 'reembed' } as const;

function recorder() {
  const lines: { level: string; event: string; fields: LogFields }[] = [];
  const at =
    (level: string) =>
    (event: string, fields: LogFields = {}) =>
      lines.push({ level, event, fields });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

const options = (logger: ReturnType<typeof recorder>['logger'], budgetMs = 1_000, graceMs = 50) => ({
  schedule: SCHEDULE,
  budgetMs,
  graceMs,
  batchSize: 7,
  logger,
});

describe('runScheduled', () => {
  it('runs the job the cron names with its bounds and logs one event with its counts', async () => {
    const { lines, logger } = recorder();
    let seen: JobBounds | undefined;
    const jobs: ScheduledJobs = {
      backfill: async (bounds) => {
        seen = bounds;
        return { embedded: 12, failed: 1 };
      },
      sweep: async () => {
        throw new Error('must not run');
      },
    };
    const before = Date.now();
    const report = await runScheduled('*/5 * * * *', jobs, options(logger));
    expect(report).toMatchObject({ job: 'backfill', status: 'ok', counts: { embedded: 12, failed: 1 } });
    expect(seen?.batchSize).toBe(7);
    expect(seen?.deadline).toBeGreaterThanOrEqual(before + 1_000);
    expect(seen?.deadline).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(seen?.signal.aborted).toBe(false);
    expect(lines).toEqual([
      {
        level: 'info',
        event: 'job',
        fields: {
          embedded: 12,
          failed: 1,
          job: 'backfill',
          cron: '*/5 * * * *',
          status: 'ok',
          duration_ms: report.duration_ms,
        },
      },
    ]);
  });

  it('keeps the fields every event carries even if a job reports a count of the same name', async () => {
    const { lines, logger } = recorder();
    await runScheduled('0 * * * *', { reembed: async () => ({ job: 1, status: 2 }) }, options(logger));
    expect(lines[0]?.fields).toMatchObject({ job: 'reembed', status: 'ok' });
  });

  it('reports a job this build lacks as unavailable and an unknown cron as such', async () => {
    const { lines, logger } = recorder();
    expect((await runScheduled('*/15 * * * *', {}, options(logger))).status).toBe('unavailable');
    expect((await runScheduled('1 2 3 4 5', {}, options(logger))).status).toBe('unknown_cron');
    expect(lines.map((l) => [l.level, l.fields.job, l.fields.status])).toEqual([
      ['warn', 'sweep', 'unavailable'],
      ['warn', 'none', 'unknown_cron'],
    ]);
  });

  it('logs a failure by its code or class, never its message', async () => {
    const { lines, logger } = recorder();
    const failing = Object.assign(new Error('row for "alice@example.com" broke'), { code: '23505' });
    const report = await runScheduled(
      '*/15 * * * *',
      { sweep: () => Promise.reject(failing) },
      options(logger),
    );
    expect(report.status).toBe('failed');
    expect(lines[0]).toMatchObject({
      level: 'error',
      fields: { job: 'sweep', status: 'failed', error: '23505' },
    });
    expect(JSON.stringify(lines)).not.toContain('alice');

    await runScheduled('*/15 * * * *', { sweep: () => Promise.reject(new TypeError('x')) }, options(logger));
    expect(lines[1]?.fields.error).toBe('TypeError');
  });

  it('aborts the signal at the budget and stops waiting after the grace period', async () => {
    const { lines, logger } = recorder();
    let abortedAt = 0;
    const started = Date.now();
    const report = await runScheduled(
      '*/5 * * * *',
      {
        // A job that ignores its deadline entirely.
        backfill: (bounds) =>
          new Promise(() => {
            bounds.signal.addEventListener('abort', () => {
              abortedAt = Date.now() - started;
            });
          }),
      },
      options(logger, 60, 40),
    );
    expect(report.status).toBe('timeout');
    expect(abortedAt).toBeGreaterThanOrEqual(55);
    expect(report.duration_ms).toBeGreaterThanOrEqual(95);
    expect(lines[0]).toMatchObject({ level: 'warn', fields: { job: 'backfill', status: 'timeout' } });
  });

  it('a job that stops at the signal finishes as ok with what it did', async () => {
    const { logger } = recorder();
    const report = await runScheduled(
      '*/5 * * * *',
      {
        backfill: async (bounds) => {
          let batches = 0;
          while (!bounds.signal.aborted) {
            batches += 1;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          return { batches };
        },
      },
      options(logger, 50, 500),
    );
    expect(report.status).toBe('ok');
    expect(report.counts.batches).toBeGreaterThan(1);
  });
});
