// The Node server's cron: the Worker's schedule fires in process at the minutes it names, a run still going is
// not started twice, and stop() waits for the runs in flight.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../src/config/index.ts';
import { CRON_SCHEDULE } from '../../src/jobs/scheduled-jobs.ts';
import { cronMatches, startCronTimer } from '../../src/jobs/timer.ts';

const HOUR = Date.UTC(2026, 11, 1, 12, 0, 30);

describe('cronMatches', () => {
  it('fires the schedule of wrangler.toml as often as Cron Triggers would in an hour', () => {
    const fired: Record<string, number> = {};
    for (let minute = 0; minute < 60; minute++) {
      const at = new Date(Date.UTC(2026, 11, 1, 12, minute));
      for (const [cron, job] of Object.entries(CRON_SCHEDULE)) {
        if (cronMatches(cron, at)) fired[job] = (fired[job] ?? 0) + 1;
      }
    }
    expect(fired).toEqual({ sweep: 4, backfill: 12, reembed: 1, extract: 6 });
  });

  it('refuses what it cannot follow instead of never firing', () => {
    expect(() => cronMatches('0 9 * * MON-FRI', new Date())).toThrow(RangeError);
    expect(() => cronMatches('*/5 * * *', new Date())).toThrow(RangeError);
  });
});

describe('startCronTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(HOUR);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires each cron at its minutes, in UTC', async () => {
    const fired: string[] = [];
    const timer = startCronTimer(Object.keys(CRON_SCHEDULE), async (cron) => {
      fired.push(`${new Date().getUTCMinutes()} ${CRON_SCHEDULE[cron]}`);
    });
    await vi.advanceTimersByTimeAsync(16 * 60_000);
    await timer.stop();
    expect(fired).toEqual(['5 backfill', '10 backfill', '10 extract', '15 sweep', '15 backfill']);
  });

  it('skips a cron whose previous run is still going, and stop() waits for it', async () => {
    let finish: () => void = () => {};
    let starts = 0;
    let done = false;
    const timer = startCronTimer(['* * * * *'], () => {
      starts += 1;
      return new Promise<void>((resolve) => {
        finish = () => {
          done = true;
          resolve();
        };
      });
    });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(starts).toBe(1);
    const stopping = timer.stop();
    finish();
    await stopping;
    expect(done).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(starts).toBe(1);
  });
});

describe('ENGRAM_JOBS', () => {
  it('is on by default and takes off', () => {
    expect(parseConfig({}).ENGRAM_JOBS).toBe('on');
    expect(parseConfig({ ENGRAM_JOBS: 'off' }).ENGRAM_JOBS).toBe('off');
    expect(() => parseConfig({ ENGRAM_JOBS: 'sometimes' })).toThrow(/ENGRAM_JOBS/);
  });
});
