// The run budget and progress line of the batch jobs (pure, clock injected).
import { describe, expect, it } from 'vitest';
import { createRunBudget, formatProgress, rowsPerSecond } from '../../src/services/job-budget.ts';

describe('createRunBudget', () => {
  it('allows batches until the batch limit', () => {
    const budget = createRunBudget({ maxBatches: 2, now: () => 0 });
    expect(budget.exhausted()).toBeNull();
    budget.spend();
    expect(budget.exhausted()).toBeNull();
    budget.spend();
    expect(budget.exhausted()).toBe('max_batches');
    expect(budget.batches).toBe(2);
  });

  it('stops at the deadline and reports the time left', () => {
    let now = 1000;
    const budget = createRunBudget({ deadlineMs: 500, now: () => now });
    expect(budget.remainingMs()).toBe(500);
    now = 1400;
    expect(budget.exhausted()).toBeNull();
    expect(budget.remainingMs()).toBe(100);
    expect(budget.elapsedMs()).toBe(400);
    now = 1500;
    expect(budget.exhausted()).toBe('deadline');
  });

  it('is unbounded without limits', () => {
    const budget = createRunBudget({ now: () => 0 });
    for (let i = 0; i < 1000; i++) budget.spend();
    expect(budget.exhausted()).toBeNull();
    expect(budget.remainingMs()).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('rowsPerSecond', () => {
  it('rounds rows per second and is 0 before time has passed', () => {
    expect(rowsPerSecond(1500, 2000)).toBe(750);
    expect(rowsPerSecond(10, 3)).toBe(3333);
    expect(rowsPerSecond(10, 0)).toBe(0);
  });
});

describe('formatProgress', () => {
  const base = {
    job: 'reembed' as const,
    phase: 'fill' as const,
    model: 'openai/text-embedding-3-small@1536',
    batch: 3,
    rows: 500,
    done: 1500,
    failed: 0,
    elapsedMs: 2100,
    rowsPerSecond: 714,
  };

  it('prints the job, phase, model, batch, counts and rate', () => {
    expect(formatProgress(base)).toBe(
      'reembed fill openai/text-embedding-3-small@1536: batch 3, 500 rows, 1500 in 2.1 s (714/s)',
    );
  });

  it('adds failures and coverage when there are some', () => {
    expect(
      formatProgress({
        ...base,
        failed: 20,
        coverage: { live: 10_000, covered: 1500, failed: 2, missing: 8498 },
      }),
    ).toBe(
      'reembed fill openai/text-embedding-3-small@1536: batch 3, 500 rows, 1500 in 2.1 s (714/s), 20 failed, coverage 1500/10000 (2 failed)',
    );
  });
});
