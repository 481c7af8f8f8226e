// A hard time budget for one call to an outside provider (an embedding model, a chat model): shared by the
// embedder and extractor wrappers so both time out, and say why, the same way.

/** Why a budgeted call stopped waiting: its own deadline, or the caller's signal. */
export type DeadlineCause = 'deadline' | 'caller';

/** Thrown by `withinDeadline` when the budget ran out or the caller aborted; `cause` is what the call threw. */
export class DeadlineExceeded extends Error {
  readonly by: DeadlineCause;
  constructor(by: DeadlineCause, options?: { cause?: unknown }) {
    super(by === 'deadline' ? 'deadline exceeded' : 'aborted by caller', options);
    this.name = 'DeadlineExceeded';
    this.by = by;
  }
}

/**
 * Runs `invoke` with a signal that fires at `timeoutMs` or when the caller's own signal fires, and races the call
 * against that signal, so a provider that ignores its signal still cannot hold the caller hostage. Throws
 * `DeadlineExceeded` when either fired, whatever the provider threw while being aborted (its abort error is kept
 * as the cause); any other failure is rethrown unchanged for the caller to categorise.
 */
export async function withinDeadline<T>(
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
  invoke: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // A cancellable timer rather than AbortSignal.timeout: it is cleared as soon as the call ends, and it keeps the
  // event loop alive (AbortSignal.timeout's timer is unref'd, so a provider hanging on nothing could let Node
  // exit mid-call instead of failing).
  const deadline = new AbortController();
  const signal = callerSignal ? AbortSignal.any([callerSignal, deadline.signal]) : deadline.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => deadline.abort(), timeoutMs);
  });
  try {
    if (signal.aborted) throw signal.reason;
    return await Promise.race([Promise.resolve().then(() => invoke(signal)), aborted]);
  } catch (error) {
    if (deadline.signal.aborted) throw new DeadlineExceeded('deadline', { cause: error });
    if (callerSignal?.aborted) throw new DeadlineExceeded('caller', { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
