// The cron expressions wrangler.toml triggers and the ones src/jobs maps to jobs are the same set.

import { describe, expect, it } from 'vitest';
import { unstable_readConfig } from 'wrangler';
import { CRON_SCHEDULE } from '../../src/jobs/scheduled-jobs.ts';

describe('CRON_SCHEDULE', () => {
  it('covers exactly the crons of wrangler.toml, one job each', () => {
    const config = unstable_readConfig({ config: 'wrangler.toml' }, { hideWarnings: true });
    expect(Object.keys(CRON_SCHEDULE).sort()).toEqual([...(config.triggers.crons ?? [])].sort());
    expect(new Set(Object.values(CRON_SCHEDULE))).toEqual(
      new Set(['sweep', 'backfill', 'reembed', 'extract']),
    );
  });
});
