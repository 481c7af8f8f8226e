// Retry policy: backoff bounds with full jitter, which statuses are retried, option validation, abortable sleep.
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  resolveRetryPolicy,
  sleep,
} from '../../src/client/retry.ts';

describe('backoffDelay', () => {
  const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 };

  it('draws below a ceiling that doubles per attempt and stops at the maximum', () => {
    const almostOne = () => 0.999999;
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, policy, almostOne))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
  });

  it('is jittered: the draw scales the ceiling, zero included', () => {
    expect(backoffDelay(2, policy, () => 0)).toBe(0);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(200);
    const draws = new Set(Array.from({ length: 50 }, () => backoffDelay(3, policy)));
    expect(draws.size).toBeGreaterThan(10);
    for (const d of draws) expect(d).toBeGreaterThanOrEqual(0);
    for (const d of draws) expect(d).toBeLessThan(800);
  });
});

describe('isRetryableStatus', () => {
  it('retries 5xx and never a 4xx, 429 included', () => {
    expect([500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 415, 422, 429].some(isRetryableStatus)).toBe(false);
  });
});

describe('resolveRetryPolicy', () => {
  it('takes a count or a partial policy over the defaults', () => {
    expect(resolveRetryPolicy(undefined)).toEqual(DEFAULT_RETRY_POLICY);
    expect(resolveRetryPolicy(0).retries).toBe(0);
    expect(resolveRetryPolicy({ baseDelayMs: 10 })).toEqual({ ...DEFAULT_RETRY_POLICY, baseDelayMs: 10 });
  });

  it('refuses negative, fractional or huge counts and an inverted range', () => {
    for (const bad of [-1, 1.5, 11]) expect(() => resolveRetryPolicy(bad)).toThrow(RangeError);
    expect(() => resolveRetryPolicy({ baseDelayMs: 100, maxDelayMs: 10 })).toThrow(RangeError);
  });
});

describe('sleep', () => {
  it('resolves after the delay', async () => {
    const started = Date.now();
    await sleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('rejects with the reason as soon as the signal aborts, and at once when already aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 10);
    await expect(waiting).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(sleep(10_000, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
