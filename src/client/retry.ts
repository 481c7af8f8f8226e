// Retry policy of the client, pure but for the abortable sleep: which failures are retried, and how long to wait.

/** How a call may be retried. */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retries off. */
  retries: number;
  /** First backoff ceiling; it doubles per attempt. */
  baseDelayMs: number;
  /** Largest backoff ceiling. */
  maxDelayMs: number;
}

/** Two retries after the first attempt, backoff ceilings 200 ms, 400 ms, ... up to 5 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 2, baseDelayMs: 200, maxDelayMs: 5_000 };

/** Resolves the `retries` option: a count, or a partial policy. */
export function resolveRetryPolicy(option: number | Partial<RetryPolicy> | undefined): RetryPolicy {
  const merged =
    typeof option === 'number'
      ? { ...DEFAULT_RETRY_POLICY, retries: option }
      : { ...DEFAULT_RETRY_POLICY, ...option };
  if (!Number.isInteger(merged.retries) || merged.retries < 0 || merged.retries > 10) {
    throw new RangeError('retries must be an integer from 0 to 10');
  }
  if (!(merged.baseDelayMs >= 0) || !(merged.maxDelayMs >= merged.baseDelayMs)) {
    throw new RangeError('need 0 <= baseDelayMs <= maxDelayMs');
  }
  return merged;
}

/**
 * Backoff before retry number `attempt` (0 for the first retry): "full jitter", a uniform draw in
 * [0, min(max, base * 2^attempt)), so that many clients failing together do not retry in step.
 */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * Whether an HTTP status may be retried: 5xx only. A 4xx (429 included) means the request itself will get the
 * same answer again, so it is never retried.
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 && status <= 599;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
